// SPDX-License-Identifier: GPL-2.0
/*
 * <profile>-heat.png|svg, a depth sweep's matrix (run --numjobs 1,4 --iodepth 1,16,64): MiB/s
 * (64 KiB and larger blocks) or IOPS at each numjobs x iodepth, a cell per depth with its figure
 * written in it, a panel per target at the sweep's highest and lowest read share (pure read and
 * pure write where it has them), every panel on one colour scale: which of more jobs or a deeper
 * queue moves the volume, fio-plot's 3D bars as a flat, readable grid. Drawn only where the
 * sweep has two numjobs or more and two iodepths or more (else the depth chart says it all).
 */
#include <stdio.h>
#include <string.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"

/* At most this many panels (targets x read shares), so that a cell's text stays readable. */
#define HEAT_MAX_PANELS 6

struct heat_chart {
	int p[RT_MAX]; /* the profile index at [numjobs i][iodepth j]: p[i * nq + j] */
	int nj[RT_MAX], qd[RT_MAX], nnj, nqd; /* the axes' values, ascending */
	int panel_tg[HEAT_MAX_PANELS], panel_pct[HEAT_MAX_PANELS], npanels;
	int left_out; /* targets not drawn (past HEAT_MAX_PANELS) */
	int mib;
	enum rt_metric m;
	double most;
	int single; /* some cell is one run: its figure has no interval */
};

/* @v into the ascending list @a of @n values, once. */
static void add_value(int *a, int *n, int v)
{
	int k = *n;

	for (int i = 0; i < *n; i++)
		if (a[i] == v)
			return;
	while (k > 0 && a[k - 1] > v) {
		a[k] = a[k - 1];
		k--;
	}
	a[k] = v;
	(*n)++;
}

static int index_of(const int *a, int n, int v)
{
	for (int i = 0; i < n; i++)
		if (a[i] == v)
			return i;
	return -1;
}

/* Does any depth of the chart have (tg, pct)? */
static int has_panel(const struct results_table *t, const struct heat_chart *h, int tg, int pct)
{
	for (int i = 0; i < h->nnj * h->nqd; i++)
		if (h->p[i] >= 0 && rt_rows(t, h->p[i], pct, tg))
			return 1;
	return 0;
}

/* The panels: each target at its highest and its lowest read share measured (once if one). */
static void pick_panels(const struct results_table *t, struct heat_chart *h)
{
	for (int tg = 0; tg < t->ntargets; tg++) {
		int hi = -1, lo = -1;

		for (int pct = 100; pct >= 0; pct--)
			if (has_panel(t, h, tg, pct)) {
				hi = hi < 0 ? pct : hi;
				lo = pct;
			}
		if (hi < 0)
			continue;
		if (h->npanels + 1 + (lo != hi) > HEAT_MAX_PANELS) {
			h->left_out++;
			continue;
		}
		h->panel_tg[h->npanels] = tg;
		h->panel_pct[h->npanels++] = hi;
		if (lo != hi) {
			h->panel_tg[h->npanels] = tg;
			h->panel_pct[h->npanels++] = lo;
		}
	}
}

/* The matrix of base profile @name: 0, or 1 when it is not one (fewer than 2 x 2). */
static int heat_matrix(const struct results_table *t, const char *name, struct heat_chart *h)
{
	for (int p = 0; p < t->nprofiles; p++)
		if (!strcmp(t->profile_base[p], name)) {
			add_value(h->nj, &h->nnj, t->numjobs[p]);
			add_value(h->qd, &h->nqd, t->iodepth[p]);
		}
	if (h->nnj < 2 || h->nqd < 2 || h->nnj * h->nqd > RT_MAX)
		return 1;
	for (int i = 0; i < h->nnj * h->nqd; i++)
		h->p[i] = -1;
	for (int p = 0; p < t->nprofiles; p++)
		if (!strcmp(t->profile_base[p], name))
			h->p[index_of(h->nj, h->nnj, t->numjobs[p]) * h->nqd +
			     index_of(h->qd, h->nqd, t->iodepth[p])] = p;
	pick_panels(t, h);
	return h->npanels ? 0 : 1;
}

/* "68.6k", "1.27M", "950": a cell's figure in a few characters, three digits or four */
static void short_figure(char *buf, size_t len, double v, int mib)
{
	if (mib || v < 10000)
		snprintf(buf, len, "%.0f", v);
	else if (v < 1e6)
		snprintf(buf, len, "%.*fk", v < 1e5 ? 1 : 0, v / 1e3);
	else
		snprintf(buf, len, "%.*fM", v < 1e7 ? 2 : 1, v / 1e6);
}

