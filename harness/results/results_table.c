// SPDX-License-Identifier: GPL-2.0
/* Folds a results CSV into means per point (see results_table.h). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/table_read.h"
#include "util/csv.h"
#include "results/results_file.h"
#include "results/reference.h"
#include "results/results_table.h"
#include "results/row.h"
#include "results/schema.h"
#include "results/stats.h"

const char *const rt_metric_column[RT_NMETRICS] = {
	[RT_READ_IOPS] = "read_iops",	      [RT_WRITE_IOPS] = "write_iops",
	[RT_TOTAL_IOPS] = "total_iops",	      [RT_READ_MIB] = "read_mib_s",
	[RT_WRITE_MIB] = "write_mib_s",	      [RT_TOTAL_MIB] = "total_mib_s",
	[RT_READ_P50] = "read_clat_p50_us",   [RT_READ_P99] = "read_clat_p99_us",
	[RT_WRITE_P50] = "write_clat_p50_us", [RT_WRITE_P99] = "write_clat_p99_us",
};

/* The same metrics as columns. */
static const enum column metric_col[RT_NMETRICS] = {
	[RT_READ_IOPS] = COL_read_iops,		[RT_WRITE_IOPS] = COL_write_iops,
	[RT_TOTAL_IOPS] = COL_total_iops,	[RT_READ_MIB] = COL_read_mib_s,
	[RT_WRITE_MIB] = COL_write_mib_s,	[RT_TOTAL_MIB] = COL_total_mib_s,
	[RT_READ_P50] = COL_read_clat_p50_us,	[RT_READ_P99] = COL_read_clat_p99_us,
	[RT_WRITE_P50] = COL_write_clat_p50_us, [RT_WRITE_P99] = COL_write_clat_p99_us,
};
_Static_assert(sizeof(metric_col) / sizeof(metric_col[0]) == RT_NMETRICS, "a column per metric");

static void cell_add(struct rt_cell *c, char **cells)
{
	for (int m = 0; m < RT_NMETRICS; m++) {
		const char *v = cells[metric_col[m]];
		double x;

		if (!*v)
			continue; /* no completions in that direction */
		x = atof(v);
		c->sum[m] += x;
		if (x > 0) {
			c->logs[m]++;
			c->sumlog[m] += log(x);
			c->sumlog2[m] += log(x) * log(x);
		}
		c->min[m] = c->count[m] && c->min[m] < x ? c->min[m] : x;
		c->max[m] = c->count[m] && c->max[m] > x ? c->max[m] : x;
		c->count[m]++;
	}
	c->n++;
}

/* Line @line of the file is not used, for the reason @fmt: counted, and kept for the first few. */
static void note_unused(struct results_table *t, size_t line, const char *fmt, ...)
{
	va_list ap;

	if (t->unused < RT_BAD_MAX) {
		t->bad[t->unused].line = line;
		va_start(ap, fmt);
		vsnprintf(t->bad[t->unused].why, sizeof(t->bad[0].why), fmt, ap);
		va_end(ap);
	}
	t->unused++;
}

int rt_report_unused(const struct results_table *t, const char *cmd, const char *path)
{
	for (int i = 0; i < t->unused && i < RT_BAD_MAX; i++)
		fprintf(stderr, "nfsweep %s: %s:%zu: %s: not used\n", cmd, path, t->bad[i].line,
			t->bad[i].why);
	if (t->unused > RT_BAD_MAX)
		fprintf(stderr,
			"nfsweep %s: %s: %d more lines not used (nfsweep validate %s lists "
			"them)\n",
			cmd, path, t->unused - RT_BAD_MAX, path);
	return t->unused;
}

/* A target's nconnect or transports: the rows' one value, 0 once they differ or one has none. */
static void note_mount(int *have, const char *cell)
{
	int v = *cell ? atoi(cell) : 0;

	if (*have < 0)
		*have = v;
	else if (*have != v)
		*have = 0;
}

static int intern(char list[][64], int *n, const char *s)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(list[i], s))
			return i;
	if (*n == RT_MAX)
		return -1;
	snprintf(list[*n], 64, "%s", s);
	return (*n)++;
}

