// SPDX-License-Identifier: GPL-2.0
/* The chart-ready tables (see chart_table.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve/curve.h"
#include "curve/ort.h"
#include "plot/chart_table.h"
#include "results/compare.h"
#include "util/csv.h"
#include "util/paths.h"

/* A column of @ct: the .def's column @def, of target @tg (-1: not a pattern). */
static int add_col(struct chart_table *ct, int def, int tg, const char *label, int decimals)
{
	struct ct_col *c = &ct->col[ct->ncols];
	const char *id = ct->info->cols[def].name;

	if (tg >= 0)
		snprintf(c->name, sizeof(c->name), "%s_%s", label,
			 id + strlen(TABLE_TARGET_PATTERN));
	else
		snprintf(c->name, sizeof(c->name), "%s", id);
	c->def = def;
	c->target = tg;
	ct->decimals[ct->ncols] = decimals;
	return ct->ncols++;
}

static void set(struct chart_table *ct, int r, int c, double v)
{
	ct->v[r][c] = v;
	ct->have[r][c] = 1;
}

static void start(struct chart_table *ct, const struct table_info *info, const char *what)
{
	memset(ct, 0, sizeof(*ct));
	ct->info = info;
	snprintf(ct->what, sizeof(ct->what), "%s", what);
}

const struct ref_value *ct_published(const struct results_table *t, const struct reference *ref,
				     int p, int pct)
{
	int mib = rt_is_throughput(t, p);

	if (!ref)
		return NULL;
	return reference_find(ref, mib ? "scale-out throughput" : "scale-out IOPS", t->profiles[p],
			      pct, mib ? "total_mib_s" : "total_iops");
}

void ct_profile(const struct results_table *t, const struct reference *ref, int p,
		struct chart_table *ct)
{
	static const struct {
		int def;
		enum rt_metric m;
		double scale;
	} figs[] = {
		{ CHART_COL_TARGET_total_mib_s, RT_TOTAL_MIB, 1 },
		{ CHART_COL_TARGET_read_p50_ms, RT_READ_P50, 1e-3 },
		{ CHART_COL_TARGET_read_p99_ms, RT_READ_P99, 1e-3 },
		{ CHART_COL_TARGET_write_p50_ms, RT_WRITE_P50, 1e-3 },
		{ CHART_COL_TARGET_write_p99_ms, RT_WRITE_P99, 1e-3 },
	};
	int first[sizeof(figs) / sizeof(figs[0])], rows0, pubcol;

	start(ct, &table_chart, t->profiles[p]);
	ct->mib = rt_is_throughput(t, p);
	add_col(ct, CHART_COL_read_pct, -1, NULL, 0);
	for (size_t f = 0; f < sizeof(figs) / sizeof(figs[0]); f++) {
		int def = figs[f].def;

		if (def == CHART_COL_TARGET_total_mib_s && !ct->mib)
			def = CHART_COL_TARGET_total_iops;
		first[f] = ct->ncols;
		for (int tg = 0; tg < t->ntargets; tg++)
			add_col(ct, def, tg, t->targets[tg], figs[f].scale < 1 ? 6 : 3);
	}
	rows0 = ct->ncols;
	for (int tg = 0; tg < t->ntargets; tg++)
		add_col(ct, CHART_COL_TARGET_rows, tg, t->targets[tg], 0);
	pubcol = add_col(ct, CHART_COL_published_total, -1, NULL, 3);
	for (int pct = 100; pct >= 0; pct--) {
		const struct ref_value *pub = ct_published(t, ref, p, pct);
		int r = ct->nrows;

		if (!rt_has_pct(t, p, pct))
			continue;
		ct->nrows++;
		set(ct, r, 0, pct);
		for (size_t f = 0; f < sizeof(figs) / sizeof(figs[0]); f++)
			for (int tg = 0; tg < t->ntargets; tg++) {
				enum rt_metric m = figs[f].m;
				int have;
				double v;

				if (m == RT_TOTAL_MIB && !ct->mib)
					m = RT_TOTAL_IOPS;
				v = rt_mean(t, p, pct, tg, m, &have);
				if (have)
					set(ct, r, first[f] + tg, v * figs[f].scale);
			}
		for (int tg = 0; tg < t->ntargets; tg++)
			if (rt_rows(t, p, pct, tg))
				set(ct, r, rows0 + tg, rt_rows(t, p, pct, tg));
		if (pub) {
			set(ct, r, pubcol, pub->value);
			ct->published_source = pub->source;
		}
	}
}

