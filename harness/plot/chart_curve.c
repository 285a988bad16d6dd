// SPDX-License-Identifier: GPL-2.0
/*
 * curve.png|svg: response time against load, a line per target with its
 * ORT and peak in the legend, the published SPEC SFS 2008 curves beside on
 * the same axis. Their ops/s are of other systems, so the axis is each
 * curve's load as a share of its own highest achieved throughput: the
 * charts compare the curves' shapes, at one scale, and say so; the
 * absolute figures are in the legend (and the curve table).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "curve/curve.h"
#include "plot/gnuplot.h"
#include "plot/plot.h"

#define MAX_PUBLISHED 8

struct curve_chart {
	size_t npts[RT_MAX]; /* per curve target */
	double ort[RT_MAX], peak[RT_MAX];
	char published[MAX_PUBLISHED][240]; /* series titles: source, peak and ORT */
	int npublished;
};

/* The highest achieved throughput of @cv's points: the 100 % of its axis. */
static double curve_peak(const struct curve *cv)
{
	double peak = 0;

	for (size_t i = 0; i < cv->n; i++)
		if (cv->p[i].ops_s > peak)
			peak = cv->p[i].ops_s;
	return peak;
}

/* @cv's points as % of its peak against response time, then a blank block's lines. */
static void write_points(FILE *f, const struct curve *cv, double peak)
{
	for (size_t i = 0; i < cv->n; i++)
		fprintf(f, "%.3f %.4f\n", 100.0 * cv->p[i].ops_s / peak, cv->p[i].rt_ms);
	fprintf(f, "\n\n");
}

/* One block per curve target; whether any target has a curve with an ORT. */
static int write_measured(struct plot_ctx *c, struct curve_chart *cc, FILE *f)
{
	const struct results_table *t = c->t;
	int any = 0;

	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		struct curve cv = { 0 };
		char why[256];

		cc->npts[tg] = 0;
		cc->ort[tg] = 0;
		fprintf(f, "# target %s: load %% of its peak, response time ms\n",
			t->curve_targets[tg]);
		if (!curve_read(c->csv_path, t->curve_targets[tg], &cv, why, sizeof(why))) {
			cc->peak[tg] = curve_peak(&cv);
			if (cc->peak[tg] > 0) {
				cc->npts[tg] = cv.n;
				if (!ort_compute(cv.p, cv.n, &cc->ort[tg], why, sizeof(why)))
					any = 1;
			}
		}
		if (cc->npts[tg])
			write_points(f, &cv, cc->peak[tg]);
		else
			fprintf(f, "\n\n");
		curve_free(&cv);
	}
	return any;
}

/*
 * The published curves (results-schema/reference/curves/), one block each;
 * a curve of another protocol (SPECsfs2008_cifs) says so in its title.
 */
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
		double ort, peak;

		if (cc->npublished < MAX_PUBLISHED && strstr(names[i]->d_name, ".csv") &&
		    snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name) <
			    (int)sizeof(path) &&
		    !curve_read(path, NULL, &cv, why, sizeof(why))) {
			peak = curve_peak(&cv);
			if (cv.source[0] && peak > 0 &&
			    !ort_compute(cv.p, cv.n, &ort, why, sizeof(why))) {
				gp_text(src, sizeof(src), cv.source, 0);
				snprintf(cc->published[cc->npublished++], sizeof(cc->published[0]),
					 "%s%s, peak %.0f ops/s, ORT %.2f ms", src,
					 strcasestr(cv.source, "cifs") ?
						 " (CIFS: another protocol and op mix)" :
						 "",
					 peak, ort);
				fprintf(f, "# published: %s, peak %.0f ops/s (ORT %.2f ms)\n", src,
					peak, ort);
				write_points(f, &cv, peak);
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
		"reset\nset title \"load curve: response time against load, as a share of each "
		"curve's own peak\\n{/*0.8 %s}\"\n",
		c->subtitle);
	fprintf(f, "set xlabel \"load: achieved throughput, %% of each curve's own highest (the "
		   "published systems are others, their ops/s of another scale: the shapes "
		   "compare)\"\nset ylabel 'response time (ms): mean latency of all operations'\n"
		   "set xrange [0:105]\nset yrange [0:*]\nset grid\n"
		   "set key below horizontal maxcols 1 spacing 1.2\nplot \\\n");
	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		char lbl[80];

		if (cc->npts[tg] < 2)
			continue;
		gp_text(lbl, sizeof(lbl), t->curve_targets[tg], 0);
		fprintf(f,
			"  '%s' index %d using 1:2 with linespoints lw 2 pt 7 lc %d title '%s: peak "
			"%.0f ops/s, ORT %.2f ms' noenhanced, \\\n",
			dat, tg, tg + 1, lbl, cc->peak[tg], cc->ort[tg]);
	}
	for (int i = 0; i < cc->npublished; i++)
		fprintf(f,
			"  '%s' index %d using 1:2 with linespoints dt 2 pt %d lc rgb '#%s' "
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
	return 0;
}
