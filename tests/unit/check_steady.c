// SPDX-License-Identifier: GPL-2.0
/*
 * fio/steady.c: --steady-criterion's forms, good and bad (fio's own spelling among them),
 * the one spelling nfsweep writes, the ss_ramp that keeps fio's window after the ramp, and
 * whether fio ran what was asked; and fio_json.c's reading of fio 3.33's steadystate object,
 * from two real runs (one fio ended steady, one it never found steady).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "fio/fio_json.h"
#include "fio/steady.h"

/* clang-format off */
static const struct {
	const char *text;
	int ok;
	enum steady_metric metric;
	int slope;
	double limit;
	const char *spelling;	/* steady_format's, when ok; else a part of the error */
} criteria[] = {
	{ "iops_slope:0.1%", 1, STEADY_IOPS, 1, 0.1, "iops_slope:0.1%" },
	{ "iops:2%", 1, STEADY_IOPS, 0, 2, "iops:2%" },
	{ "bw_slope:0.25%", 1, STEADY_BW, 1, 0.25, "bw_slope:0.25%" },
	{ "bw:50%", 1, STEADY_BW, 0, 50, "bw:50%" },
	/* fio's report spells it with six decimals */
	{ "iops_slope:0.100000%", 1, STEADY_IOPS, 1, 0.1, "iops_slope:0.1%" },
	{ "iops_slope:0.1", 0, 0, 0, 0, "a percentage of the mean" },
	{ "bw:10MB/s", 0, 0, 0, 0, "a percentage of the mean" },
	{ "iops_slope:%", 0, 0, 0, 0, "no threshold" },
	{ "iops_slope:", 0, 0, 0, 0, "no threshold" },
	{ "iops_slope:0%", 0, 0, 0, 0, "above 0" },
	{ "iops_slope:-1%", 0, 0, 0, 0, "above 0" },
	{ "iops_slope:51%", 0, 0, 0, 0, "at most 50" },
	{ "iops_slope:nan%", 0, 0, 0, 0, "no threshold" },
	{ "lat:1%", 0, 0, 0, 0, "latency criteria need fio 3.42" },
	{ "iops_slop:1%", 0, 0, 0, 0, "not a criterion" },
	{ "iops_slope", 0, 0, 0, 0, "not a criterion" },
	{ "", 0, 0, 0, 0, "not a criterion" },
};
/* clang-format on */

START_TEST(test_criteria)
{
	struct steady_spec sp = { 0 };
	char err[256] = "", out[64];
	int r = steady_parse(criteria[_i].text, &sp, err, sizeof(err));

	if (!criteria[_i].ok) {
		ck_assert_msg(r == -1, "'%s' taken", criteria[_i].text);
		ck_assert_msg(strstr(err, criteria[_i].spelling), "'%s': %s", criteria[_i].text,
			      err);
		ck_assert_msg(strstr(err, criteria[_i].text), "the error does not quote it: %s",
			      err);
		return;
	}
	ck_assert_msg(r == 0, "'%s': %s", criteria[_i].text, err);
	ck_assert_int_eq(sp.metric, criteria[_i].metric);
	ck_assert_int_eq(sp.slope, criteria[_i].slope);
	ck_assert(fabs(sp.limit - criteria[_i].limit) < 1e-12);
	steady_format(&sp, out, sizeof(out));
	ck_assert_str_eq(out, criteria[_i].spelling);
}
END_TEST

START_TEST(test_default_and_ramp)
{
	struct steady_spec sp;
	char err[256], out[64];

	ck_assert_int_eq(steady_parse(STEADY_DEFAULT, &sp, err, sizeof(err)), 0);
	steady_format(&sp, out, sizeof(out));
	ck_assert_str_eq(out, STEADY_DEFAULT);
	/* fio's ss_ramp must outlast ramp_time (see steady.h) */
	for (int ramp = 0; ramp < 1000; ramp += 7)
		ck_assert_int_gt(steady_fio_ramp(ramp), ramp);
}
END_TEST

static struct fio_result parse(const char *name)
{
	struct fio_result r;
	char path[512], err[256] = "";

	snprintf(path, sizeof(path), "%s/fio/%s", T_DATA, name);
	ck_assert_msg(fio_json_parse_file(path, &r, err, sizeof(err)) == 0, "%s: %s", name, err);
	return r;
}

