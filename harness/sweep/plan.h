/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_PLAN_H
#define NFSWEEP_SWEEP_PLAN_H

/*
 * The sweep plan: profiles x read-% x targets x repeats, in the order they
 * run: the targets interleaved point by point (drift in shared storage, a
 * cache warming, a throttle, then weighs on every target alike instead of
 * looking like a difference between them), or target by target (a mount
 * variant is mounted once for its points).
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/label.h"

#define PLAN_MAX_PCTS 101

/*
 * A target: a directory (on an NFS mount, for a figure worth having), or
 * nfs://SERVER/EXPORT for a profile whose engine speaks NFS itself
 * (nfsweep-rpc): no mount, the URL in path, its server in server.
 */
struct target {
	char label[LABEL_MAX];
	char path[PATH_MAX];
	int mount;	  /* index of its managed mount (--mount), -1: none */
	bool url;	  /* path is nfs://SERVER/EXPORT */
	char server[256]; /* a URL's SERVER */
};

/*
 * A depth of a depth sweep (run --numjobs 1,4 --iodepth 1,16): fio's numjobs and iodepth per job.
 * 0 in a point: the sweep's one --numjobs or --iodepth.
 */
struct plan_depth {
	int numjobs, iodepth;
};

#define PLAN_MAX_DEPTHS 64 /* numjobs x iodepth values (8 of each) */

struct point {
	size_t index; /* 1..n in run order */
	const char *profile;
	const struct target *target;
	int read_pct;
	struct plan_depth depth;
	int repeat; /* from 1 */
};

/*
 * A read-% list: "100:0:10" (from:to:step, either direction), "100,70,0",
 * or "70". 0 with @pcts/@n, or -1 with @err naming the problem.
 */
int plan_parse_mix(const char *spec, int *pcts, size_t *n, char *err, size_t errlen);

/*
 * "label=path" or "label=nfs://SERVER/EXPORT" (util/label.h says what a
 * label is; a SERVER is a host name or IPv4 address, an EXPORT an absolute
 * path, with no port, user or query: the engine takes those from the
 * server's portmapper and its own options). 0, or -1 with @err.
 */
int plan_parse_target(const char *spec, struct target *t, char *err, size_t errlen);

enum plan_order {
	PLAN_INTERLEAVED, /* profile, read %, repeat, then each target */
	PLAN_BY_TARGET,	  /* each target, then profile, read %, repeat */
};

/*
 * A profile and its read percentages (an op-mix profile's may be its own), and how many times
 * each runs: reps[i] for pcts[i] (the headline points of --headline-repeat), or, with reps NULL,
 * the sweep's --repeat.
 */
struct plan_profile {
	const char *name;
	const int *pcts;
	size_t npct;
	const int *reps;
};

/*
 * The depths of a sweep and how many: every numjobs with every iodepth, numjobs the outer
 * (@depths NULL or @n 0: the sweep's one depth, points of depth 0).
 */
struct plan_depths {
	const struct plan_depth *d;
	size_t n;
};

/*
 * The points of @profiles x @depths x @ntgt targets, each read % and depth @repeats times or its
 * reps (the capacity @out needs).
 */
size_t plan_count(const struct plan_profile *profiles, size_t nprof,
		  const struct plan_depths *depths, size_t ntgt, int repeats);

/*
 * Expand into @out in @order (profile, read %, depth, repeat; a point's repeats one after the
 * other, each with every target in turn when interleaved). Returns the number of points.
 */
size_t plan_build(const struct plan_profile *profiles, size_t nprof,
		  const struct plan_depths *depths, const struct target *targets, size_t ntgt,
		  int repeats, enum plan_order order, struct point *out);

#endif
