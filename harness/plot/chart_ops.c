// SPDX-License-Identifier: GPL-2.0
/*
 * ops-latency.png|svg: the op-mix profiles' latency per operation, one
 * colour per point (profile, target, read % or load point, job), p50 as a
 * point and p99 as the top of its bar, on a log scale: a stat and a
 * committed write differ by orders of magnitude. From FILE.ops.csv.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "results/table_read.h"
#include "results/detail_file.h"
#include "results/schema.h"

#define MAX_OPS 24    /* nfsweep-ops has 19 */
#define MAX_SERIES 12 /* more points than that are not readable in one chart */

struct ops_chart {
	char ops[MAX_OPS][24]; /* x positions, in order of first appearance */
	int nops;
	char series[MAX_SERIES][160]; /* point and job, as its title */
	int nseries;
	int skipped; /* series beyond MAX_SERIES */
};

static int op_index(struct ops_chart *oc, const char *op)
{
	for (int i = 0; i < oc->nops; i++)
		if (!strcmp(oc->ops[i], op))
			return i;
	if (oc->nops == MAX_OPS)
		return -1;
	snprintf(oc->ops[oc->nops], sizeof(oc->ops[0]), "%s", op);
	return oc->nops++;
}

static int series_index(struct ops_chart *oc, const char *title)
{
	for (int i = 0; i < oc->nseries; i++)
		if (!strcmp(oc->series[i], title))
			return i;
	if (oc->nseries == MAX_SERIES) {
		oc->skipped++;
		return -1;
	}
	snprintf(oc->series[oc->nseries], sizeof(oc->series[0]), "%s", title);
	return oc->nseries++;
}

/* The series of the row @tr read: "profile target read|load point N job". */
static void series_title(const struct table_read *tr, char *title, size_t len)
{
	const char *lp = table_cell(tr, OPS_COL_load_point);

	snprintf(title, len, "%s %s %s%s %s", table_cell(tr, OPS_COL_profile),
		 table_cell(tr, OPS_COL_target), lp[0] ? "load point " : "read ",
		 lp[0] ? lp : table_cell(tr, OPS_COL_read_pct), table_cell(tr, OPS_COL_job));
}

/*
 * Read the detail file into one data file per series ("s<N>.dat" lines:
 * op index, p50, p99). 1 when there is no file or no row with a latency.
 */
static int write_data(struct plot_ctx *c, struct ops_chart *oc, const char *ops_path)
{
	struct table_read tr;
	FILE *out[MAX_SERIES] = { 0 };
	int r = table_open_as(&tr, ops_path, &table_ops), ret = 1;

	if (r == -ENOENT || r == -ENODATA)
		return 1;
	if (r) {
		if (r == -EPROTO)
			fprintf(stderr, "nfsweep plot: %s: not an ops file of schema %s\n",
				ops_path, schema_version());
		else
			fprintf(stderr, "nfsweep plot: open %s: %s\n", ops_path, strerror(-r));
		table_close(&tr);
		return -1;
	}
	while (table_next(&tr) == 1) {
		char title[160], name[32], path[PATH_MAX];
		int s, x;

		if (!table_whole(&tr) || atof(table_cell(&tr, OPS_COL_count)) <= 0 ||
		    !table_cell(&tr, OPS_COL_lat_p50_ms)[0])
			continue;
		series_title(&tr, title, sizeof(title));
		s = series_index(oc, title);
		x = op_index(oc, table_cell(&tr, OPS_COL_op));
		if (s < 0 || x < 0)
			continue;
		if (!out[s]) {
			snprintf(name, sizeof(name), "ops-latency-%d.dat", s);
			out[s] = gp_open(c->datadir, name, path, sizeof(path));
			if (!out[s]) {
				ret = -1;
				break;
			}
		}
		fprintf(out[s], "%d %s %s\n", x, table_cell(&tr, OPS_COL_lat_p50_ms),
			table_cell(&tr, OPS_COL_lat_p99_ms));
		ret = 0;
	}
	table_close(&tr);
	for (int i = 0; i < MAX_SERIES; i++)
		if (out[i])
			fclose(out[i]);
	return ret;
}

static void write_script(struct plot_ctx *c, const struct ops_chart *oc, FILE *f)
{
	double w = 0.8 / (oc->nseries ? oc->nseries : 1);

	fprintf(f,
		"reset\nset title \"latency per operation: p50 (point) and p99 (bar top)\\n"
		"{/*0.8 %s%s}\"\n",
		c->subtitle, oc->skipped ? ", the first 12 points and jobs only" : "");
	fprintf(f,
		"set ylabel 'completion latency (ms), log scale'\nset logscale y\nset grid ytics\n"
		"set xrange [-0.6:%d.6]\nset xtics noenhanced rotate by -45 (",
		oc->nops - 1);
	for (int i = 0; i < oc->nops; i++)
		fprintf(f, "%s'%s' %d", i ? ", " : "", oc->ops[i], i);
	fprintf(f, ")\nset key below horizontal maxcols 3 spacing 1.2 noenhanced\nplot \\\n");
	for (int s = 0; s < oc->nseries; s++) {
		char lbl[200];

		gp_text(lbl, sizeof(lbl), oc->series[s], 0);
		fprintf(f,
			"  '" GP_DATA
			"/ops-latency-%d.dat' using ($1 - 0.4 + %.3f):2:2:3 with yerrorbars "
			"lc %d pt 7 title '%s', \\\n",
			s, w * (s + 0.5), s + 1, lbl);
	}
	fprintf(f, "  NaN notitle\n");
}

int plot_ops_chart(struct plot_ctx *c)
{
	struct ops_chart oc = { 0 };
	char ops_path[PATH_MAX], body[PATH_MAX];
	FILE *f;
	int r;

	if (detail_path(c->csv_path, &table_ops, ops_path, sizeof(ops_path)))
		return 1;
	r = write_data(c, &oc, ops_path);
	if (r)
		return r;
	f = gp_open(c->datadir, "ops-latency.gp", body, sizeof(body));
	if (!f)
		return -1;
	write_script(c, &oc, f);
	fclose(f);
	return 0;
}
