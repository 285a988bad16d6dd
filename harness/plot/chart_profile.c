// SPDX-License-Identifier: GPL-2.0
/*
 * <profile>.png|svg: MiB/s (64 KiB and larger blocks) or IOPS against read %
 * (100 -> 0): read, write and total, a colour per target; the published
 * figures as a labelled series on the right-hand axis (a cloud volume's
 * numbers next to a lab's would flatten the lab's lines on one axis).
 */
#include <stdio.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "plot/chart_table.h"

struct profile_chart {
	int p, mib;
	int repeated; /* some point has several ok rows: error bars */
	enum rt_metric rd, wr, tot;
	const char *figure, *unit;
	const struct ref_value *r100, *r0; /* published pure read and pure write */
};

/* One block per target, two blank lines apart: gnuplot's "index". */
static int write_data(struct plot_ctx *c, const struct profile_chart *pc, char *path, size_t len)
{
	const struct results_table *t = c->t;
	char name[80];
	FILE *f;
	int have;

	snprintf(name, sizeof(name), "%s.dat", t->profiles[pc->p]);
	f = gp_open(c->datadir, name, path, len);
	if (!f)
		return -1;
	for (int tg = 0; tg < t->ntargets; tg++) {
		fprintf(f,
			"# target %s: read_pct read write total, and the 95 %% interval of the "
			"total's mean over the repeats (%s)\n",
			t->targets[tg], pc->unit);
		for (int pct = 100; pct >= 0; pct--) {
			double v = rt_mean(t, pc->p, pct, tg, pc->tot, &have), lo, hi;

			if (!have)
				continue;
			rt_interval(t, pc->p, pct, tg, pc->tot, &lo, &hi);
			fprintf(f, "%d %.3f %.3f %.3f %.3f %.3f\n", pct,
				rt_mean(t, pc->p, pct, tg, pc->rd, &have),
				rt_mean(t, pc->p, pct, tg, pc->wr, &have), v, lo, hi);
		}
		fprintf(f, "\n\n");
	}
	fclose(f);
	return 0;
}

static int write_published(struct plot_ctx *c, const struct profile_chart *pc, char *path,
			   size_t len)
{
	char name[80];
	FILE *f;

	snprintf(name, sizeof(name), "%s-published.dat", c->t->profiles[pc->p]);
	f = gp_open(c->datadir, name, path, len);
	if (!f)
		return -1;
	if (pc->r100)
		fprintf(f, "100 %.3f\n", pc->r100->value);
	if (pc->r0)
		fprintf(f, "0 %.3f\n", pc->r0->value);
	fclose(f);
	return 0;
}

static void write_script(struct plot_ctx *c, const struct profile_chart *pc, FILE *f,
			 const char *dat, const char *refdat)
{
	const struct results_table *t = c->t;
	int published = pc->r100 || pc->r0;

	fprintf(f, "reset\nset title \"%s: %lld KiB %s, %s against read share\\n{/*0.8 %s}\"\n",
		t->profiles[pc->p], t->block_size[pc->p] / 1024, pc->mib ? "sequential" : "random",
		pc->mib ? "throughput" : "IOPS", c->subtitle);
	fprintf(f,
		"set xlabel 'read share (%%), from pure read to pure write'\n"
		"set ylabel 'measured here: %s (%s)'\nset xrange [105:-5]\nset xtics 10\n"
		"set yrange [0:*]\nset offsets 0, 0, graph 0.2, 0\nset grid\n"
		"set key below horizontal maxcols 3 spacing 1.2\n",
		pc->unit, pc->mib ? "MiB/s, 2^{20} bytes per second" : "I/O operations per second");
	/*
	 * The published figures are of another scale (a volume driven by many
	 * clients): drawn on an axis of their own, scaled to meet the lines,
	 * they looked like an agreement. They are printed in the chart instead,
	 * as text, saying why they are not drawn.
	 */
	if (published) {
		char src[160];

		gp_text(src, sizeof(src), (pc->r100 ? pc->r100 : pc->r0)->source, 0);
		fprintf(f,
			"set label 1 \"published %s, not drawn (another scale: one volume "
			"driven by many clients):\\n",
			pc->figure);
		if (pc->r100)
			fprintf(f, "%.0f %s at 100 %% read", pc->r100->value, pc->unit);
		if (pc->r0)
			fprintf(f, "%s%.0f %s at 0 %% read", pc->r100 ? ", " : "", pc->r0->value,
				pc->unit);
		fprintf(f,
			"\\n%s\" at graph 0.01, graph 0.97 left front noenhanced "
			"font ',9' tc rgb '#333333'\n",
			src);
	}
	fprintf(f, "plot \\\n");
	for (int tg = 0; tg < t->ntargets; tg++) {
		char lbl[80];

		gp_text(lbl, sizeof(lbl), t->targets[tg], 0);
		/*
		 * With repeats, the total's bars are its mean's 95 % interval over the repeats, as
		 * compare makes it
		 */
		if (pc->repeated)
			fprintf(f,
				"  '%s' index %d using 1:4:5:6 with yerrorlines lw 2 pt 7 lc %d "
				"title '%s total (bars: 95 %% interval)' "
				"noenhanced, \\\n",
				dat, tg, tg + 1, lbl);
		else
			fprintf(f,
				"  '%s' index %d using 1:4 with linespoints lw 2 pt 7 lc %d "
				"title '%s total' noenhanced, \\\n",
				dat, tg, tg + 1, lbl);
		fprintf(f,
			"  '%s' index %d using 1:2 with linespoints dt 2 pt 6 lc %d title '%s read' noenhanced, \\\n"
			"  '%s' index %d using 1:3 with linespoints dt 3 pt 4 lc %d title '%s write' noenhanced%s\n",
			dat, tg, tg + 1, lbl, dat, tg, tg + 1, lbl,
			tg + 1 < t->ntargets ? ", \\" : "");
	}
	(void)refdat; /* kept in plot/ for whoever restyles the chart */
}

int plot_profile_chart(struct plot_ctx *c, int p)
{
	const struct results_table *t = c->t;
	int mib = rt_is_throughput(t, p);
	struct profile_chart pc = {
		.p = p,
		.mib = mib,
		.rd = mib ? RT_READ_MIB : RT_READ_IOPS,
		.wr = mib ? RT_WRITE_MIB : RT_WRITE_IOPS,
		.tot = mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS,
		.figure = mib ? "scale-out throughput" : "scale-out IOPS",
		.unit = mib ? "MiB/s" : "IO/s",
	};
	char dat[PATH_MAX], refdat[PATH_MAX], body[PATH_MAX], name[80];
	FILE *f;

	for (int tg = 0; tg < t->ntargets; tg++)
		for (int pct = 0; pct <= 100; pct++)
			pc.repeated |= rt_rows(t, p, pct, tg) > 1;
	pc.r100 = ct_published(t, c->ref, p, 100);
	pc.r0 = ct_published(t, c->ref, p, 0);
	if (write_data(c, &pc, dat, sizeof(dat)) || write_published(c, &pc, refdat, sizeof(refdat)))
		return -1;
	snprintf(name, sizeof(name), "%s.gp", t->profiles[p]);
	f = gp_open(c->datadir, name, body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, &pc, f, dat, refdat);
	fclose(f);
	return 0;
}
