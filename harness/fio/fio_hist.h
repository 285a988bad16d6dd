/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FIO_FIO_HIST_H
#define NFSWEEP_FIO_FIO_HIST_H

/*
 * fio's completion-latency histograms, as --output-format=json+ reports them: each direction's
 * clat_ns "bins", a count per bucket keyed by the value fio reports for the bucket (the middle
 * of its range: stat.c, plat_idx_to_val). fio's buckets are log-linear (FIO_IO_U_PLAT_BITS 6):
 * one per nanosecond below 128 ns, then 64 per power of two, each 2^(msb - 6) wide, so a value
 * gives its bucket's bounds back exactly. Histograms add: the entries of one report (the jobs of
 * a profile, every host of a --hosts point) are merged by adding their counts, bucket by bucket.
 */
#include <stddef.h>

struct fio_bucket {
	unsigned long long lo_ns, hi_ns; /* [lo_ns, hi_ns) */
	unsigned long long count;
};

struct fio_hist {
	struct fio_bucket *b; /* in increasing order, none empty */
	size_t n;
	unsigned long long total; /* the counts' sum */
};

/* The bounds [@lo, @hi) of the bucket fio reports as @ns. */
void fio_bucket_bounds(unsigned long long ns, unsigned long long *lo, unsigned long long *hi);

/*
 * The histograms of fio's report @text: @h[0] reads', @h[1] writes', each the sum of every job
 * entry's ("jobs"; a --hosts report's "client_stats", its "All clients" aside). A direction
 * with no completions has n 0. 0; or -1 with @err (no JSON, or completions without bins: not
 * json+). Free with fio_hist_free.
 */
int fio_hist_parse(const char *text, struct fio_hist h[2], char *err, size_t errlen);

/* Append bucket @b to @h (@cap: its room, 0 at first; any order, a range may repeat). 0, or -1. */
int fio_hist_add(struct fio_hist *h, size_t *cap, struct fio_bucket b);

/* Sort @h's buckets, add up those of one range, and count its total: after adding histograms. */
void fio_hist_merge(struct fio_hist *h);

void fio_hist_free(struct fio_hist h[2]);

#endif