/* A profile at a depth: its index, a new one for a depth not seen (-1 past RT_MAX). */
static int intern_profile(struct results_table *t, const char *name, int numjobs, int iodepth)
{
	for (int i = 0; i < t->nprofiles; i++)
		if (!strcmp(t->profile_base[i], name) && t->numjobs[i] == numjobs &&
		    t->iodepth[i] == iodepth)
			return i;
	if (t->nprofiles == RT_MAX)
		return -1;
	snprintf(t->profile_base[t->nprofiles], 64, "%s", name);
	snprintf(t->profiles[t->nprofiles], 64, "%s", name);
	t->numjobs[t->nprofiles] = numjobs;
	t->iodepth[t->nprofiles] = iodepth;
	return t->nprofiles++;
}

/* A profile seen at several depths: each depth named PROFILE-NUMJOBSxIODEPTH. */
static void name_depths(struct results_table *t)
{
	for (int i = 0; i < t->nprofiles; i++)
		for (int j = 0; j < t->nprofiles; j++)
			if (i != j && !strcmp(t->profile_base[i], t->profile_base[j])) {
				char name[64];

				/* a buffer of its own: gcc's -Wrestrict sees both arrays in *t */
				snprintf(name, sizeof(name), "%.40s-%dx%d", t->profile_base[i],
					 t->numjobs[i], t->iodepth[i]);
				memcpy(t->profiles[i], name, sizeof(name));
				t->depth_sweep = 1;
				break;
			}
}

/*
 * The ok row @rec into @t: a sweep point's figures into its cell, a load curve's point
 * counted. 0, or -1 with @why (a point measured ok twice: @seen has each point's first line).
 */
static int table_add_ok(struct results_table *t, struct done_set *seen,
			const struct csv_record *rec, const char *path, char *why, size_t len)
{
	struct rt_cell *c;
	int p, tg, pct;
	char key[600];
	size_t first;

	/* Two ok rows of one point are no repeats: refuse to average them. */
	results_row_key(rec->cells, rec->n, key, sizeof(key));
	first = done_set_line(seen, key);
	if (first) {
		snprintf(why, len,
			 "%s:%zu: the point %s %s read %s%% repeat %s was measured ok "
			 "already on line %zu; averaging the two would pass them off as one "
			 "(nfsweep validate %s lists every such point)",
			 path, rec->line, rec->cells[COL_profile], rec->cells[COL_target],
			 rec->cells[COL_read_pct], rec->cells[COL_repeat], first, path);
		return -1;
	}
	if (done_set_add(seen, key, rec->line)) {
		snprintf(why, len, "%s: %s", path, strerror(ENOMEM));
		return -1;
	}
	/* A load curve's point (nfsweep curve) is not a sweep point. */
	if (rec->n > COL_load_point && rec->cells[COL_load_point][0]) {
		t->curve_rows++;
		intern(t->curve_targets, &t->ncurve_targets, rec->cells[COL_target]);
		return 0;
	}
	p = intern_profile(t, rec->cells[COL_profile], atoi(rec->cells[COL_numjobs]),
			   atoi(rec->cells[COL_iodepth]));
	tg = intern(t->targets, &t->ntargets, rec->cells[COL_target]);
	pct = atoi(rec->cells[COL_read_pct]);
	if (p < 0 || tg < 0) {
		snprintf(why, len, "%s: more than %d profiles or targets", path, RT_MAX);
		return -1;
	}
	if (pct < 0 || pct > 100)
		return 0;
	t->block_size[p] = atoll(rec->cells[COL_block_size_bytes]);
	t->op_mix[p] = schema_op_mix_engine(rec->cells[COL_engine]);
	note_mount(&t->nconnect[tg], rec->cells[COL_nconnect_asked]);
	note_mount(&t->transports[tg], rec->cells[COL_transports]);
	c = &t->cell[p][pct][tg];
	cell_add(c, rec->cells);
	/* a 1.4 file's rows end before the steady columns */
	if (rec->n > COL_steady_attained && rec->cells[COL_steady_attained][0]) {
		t->steady_rows++;
		if (!strcmp(rec->cells[COL_steady_attained], "0")) {
			c->unsteady++;
			t->unsteady_rows++;
			t->unsteady_hosts += atoi(rec->cells[COL_hosts]) > 1;
		}
	}
	return 0;
}

