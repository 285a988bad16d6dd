// SPDX-License-Identifier: GPL-2.0
/* harness/plan.c: mix specs, targets, the order of points. */
#include <check.h>
#include <string.h>

#include "helpers.h"
#include "results/results_file.h"
#include "sweep/plan.h"

static const struct {
	const char *spec;
	size_t n;
	int first, last;
} good_mix[] = {
	{ "100:0:10", 11, 100, 0 }, { "0:100:25", 5, 0, 100 },
	{ "100:0:30", 4, 100, 10 }, /* the step does not land on 0: stops at 10 */
	{ "100,70,0", 3, 100, 0 },  { "70", 1, 70, 70 },
	{ "50:50:5", 1, 50, 50 },
};

START_TEST(test_good_mix)
{
	int pcts[PLAN_MAX_PCTS];
	size_t n;
	char err[256] = "";

	ck_assert_msg(!plan_parse_mix(good_mix[_i].spec, pcts, &n, err, sizeof(err)), "%s", err);
	ck_assert_uint_eq(n, good_mix[_i].n);
	ck_assert_int_eq(pcts[0], good_mix[_i].first);
	ck_assert_int_eq(pcts[n - 1], good_mix[_i].last);
}
END_TEST

static const char *const bad_mix[] = { "110:0:10", "100:0:0", "abc",	"",
				       "100:0",	   "100,",    "-5",	"100:0:10:1",
				       "1,2,x",	   "100,100", "50,0,50" };

START_TEST(test_bad_mix)
{
	int pcts[PLAN_MAX_PCTS];
	size_t n = 99;
	char err[256] = "";

	ck_assert_int_eq(plan_parse_mix(bad_mix[_i], pcts, &n, err, sizeof(err)), -1);
	ck_assert_uint_eq(n, 0);
	ck_assert_msg(strstr(err, "--mix"), "'%s' does not name --mix", err);
}
END_TEST

START_TEST(test_targets)
{
	struct target t;
	char err[256];

	ck_assert_int_eq(plan_parse_target("nc8=/mnt/a=b", &t, err, sizeof(err)), 0);
	ck_assert_str_eq(t.label, "nc8");
	ck_assert_str_eq(t.path, "/mnt/a=b");
	ck_assert_int_eq(plan_parse_target("/mnt/x", &t, err, sizeof(err)), -1);
	ck_assert_int_eq(plan_parse_target("=/mnt/x", &t, err, sizeof(err)), -1);
	ck_assert_int_eq(plan_parse_target("a=", &t, err, sizeof(err)), -1);
	ck_assert_int_eq(plan_parse_target("a b=/x", &t, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "--target"));
	ck_assert(!t.url);
}
END_TEST

/* nfs://SERVER/EXPORT: its server; what nfsweep-rpc would refuse, refused here first. */
static const char *const bad_urls[] = {
	"w=nfs://",	      "w=nfs://srv",	    "w=nfs://srv/",	 "w=nfs:///export",
	"w=nfs://srv:2049/x", "w=nfs://u@srv/x",    "w=nfs://srv/x?v=4", "w=nfs://-srv/x",
	"w=nfs://srv/a b",    "w=nfs://srv/x#frag", "w=nfs://s$(id)/x",	 "w=nfs://srv/x\\y",
};

START_TEST(test_url_targets)
{
	struct target t;
	char err[512] = "";

	ck_assert_int_eq(plan_parse_target("wire=nfs://127.0.0.3/srv/nfslab", &t, err, sizeof(err)),
			 0);
	ck_assert(t.url);
	ck_assert_str_eq(t.server, "127.0.0.3");
	ck_assert_str_eq(t.path, "nfs://127.0.0.3/srv/nfslab");
	ck_assert_int_eq(plan_parse_target("w=nfs://filer.example.com/vol/a", &t, err, sizeof(err)),
			 0);
	ck_assert_str_eq(t.server, "filer.example.com");
}
END_TEST

START_TEST(test_bad_url_targets)
{
	struct target t;
	char err[512] = "";

	ck_assert_int_eq(plan_parse_target(bad_urls[_i], &t, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "--target") && strstr(err, "nfs://SERVER/EXPORT"), "'%s': %s",
		      bad_urls[_i], err);
}
END_TEST

