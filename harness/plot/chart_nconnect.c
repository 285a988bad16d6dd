// SPDX-License-Identifier: GPL-2.0
/*
 * nconnect.png|svg: bars per workload, each target's ratio to the base
 * printed on its bar with its difference from the published gain, its interval
 * as an error bar where compare judges it (the same figures: compare_targets_figs),
 * and the published gain beside.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "results/compare.h"
#include "results/compare_figs.h"

/*
 * One line per headline workload: each variant's ratio, then the published gain, then each
 * variant's interval (low, high; NaN where not judged). The number of ratios measured.
 */
static int write_data(struct plot_ctx *c, FILE *f, const struct compare_figs *fs, size_t nh,
		      int *haspub)
{
	const struct results_table *t = c->t;
	int n = 0;
	size_t k = 0;

	fprintf(f, "# workload");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (compare_nconnect_variant(t, tg))
			fprintf(f, " %s/%s", t->targets[tg], t->targets[c->base]);
	fprintf(f, " published (then each one's interval: low high; the name in two lines)\n");
	const struct headline *hls;
	size_t nhl = compare_headlines(&hls);

	for (size_t h = 0; h < nhl; h++) {
		const struct headline *hl = &hls[h];
		const struct ref_value *pub =
			reference_find(c->ref, "nconnect gain", hl->profile, hl->read_pct, "ratio");
		size_t k0 = k;

		fprintf(f, "\"%s\"", hl->name);
		for (int tg = 0; tg < t->ntargets && k < nh; tg++) {
			if (!compare_nconnect_variant(t, tg))
				continue;
			if (fs->f[k].has) {
				fprintf(f, " %.3f", fs->f[k].ratio);
				n++;
			} else {
				fprintf(f, " NaN");
			}
			k++;
		}
		if (pub)
			fprintf(f, " %.3f", pub->value);
		else
			fprintf(f, " NaN");
		*haspub |= pub != NULL;
		for (size_t i = k0; i < k; i++)
			if (fs->f[i].has && fs->f[i].verdict != VERDICT_NOT_JUDGED)
				fprintf(f, " %.3f %.3f", fs->f[i].r.lo, fs->f[i].r.hi);
			else
				fprintf(f, " NaN NaN");
		/* the name again in two lines' words (the chart's tic: "64 KiB sequential", "read") */
		fprintf(f, " \"%.*s\" \"%s\"\n", (int)(strrchr(hl->name, ' ') - hl->name), hl->name,
			strrchr(hl->name, ' ') + 1);
	}
	return n;
}

/*
 * The data's columns (write_data): 1 the name, 2.. the @nvar variants' ratios, then the
 * published gain, then each variant's interval (low, high), then the name in two lines.
 */
struct nc_cols {
	int nvar, pub, nbars; /* nbars: the variants, and the published gain's when there is one */
};
static int nc_low(const struct nc_cols *k, int s)
{
	return k->pub + 1 + 2 * s;
}
static double nc_off(const struct nc_cols *k, int s)
{
	return (s - (k->nbars - 1) / 2.0) / (k->nbars + 1); /* bar width with gap 1 */
}

/* Bar @s's label: its ratio, and on a measured one its difference from the published gain. */
static void nc_label(const struct nc_cols *k, FILE *f, int s)
{
	int v = s + 2, hi = nc_low(k, s) + 1, pub = k->pub;

	if (s == k->nvar) {
		fprintf(f,
			", \\\n  '' using ($0%+.3f):%d:(sprintf('%%.2fx', $%d)) with labels "
			"offset 0,0.8 notitle",
			nc_off(k, s), pub, pub);
		return;
	}
	/*
	 * above the bar, or above its interval's top where that is higher; two lines, the
	 * difference where there is a published gain (valid(): a NaN that $N names drops the
	 * point, and the label with it)
	 */
	fprintf(f,
		", \\\n  '' using ($0%+.3f):(valid(%d) && column(%d) > column(%d) ? column(%d) : "
		"column(%d)):(valid(%d) && column(%d) > 0 ? sprintf(\"%%.2fx\\n%%+.0f%%%%\", "
		"column(%d), floor((column(%d) / column(%d) - 1) * 100 + 0.5) + 0) : "
		"sprintf('%%.2fx', column(%d))) with labels offset 0,1.5 notitle",
		nc_off(k, s), hi, hi, v, hi, v, pub, pub, v, v, pub, v);
}

