// SPDX-License-Identifier: GPL-2.0
/* harness/ort.c: the published SPEC SFS 2008 ORTs, and bad curves refused. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "curve/ort.h"

static const struct ort_point fas3140[] = {
	{ 5308, 0.7 },	{ 10620, 0.8 }, { 15961, 1.0 }, { 21288, 1.1 }, { 26603, 1.2 },
	{ 31979, 1.4 }, { 37322, 1.7 }, { 42583, 2.2 }, { 48094, 2.7 }, { 53546, 3.8 },
};
static const struct ort_point anx1500[] = {
	{ 12002, 0.2 }, { 24018, 0.3 }, { 36051, 0.3 }, { 48125, 0.4 },	 { 60156, 0.5 },
	{ 72220, 0.8 }, { 84315, 1.0 }, { 96464, 1.7 }, { 108425, 2.5 }, { 120954, 2.9 },
};

START_TEST(test_published_orts)
{
	double ort;
	char why[256];
	char buf[16];

	ck_assert_int_eq(ort_compute(fas3140, 10, &ort, why, sizeof(why)), 0);
	snprintf(buf, sizeof(buf), "%.2f", ort);
	ck_assert_str_eq(buf, "1.48");
	ck_assert_int_eq(ort_compute(anx1500, 10, &ort, why, sizeof(why)), 0);
	snprintf(buf, sizeof(buf), "%.2f", ort);
	ck_assert_str_eq(buf, "0.92");
}
END_TEST

START_TEST(test_flat_curve_is_its_response_time)
{
	/* rt constant at 2 ms: the area from the origin is a trapezoid then a rectangle */
	const struct ort_point flat[] = { { 100, 2 }, { 200, 2 } };
	double ort;
	char why[256];

	ck_assert_int_eq(ort_compute(flat, 2, &ort, why, sizeof(why)), 0);
	ck_assert(fabs(ort - (100 * 1.0 + 100 * 2.0) / 200) < 1e-12);
}
END_TEST

START_TEST(test_bad_curves)
{
	const struct ort_point one[] = { { 100, 1 } };
	const struct ort_point unsorted[] = { { 100, 1 }, { 50, 2 } };
	const struct ort_point zero[] = { { 100, 0 }, { 200, 2 } };
	const struct ort_point neg[] = { { -100, 1 }, { 200, 2 } };
	double ort;
	char why[256];

	ck_assert_int_eq(ort_compute(one, 1, &ort, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "at least two"));
	ck_assert_int_eq(ort_compute(unsorted, 2, &ort, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "ascending"));
	ck_assert_int_eq(ort_compute(zero, 2, &ort, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "load point 1"));
	ck_assert_int_eq(ort_compute(neg, 2, &ort, why, sizeof(why)), -1);
}
END_TEST

Suite *make_ort_suite(void)
{
	Suite *s = suite_create("ort");
	TCase *tc = tcase_create("ort");

	tcase_add_test(tc, test_published_orts);
	tcase_add_test(tc, test_flat_curve_is_its_response_time);
	tcase_add_test(tc, test_bad_curves);
	suite_add_tcase(s, tc);
	return s;
}
