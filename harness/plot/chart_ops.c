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
#include "results/csv.h"
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

/*
 * Read the detail file into one data file per series ("s<N>.dat" lines:
 * op index, p50, p99). 1 when there is no file or no row with a latency.
 */
static int write_data(struct plot_ctx *c, struct ops_chart *oc, const char *ops_path)
{
	int col_profile = table_find(&table_ops, "profile"),
	    col_target = table_find(&table_ops, "target");
	int col_read = table_find(&table_ops, "read_pct"),
	    col_lp = table_find(&table_ops, "load_point");
	int col_job = table_find(&table_ops, "job"), col_op = table_find(&table_ops, "op");
	int col_n = table_find(&table_ops, "count");
	int col_p50 = table_find(&table_ops, "lat_p50_ms"),
	    col_p99 = table_find(&table_ops, "lat_p99_ms");
	struct csv_record rec = { 0 };
	FILE *in, *out[MAX_SERIES] = { 0 };
	size_t line = 0;
	int r, header = 1, ret = 1;

	in = fopen(ops_path, "r");
	if (!in)
		return errno == ENOENT ? 1 :
					 (fprintf(stderr, "nfsweep plot: open %s: %s\n", ops_path,
						  strerror(errno)),
					  -1);
	while ((r = csv_read_record(in, &rec, &line)) == 1) {
		char title[160], name[32], path[PATH_MAX];
		int s, x;

		if (header || rec.n <= (size_t)col_p99 || atof(rec.cells[col_n]) <= 0 ||
		    !rec.cells[col_p50][0]) {
			header = 0;
			continue;
		}
		snprintf(title, sizeof(title), "%s %s %s%s %s", rec.cells[col_profile],
			 rec.cells[col_target], rec.cells[col_lp][0] ? "load point " : "read ",
			 rec.cells[col_lp][0] ? rec.cells[col_lp] : rec.cells[col_read],
			 rec.cells[col_job]);
		s = series_index(oc, title);
		x = op_index(oc, rec.cells[col_op]);
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
		fprintf(out[s], "%d %s %s\n", x, rec.cells[col_p50], rec.cells[col_p99]);
		ret = 0;
	}
	csv_record_free(&rec);
	fclose(in);
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
	gp_terminals(c->gp, "ops-latency", body, !c->svg_only);
	return 0;
}
