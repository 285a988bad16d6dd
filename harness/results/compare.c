// SPDX-License-Identifier: GPL-2.0
/* The nconnect comparison that compare and plot share (see compare.h). */
#include <math.h>

#include "results/compare.h"

const struct headline headlines[NHEADLINES] = {
	{ "64 KiB sequential read", "seq64k", 100, RT_READ_MIB, "MiB/s" },
	{ "64 KiB sequential write", "seq64k", 0, RT_WRITE_MIB, "MiB/s" },
	{ "4 KiB random read", "rand4k", 100, RT_READ_IOPS, "IO/s" },
	{ "4 KiB random write", "rand4k", 0, RT_WRITE_IOPS, "IO/s" },
};

int compare_ratio(const struct results_table *t, int p, int pct, int tg, int base, enum rt_metric m,
		  double *value, double *base_value, double *ratio)
{
	int h1, h2;

	*value = rt_mean(t, p, pct, tg, m, &h1);
	*base_value = rt_mean(t, p, pct, base, m, &h2);
	if (!h1 || !h2 || *base_value <= 0)
		return -1;
	*ratio = *value / *base_value;
	return 0;
}

int compare_nconnect_one(const struct results_table *t)
{
	for (int tg = 0; tg < t->ntargets; tg++)
		if (t->nconnect[tg] == 1 && t->transports[tg] == 1)
			return tg;
	return -1;
}

int compare_nconnect_variant(const struct results_table *t, int tg)
{
	return t->nconnect[tg] > 1 && t->transports[tg] == t->nconnect[tg];
}

enum published_verdict compare_published_verdict(const struct verdict_fig *f, double published)
{
	if (published <= 0)
		return PUBLISHED_NONE;
	if (!f->has || f->verdict == VERDICT_NOT_JUDGED)
		return PUBLISHED_NOT_JUDGED;
	return f->r.lo <= published + PUBLISHED_ROUNDING &&
			       f->r.hi >= published - PUBLISHED_ROUNDING ?
		       PUBLISHED_AGREES :
		       PUBLISHED_DIFFERS;
}

const char *compare_published_word(enum published_verdict v)
{
	static const char *const words[] = { [PUBLISHED_NONE] = "",
					     [PUBLISHED_NOT_JUDGED] = "not_judged",
					     [PUBLISHED_AGREES] = "agrees",
					     [PUBLISHED_DIFFERS] = "differs" };

	return words[v];
}

double compare_pct_from_published(double ratio, double published)
{
	double d = (ratio / published - 1) * 100;

	return fabs(d) < 1e-9 ? 0 : d;
}

double compare_shown_round(double d, double per)
{
	return nearbyint(d * per) / per + 0.0;
}
