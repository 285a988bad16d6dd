// SPDX-License-Identifier: GPL-2.0
/* FILE.lat.csv: each point's completion-latency histograms (see point_lat.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "fio/fio_hist.h"
#include "fio/fio_json.h"
#include "results/detail_file.h"
#include "sweep/point_lat.h"

int point_lat_record(const struct sweep *s, const struct row *r, const char *json)
{
	static const char *const dirs[2] = { "read", "write" };
	struct fio_hist h[2];
	char *text = fio_output_read(json), err[256], **cells;
	size_t n;
	int ret = 0;

	if (!text || fio_hist_parse(text, h, err, sizeof(err))) {
		fprintf(stderr, "\nnfsweep %s: %s: %s; this point has no rows in %s\n", s->cmd,
			json, text ? err : "cannot be read", s->lat_path);
		free(text);
		return 0;
	}
	free(text);
	n = h[0].n + h[1].n;
	cells = calloc(n ? n * LAT_NCOLUMNS : 1, sizeof(*cells));
	if (!cells) {
		fio_hist_free(h);
		sweep_detail_failed(s, s->lat_path, -ENOMEM);
		return -ENOMEM;
	}
	/* every row of the point in one write and one fsync: some 600 of them for 4 KiB I/O */
	for (int d = 0, k = 0; d < 2; d++)
		for (size_t i = 0; i < h[d].n; i++, k++) {
			char **c = cells + (size_t)k * LAT_NCOLUMNS;

			detail_identity(c, &table_lat, r);
			cells_set(c, LAT_COL_direction, "%s", dirs[d]);
			cells_set(c, LAT_COL_lat_lo_ns, "%llu", h[d].b[i].lo_ns);
			cells_set(c, LAT_COL_lat_hi_ns, "%llu", h[d].b[i].hi_ns);
			cells_set(c, LAT_COL_count, "%llu", h[d].b[i].count);
			cells_protect_text(c, &table_lat);
		}
	if (n)
		ret = detail_append_rows(s->lat_path, &table_lat, cells, n);
	for (size_t k = 0; k < n; k++)
		cells_free(cells + k * LAT_NCOLUMNS, LAT_NCOLUMNS);
	free(cells);
	fio_hist_free(h);
	if (ret)
		sweep_detail_failed(s, s->lat_path, ret);
	return ret;
}