int ct_nconnect(const struct results_table *t, const struct reference *ref, struct chart_table *ct)
{
	int base = compare_nconnect_one(t), nvar = 0, var[RT_MAX], ratio0, diff0;

	start(ct, &table_nconnect_table, "nconnect");
	for (int tg = 0; base >= 0 && tg < t->ntargets; tg++)
		if (tg != base && compare_nconnect_variant(t, tg))
			var[nvar++] = tg;
	if (!nvar)
		return 1;
	for (int c = NCT_COL_workload; c <= NCT_COL_published_ratio; c++)
		add_col(ct, c, -1, NULL, c == NCT_COL_published_ratio ? 3 : 0);
	ratio0 = ct->ncols;
	for (int i = 0; i < nvar; i++)
		add_col(ct, NCT_COL_TARGET_ratio, var[i], t->targets[var[i]], 3);
	diff0 = ct->ncols;
	for (int i = 0; i < nvar; i++)
		add_col(ct, NCT_COL_TARGET_difference_from_published_pct, var[i],
			t->targets[var[i]], 1);
	const struct headline *hls;
	size_t nhl = compare_headlines(&hls);

	for (size_t h = 0; h < nhl; h++) {
		const struct headline *hl = &hls[h];
		const struct ref_value *pub = ref ? reference_find(ref, "nconnect gain",
								   hl->profile, hl->read_pct,
								   "ratio") :
						    NULL;
		int p = rt_profile(t, hl->profile), r = ct->nrows++;

		ct->text[r][NCT_COL_workload] = hl->name;
		ct->text[r][NCT_COL_profile] = hl->profile;
		set(ct, r, NCT_COL_read_pct, hl->read_pct);
		ct->text[r][NCT_COL_metric] = rt_metric_column[hl->metric];
		ct->text[r][NCT_COL_base] = t->targets[base];
		if (pub)
			set(ct, r, NCT_COL_published_ratio, pub->value);
		for (int i = 0; p >= 0 && i < nvar; i++) {
			double v, bv, ratio;

			if (compare_ratio(t, p, hl->read_pct, var[i], base, hl->metric, &v, &bv,
					  &ratio))
				continue;
			set(ct, r, ratio0 + i, ratio);
			if (pub)
				set(ct, r, diff0 + i,
				    compare_shown_round(
					    compare_pct_from_published(ratio, pub->value), 10));
		}
	}
	return 0;
}

int ct_curve(const struct results_table *t, const char *csv, struct chart_table *ct, char *why,
	     size_t len)
{
	start(ct, &table_curve_table, "curve");
	if (!t->curve_rows)
		return 1;
	add_col(ct, CURVE_TABLE_COL_point, -1, NULL, 0);
	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		char err[256];
		struct curve cv;
		int x, y;

		x = add_col(ct, CURVE_TABLE_COL_TARGET_achieved_ops_s, tg, t->curve_targets[tg], 3);
		y = add_col(ct, CURVE_TABLE_COL_TARGET_response_time_ms, tg, t->curve_targets[tg],
			    4);
		if (curve_read(csv, t->curve_targets[tg], &cv, err, sizeof(err))) {
			snprintf(why, len, "%s: target %s: %s", csv, t->curve_targets[tg], err);
			return -1;
		}
		if (cv.n > CT_MAX_ROWS) {
			snprintf(why, len, "%s: target %s: %zu load points, a table holds %d", csv,
				 t->curve_targets[tg], cv.n, CT_MAX_ROWS);
			curve_free(&cv);
			return -1;
		}
		for (size_t i = 0; i < cv.n; i++) {
			set(ct, (int)i, x, cv.p[i].ops_s);
			set(ct, (int)i, y, cv.p[i].rt_ms);
		}
		if (ort_compute(cv.p, cv.n, &ct->ort[tg], err, sizeof(err)))
			ct->ort[tg] = 0;
		if ((int)cv.n > ct->nrows)
			ct->nrows = (int)cv.n;
		curve_free(&cv);
	}
	for (int r = 0; r < ct->nrows; r++)
		set(ct, r, 0, r + 1);
	return 0;
}

int ct_depth(const struct results_table *t, int p, struct chart_table *ct)
{
	int idx[RT_MAX], n, tot, p99, rows, mib = rt_is_throughput(t, p);
	char what[sizeof(ct->what)];

	if (rt_first_depth(t, p) != p || (n = rt_depths(t, t->profile_base[p], idx)) < 2)
		return 1;
	snprintf(what, sizeof(what), "%.50s-depth", t->profile_base[p]);
	start(ct, &table_depth_table, what);
	ct->mib = mib;
	for (int c = DEPTH_TABLE_COL_read_pct; c <= DEPTH_TABLE_COL_in_flight; c++)
		add_col(ct, c, -1, NULL, 0);
	tot = ct->ncols;
	for (int tg = 0; tg < t->ntargets; tg++)
		add_col(ct,
			mib ? DEPTH_TABLE_COL_TARGET_total_mib_s :
			      DEPTH_TABLE_COL_TARGET_total_iops,
			tg, t->targets[tg], 3);
	p99 = ct->ncols;
	for (int tg = 0; tg < t->ntargets; tg++)
		add_col(ct, DEPTH_TABLE_COL_TARGET_p99_ms, tg, t->targets[tg], 6);
	rows = ct->ncols;
	for (int tg = 0; tg < t->ntargets; tg++)
		add_col(ct, DEPTH_TABLE_COL_TARGET_rows, tg, t->targets[tg], 0);
	for (int pct = 100; pct >= 0; pct--)
		for (int i = 0; i < n; i++) {
			int q = idx[i], r = ct->nrows;

			if (!rt_has_pct(t, q, pct))
				continue;
			ct->nrows++;
			set(ct, r, DEPTH_TABLE_COL_read_pct, pct);
			set(ct, r, DEPTH_TABLE_COL_numjobs, t->numjobs[q]);
			set(ct, r, DEPTH_TABLE_COL_iodepth, t->iodepth[q]);
			set(ct, r, DEPTH_TABLE_COL_in_flight, t->numjobs[q] * t->iodepth[q]);
			for (int tg = 0; tg < t->ntargets; tg++) {
				int have;
				double v = rt_mean(t, q, pct, tg,
						   mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS, &have);

				if (have)
					set(ct, r, tot + tg, v);
				v = rt_mean(t, q, pct, tg, pct ? RT_READ_P99 : RT_WRITE_P99, &have);
				if (have)
					set(ct, r, p99 + tg, v / 1000);
				if (rt_rows(t, q, pct, tg))
					set(ct, r, rows + tg, rt_rows(t, q, pct, tg));
			}
		}
	return 0;
}