/* Target outermost, then profile, read %, repeat; indexes 1..n. */
START_TEST(test_build_order)
{
	int pcts[] = { 100, 0 };
	struct plan_profile profiles[] = { { "seq64k", pcts, 2, NULL },
					   { "rand4k", pcts, 2, NULL } };
	struct target t[2] = { { .label = "nc1", .path = "/a", .mount = -1 },
			       { .label = "nc8", .path = "/b", .mount = -1 } };
	struct point p[16];
	size_t n = plan_build(profiles, 2, NULL, t, 2, 2, PLAN_BY_TARGET, p);
	char key[128];

	ck_assert_uint_eq(n, 16);
	ck_assert_uint_eq(p[0].index, 1);
	ck_assert_uint_eq(p[15].index, 16);
	ck_assert_str_eq(p[0].target->label, "nc1");
	ck_assert_str_eq(p[8].target->label, "nc8");
	ck_assert_str_eq(p[4].profile, "rand4k");
	ck_assert_int_eq(p[2].read_pct, 0);
	ck_assert_int_eq(p[1].repeat, 2);
	results_point_key("seq64k", "nc1", "100", "4", "32", "1", key, sizeof(key));
	ck_assert_str_eq(key, "seq64k|nc1|100|4x32|1");
}
END_TEST

/* An op-mix profile's own read share beside a data profile's sweep. */
START_TEST(test_build_per_profile_pcts)
{
	int sweep[] = { 100, 50, 0 }, own[] = { 84 };
	struct plan_profile profiles[] = { { "rand4k", sweep, 3, NULL },
					   { "sfs2008", own, 1, NULL } };
	struct target t[2] = { { .label = "a", .path = "/a", .mount = -1 },
			       { .label = "b", .path = "/b", .mount = -1 } };
	struct point p[16];
	size_t n = plan_build(profiles, 2, NULL, t, 2, 2, PLAN_BY_TARGET, p);

	ck_assert_uint_eq(plan_count(profiles, 2, NULL, 2, 2), 16);
	ck_assert_uint_eq(n, 16);
	ck_assert_str_eq(p[5].profile, "rand4k");
	ck_assert_int_eq(p[5].read_pct, 0);
	ck_assert_str_eq(p[6].profile, "sfs2008");
	ck_assert_int_eq(p[6].read_pct, 84);
	ck_assert_int_eq(p[7].repeat, 2);
	ck_assert_str_eq(p[8].target->label, "b");
}
END_TEST

/* Interleaved: every target at one point before the next point. */
START_TEST(test_build_interleaved)
{
	int pcts[] = { 100, 0 };
	struct plan_profile profiles[] = { { "seq64k", pcts, 2, NULL },
					   { "rand4k", pcts, 2, NULL } };
	struct target t[3] = { { .label = "a", .path = "/a", .mount = -1 },
			       { .label = "b", .path = "/b", .mount = -1 },
			       { .label = "c", .path = "/c", .mount = -1 } };
	struct point p[24];
	size_t n = plan_build(profiles, 2, NULL, t, 3, 2, PLAN_INTERLEAVED, p);

	ck_assert_uint_eq(n, 24);
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_eq(p[i].index, i + 1);
		ck_assert_str_eq(p[i].target->label, t[i % 3].label);
		/* the three targets of a point share it */
		ck_assert_str_eq(p[i].profile, p[i - i % 3].profile);
		ck_assert_int_eq(p[i].read_pct, p[i - i % 3].read_pct);
		ck_assert_int_eq(p[i].repeat, p[i - i % 3].repeat);
	}
	ck_assert_int_eq(p[3].repeat, 2);
	ck_assert_int_eq(p[6].read_pct, 0);
	ck_assert_str_eq(p[12].profile, "rand4k");
}
END_TEST

/*
 * A depth sweep: every depth of a read share, numjobs the outer, each depth's repeats with every
 * target in turn; a read share's own repeats (--headline-repeat) at each of its depths.
 */
