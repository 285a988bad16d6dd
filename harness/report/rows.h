/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_REPORT_ROWS_H
#define NFSWEEP_REPORT_ROWS_H

/*
 * A CSV file of the schema held whole, its cells found by the header's
 * names: the report reads the results file and every file beside it
 * (older minors have fewer columns, and a missing one reads as "").
 */
#include <stddef.h>

#include "results/csv.h"
#include "util/strbuf.h"

struct rows {
	struct csv_record hdr;
	struct csv_record *r;
	size_t n;
};

/* 0, or -errno (-ENOENT: no such file; -EPROTO: no header row). */
int rows_load(const char *path, struct rows *t);

/* The index of column @name in the header, or -1. */
int rows_col(const struct rows *t, const char *name);

/*
 * Row @i's cell of column @col (rows_col), "" when it has none; a text
 * cell as it was written (row_text: without the apostrophe a cell that
 * looks like a formula carries in the file).
 */
const char *rows_cell(const struct rows *t, size_t i, int col);

/* Row @i's cell of column @name, "" when it has none. */
const char *rows_get(const struct rows *t, size_t i, const char *name);

/* Is row @i the first with its values of columns @c1 and, when @c2 >= 0, @c2? */
int rows_first(const struct rows *t, size_t i, int c1, int c2);

/*
 * The distinct non-empty values of column @col, in the file's order, "a, b"
 * into @sb; over the rows whose column @where_col is @where only, when
 * @where_col >= 0.
 */
void rows_distinct(const struct rows *t, int col, int where_col, const char *where,
		   struct strbuf *sb);

void rows_free(struct rows *t);

#endif
