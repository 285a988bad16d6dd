/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_SWEEP_OPTS_H
#define NFSWEEP_SWEEP_SWEEP_OPTS_H

/*
 * The options of `nfsweep run`, `plan` and `curve`: the struct their option
 * tables fill (cli/opt.h), and the checks that need all of them at once.
 * What is derived from them and from the profiles' files is not here
 * (sweep_profiles.h); nothing here reads a profile.
 */
#include <stddef.h>

#include "cli/opt.h"
#include "nfs/managed_mount.h"
#include "hosts/hosts.h"
#include "sweep/plan.h"
#include "fio/steady.h"

#define MAX_PROFILES 16
#define MAX_TARGETS 16
#define MAX_FIO_OPTS 16
#define SWEEP_MAX_DEPTH_VALUES 8 /* of --numjobs, of --iodepth (PLAN_MAX_DEPTHS) */

struct sweep_opts {
	char *profiles[MAX_PROFILES]; /* point into profile_list */
	char *profile_list;
	size_t nprofiles;
	int pcts[PLAN_MAX_PCTS]; /* --mix */
	size_t npcts;
	const char *mix; /* NULL: each profile's default (sweep_profiles.h) */
	struct target targets[MAX_TARGETS];
	size_t ntargets;
	struct mount_spec mounts[MAX_TARGETS]; /* --mount variants */
	size_t nmounts;
	const char *mount_dir;
	const char *out;
	int runtime, ramp, repeat, timeout;
	int headline_repeat; /* --headline-repeat: the headline points' repeats, 0: --repeat */
	int numjobs, iodepth, batch_submit, batch_complete_min, direct;
	/* run and plan: --numjobs and --iodepth lists (numjobs and iodepth their first values) */
	int numjobs_list[SWEEP_MAX_DEPTH_VALUES], iodepth_list[SWEEP_MAX_DEPTH_VALUES];
	size_t nnumjobs, niodepth;
	int published_depth; /* --published-depth: the published method's 4 x 128 a depth too */
	/* a depth sweep's depths, every numjobs x every iodepth (n 0: one depth, no depth sweep) */
	struct plan_depth depth[PLAN_MAX_DEPTHS + 1]; /* (+1: the published depth) */
	struct plan_depths depths;
	const char *size;
	const char *engine;
	const char *note;
	const char *profiles_dir;
	const char *engine_dir;
	const char *fio;
	const char *fio_opts[MAX_FIO_OPTS]; /* --fio-opt key=value, as given */
	size_t nfio_opts;
	int resume, stop_on_error;
	int order;		/* enum plan_order (--order) */
	int no_report;		/* --no-report: no FILE.html at the end */
	int shared_target;	/* --shared-target: no target lock, said in the note */
	char *note_owned;	/* the note with that said, when it is */
	int require_nfs;	/* --nfs: targets must be NFS mounts with statistics */
	const char *mountstats; /* where NFS statistics are read */
	struct host_list hosts; /* --hosts: every point on each of them, through fio --client */
	/* --steady: each point ends when fio finds it steady, --runtime the cap (fio/steady.h) */
	int steady;
	struct steady_spec steady_spec; /* --steady-criterion, else STEADY_DEFAULT */
	int steady_spec_given;
	int steady_window; /* --steady-window: fio's ss_dur, seconds */
	/* nfsweep curve */
	int points;	   /* load points, 10 % .. 100 % of the peak */
	double stop_rt_ms; /* stop when a point's response time passes it; 0: never */
	int poisson;	   /* Poisson arrivals (fio rate_process=poisson) */
};

/* The option tables of the three commands (NULL-terminated). */
extern const struct opt *const sweep_run_opts[];
extern const struct opt *const sweep_plan_opts[];
extern const struct opt *const sweep_curve_opts[];

/*
 * After opt_parse(): the defaults that depend on other options (the
 * timeout, the managed mounts' paths, the directories next to the program),
 * and the checks that need every option (a target given, labels unique,
 * batches within the depth, what fio's parser cannot take). 0, or -1 with
 * @err.
 */
int sweep_opts_finish(struct sweep_opts *o, char *err, size_t len);
void sweep_opts_free(struct sweep_opts *o);

#endif
