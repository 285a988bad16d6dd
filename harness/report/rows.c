// SPDX-License-Identifier: GPL-2.0
/* A CSV file held whole (see rows.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/rows.h"
#include "results/row.h"

int rows_load(const char *path, struct rows *t)
{
	size_t line = 0, cap = 0;
	FILE *f = fopen(path, "r");
	int r;

	memset(t, 0, sizeof(*t));
	if (!f)
		return -errno;
	if (csv_read_record(f, &t->hdr, &line) != 1) {
		fclose(f);
		return -EPROTO;
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

int rows_col(const struct rows *t, const char *name)
{
	for (size_t i = 0; i < t->hdr.n; i++)
		if (!strcmp(t->hdr.cells[i], name))
			return (int)i;
	return -1;
}

const char *rows_cell(const struct rows *t, size_t i, int col)
{
	if (i >= t->n || col < 0 || (size_t)col >= t->r[i].n)
		return "";
	/* the text as written, without the apostrophe that keeps a spreadsheet from a formula */
	return row_text(t->r[i].cells[col]);
}

const char *rows_get(const struct rows *t, size_t i, const char *name)
{
	return rows_cell(t, i, rows_col(t, name));
}

int rows_first(const struct rows *t, size_t i, int c1, int c2)
{
	for (size_t j = 0; j < i; j++)
		if (!strcmp(rows_cell(t, j, c1), rows_cell(t, i, c1)) &&
		    (c2 < 0 || !strcmp(rows_cell(t, j, c2), rows_cell(t, i, c2))))
			return 0;
	return 1;
}

void rows_distinct(const struct rows *t, int col, int where_col, const char *where,
		   struct strbuf *sb)
{
	int n = 0;

	for (size_t i = 0; i < t->n; i++) {
		const char *v = rows_cell(t, i, col);
		size_t j;

		if (!*v || (where_col >= 0 && strcmp(rows_cell(t, i, where_col), where)))
			continue;
		for (j = 0; j < i; j++)
			if ((where_col < 0 || !strcmp(rows_cell(t, j, where_col), where)) &&
			    !strcmp(rows_cell(t, j, col), v))
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
	csv_record_free(&t->hdr);
	memset(t, 0, sizeof(*t));
}
