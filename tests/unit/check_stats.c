// SPDX-License-Identifier: GPL-2.0
/*
 * results/stats.c: a ratio's interval from repeats against one computed by hand (Welch's t on
 * the logarithms, Student's t with 4 degrees of freedom in closed form), one run's samples by
 * batch means against a sample with strong autocorrelation (AR(1), phi 0.9), whose naive
 * interval is too narrow: the batch means' interval covers the true mean about 95 % of the
 * time and the naive one far less; and Benjamini and Hochberg's rule on the example of their
 * paper (1995: 15 p-values, 4 called different at 0.05).
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "helpers.h"
#include "results/stats.h"

/* 100 and 110, each repeated as x, x e^0.02, x e^-0.02: logs with s^2 = 0.0004 each side */
START_TEST(test_repeats_by_hand)
{
	double a[3] = { 100, 100 * exp(0.02), 100 * exp(-0.02) };
	double b[3] = { 110, 110 * exp(0.02), 110 * exp(-0.02) };
	struct stats_logs la, lb;
	struct stats_ratio r;
	/* by hand: d = ln 1.1, se = sqrt(2 x 0.0004 / 3), df = 4, t(0.975, 4) = 2.776445105;
	 * p = 1 - 1.5 (x - x^3 / 3), x = t / sqrt(t^2 + 4), Student's t with 4 df in closed form */
	double d = log(1.1), se = sqrt(2 * 0.0004 / 3), t = d / se, x = t / sqrt(t * t + 4);

	ck_assert_int_eq(stats_logs_of(a, 3, &la), 0);
	ck_assert_int_eq(stats_logs_of(b, 3, &lb), 0);
	ck_assert_int_eq(la.n, 3);
	ck_assert(fabs(la.var - 0.0004 / 3) < 1e-12);
	ck_assert_int_eq(stats_ratio_of(&la, &lb, &r), 0);
	ck_assert(fabs(r.ratio - 1.1) < 1e-12);
	ck_assert(fabs(r.se - se) < 1e-12);
	ck_assert(fabs(r.df - 4) < 1e-9);
	ck_assert_msg(fabs(r.p - (1 - 1.5 * (x - x * x * x / 3))) < 1e-9, "p %.9f", r.p);
	ck_assert(fabs(r.p - 0.004295193) < 1e-8);
	stats_interval(&r, 0.95);
	ck_assert_msg(fabs(r.lo - exp(d - 2.776445105 * se)) < 1e-8, "lo %.9f", r.lo);
	ck_assert_msg(fabs(r.hi - exp(d + 2.776445105 * se)) < 1e-8, "hi %.9f", r.hi);
	ck_assert(fabs(r.lo - 1.051240632) < 1e-8 && fabs(r.hi - 1.151020958) < 1e-8);
	/* the other way round: the reciprocal, the same p */
	ck_assert_int_eq(stats_ratio_of(&lb, &la, &r), 0);
	stats_interval(&r, 0.95);
	ck_assert(fabs(r.ratio - 1 / 1.1) < 1e-12 && fabs(r.hi - 1 / 1.051240632) < 1e-8);
	ck_assert(fabs(r.p - 0.004295193) < 1e-8);
}
END_TEST

/* No spread at all: equal is equal (p 1), and one value a side cannot be judged. */
START_TEST(test_repeats_edges)
{
	double same[2] = { 5, 5 }, one[1] = { 5 }, zero[2] = { 5, 0 }, neg[2] = { 5, -1 };
	struct stats_logs a, b;
	struct stats_ratio r;

	ck_assert_int_eq(stats_logs_of(same, 2, &a), 0);
	ck_assert_int_eq(stats_ratio_of(&a, &a, &r), 0);
	ck_assert(r.p == 1 && r.ratio == 1);
	stats_interval(&r, 0.95);
	ck_assert(r.lo == 1 && r.hi == 1);
	ck_assert_int_eq(stats_logs_of(one, 1, &b), 0);
	ck_assert_int_eq(stats_ratio_of(&a, &b, &r), -1);
	ck_assert_int_eq(stats_logs_of(zero, 2, &b), -1);
	ck_assert_int_eq(stats_logs_of(neg, 2, &b), -1);
	ck_assert_int_eq(stats_logs_of(same, 0, &b), -1);
}
END_TEST

/* A fixed generator (xorshift64*, Box and Muller), the same numbers everywhere. */
static uint64_t rng_state;

