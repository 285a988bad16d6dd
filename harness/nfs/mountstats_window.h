/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_NFS_MOUNTSTATS_WINDOW_H
#define NFSWEEP_NFS_MOUNTSTATS_WINDOW_H

/*
 * One mount's NFS statistics over fio's measured window. fio tells its
 * window only when it is over (its JSON's timestamp_ms, when it finished,
 * and the runtime it measured after the ramp), and the layout before it
 * can be thousands of CREATEs: snapshots around the whole fio run count
 * them all. So the mount's counters are sampled during the point, each
 * sample with its time, and read at the window's ends by linear
 * interpolation between the two samples around each end.
 *
 * The samples are a ring sized for the window: the interval grows with the
 * runtime (100 ms up to 50 s of runtime, then runtime / 500), so that a long
 * point costs no more memory than a short one and an end is placed within
 * a 500th of the window.
 */
#include <stddef.h>
#include <stdint.h>

#include "nfs/mountstats.h"

struct ms_window {
	const char *mountstats; /* the file sampled (/proc/self/mountstats) */
	char mountpoint[512];
	double interval_s, next_s; /* CLOCK_REALTIME seconds */
	size_t cap, n, head;	   /* the ring: n samples, the oldest at head */
	double *t;		   /* cap sample times */
	uint64_t *v;		   /* cap x (nops x RW_NFIELDS + nxprts x XP_NFIELDS) counters */
	struct ms_op *names;	   /* the mount's ops, in mountstats' order (counters unused) */
	size_t nops;
	size_t nxprts; /* its tcp transports (ms_mount.tcp_xprts) */
	int broken;    /* the mount went away or changed: no window */
};

/*
 * Start sampling @mountpoint's entry in @mountstats for a point whose fio
 * measures @runtime_s seconds; takes the first sample. 0, or -errno
 * (-ENOENT: no such NFS mount in the file).
 */
int ms_window_start(struct ms_window *w, const char *mountstats, const char *mountpoint,
		    double runtime_s);

/* Sample now if the interval has passed since the last sample (call it often). */
void ms_window_tick(struct ms_window *w);

/* Sample now, whatever the interval (the end of the point). */
void ms_window_sample(struct ms_window *w);

/*
 * The counters at @t0 and @t1 (CLOCK_REALTIME seconds), interpolated, as
 * two mounts with the sampled mount's ops (free with ms_window_free_mount).
 * 0; -ERANGE if the samples do not cover [@t0, @t1] (an end more than one
 * interval outside them); -ENODATA if sampling broke.
 */
int ms_window_cut(const struct ms_window *w, double t0, double t1, struct ms_mount *before,
		  struct ms_mount *after);
void ms_window_free_mount(struct ms_mount *m);

/*
 * When the mount's READ and WRITE RPCs last grew, at or before @before (CLOCK_REALTIME
 * seconds): within the last interval whose samples show growth, at the point where the
 * growth seen there would have ended at the rate of the second before it. 0 when they never
 * grew. What fio before 3.36 does not say, the end of its I/O: its report comes after it by
 * what fio does after (point_mountstats.c).
 */
double ms_window_last_io(const struct ms_window *w, double before);

/* The times of the oldest and newest samples. */
void ms_window_span(const struct ms_window *w, double *first, double *last);

void ms_window_free(struct ms_window *w);

/* CLOCK_REALTIME in seconds: the clock of fio's timestamp_ms. */
double ms_window_now(void);

#endif
