// SPDX-License-Identifier: GPL-2.0
/*
 * curve/curve.c: curves read by column name (a published curve in any
 * column order, a results file of nfsweep curve with sweep rows, failed
 * rows and other targets mixed in), bad files refused with the right
 * error, the knee, figures as recorded.
 */
#include <check.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "curve/curve.h"
#include "helpers.h"

static int read_text(const char *text, const char *target, struct curve *c, char *why, size_t len)
{
	char path[64];
	int ret;

	ck_assert_int_eq(t_write_temp(text, path, sizeof(path)), 0);
	ret = curve_read(path, target, c, why, len);
	unlink(path);
	return ret;
}

START_TEST(test_published_columns_by_name)
{
	struct curve c;
	char why[256];

	/* rt_ms before ops_s: read by name, not by position */
	ck_assert_int_eq(read_text("rt_ms,source,ops_s\r\n0.7,FAS,5308\r\n0.8,FAS,10620\r\n", NULL,
				   &c, why, sizeof(why)),
			 0);
	ck_assert_uint_eq(c.n, 2);
	ck_assert_str_eq(c.source, "FAS");
	ck_assert(c.p[0].ops_s == 5308 && c.p[1].rt_ms == 0.8);
	curve_free(&c);
}
END_TEST

START_TEST(test_results_file)
{
	/* a sweep row, a failed load point, another target, the peak run: none is a load point */
	const char *text = "target,load_point,status,total_iops,rt_ms\n"
			   "a,,ok,900,1\n"
			   "a,0,ok,1000,2\n"
			   "a,2,ok,500,0.6\n"
			   "a,1,ok,250,0.5\n"
			   "a,3,fio_error,,\n"
			   "b,1,ok,99,9\n";
	struct curve c;
	char why[256];

	ck_assert_int_eq(read_text(text, "a", &c, why, sizeof(why)), 0);
	ck_assert_uint_eq(c.n, 2);
	/* in order of achieved throughput */
	ck_assert(c.p[0].ops_s == 250 && c.p[1].ops_s == 500);
	curve_free(&c);
	ck_assert_int_eq(read_text(text, NULL, &c, why, sizeof(why)), 0);
	ck_assert_uint_eq(c.n, 3);
	curve_free(&c);
}
END_TEST

START_TEST(test_bad_files)
{
	struct curve c;
	char why[256];

	ck_assert_int_eq(read_text("ops_s,latency\n1,2\n", NULL, &c, why, sizeof(why)), -EBADMSG);
	ck_assert_ptr_nonnull(strstr(why, "no rt_ms"));
	ck_assert_int_eq(read_text("ops_s,rt_ms\n100,fast\n", NULL, &c, why, sizeof(why)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(why, ":2: ops_s and rt_ms must be numbers"));
	ck_assert_int_eq(read_text("", NULL, &c, why, sizeof(why)), -EBADMSG);
	ck_assert_int_eq(curve_read("/no/such/curve.csv", NULL, &c, why, sizeof(why)), -ENOENT);
	ck_assert_ptr_nonnull(strstr(why, "/no/such/curve.csv"));
}
END_TEST

START_TEST(test_knee)
{
	const struct ort_point flat[] = { { 1, 1 }, { 2, 1.5 }, { 3, 2 } };
	const struct ort_point bent[] = { { 1, 1 }, { 2, 1.9 }, { 3, 2.1 }, { 4, 1.5 } };

	ck_assert_uint_eq(curve_knee(flat, 3), 3); /* none: within twice to the end */
	/* the last point within twice the lightest load's, even after one beyond it */
	ck_assert_uint_eq(curve_knee(bent, 4), 4);
	ck_assert_uint_eq(curve_knee(bent, 3), 2);
	ck_assert_uint_eq(curve_knee(flat, 0), 0);
}
END_TEST

START_TEST(test_as_recorded)
{
	ck_assert(curve_as_recorded(1.23449) == 1.234);
	ck_assert(curve_as_recorded(1.2345001) == 1.235);
}
END_TEST

Suite *make_curve_suite(void)
{
	Suite *s = suite_create("curve");
	TCase *tc = tcase_create("read");

	tcase_add_test(tc, test_published_columns_by_name);
	tcase_add_test(tc, test_results_file);
	tcase_add_test(tc, test_bad_files);
	tcase_add_test(tc, test_knee);
	tcase_add_test(tc, test_as_recorded);
	suite_add_tcase(s, tc);
	return s;
}
