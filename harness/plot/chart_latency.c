// SPDX-License-Identifier: GPL-2.0
/*
 * <profile>-latency.png|svg: completion latency against read % (100 -> 0),
 * p99 (solid) and p50 (dashed) of reads and of writes, a colour per target;
 * with repeats, the p99 bars are the 95 % interval of its mean (rt_interval), as
 * compare makes it.
 */
#include <stdio.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"

/* The columns of one target's block, in this order after read_pct: value, min, max. */
static const enum rt_metric lat_metrics[] = { RT_READ_P50, RT_READ_P99, RT_WRITE_P50,
					      RT_WRITE_P99 };
#define NLAT (sizeof(lat_metrics) / sizeof(lat_metrics[0]))

/* Latencies of 10 ms and more are drawn in ms: a 160000 on an axis of us is hard to read. */
static double unit_div(const struct results_table *t, int p)
{
	for (int tg = 0; tg < t->ntargets; tg++)
		for (int pct = 0; pct <= 100; pct++)
			for (size_t k = 0; k < NLAT; k++) {
				double lo, hi;

				if (rt_range(t, p, pct, tg, lat_metrics[k], &lo, &hi) &&
				    hi >= 10000)
					return 1000;
			}
	return 1;
}

/* One block per target (gnuplot's index); "NaN" where a direction has no completions. */
static int write_data(struct plot_ctx *c, int p, char *path, size_t len, int *repeated)
{
	const struct results_table *t = c->t;
	double div = unit_div(t, p);
	char name[80];
	FILE *f;

	snprintf(name, sizeof(name), "%s-latency.dat", t->profiles[p]);
	f = gp_open(c->datadir, name, path, len);
	if (!f)
		return -1;
	for (int tg = 0; tg < t->ntargets; tg++) {
		fprintf(f,
			"# target %s: read_pct, then value min max (%s) of read p50, read p99, "
			"write p50, write p99\n",
			t->targets[tg], div > 1 ? "ms" : "us");
		for (int pct = 100; pct >= 0; pct--) {
			if (!rt_rows(t, p, pct, tg))
				continue;
			*repeated |= rt_rows(t, p, pct, tg) > 1;
			fprintf(f, "%d", pct);
			for (size_t k = 0; k < NLAT; k++) {
				double lo, hi;
				int have;
				double v = rt_mean(t, p, pct, tg, lat_metrics[k], &have);

				if (!have)
					fprintf(f, " NaN NaN NaN");
				else {
					rt_interval(t, p, pct, tg, lat_metrics[k], &lo, &hi);
					fprintf(f, " %.3f %.3f %.3f", v / div, lo / div, hi / div);
				}
			}
			fputc('\n', f);
		}
		fprintf(f, "\n\n");
	}
	fclose(f);
	return 0;
}

static void write_script(struct plot_ctx *c, int p, FILE *f, const char *dat, int repeated)
{
	const struct results_table *t = c->t;
	/* read p99 is columns 5:6:7, write p99 11:12:13, read p50 2, write p50 8 */
	/* clang-format off */
	static const struct { const char *what; int col, dt, pt; } series[] = {
		{ "read p99", 5, 1, 7 }, { "write p99", 11, 1, 5 },
		{ "read p50", 2, 2, 6 }, { "write p50", 8, 2, 4 },
	};
	/* clang-format on */

	fprintf(f, "reset\nset title \"%s: completion latency against read share\\n{/*0.8 %s}\"\n",
		t->profiles[p], c->subtitle);
	fprintf(f,
		"set xlabel 'read share (%%), from pure read to pure write'\n"
		"set ylabel 'completion latency (%s)'\nset xrange [105:-5]\nset xtics 10\n",
		unit_div(t, p) > 1 ? "ms" : "us");
	fprintf(f,
		""
		"set yrange [0:*]\nset grid\nset key below horizontal maxcols 4 spacing 1.2\nplot \\\n");
	for (int tg = 0; tg < t->ntargets; tg++) {
		char lbl[80];

		gp_text(lbl, sizeof(lbl), t->targets[tg], 0);
		for (size_t s = 0; s < sizeof(series) / sizeof(series[0]); s++) {
			int bars = repeated && series[s].dt == 1;

			fprintf(f,
				"  '%s' index %d using 1:%d%s with %s dt %d lw 2 pt %d lc %d "
				"title '%s %s%s' noenhanced, \\\n",
				dat, tg, series[s].col,
				bars ? (series[s].col == 5 ? ":6:7" : ":12:13") : "",
				bars ? "yerrorlines" : "linespoints", series[s].dt, series[s].pt,
				tg + 1, lbl, series[s].what,
				bars ? " (bars: the repeats, 95 % interval)" : "");
		}
	}
	fprintf(f, "  NaN notitle\n");
}

/* Has any point of profile @p a latency (rows of nfsweep before 1.0 may have none)? */
static int has_latency(const struct results_table *t, int p)
{
	for (int tg = 0; tg < t->ntargets; tg++)
		for (int pct = 0; pct <= 100; pct++)
			for (size_t k = 0; k < NLAT; k++) {
				int have;

				rt_mean(t, p, pct, tg, lat_metrics[k], &have);
				if (have)
					return 1;
			}
	return 0;
}

int plot_latency_chart(struct plot_ctx *c, int p)
{
	char dat[PATH_MAX], body[PATH_MAX], name[96];
	int repeated = 0;
	FILE *f;

	if (!has_latency(c->t, p))
		return 1; /* gnuplot refuses a chart with no point */

	if (write_data(c, p, dat, sizeof(dat), &repeated))
		return -1;
	snprintf(name, sizeof(name), "%s-latency.gp", c->t->profiles[p]);
	f = gp_open(c->datadir, name, body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, p, f, dat, repeated);
	fclose(f);
	snprintf(name, sizeof(name), "%s-latency", c->t->profiles[p]);
	return 0;
}