static void write_script(struct plot_ctx *c, FILE *f, const char *dat, int haspub)
{
	const struct results_table *t = c->t;
	struct nc_cols k = { 0 };
	int col = 2;

	for (int tg = 0; tg < t->ntargets; tg++)
		k.nvar += compare_nconnect_variant(t, tg);
	k.pub = k.nvar + 2;
	k.nbars = k.nvar + !!haspub;
	fprintf(f,
		"reset\nset title \"nconnect comparison: each nconnect=N variant over %s "
		"(nconnect=1), per workload\\n{/*0.8 %s}\"\n",
		t->targets[c->base], c->subtitle);
	fprintf(f,
		"set ylabel 'ratio to %s (x)'\nset yrange [0:*]\nset offsets 0, 0, graph 0.1, 0\nset grid ytics\n"
		"set style data histograms\nset style histogram clustered gap 1\n"
		"set style fill solid 0.8 border -1\nset boxwidth 0.9\nset key below horizontal\n"
		"set xtics nomirror\nset bmargin 7\nset arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n",
		t->targets[c->base]);
	fprintf(f, "plot \\\n");
	for (int tg = 0; tg < t->ntargets; tg++) {
		char lbl[80];

		if (!compare_nconnect_variant(t, tg))
			continue;
		gp_text(lbl, sizeof(lbl), t->targets[tg], 0);
		fprintf(f,
			"%s  '%s' using %d:xtic(strcol(%d).\"\\n\".strcol(%d)) lc %d title '%s / %s "
			"(measured; its interval where judged)' noenhanced",
			col > 2 ? ", \\\n" : "", dat, col, nc_low(&k, k.nvar),
			nc_low(&k, k.nvar) + 1, tg + 1, lbl, t->targets[c->base]);
		col++;
	}
	/* (no published gain at all: no series of it, since gnuplot refuses one of no points) */
	if (haspub)
		fprintf(f,
			", \\\n  '' using %d lc rgb '#888888' title 'published nconnect gain (Azure "
			"NetApp Files)' noenhanced",
			k.pub);
	for (int s = 0; s < k.nbars; s++)
		nc_label(&k, f, s);
	/* each measured ratio's interval (the ratio of geometric means': see compare.csv) */
	for (int s = 0; s < k.nvar; s++)
		fprintf(f,
			", \\\n  '' using ($0%+.3f):%d:%d:%d with yerrorbars lc rgb 'black' lw 1.5 "
			"ps 0 notitle",
			nc_off(&k, s), s + 2, nc_low(&k, s), nc_low(&k, s) + 1);
	fprintf(f, "\n");
}

int plot_nconnect_chart(struct plot_ctx *c0)
{
	/* the published comparison's base is the nconnect=1 target, whatever --base */
	struct plot_ctx cc = *c0, *c = &cc;
	char dat[PATH_MAX], body[PATH_MAX];
	struct compare_figs fs = { 0 };
	struct compare_family fam = { 0 };
	FILE *f;
	int n, haspub = 0;

	c->base = compare_nconnect_one(c->t);
	if (c->base < 0)
		return 1;
	f = gp_open(c->datadir, "nconnect.dat", dat, sizeof(dat));
	if (!f)
		return -1;
	/* the figures compare judges, the base its default (the first target) */
	if (compare_targets_figs(c->t, c->csv_path, 0, &fs, &fam)) {
		fprintf(stderr, "nfsweep plot: the nconnect chart's figures: %s\n",
			strerror(ENOMEM));
		fclose(f);
		compare_figs_free(&fs);
		return -1;
	}
	n = write_data(c, f, &fs, fam.nh, &haspub);
	fclose(f);
	compare_figs_free(&fs);
	if (!n)
		return 1; /* no headline point measured on two targets */
	f = gp_open(c->datadir, "nconnect.gp", body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, f, dat, haspub);
	fclose(f);
	return 0;
}
