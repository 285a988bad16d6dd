/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_JOBFILE_H
#define NFSWEEP_SWEEP_POINT_JOBFILE_H

/*
 * The copy of a profile that fio runs when the profile itself will not do
 * (BASE.fio, kept beside the point's JSON): the --fio-opt options at the
 * end of every section, where they win over the profile's own, --steady's
 * (steadystate=, ss_dur=, ss_ramp=), what the mode adds there, and each
 * include as the mode wants it.
 */
#include <stdio.h>

#include "sweep/point_mode.h"

struct jobfile_copy {
	const char *what; /* what the copy adds, for its first comment line */
	/* After the --fio-opt options of each section. 0, or -errno. */
	int (*section_end)(FILE *out, const struct point_ctx *pc);
	/* An "include NAME" line (@name: the rest of the line). 0, or -errno. */
	int (*include)(FILE *out, const char *name, const struct point_ctx *pc);
};

/* Write BASE.fio for @pc, as @how says; its path in @path. 0, or -errno. */
int point_jobfile_copy(const struct point_ctx *pc, const struct jobfile_copy *how, char *path,
		       size_t len);

#endif
