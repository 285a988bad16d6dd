/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_OPS_H
#define NFSWEEP_SWEEP_POINT_OPS_H

/*
 * The per-operation statistics of an op-mix point: the nfsweep-ops
 * engine's JSON lines (one per fio job, ops_stats=FILE), merged per fio
 * job name and operation (the histograms add up exactly), written as
 * FILE.ops.csv rows before the point's row in FILE.csv.
 */
#include <stddef.h>
#include <stdint.h>

#include "results/row.h"
#include "fio/fio_json.h"
#include "sweep/sweep.h"

#define POINT_OPS_MAX 64

struct op_latency {
	uint64_t value_ns, count;
};

/* One operation of one fio job name, its clones (numjobs) added up. */
struct op_row {
	char job[64], op[24];
	uint64_t count, errors, bytes, sum_ns, max_ns;
	double asked_pct;
	struct op_latency *hist; /* sorted by value, one entry per value */
	size_t nhist;
};

struct op_rows {
	struct op_row row[POINT_OPS_MAX];
	size_t n;
	uint64_t set_bytes; /* the file sets the jobs laid out (nfsweep-rpc's set_bytes), summed */
};

/* Parse the engine's JSON lines @text into @rows (added to what is there). 0, or -1 with @err. */
int op_rows_parse(const char *text, struct op_rows *rows, char *err, size_t len);

/* The latency under which @pct % of @r's operations fall, ns (0 without any). */
uint64_t op_row_percentile(const struct op_row *r, double pct);

void op_rows_free(struct op_rows *rows);

/*
 * Read @path (the point's ops_stats file; missing: not an op-mix point, 0)
 * and append the point's rows to FILE.ops.csv, ops/s over fio's measured
 * runtime in @res; the file set's size, where the engine laid one out, in
 * @r's fileset_* columns. 0, or -errno when it could not be written (said
 * on stderr), or -EINVAL for a file that does not parse (said).
 */
int point_ops_record(const struct sweep *s, struct row *r, const char *path,
		     const struct fio_result *res);

#endif
