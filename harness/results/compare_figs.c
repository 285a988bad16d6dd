// SPDX-License-Identifier: GPL-2.0
/* compare's figures, each judged, and their rows of compare.csv (see compare_figs.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "results/compare.h"
#include "results/compare_figs.h"
#include "results/schema.h"

/*
 * One CSV row of a ratio; @published <= 0: none. The difference from published and then the
 * verdict's columns go last, so that the columns before them keep the places they had (schema
 * of compare.csv before 1.5, and before the verdicts).
 */
void compare_csv_row(struct csv_file *out, const char *kind, const char *profile,
		     const struct verdict_fig *f, const char *target, const char *base,
		     double published, const char *what, double level)
{
	char cells[12][40];
	/* clang-format off */
	const char *row[COMPARE_NCOLUMNS] = {
		[COMPARE_COL_kind] = kind, [COMPARE_COL_profile] = profile,
		[COMPARE_COL_read_pct] = cells[0], [COMPARE_COL_metric] = rt_metric_column[f->m],
		[COMPARE_COL_target] = target, [COMPARE_COL_base] = base,
		[COMPARE_COL_value] = cells[1], [COMPARE_COL_base_value] = cells[2],
		[COMPARE_COL_ratio] = cells[3], [COMPARE_COL_published_ratio] = cells[4],
		[COMPARE_COL_what] = what, [COMPARE_COL_difference_from_published_pct] = cells[5],
		[COMPARE_COL_ratio_geo] = cells[6], [COMPARE_COL_ratio_low] = cells[7],
		[COMPARE_COL_ratio_high] = cells[8], [COMPARE_COL_interval_pct] = cells[9],
		[COMPARE_COL_verdict] = verdict_word(f->verdict),
		[COMPARE_COL_method] = f->method == VERDICT_REPEATS ? "repeats" :
				       f->method == VERDICT_SECONDS ? "seconds" : "",
		[COMPARE_COL_sides_n] = cells[10], [COMPARE_COL_p_value] = cells[11],
		[COMPARE_COL_why] = f->why,
		[COMPARE_COL_published_verdict] =
			compare_published_word(compare_published_verdict(f, published)),
	};
	/* clang-format on */
	int judged = f->verdict != VERDICT_NOT_JUDGED;

	snprintf(cells[0], 40, "%d", f->pct);
	snprintf(cells[1], 40, "%.3f", f->value);
	snprintf(cells[2], 40, "%.3f", f->base_value);
	snprintf(cells[3], 40, "%.3f", f->ratio);
	cells[4][0] = cells[5][0] = '\0';
	if (published > 0) {
		snprintf(cells[4], 40, "%.3f", published);
		snprintf(cells[5], 40, "%.1f",
			 compare_shown_round(compare_pct_from_published(f->ratio, published), 10));
	}
	for (int i = 6; i < 12; i++)
		cells[i][0] = '\0';
	if (judged) {
		snprintf(cells[6], 40, "%.3f", f->r.ratio);
		snprintf(cells[7], 40, "%.3f", f->r.lo);
		snprintf(cells[8], 40, "%.3f", f->r.hi);
		snprintf(cells[9], 40, "%.3f", level * 100);
		snprintf(cells[10], 40, "%d+%d", f->na, f->nb);
		snprintf(cells[11], 40, "%.3f", f->r.p);
	}
	csv_file_record(out, row, COMPARE_NCOLUMNS);
}

/* A figure of @t's own targets: @tg over @base at (@p, @pct), judged. */
static void target_fig(struct verdict_fig *f, const struct results_table *t, const char *file,
		       int p, int pct, int tg, int base, enum rt_metric m)
{
	*f = (struct verdict_fig){
		.a = { t, file, p, base }, .b = { t, file, p, tg }, .pct = pct, .m = m
	};
	verdict_judge(f);
}

static struct verdict_fig *compare_figs_add(struct compare_figs *fs)
{
	if (fs->n == fs->cap) {
		size_t cap = fs->cap ? 2 * fs->cap : 64;
		struct verdict_fig *g = realloc(fs->f, cap * sizeof(*g));

		if (!g)
			return NULL;
		fs->f = g;
		fs->cap = cap;
	}
	return &fs->f[fs->n++];
}

/*
 * The headline ratios first: what the article's scale-up section shows,
 * always nconnect=N over nconnect=1 (compare_nconnect_one), whatever --base.
 * Their figures go into @fs; printed and written after the family is judged.
 */