int results_table_load(const char *path, struct results_table *t, char *why, size_t len)
{
	struct done_set seen = { 0 };
	struct table_read tr;
	const struct csv_record *rec = &tr.rec;
	char vwhy[256];
	int r = table_open(&tr, path, "r"), ret = 0;

	memset(t, 0, sizeof(*t));
	for (int i = 0; i < RT_MAX; i++)
		t->nconnect[i] = t->transports[i] = -1;
	if (r && r != -ENODATA) {
		snprintf(why, len, "open %s: %s", path, strerror(-r));
		return -1;
	}
	if (r || tr.hdr.n < SCHEMA_MIN_COLUMNS || tr.hdr.n > NCOLUMNS ||
	    schema_find(tr.hdr.cells[0]) != 0) {
		snprintf(why, len,
			 "%s is not a results file of schema %s (nfsweep validate tells why)", path,
			 schema_version());
		ret = -1;
		goto out;
	}
	while ((r = table_next(&tr)) == 1) {
		if (results_row_check(rec, vwhy, sizeof(vwhy))) {
			note_unused(t, rec->line, "%s", vwhy);
			continue;
		}
		if (!t->note[0] && !t->first_time[0]) {
			snprintf(t->note, sizeof(t->note), "%s", row_text(rec->cells[COL_note]));
			snprintf(t->first_time, sizeof(t->first_time), "%s",
				 rec->cells[COL_start_time]);
		}
		if (strcmp(rec->cells[COL_status], STATUS_OK)) {
			t->failed++;
			continue;
		}
		if (table_add_ok(t, &seen, rec, path, why, len)) {
			ret = -1;
			goto out;
		}
	}
	/* the end of the file is not a whole row: named like any other line not used */
	if (r < 0 && tr.line > rec->line)
		note_unused(t, rec->line,
			    "a quote opened here is never closed: lines %zu to %zu, "
			    "the end, are no rows",
			    rec->line, tr.line);
	else if (r < 0)
		note_unused(t, rec->line, "the last row is cut short (an interrupted write?)");
	name_depths(t);
out:
	done_set_free(&seen);
	table_close(&tr);
	return ret;
}

struct results_table *results_table_read(const char *path, char *why, size_t len)
{
	struct results_table *t = malloc(sizeof(*t));

	if (!t) {
		snprintf(why, len, "%s: %s", path, strerror(ENOMEM));
		return NULL;
	}
	if (results_table_load(path, t, why, len)) {
		free(t);
		return NULL;
	}
	return t;
}

int rt_name_is_row(const char *name, const char *profile, const char *numjobs, const char *iodepth)
{
	size_t n = strlen(profile);
	char depth[64];

	if (!strcmp(name, profile))
		return 1;
	snprintf(depth, sizeof(depth), "-%sx%s", numjobs, iodepth);
	return !strncmp(name, profile, n) && !strcmp(name + n, depth);
}

int rt_profile(const struct results_table *t, const char *name)
{
	for (int i = 0; i < t->nprofiles; i++)
		if (!strcmp(t->profiles[i], name))
			return i;
	return -1;
}

int rt_target(const struct results_table *t, const char *name)
{
	for (int i = 0; i < t->ntargets; i++)
		if (!strcmp(t->targets[i], name))
			return i;
	return -1;
}

double rt_mean(const struct results_table *t, int p, int pct, int tg, enum rt_metric m, int *have)
{
	const struct rt_cell *c = &t->cell[p][pct][tg];

	*have = c->count[m] > 0;
	return c->count[m] ? c->sum[m] / c->count[m] : 0.0;
}

int rt_range(const struct results_table *t, int p, int pct, int tg, enum rt_metric m, double *min,
	     double *max)
{
	const struct rt_cell *c = &t->cell[p][pct][tg];

	*min = c->min[m];
	*max = c->max[m];
	return c->count[m] > 0;
}

