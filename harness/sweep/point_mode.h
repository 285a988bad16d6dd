/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_MODE_H
#define NFSWEEP_SWEEP_POINT_MODE_H

/*
 * How the points of a sweep run: on this machine (point_local.c) or on
 * each of --hosts at once through fio's client (point_hosts.c). sweep_init
 * chooses the mode once; run_point (point.c) calls it at each step and
 * knows nothing of either.
 */
#include <stddef.h>

#include "results/row.h"
#include "fio/fio_json.h"
#include "fio/fio_run.h"
#include "sweep/point.h"

/* One point under way: what run_point and the mode share. */
struct point_ctx {
	struct sweep *s;
	const struct point *p;
	const struct point_load *load;
	const struct profile_info *pi;
	const char *profile_path; /* profiles/NAME.fio */
	const char *base;	  /* the point's files' stem (point_base) */
	const char *json;	  /* BASE.json: fio's report */
	struct point_vars *pv;
	struct row *r;
	struct fio_result *res; /* fio's figures (the hosts' sum), once read */
	void *state;		/* the mode's own, from begin() to end() */
};

struct point_mode {
	const char *name; /* "local", "hosts" */
	/* How many hosts run each point. */
	int (*hosts)(const struct sweep_opts *o);
	/*
	 * The point's start, before its line is printed: the mode's state, and
	 * its columns known before fio runs (the target's file system). 0, or
	 * -errno.
	 */
	int (*begin)(struct point_ctx *pc);
	/* The job file fio runs, in @path (see point_jobfile.h). 0, or -errno. */
	int (*jobfile)(const struct point_ctx *pc, char *path, size_t len);
	/*
	 * Before fio runs the point (@jobfile, as jobfile() made it): what the mode measures of the
	 * target unloaded, into the point's row (point_probe.h). NULL: nothing is.
	 */
	void (*probe)(struct point_ctx *pc, const char *jobfile);
	/*
	 * How fio is run: its arguments, format and client, and what it samples meanwhile; on a
	 * terminal @cmd comes with fio's status line (point.c's), which the mode may take over.
	 */
	void (*command)(struct point_ctx *pc, struct fio_cmd *cmd);
	/*
	 * After fio: read its report into pc->res; *@parsed says whether it was
	 * read (@json_err, when not). @mode_err: what went wrong that fio's
	 * status does not say (a host that failed), "" if nothing.
	 */
	void (*read)(struct point_ctx *pc, const struct fio_outcome *out, int *parsed,
		     char *json_err, size_t jlen, char *mode_err, size_t mlen);
	/* The detail rows of the point (FILE.rpc.csv, .ops.csv, .hosts.csv). 0, or -errno (said). */
	int (*record)(struct point_ctx *pc, int parsed);
	void (*end)(struct point_ctx *pc);
};

extern const struct point_mode point_mode_local;
extern const struct point_mode point_mode_hosts;

#endif
