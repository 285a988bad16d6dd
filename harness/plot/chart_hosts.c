// SPDX-License-Identifier: GPL-2.0
/*
 * hosts.png|svg: a --hosts file's points, each host's IOPS side by side (a
 * bar per host, a group per point): a host that lagged behind the others,
 * or reported nothing, shows at once. From FILE.hosts.csv.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "results/csv.h"
#include "results/detail_file.h"
#include "results/schema.h"

#define MAX_POINTS 32
#define MAX_SERIES 16

struct hosts_chart {
	char points[MAX_POINTS][160]; /* the point (fio_json), in order */
	char titles[MAX_POINTS][160]; /* and its label */
	int npoints;
	char hosts[MAX_SERIES][160];
	int nhosts;
	double iops[MAX_POINTS][MAX_SERIES]; /* NaN where the host reported nothing */
	int skipped;
};

/* The index of @key in @list (*@n entries), added if missing; -1 when @list is full. */
static int find(char (*list)[160], int *n, int max, const char *key)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(list[i], key))
			return i;
	if (*n == max)
		return -1;
	snprintf(list[*n], 160, "%s", key);
	return (*n)++;
}

/* Read FILE.hosts.csv. 1 when there is none, or no row. */
static int read_rows(struct hosts_chart *hc, const char *path)
{
	int c_json = table_find(&table_hosts, "fio_json"),
	    c_host = table_find(&table_hosts, "host");
	int c_prof = table_find(&table_hosts, "profile"),
	    c_tgt = table_find(&table_hosts, "target");
	int c_read = table_find(&table_hosts, "read_pct"),
	    c_lp = table_find(&table_hosts, "load_point");
	int c_r = table_find(&table_hosts, "read_iops"),
	    c_w = table_find(&table_hosts, "write_iops");
	struct csv_record rec = { 0 };
	size_t line = 0;
	int r, header = 1, ret = 1;
	FILE *in = fopen(path, "r");

	if (!in)
		return errno == ENOENT ? 1 :
					 (fprintf(stderr, "nfsweep plot: open %s: %s\n", path,
						  strerror(errno)),
					  -1);
	for (int p = 0; p < MAX_POINTS; p++)
		for (int h = 0; h < MAX_SERIES; h++)
			hc->iops[p][h] = NAN;
	while ((r = csv_read_record(in, &rec, &line)) == 1) {
		int p, h, before = hc->npoints;

		if (header || rec.n <= (size_t)c_w) { /* write_iops: the last column read */
			header = 0;
			continue;
		}
		p = find(hc->points, &hc->npoints, MAX_POINTS, rec.cells[c_json]);
		h = find(hc->hosts, &hc->nhosts, MAX_SERIES, rec.cells[c_host]);
		if (p < 0 || h < 0) {
			hc->skipped = 1;
			continue;
		}
		if (hc->npoints > before)
			snprintf(hc->titles[p], sizeof(hc->titles[p]), "%s %s %s%s",
				 rec.cells[c_prof], rec.cells[c_tgt],
				 rec.cells[c_lp][0] ? "load " : "r",
				 rec.cells[c_lp][0] ? rec.cells[c_lp] : rec.cells[c_read]);
		if (rec.cells[c_r][0] || rec.cells[c_w][0])
			hc->iops[p][h] = atof(rec.cells[c_r]) + atof(rec.cells[c_w]);
		ret = 0;
	}
	csv_record_free(&rec);
	fclose(in);
	return ret;
}

static int write_data(struct plot_ctx *c, const struct hosts_chart *hc)
{
	char path[PATH_MAX];
	FILE *f = gp_open(c->datadir, "hosts.dat", path, sizeof(path));

	if (!f)
		return -1;
	for (int p = 0; p < hc->npoints; p++) {
		fprintf(f, "%d", p);
		for (int h = 0; h < hc->nhosts; h++)
			fprintf(f, isnan(hc->iops[p][h]) ? " NaN" : " %.1f", hc->iops[p][h]);
		fprintf(f, "\n");
	}
	fclose(f);
	return 0;
}

static void write_script(struct plot_ctx *c, const struct hosts_chart *hc, FILE *f)
{
	double w = 0.8 / hc->nhosts;

	fprintf(f,
		"reset\nset title \"IOPS of each host, point by point (a gap: the host reported "
		"nothing)\\n{/*0.8 %s%s}\"\n",
		c->subtitle,
		hc->skipped ? ", the first points and "
			      "hosts only" :
			      "");
	fprintf(f,
		"set ylabel 'IOPS (ops/s for op-mix profiles)'\nset yrange [0:*]\nset grid ytics\n"
		"set style fill solid 0.7 border -1\nset boxwidth %.3f\n"
		"set xrange [-0.6:%d.6]\nset xtics noenhanced rotate by -30 (",
		w, hc->npoints - 1);
	for (int p = 0; p < hc->npoints; p++) {
		char lbl[200];

		gp_text(lbl, sizeof(lbl), hc->titles[p], 0);
		fprintf(f, "%s'%s' %d", p ? ", " : "", lbl, p);
	}
	fprintf(f, ")\nset key below horizontal noenhanced\nplot \\\n");
	for (int h = 0; h < hc->nhosts; h++) {
		char lbl[160];

		gp_text(lbl, sizeof(lbl), hc->hosts[h], 0);
		fprintf(f,
			"  '" GP_DATA
			"/hosts.dat' using ($1 - 0.4 + %.3f):%d with boxes lc %d title '%s', \\\n",
			w * (h + 0.5), h + 2, h + 1, lbl);
	}
	fprintf(f, "  NaN notitle\n");
}

int plot_hosts_chart(struct plot_ctx *c)
{
	struct hosts_chart *hc = calloc(1, sizeof(*hc));
	char path[PATH_MAX], body[PATH_MAX];
	FILE *f;
	int r = -1;

	if (!hc)
		return -1;
	if (detail_path(c->csv_path, &table_hosts, path, sizeof(path))) {
		free(hc);
		return 1;
	}
	r = read_rows(hc, path);
	if (!r)
		r = write_data(c, hc);
	if (!r && !(f = gp_open(c->datadir, "hosts.gp", body, sizeof(body))))
		r = -1;
	if (!r) {
		write_script(c, hc, f);
		fclose(f);
		gp_terminals(c->gp, "hosts", body, !c->svg_only);
	}
	free(hc);
	return r;
}