int rt_logs(const struct results_table *t, int p, int pct, int tg, enum rt_metric m,
	    struct stats_logs *out)
{
	const struct rt_cell *c = &t->cell[p][pct][tg];
	double mean, ss;

	memset(out, 0, sizeof(*out));
	if (!c->count[m] || c->logs[m] != c->count[m])
		return -1;
	mean = c->sumlog[m] / c->logs[m];
	/* the sum of squares about the mean, never below 0 by rounding */
	ss = c->sumlog2[m] - c->logs[m] * mean * mean;
	out->n = c->logs[m];
	out->mean = mean;
	out->df = out->n - 1;
	out->var = out->n > 1 && ss > 0 ? ss / (out->n - 1) / out->n : 0;
	return 0;
}

int rt_interval(const struct results_table *t, int p, int pct, int tg, enum rt_metric m, double *lo,
		double *hi)
{
	struct stats_logs l;
	int have;

	*lo = *hi = rt_mean(t, p, pct, tg, m, &have);
	return !rt_logs(t, p, pct, tg, m, &l) && !stats_mean_interval(&l, 0.95, lo, hi);
}

int rt_rows(const struct results_table *t, int p, int pct, int tg)
{
	return t->cell[p][pct][tg].n;
}

int rt_has_pct(const struct results_table *t, int p, int pct)
{
	for (int tg = 0; tg < t->ntargets; tg++)
		if (t->cell[p][pct][tg].n > 0)
			return 1;
	return 0;
}

int rt_is_throughput(const struct results_table *t, int p)
{
	return t->block_size[p] >= RT_THROUGHPUT_BS;
}

const char *rt_rate_unit(const struct results_table *t, int p)
{
	return t->op_mix[p] ? "ops/s" : "IOPS";
}

int rt_depth_knee(const struct results_table *t, const char *name, int pct, int tg,
		  enum rt_metric m, double share, struct rt_knee *k)
{
	memset(k, 0, sizeof(*k));
	k->most = k->knee = k->published = -1;
	k->repeated = 1;
	for (int p = 0; p < t->nprofiles; p++) {
		int have;
		double v;

		if (strcmp(t->profile_base[p], name))
			continue;
		v = rt_mean(t, p, pct, tg, m, &have);
		if (!have)
			continue;
		k->depths++;
		k->repeated &= rt_rows(t, p, pct, tg) > 1;
		if (t->numjobs[p] == REFERENCE_METHOD_NUMJOBS &&
		    t->iodepth[p] == REFERENCE_METHOD_IODEPTH) {
			k->published = p;
			k->published_v = v;
		}
		if (k->most < 0 || v > k->most_v) {
			k->most = p;
			k->most_v = v;
		}
	}
	if (k->depths < 2)
		return -1;
	for (int p = 0; p < t->nprofiles; p++) {
		int have, d;
		double v, lo, hi;

		if (strcmp(t->profile_base[p], name))
			continue;
		v = rt_mean(t, p, pct, tg, m, &have);
		d = t->numjobs[p] * t->iodepth[p];
		if (!have || v < share * k->most_v ||
		    (k->knee >= 0 && d >= t->numjobs[k->knee] * t->iodepth[k->knee]))
			continue;
		k->knee = p;
		k->knee_v = v;
		k->knee_within = rt_interval(t, p, pct, tg, m, &lo, &hi) && hi >= k->most_v;
	}
	return 0;
}

int rt_depths(const struct results_table *t, const char *name, int *idx)
{
	int n = 0;

	for (int p = 0; p < t->nprofiles; p++) {
		int k;

		if (strcmp(t->profile_base[p], name))
			continue;
		k = n++;
		while (k > 0 && (t->numjobs[idx[k - 1]] > t->numjobs[p] ||
				 (t->numjobs[idx[k - 1]] == t->numjobs[p] &&
				  t->iodepth[idx[k - 1]] > t->iodepth[p]))) {
			idx[k] = idx[k - 1];
			k--;
		}
		idx[k] = p;
	}
	return n;
}

int rt_first_depth(const struct results_table *t, int p)
{
	for (int q = 0; q < p; q++)
		if (!strcmp(t->profile_base[q], t->profile_base[p]))
			return q;
	return p;
}