int compare_headline_figs(const struct results_table *t, const char *file, struct compare_figs *fs)
{
	int base = compare_nconnect_one(t);

	const struct headline *hls;
	size_t nhl = compare_headlines(&hls);

	for (size_t h = 0; base >= 0 && h < nhl; h++) {
		const struct headline *hl = &hls[h];
		int p = rt_profile(t, hl->profile);

		for (int tg = 0; tg < t->ntargets; tg++) {
			struct verdict_fig *f;

			if (!compare_nconnect_variant(t, tg))
				continue;
			f = compare_figs_add(fs);
			if (!f)
				return -ENOMEM;
			if (p < 0)
				*f = (struct verdict_fig){ .has = 0 };
			else
				target_fig(f, t, file, p, hl->read_pct, tg, base, hl->metric);
		}
	}
	return 0;
}

/* Every point's figure: each target over @base, per profile. */
int compare_point_figs(const struct results_table *t, const char *file, int base,
		       struct compare_figs *fs)
{
	for (int p = 0; p < t->nprofiles; p++) {
		enum rt_metric m = rt_is_throughput(t, p) ? RT_TOTAL_MIB : RT_TOTAL_IOPS;

		for (int pct = 100; pct >= 0; pct--) {
			if (!rt_has_pct(t, p, pct))
				continue;
			for (int tg = 0; tg < t->ntargets; tg++) {
				struct verdict_fig *f;

				if (tg == base)
					continue;
				f = compare_figs_add(fs);
				if (!f)
					return -ENOMEM;
				target_fig(f, t, file, p, pct, tg, base, m);
			}
		}
	}
	return 0;
}

/* The three figures of one point of run B against run A: the total, read p99, write p99. */
const enum rt_metric compare_runs_metrics[3] = { RT_TOTAL_MIB, RT_READ_P99, RT_WRITE_P99 };

/*
 * The target of @b that is @a's target @ta at (@pa, @pct) in @a and (@pb, @pct) in @b, when both
 * runs have ok rows there; else -1. The one rule of which points two runs share, for the figures
 * and for their printing, which walk the points in the same order.
 */
int compare_shared_point(const struct results_table *a, const struct results_table *b, int pa,
			 int pb, int pct, int ta)
{
	int tb = rt_target(b, a->targets[ta]);

	if (pb < 0 || !rt_has_pct(a, pa, pct) || !rt_has_pct(b, pb, pct) || tb < 0 ||
	    !rt_rows(a, pa, pct, ta) || !rt_rows(b, pb, pct, tb))
		return -1;
	return tb;
}

int compare_runs_figs(const struct results_table *a, const struct results_table *b, const char *fa,
		      const char *fb, struct compare_figs *fs)
{
	int matched = 0;

	for (int pa = 0; pa < a->nprofiles; pa++) {
		int pb = rt_profile(b, a->profiles[pa]);

		for (int pct = 100; pb >= 0 && pct >= 0; pct--) {
			for (int ta = 0; ta < a->ntargets; ta++) {
				int tb = compare_shared_point(a, b, pa, pb, pct, ta);

				if (tb < 0)
					continue;
				matched++;
				for (int k = 0; k < 3; k++) {
					struct verdict_fig *f = compare_figs_add(fs);

					if (!f)
						return -1;
					*f = (struct verdict_fig){ .a = { a, fa, pa, ta },
								   .b = { b, fb, pb, tb },
								   .pct = pct,
								   .m = compare_runs_metrics[k] };
					if (!k && !rt_is_throughput(a, pa))
						f->m = RT_TOTAL_IOPS;
					verdict_judge(f);
				}
			}
		}
	}
	return matched;
}

int compare_targets_figs(const struct results_table *t, const char *file, int base,
			 struct compare_figs *fs, struct compare_family *fam)
{
	int ret = compare_headline_figs(t, file, fs);

	fam->nh = fs->n;
	if (!ret)
		ret = compare_point_figs(t, file, base, fs);
	if (!ret)
		fam->different = verdict_family(fs->f, fs->n, &fam->level, &fam->judged);
	return ret;
}

void compare_figs_free(struct compare_figs *fs)
{
	free(fs->f);
	fs->f = NULL;
	fs->n = fs->cap = 0;
}
