/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_COMPARE_H
#define NFSWEEP_COMPARE_H

/* The nconnect comparison shared by `compare` and `plot`. */
#include "results/results_table.h"

/* The four figures of the published scale-up (nconnect) section. */
struct headline {
	const char *name;    /* "64 KiB sequential read" */
	const char *profile; /* seq64k */
	int read_pct;	     /* 100 or 0 */
	enum rt_metric metric;
	const char *unit;
};
#define NHEADLINES 4
extern const struct headline headlines[NHEADLINES];

/*
 * The published comparison is always the nconnect=N variant over the
 * nconnect=1 one, whichever target the user compares with: the target
 * mounted with nconnect=1 on one transport (the rows' nconnect_asked and
 * transports, not its label), or -1 when there is none.
 */
int compare_nconnect_one(const struct results_table *t);

/* Is @tg an nconnect=N variant (N > 1) that got its N transports? */
int compare_nconnect_variant(const struct results_table *t, int tg);

/* value(tg) / value(base) at (p, pct) of metric @m; -1 if either is missing. */
int compare_ratio(const struct results_table *t, int p, int pct, int tg, int base, enum rt_metric m,
		  double *value, double *base_value, double *ratio);

#endif
