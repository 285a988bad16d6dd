/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_H
#define NFSWEEP_SWEEP_POINT_H

/*
 * One point of a sweep or curve: fio run with the profile's variables, its
 * report read, one row appended and fsynced. What differs between a point
 * on this machine and one on --hosts is the sweep's mode (point_mode.h).
 */
#include "results/row.h"
#include "fio/fio_json.h"
#include "fio/fio_run.h"
#include "sweep/sweep.h"

/* A point of a load curve: its index (0: the unthrottled peak run) and rate. */
struct point_load {
	int load_point;
	double offered_iops; /* over all jobs; 0: no cap */
	int job_sets;	     /* a profile of job sets (eda): how many; 0 otherwise */
};

/*
 * Every ${VAR} of the profiles, for one point (fio turns an unset one into
 * ""): the shared ones of global.fioinc, then, for a profile of job sets,
 * NFSWEEP_JOBS_<job> and NFSWEEP_RATE_<job> per job of a set.
 */
#define POINT_NVARS (17 + 2 * PROFILE_MAX_JOBS)
struct point_vars {
	struct fio_var v[POINT_NVARS];
	int n;
	char pct[8], runtime[16], ramp[16], numjobs[16], iodepth[16], batch_submit[16],
		batch_complete_min[16], direct[8], rate[64], ops_engine[PATH_MAX + 16];
	char ops_stats[PATH_MAX + 16];
	char live[PATH_MAX + 300]; /* --hosts on a terminal: the live records' stem (point_live.h) */
	char dir[2 * PATH_MAX];	   /* the target, as fio's directory= takes it */
	char job_names[2 * PROFILE_MAX_JOBS][48], job_values[2 * PROFILE_MAX_JOBS][48];
};

/*
 * The variables of point @p of profile @pi (with @load, a curve's point)
 * for the sweep's options @o, fio's ioengine= @engine_value and the @hosts that run it.
 * The offered rate of a curve's point is split over the hosts and jobs,
 * and between reads and writes by the mix: fio's rate_iops caps each
 * direction of each job on its own. NFSWEEP_OPS_STATS is left empty, the
 * mode's to fill (point_mode.h).
 */
void point_fio_vars(const struct sweep_opts *o, const struct profile_info *pi,
		    const char *engine_value, int hosts, const struct point *p,
		    const struct point_load *load, struct point_vars *pv);

/* A profile of job sets (eda): the ops/s one set offers (its jobs' SPEC rates); 0 otherwise. */
double point_set_ops(const struct profile_info *pi);

/* The point's numjobs and iodepth: its own in a depth sweep, else the sweep's (a profile of job
 * sets may run at a depth of its own: profile_info's iodepth) */
int point_numjobs(const struct sweep_opts *o, const struct point *p);
int point_iodepth(const struct sweep_opts *o, const struct point *p);

/*
 * The columns that say how the points of @s are measured
 * (schema_config_columns): every row has them, and --resume compares them.
 */
void sweep_config_row(const struct sweep *s, struct row *r);

/* The columns that say which point a row is, and how it was run. */
void point_identity(struct row *r, const struct sweep *s, const struct point *p,
		    const struct point_load *load);

/*
 * Run point @p of @total and append its row (@load: a curve's point;
 * @setup_err: a setup_error row without running fio, its mount variant
 * could not be had). @res receives fio's figures of an ok point. Returns 0
 * ok (or interrupted: no row), 1 the point failed (its row says why),
 * -errno when the row could not be written (said on stderr).
 */
int run_point(struct sweep *s, const struct point *p, size_t total, const struct point_load *load,
	      const char *setup_err, struct fio_result *res);

#endif
