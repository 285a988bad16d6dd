// SPDX-License-Identifier: GPL-2.0
/*
 * curve.png|svg: response time against achieved throughput, a line per
 * target with its ORT in the legend, the published SPEC SFS curves beside
 * on the top axis (their ops/s are of another scale).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve/curve.h"
#include "plot/gnuplot.h"
#include "plot/plot.h"

#define MAX_PUBLISHED 8

struct curve_chart {
	size_t npts[RT_MAX]; /* per curve target */
	double ort[RT_MAX];
	char published[MAX_PUBLISHED][200]; /* series titles: source and ORT */
	int npublished;
};

/* One block per curve target; whether any target has a curve with an ORT. */
static int write_measured(struct plot_ctx *c, struct curve_chart *cc, FILE *f)
{
	const struct results_table *t = c->t;
	int any = 0;

	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		struct curve cv;
		char why[256];

		cc->npts[tg] = 0;
		cc->ort[tg] = 0;
		fprintf(f, "# target %s: achieved IOPS, response time ms\n", t->curve_targets[tg]);
		if (!curve_read(c->csv_path, t->curve_targets[tg], &cv, why, sizeof(why))) {
			cc->npts[tg] = cv.n;
			if (!ort_compute(cv.p, cv.n, &cc->ort[tg], why, sizeof(why)))
				any = 1;
			for (size_t i = 0; i < cv.n; i++)
				fprintf(f, "%.3f %.4f\n", cv.p[i].ops_s, cv.p[i].rt_ms);
			curve_free(&cv);
		}
		fprintf(f, "\n\n");
	}
	return any;
}

/* The published curves (results-schema/reference/curves/), one block each. */
static void write_published(struct plot_ctx *c, struct curve_chart *cc, FILE *f)
{
	struct dirent **names = NULL;
	char dir[PATH_MAX];
	int n;

	snprintf(dir, sizeof(dir), "%s/curves", c->refdir);
	n = scandir(dir, &names, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX], why[256], src[160];
		struct curve cv;
		double ort;

		if (cc->npublished < MAX_PUBLISHED && strstr(names[i]->d_name, ".csv") &&
		    snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name) <
			    (int)sizeof(path) &&
		    !curve_read(path, NULL, &cv, why, sizeof(why))) {
			if (cv.source[0] && !ort_compute(cv.p, cv.n, &ort, why, sizeof(why))) {
				gp_text(src, sizeof(src), cv.source, 0);
				snprintf(cc->published[cc->npublished++], sizeof(cc->published[0]),
					 "%s (ORT %.2f ms)", src, ort);
				fprintf(f, "# published: %s (ORT %.2f ms)\n", src, ort);
				for (size_t k = 0; k < cv.n; k++)
					fprintf(f, "%.0f %.3f\n", cv.p[k].ops_s, cv.p[k].rt_ms);
				fprintf(f, "\n\n");
			}
			curve_free(&cv);
		}
		free(names[i]);
	}
	free(names);
}

static void write_script(struct plot_ctx *c, const struct curve_chart *cc, FILE *f, const char *dat,
			 const char *pub)
{
	const struct results_table *t = c->t;
	static const char *const greys[] = { "555555", "999999", "333333" };

	fprintf(f,
		"reset\nset title \"load curve: response time against achieved throughput\\n{/*0.8 %s}\"\n",
		c->subtitle);
	fprintf(f,
		"set xlabel 'achieved throughput (IO/s; ops/s for an op-mix profile)'\nset ylabel 'response time (ms): mean "
		"completion latency'\nset x2label 'published SPEC SFS 2008 results (ops/s of other systems: another scale)'\n"
		"set x2tics\nset xtics nomirror\nset xrange [0:*]\nset x2range [0:*]\n"
		"set yrange [0:*]\nset grid\nset key below horizontal maxcols 2 spacing 1.2\nplot \\\n");
	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		char lbl[80];

		if (cc->npts[tg] < 2)
			continue;
		gp_text(lbl, sizeof(lbl), t->curve_targets[tg], 0);
		fprintf(f,
			"  '%s' index %d using 1:2 with linespoints lw 2 pt 7 lc %d title '%s (ORT %.2f ms)' noenhanced, \\\n",
			dat, tg, tg + 1, lbl, cc->ort[tg]);
	}
	for (int i = 0; i < cc->npublished; i++)
		fprintf(f,
			"  '%s' index %d using 1:2 axes x2y1 with linespoints dt 2 pt %d lc rgb '#%s' "
			"title 'published: %s' noenhanced, \\\n",
			pub, i, 4 + i, greys[i < 2 ? i : 2], cc->published[i]);
	fprintf(f, "  NaN notitle\n");
}

int plot_curve_chart(struct plot_ctx *c)
{
	struct curve_chart cc = { 0 };
	char dat[PATH_MAX], pub[PATH_MAX], body[PATH_MAX];
	FILE *f;
	int any;

	f = gp_open(c->datadir, "curve.dat", dat, sizeof(dat));
	if (!f)
		return -1;
	any = write_measured(c, &cc, f);
	fclose(f);
	if (!any)
		return 1;
	f = gp_open(c->datadir, "curve-published.dat", pub, sizeof(pub));
	if (!f)
		return -1;
	write_published(c, &cc, f);
	fclose(f);
	f = gp_open(c->datadir, "curve.gp", body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, &cc, f, dat, pub);
	fclose(f);
	gp_terminals(c->gp, "curve", body, !c->svg_only);
	return 0;
}