START_TEST(test_fio_attained)
{
	/* iops_slope:5% over 10 s, ramp 1: fio ended it 14.006 s into the measured time */
	struct fio_result r = parse("uring-steady-attained.json");
	struct steady_spec asked = { STEADY_IOPS, 1, 5 };
	char err[256] = "";

	ck_assert(r.ss.reported && r.ss.attained);
	ck_assert_str_eq(r.ss.ss, "iops_slope:5.000000%");
	ck_assert_int_eq(r.ss.window_s, 10);
	ck_assert_int_eq(r.ss.samples, 10);
	ck_assert(fabs(r.ss.measure - -3.853107) < 1e-6);
	ck_assert(fabs(r.ss.iops_mean - 125944) < 0.5);
	ck_assert(fabs(r.ss.bw_mean - 515871740) < 0.5);
	ck_assert(fabs(fio_result_runtime(&r) - 14.006) < 1e-9);
	ck_assert_msg(steady_check_ran(&r.ss, &asked, 10, err, sizeof(err)) == 0, "%s", err);
	/* another window, another criterion, another threshold: each said */
	ck_assert_int_eq(steady_check_ran(&r.ss, &asked, 30, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "iops_slope:5% over 10 s; iops_slope:5% over 30 s was asked"),
		      "%s", err);
	asked.slope = 0;
	ck_assert_int_eq(steady_check_ran(&r.ss, &asked, 10, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "iops:5% over 10 s was asked"), "%s", err);
	asked = (struct steady_spec){ STEADY_IOPS, 1, 0.5 };
	ck_assert_int_eq(steady_check_ran(&r.ss, &asked, 10, err, sizeof(err)), -1);
}
END_TEST

START_TEST(test_fio_never)
{
	/* iops:0.0001% over 5 s, which nothing meets: fio ran it to the cap, 12 s */
	struct fio_result r = parse("uring-steady-never.json");
	struct steady_spec asked = { STEADY_IOPS, 0, 0.0001 };
	char err[256] = "";

	ck_assert(r.ss.reported && !r.ss.attained);
	ck_assert_int_eq(r.ss.window_s, 5);
	ck_assert_int_eq(r.ss.samples, 5);
	ck_assert(fabs(r.ss.measure - 10.673245) < 1e-6);
	ck_assert(fabs(fio_result_runtime(&r) - 12.001) < 1e-9);
	ck_assert_msg(steady_check_ran(&r.ss, &asked, 5, err, sizeof(err)) == 0, "%s", err);
}
END_TEST

START_TEST(test_fio_without)
{
	struct fio_result r = parse("uring-randread.json");
	struct steady_spec asked = { STEADY_IOPS, 1, 0.1 };
	char err[256] = "";

	ck_assert(!r.ss.reported);
	ck_assert_int_eq(steady_check_ran(&r.ss, &asked, 30, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "no steadystate object"), "%s", err);
}
END_TEST

/*
 * --steady with --hosts: two hosts' states at the point's end into the point's. Each case
 * gives both hosts' (attained, measure, smallest sample); the criterion is
 * iops_slope:1% over 10 s.
 */
/* clang-format off */
static const struct {
	int att[2];
	double measure[2], min[2];
	int attained;		/* the point's */
	double measure_out;	/* the worst host's */
	const char *note;	/* a part of the note, or "" for none */
} host_cases[] = {
	/* fio ended one host steady; the other, ended with it, was steady too */
	{ { 1, 0 }, { 0.4, -0.9 }, { 90, 80 }, 1, -0.9, "" },
	/* both fio ended in the same second */
	{ { 1, 1 }, { 0.2, 0.3 }, { 90, 80 }, 1, 0.3, "" },
	/* the other's slope was over the limit: not steady, and the note names both */
	{ { 1, 0 }, { 0.4, 2.5 }, { 90, 80 }, 0, 2.5, "host a was steady and fio ended it, host b was not (measure 2.5 %" },
	/* the other's window had an idle second (or was not yet full): not steady */
	{ { 0, 1 }, { 0.1, 0.2 }, { 0, 80 }, 0, 0.2, "host b was steady and fio ended it, host a was not" },
	/* neither ever steady: both ran to the cap, no note */
	{ { 0, 0 }, { 3.0, -4.0 }, { 90, 80 }, 0, -4.0, "" },
	/* both under the limit at the cap, but fio ended neither: not steady by fio's rule */
	{ { 0, 0 }, { 0.5, 0.5 }, { 90, 80 }, 0, 0.5, "" },
};
/* clang-format on */