START_TEST(test_build_depths)
{
	int pcts[] = { 100, 0 }, reps[] = { 2, 1 };
	struct plan_profile profiles[] = { { "rand4k", pcts, 2, reps } };
	static const struct plan_depth d[] = { { 1, 1 }, { 1, 8 }, { 2, 1 }, { 2, 8 } };
	struct plan_depths depths = { d, 4 };
	struct target t[2] = { { .label = "a", .path = "/a", .mount = -1 },
			       { .label = "b", .path = "/b", .mount = -1 } };
	/* per target: 100 % at four depths twice each, then 0 % at four depths once */
	static const int want_pct[] = { 100, 100, 100, 100, 100, 100, 100, 100, 0, 0, 0, 0 };
	static const int want_rep[] = { 1, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1 };
	static const int want_d[] = { 0, 0, 1, 1, 2, 2, 3, 3, 0, 1, 2, 3 };
	struct point p[24];
	size_t n;

	ck_assert_uint_eq(plan_count(profiles, 1, &depths, 2, 1), 24);
	n = plan_build(profiles, 1, &depths, t, 2, 1, PLAN_INTERLEAVED, p);
	ck_assert_uint_eq(n, 24);
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_eq(p[i].index, i + 1);
		ck_assert_str_eq(p[i].target->label, t[i % 2].label);
		ck_assert_int_eq(p[i].read_pct, want_pct[i / 2]);
		ck_assert_int_eq(p[i].repeat, want_rep[i / 2]);
		ck_assert_int_eq(p[i].depth.numjobs, d[want_d[i / 2]].numjobs);
		ck_assert_int_eq(p[i].depth.iodepth, d[want_d[i / 2]].iodepth);
	}
	/* no depths: one depth, 0 in every point (the sweep's own) */
	n = plan_build(profiles, 1, NULL, t, 2, 1, PLAN_BY_TARGET, p);
	ck_assert_uint_eq(n, 6);
	ck_assert(p[0].depth.numjobs == 0 && p[5].depth.iodepth == 0);
}
END_TEST

/* Per read % repeats (--headline-repeat): 100 % three times, 50 % once, 0 % twice. */
START_TEST(test_build_reps)
{
	int pcts[] = { 100, 50, 0 }, reps[] = { 3, 1, 2 };
	struct plan_profile profiles[] = { { "seq64k", pcts, 3, reps },
					   { "rand4k", pcts, 3, NULL } };
	struct target t[2] = { { .label = "a", .path = "/a", .mount = -1 },
			       { .label = "b", .path = "/b", .mount = -1 } };
	struct point p[32];
	static const int want_pct[] = { 100, 100, 100, 50, 0, 0, 100, 50, 0 };
	static const int want_rep[] = { 1, 2, 3, 1, 1, 2, 1, 1, 1 };
	size_t n = plan_build(profiles, 2, NULL, t, 2, 1, PLAN_INTERLEAVED, p);

	ck_assert_uint_eq(plan_count(profiles, 2, NULL, 2, 1), 18);
	ck_assert_uint_eq(n, 18);
	for (size_t i = 0; i < n; i++) {
		ck_assert_str_eq(p[i].target->label, t[i % 2].label);
		ck_assert_str_eq(p[i].profile, i < 12 ? "seq64k" : "rand4k");
		ck_assert_int_eq(p[i].read_pct, want_pct[i / 2]);
		ck_assert_int_eq(p[i].repeat, want_rep[i / 2]);
	}
	n = plan_build(profiles, 2, NULL, t, 2, 1, PLAN_BY_TARGET, p);
	ck_assert_uint_eq(n, 18);
	ck_assert_str_eq(p[8].target->label, "a");
	ck_assert_str_eq(p[9].target->label, "b");
	ck_assert_int_eq(p[9 + 2].repeat, 3);
	ck_assert_int_eq(p[9 + 5].read_pct, 0);
	ck_assert_int_eq(p[9 + 5].repeat, 2);
}
END_TEST

Suite *make_plan_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *tc = tcase_create("plan");

	tcase_add_loop_test(tc, test_good_mix, 0, sizeof(good_mix) / sizeof(good_mix[0]));
	tcase_add_loop_test(tc, test_bad_mix, 0, sizeof(bad_mix) / sizeof(bad_mix[0]));
	tcase_add_test(tc, test_targets);
	tcase_add_test(tc, test_url_targets);
	tcase_add_loop_test(tc, test_bad_url_targets, 0, sizeof(bad_urls) / sizeof(bad_urls[0]));
	tcase_add_test(tc, test_build_order);
	tcase_add_test(tc, test_build_interleaved);
	tcase_add_test(tc, test_build_per_profile_pcts);
	tcase_add_test(tc, test_build_reps);
	tcase_add_test(tc, test_build_depths);
	suite_add_tcase(s, tc);
	return s;
}
