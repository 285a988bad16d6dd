/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_STATS_H
#define NFSWEEP_RESULTS_STATS_H

/*
 * How compare tells a difference from noise (results-schema/README.md, "Differences and
 * noise"). A compared figure is a ratio, B over A, of two positive measures; its interval is
 * made on the logarithms, where a ratio is a difference:
 *
 *  - with repeats of the point (run --repeat N, N >= 2 on both sides), Welch's t on the
 *    logarithms of the repeats: the ratio of their geometric means, its interval from each
 *    side's own spread;
 *  - with one run, the per-second samples of that run (throughput and IOPS only: fio logs
 *    no latency per second), by batch means: the seconds grouped into batches long enough
 *    that the batches' means are no longer correlated with their neighbours, and the spread
 *    of those means taken. That is the noise within one run only, a lower bound on the noise
 *    between runs, and says so.
 *
 * Over all the figures of one comparison, Benjamini and Hochberg's rule at a rate q: a figure
 * is called different when its p-value is among those the rule selects, and every interval is
 * given at the level 1 - R q / m (R selected of m; Benjamini and Yekutieli's false coverage
 * rate), so that a figure is called different exactly when its interval leaves out 1.
 *
 * Pure functions; Student's t is R's (Rmath, Debian's r-mathlib).
 */

/* A figure's measure on one side, on the log scale. */
struct stats_logs {
	int n;		/* repeats, or batches */
	double mean;	/* of the logarithms (repeats), or the logarithm of the mean (batches) */
	double var;	/* the variance of that mean; 0 with n < 2 */
	double df;	/* its degrees of freedom: n - 1 */
	int batch;	/* batch means: seconds per batch (0: repeats) */
	int correlated; /* batch means: the batches' means still correlated (lag 1) */
};

/*
 * @n repeats @x of a figure into @out. 0, or -1 when a value is not above 0 (a ratio of it
 * has no meaning) or @n < 1.
 */
int stats_logs_of(const double *x, int n, struct stats_logs *out);

/* Batch means: the run's seconds in this many batches. */
#define STATS_BATCHES 10

/*
 * @n per-second samples @x of one run into @out by batch means: the last n - n % 10 seconds
 * in STATS_BATCHES batches of equal length, and the spread of the batches' means (their
 * variance over their number, taken to the log scale by the delta method). Ten batches: a
 * rule that picks the batch length from the batches' own lag-1 correlation lacks the power
 * to see it at these sizes (at AR(1) phi 0.9 it took batches whose means were still
 * correlated by a third, and the intervals covered 87 % instead of 95 %), and ten batches
 * of a 600 s point, 60 s each, outlast any correlation that would not already show as a
 * drift in the timeline chart. @out->correlated when the batches' means are still
 * correlated beyond the 95 % bound of independent ones (lag 1 above 2 / sqrt(10)): the
 * interval is then too narrow, and compare says so. 0, or -1 with fewer than STATS_BATCHES
 * samples or a mean that is not above 0.
 */
int stats_logs_batched(const double *x, int n, struct stats_logs *out);

/*
 * The interval of @l's mean at @level, back from the log scale (of the geometric mean of
 * repeats, or of one run's mean): 0, or -1 with fewer than two values.
 */
int stats_mean_interval(const struct stats_logs *l, double level, double *lo, double *hi);

/* B over A. */
struct stats_ratio {
	double ratio;  /* exp(b.mean - a.mean) */
	double d, se;  /* the log ratio and its standard error */
	double df;     /* Welch and Satterthwaite's degrees of freedom */
	double p;      /* two-sided, of no difference; 1 when the spread is 0 and d is 0 */
	double lo, hi; /* the interval, at the level of stats_interval() */
};

/*
 * The ratio of @b over @a with its p-value. 0, or -1 when either side has fewer than 2
 * values (no spread to judge by).
 */
int stats_ratio_of(const struct stats_logs *a, const struct stats_logs *b, struct stats_ratio *r);

/* @r's interval at @level (0.95: 95 %) into lo and hi. */
void stats_interval(struct stats_ratio *r, double level);

/*
 * Benjamini and Hochberg at @q over @m p-values @p: @different[i] = 1 for each figure called
 * different, and in @level the level of every interval that matches (1 - R q / m, or
 * 1 - q / m when R = 0). The number called different, R.
 */
int stats_bh(const double *p, int m, double q, int *different, double *level);

#endif
