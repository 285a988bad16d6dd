// SPDX-License-Identifier: GPL-2.0
/*
 * <profile>-cdf.png|svg: the completion-latency distribution of a profile's points, from
 * FILE.lat.csv (fio's histograms, the hosts' and the repeats' counts added, never percentiles
 * averaged): the share of I/Os completed at or below each latency, on a log time axis, a colour
 * per target, reads solid at the highest read share with reads (pure read where the sweep has
 * it), writes dashed at the lowest with writes. Where p50 and p99 are a step apart a point is
 * bimodal (a cache hit and a miss), which its percentiles alone would hide.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/fio_hist.h"
#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "results/detail_file.h"
#include "results/rows.h"
#include "results/schema.h"

/* A line: a target's direction at one read share, and its merged histogram. */
struct cdf_line {
	int tg, pct, dir; /* dir 0 reads, 1 writes */
	struct fio_hist h;
};

/* Is results row @i an ok sweep row of the chart's point (profile @p, target @tg, @pct)? */
static int row_of(const struct results_table *t, const struct rows *res, size_t i, int p, int tg,
		  int pct)
{
	return !strcmp(res_at(res, i, COL_status), STATUS_OK) && !*res_at(res, i, COL_load_point) &&
	       !strcmp(res_at(res, i, COL_target), t->targets[tg]) &&
	       atoi(res_at(res, i, COL_read_pct)) == pct &&
	       rt_name_is_row(t->profiles[p], res_at(res, i, COL_profile),
			      res_at(res, i, COL_numjobs), res_at(res, i, COL_iodepth));
}

/* The buckets of @l's attempts (their fio_json) and direction, added up. 0, or -ENOMEM. */
static int line_hist(const struct results_table *t, const struct rows *res, const struct rows *lat,
		     int p, struct cdf_line *l)
{
	static const char *const dirs[2] = { "read", "write" };
	size_t cap = 0;

	for (size_t i = 0; i < res->n; i++) {
		const char *json = res_at(res, i, COL_fio_json);

		if (!row_of(t, res, i, p, l->tg, l->pct) || !*json)
			continue;
		for (size_t k = 0; k < lat->n; k++) {
			struct fio_bucket b;

			if (strcmp(lat_at(lat, k, LAT_COL_fio_json), json) ||
			    strcmp(lat_at(lat, k, LAT_COL_direction), dirs[l->dir]))
				continue;
			b.lo_ns = strtoull(lat_at(lat, k, LAT_COL_lat_lo_ns), NULL, 10);
			b.hi_ns = strtoull(lat_at(lat, k, LAT_COL_lat_hi_ns), NULL, 10);
			b.count = strtoull(lat_at(lat, k, LAT_COL_count), NULL, 10);
			if (fio_hist_add(&l->h, &cap, b))
				return -ENOMEM;
		}
	}
	fio_hist_merge(&l->h);
	return 0;
}

/* The lines of profile @p: per target, reads at its highest read share, writes at its lowest. */
static int choose_lines(const struct results_table *t, int p, struct cdf_line *l)
{
	int n = 0;

	for (int tg = 0; tg < t->ntargets; tg++) {
		int rd = -1, wr = -1;

		for (int pct = 100; pct >= 0; pct--)
			if (rt_rows(t, p, pct, tg)) {
				if (pct > 0 && rd < 0)
					rd = pct;
				if (pct < 100)
					wr = pct;
			}
		if (rd >= 0)
			l[n++] = (struct cdf_line){ .tg = tg, .pct = rd, .dir = 0 };
		if (wr >= 0)
			l[n++] = (struct cdf_line){ .tg = tg, .pct = wr, .dir = 1 };
	}
	return n;
}

/* A line's points and its block's end: latency (us), the share completed at or below it. */
static void cdf_points(FILE *f, const struct cdf_line *l)
{
	unsigned long long run = 0;

	fprintf(f, "%.3f 0\n", (double)l->h.b[0].lo_ns / 1000.0);
	for (size_t k = 0; k < l->h.n; k++) {
		run += l->h.b[k].count;
		fprintf(f, "%.3f %.6f\n", (double)l->h.b[k].hi_ns / 1000.0,
			(double)run / (double)l->h.total);
	}
	fprintf(f, "\n\n");
}

/* One block per line with completions: latency (us), the share completed at or below it. */
static int write_data(struct plot_ctx *c, int p, const struct cdf_line *l, int n, char *path,
		      size_t len)
{
	char name[96];
	FILE *f;

	snprintf(name, sizeof(name), "%s-cdf.dat", c->t->profiles[p]);
	f = gp_open(c->datadir, name, path, len);
	if (!f)
		return -1;
	for (int i = 0; i < n; i++) {
		if (!l[i].h.total)
			continue;
		fprintf(f,
			"# target %s, %s at %d %% read: completion latency (us), share of its %llu "
			"I/Os completed at or below it\n",
			c->t->targets[l[i].tg], l[i].dir ? "writes" : "reads", l[i].pct,
			l[i].h.total);
		cdf_points(f, &l[i]);
	}
	fclose(f);
	return 0;
}

