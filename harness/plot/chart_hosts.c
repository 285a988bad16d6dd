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
#include "results/table_read.h"
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

/* The row @tr read into @hc: 0, or 1 when there is no room for its point or host. */
static int add_row(struct hosts_chart *hc, const struct table_read *tr)
{
	const char *lp = table_cell(tr, HOSTS_COL_load_point);
	const char *r = table_cell(tr, HOSTS_COL_read_iops),
		   *w = table_cell(tr, HOSTS_COL_write_iops);
	int p, h, before = hc->npoints;

	p = find(hc->points, &hc->npoints, MAX_POINTS, table_cell(tr, HOSTS_COL_fio_json));
	h = find(hc->hosts, &hc->nhosts, MAX_SERIES, table_cell(tr, HOSTS_COL_host));
	if (p < 0 || h < 0)
		return 1;
	if (hc->npoints > before)
		snprintf(hc->titles[p], sizeof(hc->titles[p]), "%s %s %s%s",
			 table_cell(tr, HOSTS_COL_profile), table_cell(tr, HOSTS_COL_target),
			 lp[0] ? "load " : "r", lp[0] ? lp : table_cell(tr, HOSTS_COL_read_pct));
	if (r[0] || w[0])
		hc->iops[p][h] = atof(r) + atof(w);
	return 0;
}

/* Read FILE.hosts.csv. 1 when there is none, or no row. */
static int read_rows(struct hosts_chart *hc, const char *path)
{
	struct table_read tr;
	int r = table_open_as(&tr, path, &table_hosts), ret = 1;

	if (r == -ENOENT || r == -ENODATA)
		return 1;
	if (r) {
		if (r == -EPROTO)
			fprintf(stderr, "nfsweep plot: %s: not a hosts file of schema %s\n", path,
				schema_version());
		else
			fprintf(stderr, "nfsweep plot: open %s: %s\n", path, strerror(-r));
		table_close(&tr);
		return -1;
	}
	for (int p = 0; p < MAX_POINTS; p++)
		for (int h = 0; h < MAX_SERIES; h++)
			hc->iops[p][h] = NAN;
	while (table_next(&tr) == 1) {
		if (!table_whole(&tr))
			continue;
		if (add_row(hc, &tr))
			hc->skipped = 1;
		else
			ret = 0;
	}
	table_close(&tr);
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
	}
	free(hc);
	return r;
}
