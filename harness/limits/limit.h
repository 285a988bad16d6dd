/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_LIMITS_LIMIT_H
#define NFSWEEP_LIMITS_LIMIT_H

/*
 * What limited a point: a limit named from the figures of its row (the transports' queues,
 * the RPC times, fio's CPU) by a few rules, each with its thresholds (docs/limits.md), or
 * "unknown" with the figures that came nearest. Never a guess: a rule names its limit only when
 * every figure it reads is past its threshold. The judge reads a row by column id, so a point
 * being written and a row of an older results file are judged alike (nfsweep summary).
 */
#include <stddef.h>

#include "results/row.h"

enum limit_id {
#define LIMIT(id, name, what, lift) LIMIT_##id,
#include "limits/limits.def"
#undef LIMIT
	NLIMITS
};

struct limit_verdict {
	enum limit_id id;
	double margin;	    /* the deciding figure over its threshold: >= 1 when named */
	char evidence[600]; /* the figures that decided, in words */
};

/* A row's cell of column @c, "" or NULL when empty: a row being written or one read back. */
typedef const char *(*limit_cell_fn)(const void *row, enum column c);

/*
 * Judge @row. 0 with @v filled; -ENODATA when it has nothing to judge by: not an ok point, or
 * no transport figures (no kernel NFS mount; a file older than schema 1.7).
 */
int limit_judge(limit_cell_fn cell, const void *row, struct limit_verdict *v);

/*
 * Judge row @i of a results file @t: limit_judge's rules, then those that compare it with
 * another point of the file (shared-path: the same point on one connection). What nfsweep
 * limits, summary and the page show; a row's own limit column has the point's rules only (the
 * other point may come later). 0, or -ENODATA as limit_judge.
 */
struct rows;
int limit_judge_rows(const struct rows *t, size_t i, struct limit_verdict *v);

/*
 * The limit most of the ok sweep rows of one point (@profile, @read_pct, @target; @profile as
 * results_table names it, a depth sweep's at its depth) of @t have, as
 * limit_judge_rows judges them (its repeats may differ): its id, with how many rows had it
 * (*@named) of how many were judged (*@judged); -1 when none was. A tie goes to the limit
 * limits.def lists first.
 */
int limit_point(const struct rows *t, const char *profile, int read_pct, const char *target,
		int *named, int *judged);

/* Judge @r, a point's row before it is written, and set its limit columns (none on -ENODATA). */
void limit_set_row(struct row *r);

/* The limit's column value ("rpc-slots"), what happened, and what would lift it. */
const char *limit_name(enum limit_id id);
const char *limit_what(enum limit_id id);
const char *limit_lift(enum limit_id id);

#endif