static void write_script(struct plot_ctx *c, int p, const struct cdf_line *l, int n, FILE *f,
			 const char *dat)
{
	int block = 0;

	fprintf(f,
		"reset\nset title \"%s: completion latency distribution (fio's histograms, "
		"repeats and hosts added)\\n{/*0.8 %s}\"\n",
		c->t->profiles[p], c->subtitle);
	fprintf(f, "set logscale x 10\nset xlabel 'completion latency (us, log scale)'\n"
		   "set ylabel 'share of I/Os completed at or below it'\nset yrange [0:1.02]\n"
		   "set ytics (0, 0.25, 0.5, 0.75, 0.9, 0.99)\nset grid\n"
		   "set key below horizontal maxcols 2 spacing 1.2\n"
		   "set arrow 1 from graph 0, first 0.99 to graph 1, first 0.99 nohead dt 3 "
		   "lc rgb '#888888'\nplot \\\n");
	for (int i = 0; i < n; i++) {
		char lbl[80];

		if (!l[i].h.total)
			continue;
		gp_text(lbl, sizeof(lbl), c->t->targets[l[i].tg], 0);
		fprintf(f,
			"  '%s' index %d using 1:2 with steps lw 2 dt %d lc %d "
			"title '%s %s at %d %% read (%llu I/Os)' noenhanced, \\\n",
			dat, block++, l[i].dir ? 2 : 1, l[i].tg + 1, lbl,
			l[i].dir ? "writes" : "reads", l[i].pct, l[i].h.total);
	}
	fprintf(f, "  NaN notitle\n");
}

int plot_cdf_chart(struct plot_ctx *c, int p)
{
	struct rows res = { 0 }, lat = { 0 };
	struct cdf_line l[2 * RT_MAX];
	char path[PATH_MAX], dat[PATH_MAX], body[PATH_MAX], name[96];
	int n, any = 0, ret = 1;
	FILE *f;

	memset(l, 0, sizeof(l));
	if (detail_path(c->csv_path, &table_lat, path, sizeof(path)) ||
	    rows_load(path, &table_lat, &lat))
		return 1; /* no histograms (a file of nfsweep before 1.9): no chart */
	if (rows_load(c->csv_path, &table_results, &res)) {
		rows_free(&lat);
		return 1;
	}
	n = choose_lines(c->t, p, l);
	for (int i = 0; i < n; i++) {
		if (line_hist(c->t, &res, &lat, p, &l[i])) {
			ret = -1;
			goto out;
		}
		any |= l[i].h.total > 0;
	}
	if (!any)
		goto out;
	ret = -1;
	if (write_data(c, p, l, n, dat, sizeof(dat)))
		goto out;
	snprintf(name, sizeof(name), "%s-cdf.gp", c->t->profiles[p]);
	f = gp_open(c->datadir, name, body, sizeof(body));
	if (!f)
		goto out;
	write_script(c, p, l, n, f, dat);
	fclose(f);
	ret = 0;
out:
	for (int i = 0; i < n; i++)
		free(l[i].h.b);
	rows_free(&res);
	rows_free(&lat);
	return ret;
}

/* One side of a compared pair: its results file's rows, histograms and table. */
struct cdf_side {
	const char *csv;
	const struct results_table *t;
	struct rows res, lat;
};

/* Its rows and histograms. 0, or 1 when it has no FILE.lat.csv (a file before 1.9). */
static int side_load(struct cdf_side *s)
{
	char path[PATH_MAX];

	if (detail_path(s->csv, &table_lat, path, sizeof(path)) ||
	    rows_load(path, &table_lat, &s->lat))
		return 1;
	if (rows_load(s->csv, &table_results, &s->res)) {
		rows_free(&s->lat);
		return 1;
	}
	return 0;
}

/*
 * The pairs of profile @name: each line of the before file's (choose_lines) whose target and
 * read share the after file has too, into @l (before) and @m (after). Their count, or -1.
 */
static int pair_lines(struct cdf_side s[2], const char *name, struct cdf_line *l,
		      struct cdf_line *m)
{
	int pb = rt_profile(s[0].t, name), pa = rt_profile(s[1].t, name), n = 0;
	struct cdf_line all[2 * RT_MAX];
	int nall = pb >= 0 && pa >= 0 ? choose_lines(s[0].t, pb, all) : 0;