START_TEST(test_hosts_rule)
{
	const char *names[2] = { "a", "b" };
	struct steady_spec asked = { STEADY_IOPS, 1, 1 };
	struct steady_result h[2] = { 0 }, total;
	char note[300], err[300] = "";

	for (int k = 0; k < 2; k++) {
		h[k] = (struct steady_result){ .reported = 1,
					       .attained = host_cases[_i].att[k],
					       .window_s = 10,
					       .measure = host_cases[_i].measure[k],
					       .iops_mean = 100 * (k + 1),
					       .bw_mean = 4096e2 * (k + 1),
					       .samples = 10,
					       .iops_min = host_cases[_i].min[k] };
		snprintf(h[k].ss, sizeof(h[k].ss), "iops_slope:1.000000%%");
	}
	ck_assert_msg(!steady_hosts(h, names, 2, &asked, 10, &total, note, sizeof(note), err,
				    sizeof(err)),
		      "%s", err);
	ck_assert_int_eq(total.attained, host_cases[_i].attained);
	ck_assert(fabs(total.measure - host_cases[_i].measure_out) < 1e-12);
	ck_assert(fabs(total.iops_mean - 300) < 1e-9 && fabs(total.bw_mean - 4096e2 * 3) < 1e-6);
	ck_assert_int_eq(total.window_s, 10);
	ck_assert(total.reported);
	ck_assert_msg(steady_check_ran(&total, &asked, 10, err, sizeof(err)) == 0, "%s", err);
	if (host_cases[_i].note[0])
		ck_assert_msg(strstr(note, host_cases[_i].note), "case %d: '%s'", _i, note);
	else
		ck_assert_msg(!note[0], "case %d: '%s'", _i, note);
}
END_TEST

/* A host that ran another criterion, or none, fails the point, by name. */
START_TEST(test_hosts_refused)
{
	const char *names[2] = { "gen1", "gen2:8766" };
	struct steady_spec asked = { STEADY_IOPS, 1, 1 };
	struct steady_result h[2] = { 0 }, total;
	char note[300], err[300] = "";

	h[0] = (struct steady_result){ .reported = 1, .window_s = 10, .samples = 10 };
	snprintf(h[0].ss, sizeof(h[0].ss), "iops_slope:1.000000%%");
	ck_assert_int_eq(steady_hosts(h, names, 2, &asked, 10, &total, note, sizeof(note), err,
				      sizeof(err)),
			 -1);
	ck_assert_msg(strstr(err, "host gen2:8766: fio's report has no steadystate"), "%s", err);
	h[1] = h[0];
	h[1].window_s = 20;
	ck_assert_int_eq(steady_hosts(h, names, 2, &asked, 10, &total, note, sizeof(note), err,
				      sizeof(err)),
			 -1);
	ck_assert_msg(strstr(err, "host gen2:8766: fio ran steadystate iops_slope:1% over 20 s"),
		      "%s", err);
	ck_assert_int_eq(steady_hosts(h, names, 0, &asked, 10, &total, note, sizeof(note), err,
				      sizeof(err)),
			 -1);
}
END_TEST

/* The window's smallest sample, from fio's own arrays. */
START_TEST(test_fio_window_min)
{
	struct fio_result r = parse("uring-steady-attained.json");

	ck_assert(fabs(r.ss.iops_min - 97281) < 0.5);
}
END_TEST

Suite *make_steady_suite(void)
{
	Suite *s = suite_create("steady");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_criteria, 0, sizeof(criteria) / sizeof(criteria[0]));
	tcase_add_test(tc, test_default_and_ramp);
	tcase_add_test(tc, test_fio_attained);
	tcase_add_test(tc, test_fio_never);
	tcase_add_test(tc, test_fio_without);
	tcase_add_loop_test(tc, test_hosts_rule, 0, sizeof(host_cases) / sizeof(host_cases[0]));
	tcase_add_test(tc, test_hosts_refused);
	tcase_add_test(tc, test_fio_window_min);
	suite_add_tcase(s, tc);
	return s;
}
