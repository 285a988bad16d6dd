// SPDX-License-Identifier: GPL-2.0
/* fio's completion-latency histograms (see fio_hist.h). */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/fio_hist.h"
#include "fio/fio_json.h"

void fio_bucket_bounds(unsigned long long ns, unsigned long long *lo, unsigned long long *hi)
{
	unsigned long long half;

	if (ns < 128) { /* fio's first 128 buckets: one value each */
		*lo = ns;
		*hi = ns + 1;
		return;
	}
	/* 2^(msb - 6) wide (2 at least), @ns its middle */
	half = 1ULL << (63 - __builtin_clzll(ns) - 7);
	*lo = ns - half;
	*hi = ns + half;
}

static int bucket_cmp(const void *a, const void *b)
{
	unsigned long long x = ((const struct fio_bucket *)a)->lo_ns;
	unsigned long long y = ((const struct fio_bucket *)b)->lo_ns;

	return x < y ? -1 : x > y;
}

/* One entry's direction @dir into @h (unsorted, may repeat a bucket). 0, or -1: no bins. */
static int add_dir(struct fio_hist *h, size_t *cap, json_object *dir)
{
	json_object *clat, *bins;

	if (!json_object_object_get_ex(dir, "clat_ns", &clat) ||
	    json_object_get_int64(json_object_object_get(clat, "N")) <= 0)
		return 0;
	if (!json_object_object_get_ex(clat, "bins", &bins))
		return -1;
	json_object_object_foreach(bins, key, val)
	{
		struct fio_bucket b = { .count = (unsigned long long)json_object_get_int64(val) };

		fio_bucket_bounds(strtoull(key, NULL, 10), &b.lo_ns, &b.hi_ns);
		if (fio_hist_add(h, cap, b))
			return -1;
	}
	return 0;
}

int fio_hist_add(struct fio_hist *h, size_t *cap, struct fio_bucket b)
{
	if (h->n == *cap) {
		size_t c = *cap ? 2 * *cap : 256;
		struct fio_bucket *grown = realloc(h->b, c * sizeof(*grown));

		if (!grown)
			return -1;
		h->b = grown;
		*cap = c;
	}
	h->b[h->n++] = b;
	return 0;
}

void fio_hist_merge(struct fio_hist *h)
{
	size_t k = 0;

	h->total = 0;
	if (!h->n) /* no buckets (qsort takes no null array, even of none) */
		return;
	qsort(h->b, h->n, sizeof(*h->b), bucket_cmp);
	for (size_t i = 0; i < h->n; i++) {
		h->total += h->b[i].count;
		if (k && h->b[k - 1].lo_ns == h->b[i].lo_ns)
			h->b[k - 1].count += h->b[i].count;
		else
			h->b[k++] = h->b[i];
	}
	h->n = k;
}

int fio_hist_parse(const char *text, struct fio_hist h[2], char *err, size_t errlen)
{
	static const char *const dirs[2] = { "read", "write" };
	json_object *root = fio_json_root(text, err, errlen), *jobs;
	size_t cap[2] = { 0, 0 }, n;
	int ret = 0;

	memset(h, 0, 2 * sizeof(*h));
	if (!root)
		return -1;
	if (!json_object_object_get_ex(root, "client_stats", &jobs))
		json_object_object_get_ex(root, "jobs", &jobs);
	n = jobs && json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;
	for (size_t i = 0; i < n && !ret; i++) {
		json_object *job = json_object_array_get_idx(jobs, i), *name, *dir;

		if (json_object_object_get_ex(job, "jobname", &name) &&
		    !strcmp(json_object_get_string(name), "All clients"))
			continue;
		for (int d = 0; d < 2 && !ret; d++)
			if (json_object_object_get_ex(job, dirs[d], &dir))
				ret = add_dir(&h[d], &cap[d], dir);
	}
	json_object_put(root);
	if (ret) {
		snprintf(err, errlen,
			 "fio's JSON has completions without a latency histogram (bins): "
			 "not --output-format=json+");
		fio_hist_free(h);
		return -1;
	}
	fio_hist_merge(&h[0]);
	fio_hist_merge(&h[1]);
	return 0;
}

void fio_hist_free(struct fio_hist h[2])
{
	for (int d = 0; d < 2; d++) {
		free(h[d].b);
		h[d].b = NULL;
		h[d].n = 0;
		h[d].total = 0;
	}
}