/*
 * One block per panel (gnuplot's index): iodepth's column, numjobs's row, the figure's mean, its
 * text. A depth not measured there has no line: an empty cell. -1, or 0.
 */
static int write_data(struct plot_ctx *c, struct heat_chart *h, const char *base, char *path,
		      size_t len)
{
	const struct results_table *t = c->t;
	char name[96];
	FILE *f;

	snprintf(name, sizeof(name), "%s-heat.dat", base);
	f = gp_open(c->datadir, name, path, len);
	if (!f)
		return -1;
	for (int k = 0; k < h->npanels; k++) {
		fprintf(f, "# target %s, read %d %%: iodepth column, numjobs row, %s, its text\n",
			t->targets[h->panel_tg[k]], h->panel_pct[k], h->mib ? "MiB/s" : "IOPS");
		for (int i = 0; i < h->nnj * h->nqd; i++) {
			int have;
			double v;
			char txt[32];

			if (h->p[i] < 0)
				continue;
			v = rt_mean(t, h->p[i], h->panel_pct[k], h->panel_tg[k], h->m, &have);
			if (!have)
				continue;
			h->most = v > h->most ? v : h->most;
			h->single |= rt_rows(t, h->p[i], h->panel_pct[k], h->panel_tg[k]) < 2;
			short_figure(txt, sizeof(txt), v, h->mib);
			fprintf(f, "%d %d %.3f \"%s\"\n", i % h->nqd, i / h->nqd, v, txt);
		}
		fprintf(f, "\n\n");
	}
	fclose(f);
	return 0;
}

/* The tics of an axis: each value at its cell's index. */
static void tics(FILE *f, const char *axis, const int *v, int n)
{
	fprintf(f, "set %stics (", axis);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s\"%d\" %d", i ? ", " : "", v[i], i);
	fprintf(f, ") scale 0\n");
}

static void write_script(struct plot_ctx *c, const struct heat_chart *h, FILE *f, const char *base,
			 const char *dat)
{
	const struct results_table *t = c->t;
	int cols = h->npanels > 1 ? 2 : 1;
	char left[80] = "";

	if (h->left_out)
		snprintf(left, sizeof(left), "; %d more target%s in the depth chart only",
			 h->left_out, h->left_out == 1 ? "" : "s");
	/* a cell is a mean: what it can tell of a difference, said with it */
	fprintf(f,
		"reset\nset multiplot layout %d,%d title \"%s: total %s at each numjobs x iodepth, "
		"one colour scale%s\\n{/*0.8 %s}\\n{/*0.8 %s}\"\n",
		(h->npanels + cols - 1) / cols, cols, base, h->mib ? "MiB/s" : "IOPS", left,
		h->single ?
			"one run per depth: a difference under about 10 % may be noise "
			"(--repeat 3 gives each depth an interval)" :
			"each cell the mean of its repeats; the depth chart has their intervals",
		c->subtitle);
	fprintf(f,
		"set palette defined (0 '#f7fcf0', 0.5 '#a8ddb5', 1 '#2b8cbe')\n"
		"set cbrange [0:%.3f]\nunset colorbox\nunset key\nset xlabel 'iodepth (per job)'\n"
		"set ylabel 'numjobs'\nset xrange [-0.5:%d.5]\nset yrange [-0.5:%d.5]\n",
		h->most > 0 ? h->most : 1, h->nqd - 1, h->nnj - 1);
	tics(f, "x", h->qd, h->nqd);
	tics(f, "y", h->nj, h->nnj);
	for (int k = 0; k < h->npanels; k++) {
		char lbl[80];

		gp_text(lbl, sizeof(lbl), t->targets[h->panel_tg[k]], 0);
		fprintf(f,
			"set title '%s, read %d %%' noenhanced\n"
			"plot '%s' index %d using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1 "
			"fc palette, '' index %d using 1:2:4 with labels font ',10'\n",
			lbl, h->panel_pct[k], dat, k, k);
	}
	fprintf(f, "unset multiplot\n");
}

int plot_heat_chart(struct plot_ctx *c, int p)
{
	const struct results_table *t = c->t;
	const char *base = t->profile_base[p];
	struct heat_chart h = { 0 };
	char dat[PATH_MAX], body[PATH_MAX], name[96];
	FILE *f;

	if (rt_first_depth(t, p) != p || heat_matrix(t, base, &h))
		return 1; /* drawn with the profile's first depth; or no matrix */
	h.mib = rt_is_throughput(t, p);
	h.m = h.mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS;
	if (write_data(c, &h, base, dat, sizeof(dat)))
		return -1;
	snprintf(name, sizeof(name), "%s-heat.gp", base);
	f = gp_open(c->datadir, name, body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, &h, f, base, dat);
	fclose(f);
	return 0;
}
