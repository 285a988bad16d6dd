/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_STATS_H
#define NFSWEEP_OPS_STATS_H

/*
 * Per-operation statistics of nfsweep-ops: count, errors, bytes and a
 * latency histogram per op. The histogram is log-linear (HdrHistogram's
 * idea): 32 buckets per power of two, so a percentile read from it is
 * within 1/64 of the true value, and two jobs' histograms add up exactly.
 * Written as one JSON line per job, which the harness merges (FILE.ops.csv).
 */
#include <stdint.h>
#include <stdio.h>

#include "common/ops_mix.h"

#define OPS_HIST_SUB_BITS 5
#define OPS_HIST_SUB (1u << OPS_HIST_SUB_BITS)
#define OPS_HIST_BUCKETS ((64 - OPS_HIST_SUB_BITS) * OPS_HIST_SUB)

struct ops_op_stats {
	uint64_t count, errors, bytes, sum_ns, min_ns, max_ns;
	uint64_t rpcs; /* nfsweep-rpc: the RPCs its operations sent (0: not counted) */
	uint32_t hist[OPS_HIST_BUCKETS];
};

struct ops_stats {
	struct ops_op_stats op[OPS_MIX_MAX]; /* by the mix's table */
};

/* The bucket of @ns, and the value a bucket stands for (its middle). */
unsigned int ops_hist_bucket(uint64_t ns);
uint64_t ops_hist_value(unsigned int bucket);

void ops_stats_add(struct ops_stats *s, int op, uint64_t ns, uint64_t bytes, int error);

/* The value below which @pct % of the op's latencies fall (0 without any). */
uint64_t ops_stats_percentile(const struct ops_op_stats *o, double pct);

/*
 * One JSON line for a job: its name, the mix, fio's read share, and per op
 * that ran (by the mix's table's names): count, errors, bytes, sum/min/max ns, asked_pct,
 * rpcs where counted, and the histogram as [value_ns, count] pairs; then @extra, if not
 * NULL: more members of the line's object (",\"name\":..", the engine's own). 0, or -errno.
 */
int ops_stats_write(FILE *f, const struct ops_stats *s, const char *job, unsigned int jobnum,
		    const char *mix_name, const struct ops_mix *mix, unsigned int read_pct,
		    const char *extra);

#endif
