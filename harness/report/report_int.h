/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_REPORT_REPORT_INT_H
#define NFSWEEP_REPORT_REPORT_INT_H

/* What the sections of the run's page share (report.c, headline.c). */
#include <limits.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "report/page.h"
#include "report/report.h"
#include "results/rows.h"
#include "results/reference.h"
#include "results/results_table.h"

struct rep {
	const struct report_in *in;
	struct page pg;
	char dir[PATH_MAX];  /* the results file's directory: links are relative to it */
	char name[PATH_MAX]; /* the results file's name in it (sweep.csv) */
	struct rows res, run, ops, rpc, hosts; /* FILE.csv and the files beside it */
	int have_run, have_ops, have_rpc, have_hosts;
	struct results_table *t; /* the means of the ok rows */
	struct reference ref;
	int have_ref;
	char ref_why[256];
	char *problems; /* what validate says, one line each */
	size_t problems_len;
	int nproblems;
	struct plot_drawn drawn;
	int charts; /* 1 drawn, 0 not (charts_why) */
	char charts_why[300];
	int hosts_mode; /* the rows were run with --hosts */
};

/*
 * Section 1, at a glance: how the run went (report_status), then the nconnect comparison, the
 * curve's ORT, the op mix, against the published.
 */
void report_headline(struct rep *r);

/* Section 1's first paragraph: rows ok and failed, whether the files validate, the charts. */
void report_status(struct rep *r);

/* A number cell of a table: <td class=n> with @v in @fmt, or "-" when @s is empty. */
void report_num(struct page *pg, const char *s, const char *fmt, double scale);

#endif
