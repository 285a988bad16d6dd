/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CURVE_CURVE_H
#define NFSWEEP_CURVE_CURVE_H

/*
 * Load curves, as SPEC SFS results summarise a system: their load points
 * read from CSV by column name (the published curves in
 * results-schema/reference/curves/, and results files of `nfsweep curve`),
 * the knee, and the ORT (ort.h) over them.
 */
#include <stddef.h>

#include "curve/ort.h"

#define CURVE_MAX_POINTS 1000

struct curve {
	struct ort_point *p; /* the load points */
	size_t n;
	char source[160]; /* a published curve's "source" column, "" otherwise */
};

/*
 * The load points of @path into @c. Two kinds of file, told apart by their
 * header:
 * - a results file (the columns load_point and status): its ok rows of load
 *   points 1..N, total_iops against rt_ms, only those of @target unless it
 *   is NULL, in order of achieved throughput (past the peak it can dip while
 *   the offer grows; the ORT takes the points in that order);
 * - a curve (the columns ops_s and rt_ms, and maybe source): every row, in
 *   the file's order.
 * 0, or -errno: the file unreadable; -EBADMSG a column missing; -E2BIG more
 * than CURVE_MAX_POINTS points; -EINVAL a cell that is not a number. @err
 * says which.
 */
int curve_read(const char *path, const char *target, struct curve *c, char *err, size_t len);
void curve_free(struct curve *c);

/*
 * The knee of a curve in load order: the last load point (counted from 1)
 * whose response time is within twice that of the lightest load. @n when
 * the response time stays within it to the end.
 */
size_t curve_knee(const struct ort_point *p, size_t n);

/*
 * @v as a row records it (row_set_num: three decimals). The ORT that
 * `nfsweep curve` prints must be the one `nfsweep ort` recomputes from the
 * rows; computed from unrounded values, it moved in its second decimal
 * when it lay near a boundary.
 */
double curve_as_recorded(double v);

#endif
