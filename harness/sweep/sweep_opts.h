/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_OPTS_H
#define NFSWEEP_SWEEP_OPTS_H

/* The options of `nfsweep run` and `nfsweep plan`, parsed and checked. */
#include <stdio.h>

#include "mount_manage.h"
#include "plan.h"

#define MAX_PROFILES 16
#define MAX_TARGETS 16

struct sweep_opts {
	char *profiles[MAX_PROFILES];	/* point into profile_list */
	char *profile_list;
	size_t nprofiles;
	int pcts[PLAN_MAX_PCTS];
	size_t npcts;
	const char *mix;
	struct target targets[MAX_TARGETS];
	size_t ntargets;
	struct mount_spec mounts[MAX_TARGETS];	/* --mount variants */
	size_t nmounts;
	const char *mount_dir;
	const char *out;
	int runtime, ramp, repeat, timeout;
	int numjobs, iodepth, batch_submit, batch_complete_min, direct;
	const char *size;
	const char *engine;
	const char *note;
	const char *profiles_dir;
	const char *engine_dir;
	const char *fio;
	int resume, stop_on_error;
	int require_nfs;	/* --nfs: targets must be NFS mounts with statistics */
	const char *mountstats;	/* where NFS statistics are read */
	/* nfsweep curve */
	int points;		/* load points, 10 %% .. 100 %% of the peak */
	double stop_rt_ms;	/* stop when a point's response time passes it; 0: never */
	int poisson;		/* Poisson arrivals (fio rate_process=poisson) */
};

/*
 * Parse @argv of subcommand @cmd ("run" or "plan"). Returns 0, 1 after
 * --help (printed), or 2 after a usage error (printed, naming the option).
 */
int sweep_opts_parse(const char *cmd, int argc, char **argv, struct sweep_opts *o);
void sweep_usage(const char *cmd, FILE *out);
void sweep_opts_free(struct sweep_opts *o);

/* profiles/<name>.fio */
void sweep_profile_path(const struct sweep_opts *o, const char *profile, char *buf, size_t len);

#endif
