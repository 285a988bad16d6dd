// SPDX-License-Identifier: GPL-2.0
/*
 * <profile>-timeline.png|svg (nfsweep plot --timeline): MiB/s or IOPS,
 * second by second, through the whole sweep, a colour per target. Cloud
 * volumes burst and throttle, and a point's mean hides it; fio's
 * per-second logs of each point (beside its JSON: BASE_bw.N.log,
 * BASE_iops.N.log, one per job) show it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "results/schema.h"
#include "results/seconds.h"
#include "results/table_read.h"
#include "util/paths.h"
#include "util/sink.h"

/*
 * One block per target, each point's seconds at its offset from the
 * sweep's first point, a blank line between points. The number of points
 * with logs.
 */
/* Where each point of the first target drawn starts, and its read share: the chart's labels. */
#define MAX_MARKS 128
struct marks {
	long x[MAX_MARKS];
	int pct[MAX_MARKS];
	int n, target; /* target: the one whose points are marked, -1 none yet */
	size_t fewest; /* the fewest seconds of a point drawn */
};

/* One point's seconds (its row read by @tr) at its offset from @first; 1 when it had any. */
static int point_seconds(const struct table_read *tr, const char *dir, int mib, time_t first,
			 int tg, FILE *out, struct marks *mk)
{
	time_t start = schema_time(table_cell(tr, COL_start_time));
	struct seconds s = { 0 };
	int had;

	seconds_read(dir, table_cell(tr, COL_fio_json), mib, &s);
	had = s.n > 1; /* second 0 has no full second of samples */
	if (had && (mk->target < 0 || mk->target == tg) && mk->n < MAX_MARKS) {
		mk->target = tg;
		mk->x[mk->n] = (long)(start - first);
		mk->pct[mk->n++] = atoi(table_cell(tr, COL_read_pct));
	}
	if (had) {
		if (!mk->fewest || s.n - 1 < mk->fewest)
			mk->fewest = s.n - 1;
		for (size_t sec = 1; sec < s.n; sec++)
			fprintf(out, "%ld %.3f\n", (long)(start - first) + (long)sec, s.v[sec]);
		fputc('\n', out);
	}
	seconds_free(&s);
	return had;
}

static int write_data(struct plot_ctx *c, int p, int mib, FILE *out, int has[RT_MAX],
		      struct marks *mk)
{
	const struct results_table *t = c->t;
	time_t first = schema_time(t->first_time);
	char dir[PATH_MAX];
	int points = 0;

	if (path_dir_of(c->csv_path, dir, sizeof(dir)))
		return 0;
	for (int tg = 0; tg < t->ntargets; tg++) {
		struct table_read tr;
		int ok = !table_open_as(&tr, c->csv_path, &table_results);

		fprintf(out, "# target %s: seconds since the sweep's first point, %s\n",
			t->targets[tg], mib ? "MiB/s" : "IOPS");
		while (ok && table_next(&tr) == 1) {
			if (!table_whole(&tr) ||
			    !rt_name_is_row(t->profiles[p], table_cell(&tr, COL_profile),
					    table_cell(&tr, COL_numjobs),
					    table_cell(&tr, COL_iodepth)) ||
			    strcmp(table_cell(&tr, COL_target), t->targets[tg]))
				continue;
			if (point_seconds(&tr, dir, mib, first, tg, out, mk)) {
				has[tg] = 1;
				points++;
			}
		}
		table_close(&tr);
		fprintf(out, "\n\n");
	}
	return points;
}

int plot_timeline_chart(struct plot_ctx *c, int p, int min_seconds, size_t *fewest)
{
	const struct results_table *t = c->t;
	int mib = rt_is_throughput(t, p), points, has[RT_MAX] = { 0 };
	char dat[PATH_MAX], body[PATH_MAX], name[96];
	struct marks mk = { .n = 0, .target = -1 };
	FILE *f;

	snprintf(name, sizeof(name), "%s-timeline.dat", t->profiles[p]);
	f = gp_open(c->datadir, name, dat, sizeof(dat));
	if (!f)
		return -1;
	points = write_data(c, p, mib, f, has, &mk);
	fclose(f);
	*fewest = mk.fewest;
	if (!points)
		return 1;
	if (mk.fewest < (size_t)min_seconds)
		return 2;
	snprintf(name, sizeof(name), "%s-timeline.gp", t->profiles[p]);
	f = gp_open(c->datadir, name, body, sizeof(body));
	if (!f)
		return -1;
	fprintf(f,
		"reset\nset title \"%s: %s second by second through the sweep (fio's per-second "
		"logs)\\n{/*0.8 %s}\"\n",
		t->profiles[p], mib ? "throughput" : "IOPS", c->subtitle);
	fprintf(f,
		"set xlabel 'seconds since the first point started'\nset ylabel '%s'\n"
		"set yrange [0:*]\nset grid\nset key below horizontal\n",
		mib ? "MiB/s (reads and writes, all jobs)" : "IO/s (reads and writes, all jobs)");
	/* each point's read share above where it starts (the first target's points) */
	fprintf(f, "set offsets 0, 0, graph 0.08, 0\n");
	for (int i = 0; i < mk.n; i++)
		fprintf(f,
			"set label %d 'r%d%%' at first %ld, graph 0.97 left font ',9' "
			"tc rgb '#555555'\n",
			100 + i, mk.pct[i], mk.x[i]);
	if (mk.n)
		fprintf(f,
			"set label %d 'rN%%: the point of read share N starts here' at graph 0.99, "
			"graph 1.03 right font ',9' tc rgb '#555555'\n",
			100 + mk.n);
	fprintf(f, "plot \\\n");
	/*
	 * A target without a second (its points each a second or less) is a block of comments,
	 * which gnuplot does not count as a data set: the index is of the blocks with points.
	 */
	for (int tg = 0, block = 0; tg < t->ntargets; tg++) {
		char lbl[80];

		if (!has[tg])
			continue; /* gnuplot refuses a block with no points */
		gp_text(lbl, sizeof(lbl), t->targets[tg], 0);
		fprintf(f,
			"  '%s' index %d using 1:2 with lines lw 1.5 lc %d title '%s' noenhanced, \\\n",
			dat, block++, tg + 1, lbl);
	}
	fprintf(f, "  NaN notitle\n");
	fclose(f);
	snprintf(name, sizeof(name), "%s-timeline", t->profiles[p]);
	return 0;
}
