/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_COMPARE_H
#define NFSWEEP_COMPARE_H

/* The nconnect comparison shared by `compare` and `plot`. */
#include "results/results_table.h"
#include "results/verdict.h"

/*
 * The figures of the published scale-up (nconnect) section: the headline points the profiles
 * declare (results/profile_info.h, headline=), each one's pure read and pure write.
 */
struct headline {
	char name[64];	  /* "64 KiB sequential read" */
	char profile[64]; /* seq64k */
	int read_pct;	  /* 100 or 0 */
	enum rt_metric metric;
	const char *unit;
};
#define MAX_HEADLINES 16

/*
 * The headlines of the profiles in nfsweep's profiles directory (the ones that ship), in the
 * order their headline= gives, each profile's read before its write; read once. A profile that
 * cannot be read has none (the sweep refuses it by name). Returns how many, *@hl the list.
 */
size_t compare_headlines(const struct headline **hl);

/* The same, read from the profiles in @dir (@dir's *.fio): how many, at most @max. */
size_t compare_headlines_read(const char *dir, struct headline *hl, size_t max);

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

/* A headline ratio against the published gain. */
enum published_verdict {
	PUBLISHED_NONE,	      /* none is published */
	PUBLISHED_NOT_JUDGED, /* the ratio has no interval (the figure's why says why) */
	PUBLISHED_AGREES,     /* the published gain is within the ratio's interval */
	PUBLISHED_DIFFERS,    /* it is outside: the measured gain is another */
};

/*
 * The published gains are stated to a tenth ("2.3x", "3.0x"): a measured gain agrees with one
 * when its interval reaches within this of it (the published figure's own rounding).
 */
#define PUBLISHED_ROUNDING 0.05

/*
 * @f (judged by verdict_judge and verdict_family) against @published (<= 0: none): agrees when
 * its interval meets [published - PUBLISHED_ROUNDING, published + PUBLISHED_ROUNDING].
 */
enum published_verdict compare_published_verdict(const struct verdict_fig *f, double published);

/* "", "not_judged", "agrees", "differs": compare.csv's published_verdict. */
const char *compare_published_word(enum published_verdict v);

/*
 * How far a measured ratio is from the published one, in percent of it; an
 * exact match is 0, not the -0 of a rounding error (2.3 / 2.3 - 1 may be
 * -4e-17, printed "-0.0").
 */
double compare_pct_from_published(double ratio, double published);

/*
 * @d rounded to 1/@per as it will be printed, and a -0 made 0: -0.3 % is
 * printed "+0%", never "-0%".
 */
double compare_shown_round(double d, double per);

#endif
