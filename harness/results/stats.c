// SPDX-License-Identifier: GPL-2.0
/* Ratios with their intervals, and Benjamini and Hochberg's rule (see stats.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MATHLIB_STANDALONE
#include <Rmath.h>

#include "results/stats.h"

int stats_logs_of(const double *x, int n, struct stats_logs *out)
{
	double sum = 0, ss = 0;

	memset(out, 0, sizeof(*out));
	if (n < 1)
		return -1;
	for (int i = 0; i < n; i++) {
		if (!(x[i] > 0) || !isfinite(x[i]))
			return -1;
		sum += log(x[i]);
	}
	out->n = n;
	out->mean = sum / n;
	for (int i = 0; i < n; i++)
		ss += (log(x[i]) - out->mean) * (log(x[i]) - out->mean);
	out->df = n - 1;
	out->var = n > 1 ? ss / (n - 1) / n : 0;
	return 0;
}

/*
 * Batches of @k samples, the last whole ones of @x (their means into @m): the means' mean,
 * variance and lag-1 correlation. The number of batches.
 */
static int batches(const double *x, int n, int k, double *m, double *mean, double *var, double *r1)
{
	int b = n / k > STATS_BATCHES ? STATS_BATCHES : n / k, start = n - b * k;
	double g = 0, ss = 0, cross = 0;

	for (int j = 0; j < b; j++) {
		double s = 0;

		for (int i = 0; i < k; i++)
			s += x[start + j * k + i];
		m[j] = s / k;
		g += m[j];
	}
	g /= b;
	for (int j = 0; j < b; j++) {
		ss += (m[j] - g) * (m[j] - g);
		if (j + 1 < b)
			cross += (m[j] - g) * (m[j + 1] - g);
	}
	*mean = g;
	*var = ss / (b - 1);
	*r1 = ss > 0 ? cross / ss : 0;
	return b;
}

int stats_logs_batched(const double *x, int n, struct stats_logs *out)
{
	double mean = 0, var = 0, r1 = 0, *m;
	int b;

	memset(out, 0, sizeof(*out));
	if (n < STATS_BATCHES)
		return -1;
	for (int i = 0; i < n; i++)
		if (!isfinite(x[i]) || x[i] < 0)
			return -1;
	m = malloc(STATS_BATCHES * sizeof(*m));
	if (!m)
		return -1;
	b = batches(x, n, n / STATS_BATCHES, m, &mean, &var, &r1);
	free(m);
	if (!(mean > 0))
		return -1;
	out->n = b;
	out->batch = n / STATS_BATCHES;
	out->correlated = r1 > 2 / sqrt(b);
	out->mean = log(mean);
	out->var = var / b / (mean * mean);
	out->df = b - 1;
	return 0;
}

int stats_mean_interval(const struct stats_logs *l, double level, double *lo, double *hi)
{
	double t;

	if (l->n < 2)
		return -1;
	t = l->var > 0 ? qt(1 - (1 - level) / 2, l->df, 1, 0) : 0;
	*lo = exp(l->mean - t * sqrt(l->var));
	*hi = exp(l->mean + t * sqrt(l->var));
	return 0;
}

int stats_ratio_of(const struct stats_logs *a, const struct stats_logs *b, struct stats_ratio *r)
{
	double t;

	memset(r, 0, sizeof(*r));
	if (a->n < 2 || b->n < 2)
		return -1;
	r->d = b->mean - a->mean;
	r->ratio = exp(r->d);
	r->se = sqrt(a->var + b->var);
	if (r->se > 0) {
		r->df = (a->var + b->var) * (a->var + b->var) /
			(a->var * a->var / a->df + b->var * b->var / b->df);
		t = fabs(r->d) / r->se;
		r->p = 2 * pt(-t, r->df, 1, 0);
	} else {
		/* no spread on either side: equal or not, with certainty */
		r->df = a->df + b->df;
		r->p = r->d == 0 ? 1 : 0;
	}
	r->lo = r->hi = r->ratio;
	return 0;
}

void stats_interval(struct stats_ratio *r, double level)
{
	double t = r->se > 0 ? qt(1 - (1 - level) / 2, r->df, 1, 0) : 0;

	r->lo = exp(r->d - t * r->se);
	r->hi = exp(r->d + t * r->se);
}

static int by_p(const void *x, const void *y, void *p)
{
	double a = ((const double *)p)[*(const int *)x], b = ((const double *)p)[*(const int *)y];

	return (a > b) - (a < b);
}

int stats_bh(const double *p, int m, double q, int *different, double *level)
{
	int *order, r = 0;

	*level = 1 - q / (m > 0 ? m : 1);
	if (m <= 0)
		return 0;
	memset(different, 0, (size_t)m * sizeof(*different));
	order = malloc((size_t)m * sizeof(*order));
	if (!order) {
		/* no memory to rank them: nothing called different, at the most careful level */
		return 0;
	}
	for (int i = 0; i < m; i++)
		order[i] = i;
	qsort_r(order, (size_t)m, sizeof(*order), by_p, (void *)p);
	/* the largest k with p_(k) <= k q / m: the k smallest are called different */
	for (int k = m; k >= 1; k--)
		if (p[order[k - 1]] <= k * q / m) {
			r = k;
			break;
		}
	for (int k = 0; k < r; k++)
		different[order[k]] = 1;
	if (r)
		*level = 1 - r * q / m;
	free(order);
	return r;
}
