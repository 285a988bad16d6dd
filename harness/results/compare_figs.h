/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_COMPARE_FIGS_H
#define NFSWEEP_RESULTS_COMPARE_FIGS_H

/*
 * The figures of `nfsweep compare`, owned here so that the command only prints them: which
 * ratios a comparison has (the published headlines, every point against a base target, one
 * run against another), each judged (verdict.h) before the family is (verdict_family), and a
 * figure as its row of compare.csv. The printing walks the same points in the same order.
 */
#include "results/results_table.h"
#include "results/verdict.h"
#include "util/csv.h"

/* A comparison's figures, in the order they are printed and written. */
struct compare_figs {
	struct verdict_fig *f;
	size_t n, cap;
};

/*
 * The published headline ratios (results/compare.h's headlines), each nconnect=N variant over
 * the nconnect=1 target (compare_nconnect_one), whatever --base: one figure per headline and
 * variant, "has" 0 where the file lacks the profile. 0, or -ENOMEM.
 */
int compare_headline_figs(const struct results_table *t, const char *file, struct compare_figs *fs);

/* Every point's figure: each target over @base, per profile and read %. 0, or -ENOMEM. */
int compare_point_figs(const struct results_table *t, const char *file, int base,
		       struct compare_figs *fs);

/* How a comparison's family of figures was judged (verdict_family). */
struct compare_family {
	size_t nh;    /* the headline figures, first in the figures */
	double level; /* every interval's level */
	int judged, different;
};

/*
 * `compare FILE.csv`'s figures, the one way compare and the report make them: the headlines,
 * then every point over @base, judged as one family. 0, or -ENOMEM.
 */
int compare_targets_figs(const struct results_table *t, const char *file, int base,
			 struct compare_figs *fs, struct compare_family *fam);

/* The three figures of a point of run B against run A: the total, read p99, write p99. */
extern const enum rt_metric compare_runs_metrics[3];

/*
 * The target of @b that is @a's target @ta at (@pa, @pct) in @a and (@pb, @pct) in @b, when both
 * runs have ok rows there; else -1. The one rule of which points two runs share.
 */
int compare_shared_point(const struct results_table *a, const struct results_table *b, int pa,
			 int pb, int pct, int ta);

/* Run @b (file @fb) against run @a (@fa), point by point: the points matched, or -1 (ENOMEM). */
int compare_runs_figs(const struct results_table *a, const struct results_table *b, const char *fa,
		      const char *fb, struct compare_figs *fs);

/*
 * Figure @f as a row of compare.csv into @out: of @kind (headline, point, runs), @profile,
 * @target over @base; @published <= 0: none; @what: what the ratio is of; @level: the
 * family's interval level.
 */
void compare_csv_row(struct csv_file *out, const char *kind, const char *profile,
		     const struct verdict_fig *f, const char *target, const char *base,
		     double published, const char *what, double level);

void compare_figs_free(struct compare_figs *fs);

#endif
