// SPDX-License-Identifier: GPL-2.0
/*
 * <profile>-depth.png|svg, the queue-depth curve of a depth sweep (run --numjobs 1,4 --iodepth
 * 1,4,16,64): above, MiB/s (64 KiB and larger blocks) or IOPS against the total depth
 * (numjobs x iodepth, I/Os the client keeps in flight); below, the p99 completion latency at
 * the same depths: where the first flattens and the second climbs is the knee. A line per
 * target, read share and numjobs (a colour per target and read share, a dash per numjobs), so
 * that 4 jobs x 4 and 1 job x 16, one total depth, are two points, never one line's zigzag; with
 * repeats, bars are the 95 % interval of the mean (rt_interval), as compare makes it.
 */
#include <stdio.h>
#include <string.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"

/* The p99 a read share is drawn with: its reads', or a pure write's writes'. */
static enum rt_metric p99_of(int pct)
{
	return pct ? RT_READ_P99 : RT_WRITE_P99;
}

struct depth_chart {
	int idx[RT_MAX], n; /* the depth profiles, by numjobs, then iodepth */
	int mib;
	enum rt_metric tot;
	double div; /* latencies in ms (1000) where one is 10 ms or more, else us (1) */
	int repeated;
};

/* Is (target, read share, numjobs) measured at some depth? */
static int has_line(const struct results_table *t, const struct depth_chart *dc, int tg, int pct,
		    int nj)
{
	for (int i = 0; i < dc->n; i++)
		if (t->numjobs[dc->idx[i]] == nj && rt_rows(t, dc->idx[i], pct, tg))
			return 1;
	return 0;
}

/*
 * One block per line (gnuplot's index), in the order write_script walks them: total depth,
 * iodepth, numjobs, the figure's mean and interval, the p99's mean and interval. Returns the
 * number of blocks, or -1.
 */
static int write_data(struct plot_ctx *c, const struct depth_chart *dc, const char *base,
		      char *path, size_t len)
{
	const struct results_table *t = c->t;
	char name[96];
	int blocks = 0;
	FILE *f;

	snprintf(name, sizeof(name), "%s-depth.dat", base);
	f = gp_open(c->datadir, name, path, len);
	if (!f)
		return -1;
	for (int tg = 0; tg < t->ntargets; tg++)
		for (int pct = 100; pct >= 0; pct--)
			for (int i = 0; i < dc->n; i++) {
				int nj = t->numjobs[dc->idx[i]];

				if ((i && t->numjobs[dc->idx[i - 1]] == nj) ||
				    !has_line(t, dc, tg, pct, nj))
					continue;
				fprintf(f,
					"# target %s, read %d %%, %d jobs: total depth, iodepth, "
					"numjobs, %s (mean, 95 %% interval), p99 %s\n",
					t->targets[tg], pct, nj, dc->mib ? "MiB/s" : "IOPS",
					dc->div > 1 ? "ms" : "us");
				for (int k = i; k < dc->n && t->numjobs[dc->idx[k]] == nj; k++) {
					int p = dc->idx[k], have;
					double v = rt_mean(t, p, pct, tg, dc->tot, &have), lo, hi;
					double l, llo, lhi;

					if (!have)
						continue;
					rt_interval(t, p, pct, tg, dc->tot, &lo, &hi);
					fprintf(f, "%d %d %d %.3f %.3f %.3f", nj * t->iodepth[p],
						t->iodepth[p], nj, v, lo, hi);
					l = rt_mean(t, p, pct, tg, p99_of(pct), &have);
					if (have) {
						rt_interval(t, p, pct, tg, p99_of(pct), &llo, &lhi);
						fprintf(f, " %.3f %.3f %.3f\n", l / dc->div,
							llo / dc->div, lhi / dc->div);
					} else {
						fprintf(f, " NaN NaN NaN\n");
					}
				}
				fprintf(f, "\n\n");
				blocks++;
			}
	fclose(f);
	return blocks;
}

