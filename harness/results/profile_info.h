/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_PROFILE_INFO_H
#define NFSWEEP_SWEEP_PROFILE_INFO_H

/*
 * What nfsweep reads from a profile besides running it: its bs= (the
 * block_size_bytes column) and its "; nfsweep-profile:" line, which an
 * op-mix profile (the nfsweep-ops engine) has:
 *
 *   ; nfsweep-profile: op-mix read_pct=84
 *       --mix defaults to 84, the mix's own read share (SPEC's); another
 *       --mix scales the read-class and write-class operations
 *   ; nfsweep-profile: op-mix fixed job_set=frontend:3:100:69,backend:2:75:50
 *       the profile is made of job sets, SPECstorage's unit of load: each
 *       set is 3 frontend jobs at 100 ops/s (69 % of them read-class) and
 *       2 backend jobs at 75 ops/s (50 %); the jobs set their own read
 *       shares (--mix is refused; rows record the blend, 63). `run` runs
 *       --numjobs sets, unthrottled; a curve steps the number of sets, each
 *       job at its own rate.
 *   ; nfsweep-profile: op-mix engine=nfsweep-rpc read_pct=84
 *       the op mix runs on nfsweep-rpc, which speaks NFSv3 itself: its
 *       targets are nfs://SERVER/EXPORT, not directories (the default
 *       engine of an op mix is nfsweep-ops, through the kernel's client)
 *   ; nfsweep-profile: headline=1 headline_figure=mib_s headline_title="64 KiB sequential"
 *       the profile's pure read (100 %) and pure write (0 %) points are
 *       headline points: the ones the published nconnect comparison states,
 *       named "TITLE read" and "TITLE write", judged by their MiB/s (mib_s)
 *       or IO/s (iops), shown first and repeated by --headline-repeat;
 *       headline= is its place among the profiles that have headlines (1 first)
 *
 * A value with blanks is written in double quotes.
 */
#include <stdbool.h>
#include <stddef.h>

#define PROFILE_MAX_JOBS 4

struct profile_info {
	long long bs; /* bs= of the profile, 0 unknown */
	bool op_mix;
	const char *engine; /* an op mix's engine (ENGINE_OPS, ENGINE_RPC); NULL: --engine's */
	bool wire;	    /* it speaks NFS itself: its targets are nfs:// URLs */
	int read_pct;	    /* the op mix's read share; -1 for a data profile */
	bool fixed;	    /* its jobs fix their own read shares */
	int iodepth;	    /* iodepth=: its own, not --iodepth's (0: --iodepth's) */
	size_t njobs;	    /* job_set=: the jobs of one set */
	char job[PROFILE_MAX_JOBS][32];	    /* the fio section */
	int per_set[PROFILE_MAX_JOBS];	    /* its numjobs per set */
	int ops_s[PROFILE_MAX_JOBS];	    /* each one's rate when throttled */
	int job_read_pct[PROFILE_MAX_JOBS]; /* its rwmixread */
	int headline;			    /* headline=: its place (1 first); 0: it has none */
	bool headline_iops;		    /* headline_figure=iops (else mib_s) */
	char headline_title[48];	    /* headline_title= */
};

/* Read @path. 0, or -errno (unreadable), or -EINVAL with @err for a bad nfsweep-profile line. */
int profile_info_read(const char *path, struct profile_info *pi, char *err, size_t len);

#endif
