// SPDX-License-Identifier: GPL-2.0
/* A point's per-second samples from fio's logs (see seconds.h). */
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/table_read.h"
#include "results/results_table.h"
#include "results/seconds.h"
#include "results/schema.h"
#include "util/paths.h"
#include "util/sink.h"

/* Add every line "msec, value, ddir, bs[, offset]" of @path into @s, @scale times. */
static void add_log(struct seconds *s, const char *path, double scale)
{
	char line[256];
	FILE *f = fopen(path, "r");

	while (f && fgets(line, sizeof(line), f)) {
		unsigned long long ms;
		double v;
		size_t sec;

		if (sscanf(line, "%llu, %lf", &ms, &v) != 2)
			continue;
		sec = (size_t)((ms + 500) / 1000);
		if (sec >= s->n) {
			double *p = realloc(s->v, (sec + 1) * sizeof(*p));

			if (!p)
				break;
			memset(p + s->n, 0, (sec + 1 - s->n) * sizeof(*p));
			s->v = p;
			s->n = sec + 1;
		}
		s->v[sec] += v * scale;
	}
	if (f)
		fclose(f);
}

size_t seconds_read(const char *dir, const char *json, int mib, struct seconds *s)
{
	char pattern[4 * PATH_MAX], lit[2][2 * PATH_MAX], stem[PATH_MAX];
	size_t len = strlen(json), files;
	glob_t g;

	s->v = NULL;
	s->n = 0;
	if (len < 5 || strcmp(json + len - 5, ".json") || len >= sizeof(stem))
		return 0;
	snprintf(stem, sizeof(stem), "%.*s", (int)(len - 5), json);
	/* the directory and the stem are data: literal in the pattern; fio's bw log is in KiB/s */
	if (sink_glob(dir, lit[0], sizeof(lit[0])) || sink_glob(stem, lit[1], sizeof(lit[1])) ||
	    snprintf(pattern, sizeof(pattern), "%s/%s_%s.*.log", lit[0], lit[1],
		     mib ? "bw" : "iops") >= (int)sizeof(pattern) ||
	    glob(pattern, 0, NULL, &g))
		return 0;
	for (size_t i = 0; i < g.gl_pathc; i++)
		add_log(s, g.gl_pathv[i], mib ? 1.0 / 1024 : 1.0);
	files = g.gl_pathc;
	globfree(&g);
	return files;
}

int seconds_of_point(const char *csv, const char *profile, const char *target, int read_pct,
		     int mib, struct seconds *s)
{
	struct table_read tr;
	char dir[PATH_MAX];
	int ret = -1;

	s->v = NULL;
	s->n = 0;
	if (path_dir_of(csv, dir, sizeof(dir)))
		return -1;
	if (table_open_as(&tr, csv, &table_results)) {
		table_close(&tr);
		return -1;
	}
	while (table_next(&tr) == 1) {
		const char *json = table_cell(&tr, COL_fio_json);

		if (!table_whole(&tr) || strcmp(table_cell(&tr, COL_status), STATUS_OK) ||
		    table_cell(&tr, COL_load_point)[0] ||
		    !rt_name_is_row(profile, table_cell(&tr, COL_profile),
				    table_cell(&tr, COL_numjobs), table_cell(&tr, COL_iodepth)) ||
		    strcmp(table_cell(&tr, COL_target), target) ||
		    atoi(table_cell(&tr, COL_read_pct)) != read_pct)
			continue;
		if (json[0])
			ret = (int)seconds_read(dir, json, mib, s);
		break;
	}
	table_close(&tr);
	return ret;
}

void seconds_free(struct seconds *s)
{
	free(s->v);
	s->v = NULL;
	s->n = 0;
}
