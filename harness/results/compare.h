/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_COMPARE_H
#define NFSWEEP_COMPARE_H

/* The nconnect comparison shared by `compare` and `plot`. */
#include "results/results_table.h"

/* The four figures of the published scale-up (nconnect) section. */
struct headline {
	const char *name;	/* "64 KiB sequential read" */
	const char *profile;	/* seq64k */
	int read_pct;		/* 100 or 0 */
	enum rt_metric metric;
	const char *unit;
};
#define NHEADLINES 4
extern const struct headline headlines[NHEADLINES];

/* value(tg) / value(base) at (p, pct) of metric @m; -1 if either is missing. */
int compare_ratio(const struct results_table *t, int p, int pct, int tg, int base,
		  enum rt_metric m, double *value, double *base_value, double *ratio);

#endif