	for (int i = 0; i < nall; i++) {
		int tg = rt_target(s[1].t, s[0].t->targets[all[i].tg]);

		if (tg < 0 || !rt_rows(s[1].t, pa, all[i].pct, tg))
			continue;
		l[n] = all[i];
		m[n] = (struct cdf_line){ .tg = tg, .pct = all[i].pct, .dir = all[i].dir };
		if (line_hist(s[0].t, &s[0].res, &s[0].lat, pb, &l[n]) ||
		    line_hist(s[1].t, &s[1].res, &s[1].lat, pa, &m[n]))
			return -1;
		n++;
	}
	return n;
}

/* A compared line's block: its side and target, then its points. */
static void cdf_block(FILE *f, const char *what, const struct cdf_line *l, const char *target)
{
	fprintf(f, "# %s, target %s, %s at %d %% read: latency (us), share of %llu I/Os\n", what,
		target, l->dir ? "writes" : "reads", l->pct, l->h.total);
	cdf_points(f, l);
}

/* The pair's data (a block before, a block after, per line) and its script. 0, or -1. */
static int pair_files(const char *datadir, struct cdf_side s[2], const char *name,
		      const struct cdf_line *l, const struct cdf_line *m, int n, const char *chart)
{
	char file[128], dat[PATH_MAX], body[PATH_MAX], lbl[80], sub[2][200];
	FILE *f;
	int block = 0;

	snprintf(file, sizeof(file), "%s.dat", chart);
	f = gp_open(datadir, file, dat, sizeof(dat));
	if (!f)
		return -1;
	for (int i = 0; i < n; i++)
		if (l[i].h.total && m[i].h.total) {
			cdf_block(f, "before", &l[i], s[0].t->targets[l[i].tg]);
			cdf_block(f, "after", &m[i], s[1].t->targets[m[i].tg]);
		}
	if (fclose(f))
		return -1;
	snprintf(file, sizeof(file), "%s.gp", chart);
	f = gp_open(datadir, file, body, sizeof(body));
	if (!f)
		return -1;
	gp_text(sub[0], sizeof(sub[0]), s[0].csv, 1);
	gp_text(sub[1], sizeof(sub[1]), s[1].csv, 1);
	gp_text(lbl, sizeof(lbl), name, 1);
	fprintf(f,
		"reset\nset title \"%s: completion latency distribution, before (solid) and after "
		"(dashed)\\n{/*0.8 before %s, after %s}\"\n",
		lbl, sub[0], sub[1]);
	fprintf(f, "set logscale x 10\nset xlabel 'completion latency (us, log scale)'\n"
		   "set ylabel 'share of I/Os completed at or below it'\nset yrange [0:1.02]\n"
		   "set ytics (0, 0.25, 0.5, 0.75, 0.9, 0.99)\nset grid\n"
		   "set key below horizontal maxcols 2 spacing 1.2\nplot \\\n");
	for (int i = 0; i < n; i++) {
		if (!l[i].h.total || !m[i].h.total)
			continue;
		gp_text(lbl, sizeof(lbl), s[0].t->targets[l[i].tg], 0);
		for (int k = 0; k < 2; k++)
			fprintf(f,
				"  '%s' index %d using 1:2 with steps lw 2 dt %d lc %d title '%s %s "
				"at %d %% read, %s (%llu I/Os)' noenhanced, \\\n",
				dat, block++, k ? 2 : 1, 2 * i + k + 1, lbl,
				l[i].dir ? "writes" : "reads", l[i].pct, k ? "after" : "before",
				k ? m[i].h.total : l[i].h.total);
	}
	fprintf(f, "  NaN notitle\n");
	return fclose(f) ? -1 : 0;
}

int plot_cdf_pair(const char *datadir, const char *before, const struct results_table *tb,
		  const char *after, const struct results_table *ta, const char *name, char *chart,
		  size_t clen)
{
	struct cdf_side s[2] = { { .csv = before, .t = tb }, { .csv = after, .t = ta } };
	struct cdf_line l[2 * RT_MAX], m[2 * RT_MAX];
	int n = 0, ret = 1, both = 0;

	memset(l, 0, sizeof(l));
	memset(m, 0, sizeof(m));
	if (side_load(&s[0]))
		return 1;
	if (side_load(&s[1]))
		goto out0;
	n = pair_lines(s, name, l, m);
	ret = n < 0 ? -1 : 1;
	for (int i = 0; i < n; i++)
		both |= l[i].h.total && m[i].h.total;
	snprintf(chart, clen, "compare-%.80s-cdf", name);
	if (both)
		ret = pair_files(datadir, s, name, l, m, n, chart);
	for (int i = 0; i < 2 * RT_MAX; i++) {
		free(l[i].h.b);
		free(m[i].h.b);
	}
	rows_free(&s[1].res);
	rows_free(&s[1].lat);
out0:
	rows_free(&s[0].res);
	rows_free(&s[0].lat);
	return ret;
}
