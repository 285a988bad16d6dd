// SPDX-License-Identifier: GPL-2.0
/* The nconnect comparison that compare and plot share (see compare.h). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/compare.h"
#include "results/profile_info.h"
#include "util/paths.h"

struct declared {
	char name[64];
	struct profile_info pi;
};

static int by_rank(const void *a, const void *b)
{
	const struct declared *x = a, *y = b;

	int rx = x->pi.headline, ry = y->pi.headline;

	return rx != ry ? (rx > ry) - (rx < ry) : strcmp(x->name, y->name);
}

/* The profiles of @dir that declare headlines, into @d (at most @max): how many. */
static size_t declared_read(const char *dir, struct declared *d, size_t max)
{
	DIR *dh = opendir(dir);
	struct dirent *e;
	size_t n = 0;
	char path[4096], err[256];

	while (dh && n < max && (e = readdir(dh))) {
		size_t len = strlen(e->d_name);

		if (len <= 4 || len - 4 >= sizeof(d->name) || strcmp(e->d_name + len - 4, ".fio") ||
		    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path) ||
		    profile_info_read(path, &d[n].pi, err, sizeof(err)) || !d[n].pi.headline)
			continue;
		snprintf(d[n].name, sizeof(d[n].name), "%.*s", (int)(len - 4), e->d_name);
		n++;
	}
	if (dh)
		closedir(dh);
	qsort(d, n, sizeof(*d), by_rank);
	return n;
}

size_t compare_headlines_read(const char *dir, struct headline *hl, size_t max)
{
	struct declared d[MAX_HEADLINES / 2];
	size_t n = declared_read(dir, d, MAX_HEADLINES / 2), k = 0;

	for (size_t i = 0; i < n && k + 2 <= max; i++) {
		bool iops = d[i].pi.headline_iops;

		for (int w = 0; w < 2; w++, k++) {
			snprintf(hl[k].name, sizeof(hl[k].name), "%s %s", d[i].pi.headline_title,
				 w ? "write" : "read");
			snprintf(hl[k].profile, sizeof(hl[k].profile), "%.63s", d[i].name);
			hl[k].read_pct = w ? 0 : 100;
			hl[k].metric = iops ? (w ? RT_WRITE_IOPS : RT_READ_IOPS) :
					      (w ? RT_WRITE_MIB : RT_READ_MIB);
			hl[k].unit = iops ? "IO/s" : "MiB/s";
		}
	}
	return k;
}

size_t compare_headlines(const struct headline **hl)
{
	static struct headline list[MAX_HEADLINES];
	static size_t n;
	static bool loaded;

	if (!loaded) {
		n = compare_headlines_read(nfsweep_default_profiles_dir(), list, MAX_HEADLINES);
		loaded = true;
	}
	*hl = list;
	return n;
}

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
