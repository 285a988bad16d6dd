// SPDX-License-Identifier: GPL-2.0
/* The one reader of the project's CSV files (see table_read.h). */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "results/table_read.h"

int table_start(struct table_read *r, FILE *f)
{
	memset(r, 0, sizeof(*r));
	r->f = f;
	if (csv_read_record(f, &r->hdr, &r->line) != 1)
		return -ENODATA;
	r->end = ftell(f);
	return 0;
}

int table_open(struct table_read *r, const char *path, const char *mode)
{
	FILE *f = fopen(path, mode);
	int ret;

	if (!f) {
		ret = -errno;
		memset(r, 0, sizeof(*r));
		return ret;
	}
	ret = table_start(r, f);
	r->own = 1;
	return ret;
}

int table_map(struct table_read *r, const struct table_info *ti)
{
	free(r->map);
	r->ti = ti;
	r->map = malloc((size_t)ti->ncols * sizeof(*r->map));
	if (!r->map)
		return -ENOMEM;
	for (int c = 0; c < ti->ncols; c++) {
		r->map[c] = -1;
		for (size_t k = 0; k < r->hdr.n; k++)
			if (!strcmp(r->hdr.cells[k], ti->cols[c].name)) {
				r->map[c] = (int)k;
				break;
			}
	}
	/* (mapped whole first: table_has says which of them a refused header lacks) */
	for (int c = 0; c < ti->min_cols; c++)
		if (r->map[c] < 0)
			return -EPROTO;
	return 0;
}

int table_open_as(struct table_read *r, const char *path, const struct table_info *ti)
{
	int ret = table_open(r, path, "r");

	return ret ? ret : table_map(r, ti);
}

int table_next(struct table_read *r)
{
	int ret = csv_read_record(r->f, &r->rec, &r->line);

	if (ret == 1)
		r->end = ftell(r->f);
	return ret;
}

int table_whole(const struct table_read *r)
{
	return r->rec.n == r->hdr.n;
}

int table_has(const struct table_read *r, int c)
{
	return r->map && c >= 0 && c < r->ti->ncols && r->map[c] >= 0;
}

const char *table_cell(const struct table_read *r, int c)
{
	int fc;

	assert(r->map && c >= 0 && c < r->ti->ncols);
	fc = r->map[c];
	return fc >= 0 && (size_t)fc < r->rec.n ? r->rec.cells[fc] : "";
}

void table_close(struct table_read *r)
{
	if (r->own && r->f)
		fclose(r->f);
	free(r->map);
	csv_record_free(&r->hdr);
	csv_record_free(&r->rec);
	memset(r, 0, sizeof(*r));
}