/* The plot command of one panel: a line per block, @ycols its "using" after the depth. */
static void plot_lines(struct plot_ctx *c, const struct depth_chart *dc, FILE *f, const char *dat,
		       int figure)
{
	const struct results_table *t = c->t;
	int block = 0, colour = 0, bars = dc->repeated;

	fprintf(f, "plot \\\n");
	for (int tg = 0; tg < t->ntargets; tg++)
		for (int pct = 100; pct >= 0; pct--) {
			int dash = 0, any = 0;

			for (int i = 0; i < dc->n; i++) {
				int nj = t->numjobs[dc->idx[i]];
				char lbl[80];

				if ((i && t->numjobs[dc->idx[i - 1]] == nj) ||
				    !has_line(t, dc, tg, pct, nj))
					continue;
				gp_text(lbl, sizeof(lbl), t->targets[tg], 0);
				fprintf(f,
					"  '%s' index %d using 1:%s with %s lw 2 pt 7 dt %d lc %d "
					"title '%s read %d %%, %d job%s%s' noenhanced, \\\n",
					dat, block,
					figure ? (bars ? "4:5:6" : "4") : (bars ? "7:8:9" : "7"),
					bars ? "yerrorlines" : "linespoints", dash + 1, colour + 1,
					lbl, pct, nj, nj == 1 ? "" : "s",
					bars ? " (bars: 95 % interval)" : "");
				block++;
				dash++;
				any = 1;
			}
			colour += any;
		}
	fprintf(f, "  NaN notitle\n");
}

static void write_script(struct plot_ctx *c, const struct depth_chart *dc, FILE *f,
			 const char *base, const char *dat)
{
	fprintf(f,
		"reset\nset multiplot layout 2,1 title \"%s: %s and p99 latency against the depth "
		"(numjobs x iodepth)\\n{/*0.8 %s}\"\n",
		base, dc->mib ? "throughput" : "IOPS", c->subtitle);
	fprintf(f, "set logscale x 2\nset xlabel 'total depth: I/Os in flight, numjobs x iodepth "
		   "(log scale)'\nset grid\nset yrange [0:*]\nset offsets graph 0.05, graph 0.05, "
		   "graph 0.1, 0\nset key outside right top vertical spacing 1.1 font ',9'\n"
		   "set lmargin 12\nset rmargin 34\n");
	fprintf(f, "set ylabel '%s'\n",
		dc->mib ? "MiB/s (2^{20} bytes per second)" : "I/O operations per second");
	plot_lines(c, dc, f, dat, 1);
	/* the key above says which line is which: the same colours and dashes below */
	fprintf(f,
		"unset key\nset ylabel \"p99 completion latency (%s)\\n(reads; writes at 0 %% "
		"read)\"\n",
		dc->div > 1 ? "ms" : "us");
	plot_lines(c, dc, f, dat, 0);
	fprintf(f, "unset multiplot\n");
}

int plot_depth_chart(struct plot_ctx *c, int p)
{
	const struct results_table *t = c->t;
	const char *base = t->profile_base[p];
	struct depth_chart dc = { 0 };
	char dat[PATH_MAX], body[PATH_MAX], name[96];
	FILE *f;

	if (rt_first_depth(t, p) != p)
		return 1; /* drawn with the profile's first depth */
	dc.n = rt_depths(t, base, dc.idx);
	if (dc.n < 2)
		return 1; /* one depth: no curve */
	dc.mib = rt_is_throughput(t, p);
	dc.tot = dc.mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS;
	dc.div = 1;
	for (int i = 0; i < dc.n; i++)
		for (int tg = 0; tg < t->ntargets; tg++)
			for (int pct = 0; pct <= 100; pct++) {
				double lo, hi;

				dc.repeated |= rt_rows(t, dc.idx[i], pct, tg) > 1;
				if (rt_range(t, dc.idx[i], pct, tg, p99_of(pct), &lo, &hi) &&
				    hi >= 10000)
					dc.div = 1000;
			}
	if (write_data(c, &dc, base, dat, sizeof(dat)) < 0)
		return -1;
	snprintf(name, sizeof(name), "%s-depth.gp", base);
	f = gp_open(c->datadir, name, body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, &dc, f, base, dat);
	fclose(f);
	return 0;
}
