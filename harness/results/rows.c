// SPDX-License-Identifier: GPL-2.0
/* A CSV file held whole (see rows.h). */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/rows.h"
#include "results/row.h"
#include "results/table_read.h"

/* @p[*n] = @v, grown by doubling from 64. 0 or -ENOMEM. */
static int push(void **p, size_t *n, size_t *cap, size_t size, const void *v)
{
	if (*n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 64;
		void *np = realloc(*p, ncap * size);

		if (!np)
			return -ENOMEM;
		*p = np;
		*cap = ncap;
	}
	memcpy((char *)*p + (*n)++ * size, v, size);
	return 0;
}

int rows_load(const char *path, const struct table_info *ti, struct rows *t)
{
	struct table_read tr;
	size_t cap = 0, ucap = 0;
	int r = table_open_as(&tr, path, ti);

	memset(t, 0, sizeof(*t));
	t->ti = ti;
	while (!r) {
		int got = table_next(&tr);
		size_t line = tr.rec.line;

		if (!got)
			break;
		if (got == 1 && table_whole(&tr)) {
			r = push((void **)&t->r, &t->n, &cap, sizeof(*t->r), &tr.rec);
			if (!r)
				memset(&tr.rec, 0,
				       sizeof(tr.rec)); /* the row's cells are t's now */
		} else {
			r = push((void **)&t->unused, &t->nunused, &ucap, sizeof(line), &line);
			if (got < 0) /* a last row cut short: the end */
				break;
		}
	}
	if (r < 0) {
		table_close(&tr);
		rows_free(t);
		return r == -ENODATA ? -EPROTO : r;
	}
	t->hdr = tr.hdr;
	t->map = tr.map;
	tr.map = NULL;
	memset(&tr.hdr, 0, sizeof(tr.hdr));
	table_close(&tr);
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
	free(t->unused);
	csv_record_free(&t->hdr);
	memset(t, 0, sizeof(*t));
}
