// SPDX-License-Identifier: GPL-2.0
/* A CSV file held whole (see rows.h). */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/rows.h"
#include "results/row.h"

/*
 * t->map from the header: each of the table's columns to the file's. 0, -ENOMEM, or -EPROTO
 * when a column of the table's oldest minor is missing (the one rule: rows.h).
 */
static int rows_map(struct rows *t)
{
	t->map = malloc((size_t)t->ti->ncols * sizeof(*t->map));
	if (!t->map)
		return -ENOMEM;
	for (int c = 0; c < t->ti->ncols; c++) {
		t->map[c] = -1;
		for (size_t k = 0; k < t->hdr.n; k++)
			if (!strcmp(t->hdr.cells[k], t->ti->cols[c].name)) {
				t->map[c] = (int)k;
				break;
			}
		if (t->map[c] < 0 && c < t->ti->min_cols)
			return -EPROTO;
	}
	return 0;
}

int rows_load(const char *path, const struct table_info *ti, struct rows *t)
{
	size_t line = 0, cap = 0;
	FILE *f = fopen(path, "r");
	int r;

	memset(t, 0, sizeof(*t));
	t->ti = ti;
	if (!f)
		return -errno;
	if (csv_read_record(f, &t->hdr, &line) != 1) {
		fclose(f);
		return -EPROTO;
	}
	r = rows_map(t);
	if (r) {
		fclose(f);
		rows_free(t);
		return r;
	}
	for (;;) {
		struct csv_record rec = { 0 };

		r = csv_read_record(f, &rec, &line);
		if (r != 1) {
			csv_record_free(&rec);
			break;
		}
		if (t->n == cap) {
			size_t ncap = cap ? 2 * cap : 64;
			struct csv_record *nr = realloc(t->r, ncap * sizeof(*nr));

			if (!nr) {
				csv_record_free(&rec);
				fclose(f);
				rows_free(t);
				return -ENOMEM;
			}
			t->r = nr;
			cap = ncap;
		}
		t->r[t->n++] = rec;
	}
	fclose(f);
	return 0;
}

const char *rows_file_cell(const struct rows *t, size_t i, int fc)
{
	if (i >= t->n || fc < 0 || (size_t)fc >= t->r[i].n)
		return "";
	/* the text as written, without the apostrophe that keeps a spreadsheet from a formula */
	return row_text(t->r[i].cells[fc]);
}

/*
 * the file's column of column id @c, -1 for none (and for c < 0, "no column"; and in a table
 * never loaded, or whose load failed: empty, every column none)
 */
static int file_col(const struct rows *t, int c)
{
	if (c < 0 || !t->map)
		return -1;
	assert(c < t->ti->ncols);
	return t->map[c];
}

const char *rows_at(const struct rows *t, const struct table_info *ti, size_t i, int c)
{
	/* a reader that asks a table's column of another table's file is a bug, not data */
	assert(!t->ti || t->ti == ti);
	(void)ti;
	return rows_file_cell(t, i, file_col(t, c));
}

int rows_first(const struct rows *t, size_t i, int c1, int c2)
{
	c1 = file_col(t, c1);
	c2 = file_col(t, c2);
	for (size_t j = 0; j < i; j++)
		if (!strcmp(rows_file_cell(t, j, c1), rows_file_cell(t, i, c1)) &&
		    (c2 < 0 || !strcmp(rows_file_cell(t, j, c2), rows_file_cell(t, i, c2))))
			return 0;
	return 1;
}

void rows_distinct(const struct rows *t, int col, int where_col, const char *where,
		   struct strbuf *sb)
{
	int n = 0;

	col = file_col(t, col);
	where_col = file_col(t, where_col);
	if (col < 0)
		return;
	for (size_t i = 0; i < t->n; i++) {
		const char *v = rows_file_cell(t, i, col);
		size_t j;

		if (!*v || (where_col >= 0 && strcmp(rows_file_cell(t, i, where_col), where)))
			continue;
		for (j = 0; j < i; j++)
			if ((where_col < 0 || !strcmp(rows_file_cell(t, j, where_col), where)) &&
			    !strcmp(rows_file_cell(t, j, col), v))
				break;
		if (j == i)
			sb_printf(sb, "%s%s", n++ ? ", " : "", v);
	}
}

void rows_free(struct rows *t)
{
	for (size_t i = 0; i < t->n; i++)
		csv_record_free(&t->r[i]);
	free(t->r);
	free(t->map);
	csv_record_free(&t->hdr);
	memset(t, 0, sizeof(*t));
}
