// SPDX-License-Identifier: GPL-2.0
/*
 * nconnect.png|svg: bars per workload, each target's ratio to the base
 * printed on its bar with its difference from the published gain, and the
 * published gain beside.
 */
#include <stdio.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "results/compare.h"

/* One line per headline workload; the number of ratios measured. */
static int write_data(struct plot_ctx *c, FILE *f)
{
	const struct results_table *t = c->t;
	int n = 0;

	fprintf(f, "# workload");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (compare_nconnect_variant(t, tg))
			fprintf(f, " %s/%s", t->targets[tg], t->targets[c->base]);
	fprintf(f, " published\n");
	for (int h = 0; h < NHEADLINES; h++) {
		int p = rt_profile(t, headlines[h].profile);
		const struct ref_value *pub = reference_find(c->ref, "nconnect gain",
							     headlines[h].profile,
							     headlines[h].read_pct, "ratio");

		fprintf(f, "\"%s\"", headlines[h].name);
		for (int tg = 0; tg < t->ntargets; tg++) {
			double v, bv, r;

			if (!compare_nconnect_variant(t, tg))
				continue;
			if (p >= 0 && !compare_ratio(t, p, headlines[h].read_pct, tg, c->base,
						     headlines[h].metric, &v, &bv, &r)) {
				fprintf(f, " %.3f", r);
				n++;
			} else {
				fprintf(f, " NaN");
			}
		}
		if (pub)
			fprintf(f, " %.3f\n", pub->value);
		else
			fprintf(f, " NaN\n");
	}
	return n;
}

static void write_script(struct plot_ctx *c, FILE *f, const char *dat)
{
	const struct results_table *t = c->t;
	int nseries = 1; /* the nconnect=N variants, plus published */
	double w;
	int col = 2;

	for (int tg = 0; tg < t->ntargets; tg++)
		nseries += compare_nconnect_variant(t, tg);
	w = 1.0 / (nseries + 1); /* bar width with gap 1 */

	fprintf(f,
		"reset\nset title \"nconnect comparison: each nconnect=N variant over %s "
		"(nconnect=1), per workload\\n{/*0.8 %s}\"\n",
		t->targets[c->base], c->subtitle);
	fprintf(f,
		"set ylabel 'ratio to %s (x)'\nset yrange [0:*]\nset offsets 0, 0, graph 0.1, 0\nset grid ytics\n"
		"set style data histograms\nset style histogram clustered gap 1\n"
		"set style fill solid 0.8 border -1\nset boxwidth 0.9\nset key below horizontal\n"
		"set xtics nomirror\nset arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n",
		t->targets[c->base]);
	fprintf(f, "plot \\\n");
	for (int tg = 0; tg < t->ntargets; tg++) {
		char lbl[80];

		if (!compare_nconnect_variant(t, tg))
			continue;
		gp_text(lbl, sizeof(lbl), t->targets[tg], 0);
		fprintf(f,
			"  '%s' using %d:xtic(1) lc %d title '%s / %s (measured)' noenhanced, \\\n",
			dat, col, tg + 1, lbl, t->targets[c->base]);
		col++;
	}
	fprintf(f,
		"  '' using %d lc rgb '#888888' title 'published nconnect gain (Azure NetApp Files)' noenhanced",
		col);
	/*
	 * The ratio printed on each bar; on a measured one, its difference from
	 * the published gain too (none where there is no published figure: NaN
	 * is the only value not equal to itself).
	 */
	for (int s = 0; s < nseries; s++) {
		double off = (s - (nseries - 1) / 2.0) * w;
		int pub = nseries + 1;

		fprintf(f, ", \\\n  '' using ($0%+.3f):%d:", off, s + 2);
		if (s + 2 == pub)
			fprintf(f, "(sprintf('%%.2fx', $%d))", pub);
		else
			fprintf(f,
				"($%d == $%d && $%d > 0 ? sprintf('%%.2fx (%%+.0f%%%%)', $%d, floor(($%d / $%d - 1) * 100 + 0.5) + 0) : sprintf('%%.2fx', $%d))",
				pub, pub, pub, s + 2, s + 2, pub, s + 2);
		fprintf(f, " with labels offset 0,0.8 notitle");
	}
	fprintf(f, "\n");
}

int plot_nconnect_chart(struct plot_ctx *c0)
{
	/* the published comparison's base is the nconnect=1 target, whatever --base */
	struct plot_ctx cc = *c0, *c = &cc;
	char dat[PATH_MAX], body[PATH_MAX];
	FILE *f;
	int n;

	c->base = compare_nconnect_one(c->t);
	if (c->base < 0)
		return 1;
	f = gp_open(c->datadir, "nconnect.dat", dat, sizeof(dat));
	if (!f)
		return -1;
	n = write_data(c, f);
	fclose(f);
	if (!n)
		return 1; /* no headline point measured on two targets */
	f = gp_open(c->datadir, "nconnect.gp", body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, f, dat);
	fclose(f);
	gp_terminals(c->gp, "nconnect", body, !c->svg_only);
	return 0;
}
