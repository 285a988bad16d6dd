/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_ROWS_H
#define NFSWEEP_RESULTS_ROWS_H

/*
 * A CSV file of one of the schema's tables held whole, its cells read by the
 * schema's column ids (COL_status, HOSTS_COL_host, ...), never by name: a
 * column that does not exist does not compile. The report and the workbook
 * read the results file and every file beside it through it.
 *
 * Read through table_read.h, with its one rule for a column the header
 * lacks; the lines it could not use are listed, not held as rows.
 */
#include <stddef.h>

#include "results/schema.h"
#include "util/csv.h"
#include "util/strbuf.h"

struct rows {
	const struct table_info *ti;
	int *map; /* ti's column id -> the file's column, -1 where the header has none */
	struct csv_record hdr;
	struct csv_record *r;
	size_t n;
	/* the lines not used: rows of another cell count than the header's, a last one cut short */
	size_t *unused, nunused;
};

/*
 * The file @path of table @ti. 0, or -errno (-ENOENT: no such file; -EPROTO:
 * no header row, or a header without a column the table's oldest minor has).
 */
int rows_load(const char *path, const struct table_info *ti, struct rows *t);

/*
 * Row @i's cell of column id @c of @ti (which must be the table @t was
 * loaded as), "" when it has none; a text cell as it was written
 * (row_text: without the apostrophe a cell that looks like a formula carries
 * in the file). Read through the typed helpers below.
 */
const char *rows_at(const struct rows *t, const struct table_info *ti, size_t i, int c);

/* Row @i's cell of the file's own column @fc (the header's order: a sheet of the file as is). */
const char *rows_file_cell(const struct rows *t, size_t i, int fc);

/*
 * One helper per table, res_at(t, i, COL_status) and the like: a column id of another table is
 * an -Wenum-conversion error.
 */
#define ROWS_AT(fn, table, id_type)                                                  \
	static inline const char *fn(const struct rows *t, size_t i, enum id_type c) \
	{                                                                            \
		return rows_at(t, &(table), i, (int)c);                              \
	}
ROWS_AT(res_at, table_results, column)
ROWS_AT(ops_at, table_ops, ops_column)
ROWS_AT(ms_at, table_mountstats, ms_column)
ROWS_AT(hosts_at, table_hosts, hosts_column)
ROWS_AT(run_at, table_run, run_column)
ROWS_AT(cmp_at, table_compare, compare_column)
ROWS_AT(lat_at, table_lat, lat_column)
#undef ROWS_AT

/* Is row @i the first with its values of column ids @c1 and, when @c2 >= 0, @c2? */
int rows_first(const struct rows *t, size_t i, int c1, int c2);

/*
 * The distinct non-empty values of column id @col, in the file's order, "a, b"
 * into @sb; over the rows whose column id @where_col is @where only, when
 * @where_col >= 0.
 */
void rows_distinct(const struct rows *t, int col, int where_col, const char *where,
		   struct strbuf *sb);

void rows_free(struct rows *t);

#endif
