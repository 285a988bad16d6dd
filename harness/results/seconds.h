/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_SECONDS_H
#define NFSWEEP_RESULTS_SECONDS_H

/*
 * A point's seconds: fio's per-second logs beside its JSON (BASE_bw.N.log in KiB/s,
 * BASE_iops.N.log in IO/s, one per job, each line "msec, value, ddir, bs"), summed over the
 * jobs and both directions, second by second. What plot --timeline draws, and what compare
 * judges one run by (results/stats.h). Second 0 holds no full second of samples.
 */
#include <stddef.h>

struct seconds {
	double *v; /* MiB/s or IO/s, by second since the point's measured start */
	size_t n;
};

/*
 * The logs of the point whose JSON is @json (relative to @dir) into @s (zeroed first; free
 * with seconds_free): MiB/s when @mib, else IO/s. The number of log files read (0: none).
 */
size_t seconds_read(const char *dir, const char *json, int mib, struct seconds *s);

/*
 * The seconds of the first ok row of @csv at (@profile, @target, @read_pct) that is not a
 * load curve's (@profile as results_table names it: a depth sweep's at its depth), as
 * seconds_read. -1 when the file has no such row or it names no JSON.
 */
int seconds_of_point(const char *csv, const char *profile, const char *target, int read_pct,
		     int mib, struct seconds *s);

void seconds_free(struct seconds *s);

#endif