int ct_path(const char *csv, const struct chart_table *ct, char *buf, size_t len)
{
	char ext[sizeof(ct->what) + 16];

	snprintf(ext, sizeof(ext), ".%s.table.csv", ct->what);
	return path_beside(csv, ext, buf, len);
}

const char *ct_cell(const struct chart_table *ct, int r, int c, char *buf, size_t len)
{
	if (ct->text[r][c])
		return ct->text[r][c];
	if (!ct->have[r][c])
		return "";
	snprintf(buf, len, "%.*f", ct->decimals[c], ct->v[r][c]);
	return buf;
}

int ct_write_csv(const struct chart_table *ct, const char *path)
{
	static char cells[CT_MAX_COLS][48];
	const char *row[CT_MAX_COLS];
	struct csv_file f;
	int err = csv_file_open(&f, path);

	if (err)
		return err;
	for (int c = 0; c < ct->ncols; c++)
		row[c] = ct->col[c].name;
	csv_file_record(&f, row, (size_t)ct->ncols);
	for (int r = 0; r < ct->nrows; r++) {
		for (int c = 0; c < ct->ncols; c++)
			row[c] = ct_cell(ct, r, c, cells[c], sizeof(cells[c]));
		csv_file_record(&f, row, (size_t)ct->ncols);
	}
	return csv_file_commit(&f);
}

/* Write @ct beside @csv. 0, or -1 (said). */
static int write_one(const struct chart_table *ct, const char *csv, const char *cmd, FILE *list)
{
	char path[4096];
	int err = ct_path(csv, ct, path, sizeof(path));

	if (!err)
		err = ct_write_csv(ct, path);
	if (err) {
		fprintf(stderr, "nfsweep %s: the chart-ready table %s: %s\n", cmd,
			err == -ENAMETOOLONG ? csv : path, strerror(-err));
		return -1;
	}
	if (list)
		fprintf(list, "%s\n", path);
	return 0;
}

int ct_write_all(const struct results_table *t, const struct reference *ref, const char *csv,
		 const char *cmd, FILE *list)
{
	struct chart_table *ct = malloc(sizeof(*ct));
	char why[512];
	int ret = 0, r;

	if (!ct) {
		fprintf(stderr, "nfsweep %s: the chart-ready tables: %s\n", cmd, strerror(ENOMEM));
		return -1;
	}
	for (int p = 0; p < t->nprofiles; p++) {
		/* FILE.nconnect.table.csv and FILE.curve.table.csv are the other tables' names */
		if (!strcmp(t->profiles[p], "nconnect") || !strcmp(t->profiles[p], "curve")) {
			fprintf(stderr,
				"nfsweep %s: no chart-ready table for profile %s: its name is "
				"another table's (FILE.%s.table.csv)\n",
				cmd, t->profiles[p], t->profiles[p]);
			ret = -1;
			continue;
		}
		ct_profile(t, ref, p, ct);
		ret |= write_one(ct, csv, cmd, list);
		if (ct_depth(t, p, ct))
			continue;
		if (rt_profile(t, ct->what) >= 0) { /* a profile of the depth table's name */
			fprintf(stderr,
				"nfsweep %s: no chart-ready table of %s's depths: profile %s has "
				"its name (FILE.%s.table.csv)\n",
				cmd, t->profile_base[p], ct->what, ct->what);
			ret = -1;
			continue;
		}
		ret |= write_one(ct, csv, cmd, list);
	}
	if (!ct_nconnect(t, ref, ct))
		ret |= write_one(ct, csv, cmd, list);
	r = ct_curve(t, csv, ct, why, sizeof(why));
	if (r < 0) {
		fprintf(stderr, "nfsweep %s: the chart-ready curve table: %s\n", cmd, why);
		ret = -1;
	} else if (!r) {
		ret |= write_one(ct, csv, cmd, list);
	}
	free(ct);
	return ret ? -1 : 0;
}
