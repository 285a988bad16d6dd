/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_OUTCOME_H
#define NFSWEEP_SWEEP_POINT_OUTCOME_H

/*
 * How a point ended, as its row records it: from what fio did to the
 * status column and the error text. Pure functions, no I/O: the unit tests
 * drive every case.
 */
#include <stddef.h>

#include "fio/fio_json.h"
#include "fio/fio_run.h"

/* What a point asked of fio: the directions that must complete I/O. */
struct point_ask {
	int read_pct;  /* reads asked when > 0, writes when < 100 */
	int op_mix;    /* operations of any class (fio counts them as bytes, bs=1) */
	int timeout_s; /* the --timeout fio ran under */
};

/*
 * The status (STATUS_* of results/schema.h) and, in @err, the error text
 * ("" when ok), from: @out, how fio's process ended; @json_err, NULL when
 * fio's JSON parsed, else why not; @res, fio's figures when it parsed;
 * @reason, the line of fio's stderr that says what went wrong ("" if
 * none, see fio_stderr_reason); @ask, what the point asked. A point that
 * completed no I/O in a direction it asked for (no operation, for an
 * op-mix profile) is never ok, whatever fio's exit status: it measured
 * nothing. An interrupted run is not an outcome: the caller writes no row.
 */
const char *point_outcome(const struct fio_outcome *out, const char *json_err,
			  const struct fio_result *res, const char *reason,
			  const struct point_ask *ask, char *err, size_t len);

/*
 * The line of fio's stderr @text that says most about a failure: an
 * nfsweep engine's own line (it names the hook, the call and the cause),
 * else the first that says "error" (or the last "fio:" line before one),
 * else the first line. "" when @text is empty. Long lines are cut.
 */
void fio_stderr_reason(const char *text, char *buf, size_t len);

#endif
