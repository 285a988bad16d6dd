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

void rows_free(struct rows *t)
{
	for (size_t i = 0; i < t->n; i++)
		csv_record_free(&t->r[i]);
	free(t->r);
	csv_record_free(&t->hdr);
	memset(t, 0, sizeof(*t));
}
