// SPDX-License-Identifier: GPL-2.0
/* FILE.lat.csv: each point's completion-latency histograms (see point_lat.h). */
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
	char *text = fio_output_read(json), err[256];
	int ret = 0;

	if (!text || fio_hist_parse(text, h, err, sizeof(err))) {
		fprintf(stderr, "\nnfsweep %s: %s: %s; this point has no rows in %s\n", s->cmd,
			json, text ? err : "cannot be read", s->lat_path);
		free(text);
		return 0;
	}
	free(text);
	for (int d = 0; d < 2 && !ret; d++)
		for (size_t i = 0; i < h[d].n && !ret; i++) {
			char *cells[LAT_NCOLUMNS] = { 0 };

			detail_identity(cells, &table_lat, r);
			cells_set(cells, LAT_COL_direction, "%s", dirs[d]);
			cells_set(cells, LAT_COL_lat_lo_ns, "%llu", h[d].b[i].lo_ns);
			cells_set(cells, LAT_COL_lat_hi_ns, "%llu", h[d].b[i].hi_ns);
			cells_set(cells, LAT_COL_count, "%llu", h[d].b[i].count);
			cells_protect_text(cells, &table_lat);
			ret = detail_append(s->lat_path, &table_lat, cells);
			cells_free(cells, LAT_NCOLUMNS);
		}
	fio_hist_free(h);
	if (ret)
		sweep_detail_failed(s, s->lat_path, ret);
	return ret;
}
