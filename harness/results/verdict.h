/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_VERDICT_H
#define NFSWEEP_RESULTS_VERDICT_H

/*
 * compare's verdicts: each compared figure (B over A, at one point) judged against its noise
 * (results/stats.h), and the whole comparison's figures as one family under Benjamini and
 * Hochberg's rule. results-schema/README.md ("Differences and noise") says what each verdict
 * means and when it is not valid.
 */
#include <stddef.h>

#include "results/results_table.h"
#include "results/stats.h"

/* The rate of false discoveries compare allows over one comparison. */
#define VERDICT_Q 0.05

enum verdict {
	VERDICT_NOT_JUDGED, /* no interval: why says why */
	VERDICT_SAME,	    /* no difference this data can show */
	VERDICT_BETTER,
	VERDICT_WORSE,
};

/* How a figure's interval was made. */
enum verdict_method {
	VERDICT_NONE,
	VERDICT_REPEATS, /* Welch on the repeats' logarithms */
	VERDICT_SECONDS, /* batch means of one run's seconds: the noise within that run only */
};

/* One side of a compared figure: a table, the file it came from, the cell. */
struct verdict_side {
	const struct results_table *t;
	const char *csv;
	int p, tg;
};

struct verdict_fig {
	struct verdict_side a, b; /* A, the base (or the first run); B over it */
	int pct;
	enum rt_metric m;
	double value, base_value, ratio; /* B's and A's means, as summary shows them, and B / A */
	int has;			 /* both sides have the figure */
	enum verdict_method method;
	int na, nb;	      /* repeats, or batches, on each side */
	int batch_a, batch_b; /* seconds per batch */
	int correlated;	      /* a side's batches still correlated: too narrow */
	struct stats_ratio r; /* with the method: ratio of geometric means, interval */
	enum verdict verdict;
	char why[160]; /* not judged: why */
};

/*
 * @f's figure from its sides (set by the caller: a, b, pct, m) and its noise: the repeats
 * when each side has two or more, else the seconds of each side's first run when the figure
 * is one fio logs per second (a total, or the one direction of a pure point), else not
 * judged, with why.
 */
void verdict_judge(struct verdict_fig *f);

/*
 * The family: Benjamini and Hochberg at VERDICT_Q over the judged figures of @f, each one's
 * interval at the level that matches, and its verdict. The level, in @level (0.95: 95 %);
 * the number of figures judged, in @judged. The number called different.
 */
int verdict_family(struct verdict_fig *f, size_t n, double *level, int *judged);

/* "better", "worse", "no_difference", "not_judged": the CSV's word for @v. */
const char *verdict_word(enum verdict v);

/* "~", "better", "worse", "?": the table's. */
const char *verdict_mark(enum verdict v);

/* Does a higher value of @m mean better (throughput, IOPS) rather than worse (latency)? */
int verdict_higher_better(enum rt_metric m);

#endif
