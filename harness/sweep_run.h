/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_RUN_H
#define NFSWEEP_SWEEP_RUN_H

/* The point machinery of `nfsweep run` and `nfsweep curve` (sweep_run.c). */
#include <limits.h>
#include <signal.h>

#include "fio_json.h"
#include "results_file.h"
#include "sweep_opts.h"

/* The signal that asked the sweep to stop (SIGINT, SIGTERM), 0 if none. */
extern volatile sig_atomic_t stop_signal;
void sweep_catch_signals(void);

/* Everything the points of one sweep share. */
struct sweep {
	const struct sweep_opts *o;
	char host[256], kernel[256], fio_version[64];
	char engine_value[PATH_MAX + 16];	/* fio's ioengine= */
	char fio_dir[PATH_MAX];			/* per-point JSON files */
	int csv_fd;
	int failed;
};

/*
 * fio's version, the engine, the host, the fio/ directory beside --out, and
 * the results file (created with its header, or scanned for --resume into
 * @done). 0, or the exit status to return (messages name @cmd).
 */
int sweep_setup(struct sweep *s, const char *cmd, const struct sweep_opts *o,
		struct done_set *done);

/* A point of a load curve: its index (0: the unthrottled peak run) and rate. */
struct point_load {
	int load_point;
	double offered_iops;	/* over all jobs; 0: no cap */
};

/*
 * Run one point and append its row (with @load, a curve's point; with
 * @setup_err, a setup_error row without running fio: its mount variant
 * could not be had). @res receives fio's figures of an ok point. Returns 0
 * ok, 1 point failed, -errno when the row could not be written.
 */
int run_point(struct sweep *s, const struct point *p, size_t total, const struct point_load *load,
	      const char *setup_err, struct fio_result *res);

#endif