static double uniform(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static double normal(void)
{
	double u = uniform(), v = uniform();

	return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

/* @n seconds of IOPS around @mean: AR(1) with @phi, innovations of sd @sd. */
static void ar1(double *x, int n, double mean, double phi, double sd)
{
	double e = normal() * sd / sqrt(1 - phi * phi);

	for (int i = 0; i < n; i++) {
		e = phi * e + normal() * sd;
		x[i] = mean + e;
	}
}

/* Does the 95 % interval of @l's mean, on the log scale, hold @mean? */
static int covers(const struct stats_logs *l, double mean)
{
	/* Student's t(0.975) at 9 df, the batches'; 1.96 for the naive one */
	double t = l->df == STATS_BATCHES - 1 ? 2.262157163 : 1.96;

	return fabs(l->mean - log(mean)) <= t * sqrt(l->var);
}

/*
 * 600 seconds of AR(1) with phi 0.9: the naive variance of the mean (every second taken as
 * independent) is about (1 - phi) / (1 + phi) = 1/19 of the truth, so its interval is 4.4
 * times too narrow. Over 200 runs the batch means' interval (10 batches of 60 s) covers the
 * true mean about 95 % of the time, the naive one about 40 %.
 */
START_TEST(test_batch_means_autocorrelated)
{
	enum {
		N = 600,
		RUNS = 200
	};
	double x[N], naive_ratio = 0;
	int covered = 0, naive_covered = 0, correlated = 0;

	rng_state = 0x9e3779b97f4a7c15ULL;
	for (int run = 0; run < RUNS; run++) {
		struct stats_logs batch, naive;
		double sum = 0, ss = 0, m;

		ar1(x, N, 1000, 0.9, 20);
		ck_assert_int_eq(stats_logs_batched(x, N, &batch), 0);
		for (int i = 0; i < N; i++)
			sum += x[i];
		m = sum / N;
		for (int i = 0; i < N; i++)
			ss += (x[i] - m) * (x[i] - m);
		naive = (struct stats_logs){
			.n = N, .mean = log(m), .df = N - 1, .var = ss / (N - 1) / N / (m * m)
		};
		ck_assert_int_eq(batch.batch, N / STATS_BATCHES);
		covered += covers(&batch, 1000);
		naive_covered += covers(&naive, 1000);
		naive_ratio += sqrt(batch.var / naive.var) / RUNS;
		correlated += batch.correlated;
	}
	ck_assert_msg(covered >= 0.88 * RUNS, "batch means covered %d of %d", covered, RUNS);
	ck_assert_msg(naive_covered <= 0.6 * RUNS, "the naive interval covered %d of %d",
		      naive_covered, RUNS);
	ck_assert_msg(naive_ratio > 3, "batch se / naive se %.2f", naive_ratio);
	ck_assert_msg(correlated <= RUNS / 5, "%d runs still correlated", correlated);
}
END_TEST

/* Independent seconds: the interval still covers, and is seldom called correlated. */
START_TEST(test_batch_means_independent)
{
	enum {
		N = 305
	};
	double x[N];
	struct stats_logs l;
	int correlated = 0, covered = 0;

	rng_state = 42;
	for (int run = 0; run < 200; run++) {
		ar1(x, N, 500, 0, 25);
		ck_assert_int_eq(stats_logs_batched(x, N, &l), 0);
		ck_assert(l.n == STATS_BATCHES && l.batch == 30 && l.df == STATS_BATCHES - 1);
		correlated += l.correlated;
		covered += covers(&l, 500);
	}
	ck_assert_msg(covered >= 176, "covered %d of 200", covered);
	ck_assert_msg(correlated <= 20, "called correlated %d of 200", correlated);
	/* too few seconds, or none above 0, are not judged */
	ck_assert_int_eq(stats_logs_batched(x, STATS_BATCHES - 1, &l), -1);
	for (int i = 0; i < N; i++)
		x[i] = 0;
	ck_assert_int_eq(stats_logs_batched(x, N, &l), -1);
}
END_TEST

/* Benjamini and Hochberg (1995), section 4.1: 15 p-values, 4 rejected at q = 0.05. */
START_TEST(test_bh_paper)
{
	/* their order shuffled: the rule must not depend on it */
	double p[15] = { 0.0459, 0.0001, 0.3240, 0.0019, 1.0,	 0.0298, 0.0095, 0.4262,
			 0.0004, 0.5719, 0.0201, 0.6528, 0.0278, 0.7590, 0.0344 };
	int diff[15], r;
	double level;

	r = stats_bh(p, 15, 0.05, diff, &level);
	ck_assert_int_eq(r, 4);
	for (int i = 0; i < 15; i++)
		ck_assert_msg(diff[i] == (p[i] <= 0.0095), "p %.4f called %d", p[i], diff[i]);
	ck_assert(fabs(level - (1 - 4 * 0.05 / 15)) < 1e-12);
	/* nothing different: Bonferroni's level */
	for (int i = 0; i < 15; i++)
		p[i] = 0.5;
	ck_assert_int_eq(stats_bh(p, 15, 0.05, diff, &level), 0);
	ck_assert(fabs(level - (1 - 0.05 / 15)) < 1e-12);
	ck_assert_int_eq(stats_bh(p, 0, 0.05, diff, &level), 0);
}
END_TEST

Suite *make_stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_repeats_by_hand);
	tcase_add_test(tc, test_repeats_edges);
	tcase_add_test(tc, test_batch_means_autocorrelated);
	tcase_add_test(tc, test_batch_means_independent);
	tcase_add_test(tc, test_bh_paper);
	suite_add_tcase(s, tc);
	return s;
}
