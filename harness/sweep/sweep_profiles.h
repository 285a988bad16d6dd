/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_SWEEP_PROFILES_H
#define NFSWEEP_SWEEP_SWEEP_PROFILES_H

/*
 * What a sweep's profiles say, read from disk (profiles/NAME.fio): each
 * one's bs and nfsweep-profile line, and the plan derived from them and
 * the options, each profile with its read percentages. The options
 * (sweep_opts.h) are what the user said; this is what follows from them
 * and from the files, and the one module that reads the profiles.
 */
#include <stddef.h>

#include "sweep/plan.h"
#include "results/profile_info.h"
#include "sweep/sweep_opts.h"

struct sweep_profiles {
	struct profile_info info[MAX_PROFILES]; /* in the order of --profile */
	struct plan_profile plan[MAX_PROFILES]; /* each profile and its read percentages */
	int own_pcts[MAX_PROFILES];	 /* an op-mix profile's own read share, as a list of one */
	int default_pcts[PLAN_MAX_PCTS]; /* 100:0:10, where --mix is not given */
	int reps[MAX_PROFILES][PLAN_MAX_PCTS]; /* with --headline-repeat: each read %'s runs */
	size_t ndefault_pcts;
	size_t n;
};

/*
 * Read every --profile of @o (after sweep_opts_finish) into @sp, and each
 * one's read percentages: --mix, or by default 100:0:10, or an op-mix
 * profile's own share, and with --headline-repeat how many times each runs. A curve's (--points) must come to one profile, one
 * read % and one target. 0, or -1 with @err naming the profile or option.
 */
int sweep_profiles_read(const struct sweep_opts *o, struct sweep_profiles *sp, char *err,
			size_t len);

/* The profile named @name among @sp's (the first if none is: the plan names only those). */
const struct profile_info *sweep_profile_info(const struct sweep_profiles *sp,
					      const struct sweep_opts *o, const char *name);

/* profiles/<name>.fio */
void sweep_profile_path(const struct sweep_opts *o, const char *profile, char *buf, size_t len);

#endif
