// SPDX-License-Identifier: GPL-2.0
/*
 * results/results_table.c and results/compare.c on the round-number
 * fixture (tests/data/results/nconnect-fixture.csv): means per point,
 * failed rows not counted, curve rows kept apart, the headline ratios.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "results/compare.h"
#include "results/profile_info.h"
#include "results/results_table.h"

#define FIXTURE T_DATA "/results/nconnect-fixture.csv"

START_TEST(test_fixture)
{
	struct results_table *t = malloc(sizeof(*t));
	char why[256];
	int p, nc1, nc8, have;
	double v, bv, r;

	ck_assert_int_eq(results_table_load(FIXTURE, t, why, sizeof(why)), 0);
	ck_assert_int_eq(t->nprofiles, 2);
	ck_assert_int_eq(t->ntargets, 2);
	ck_assert_int_eq(t->failed, 1);
	ck_assert_int_eq(t->curve_rows, 0);
	ck_assert_str_eq(t->note, "fixture: round numbers");
	p = rt_profile(t, "seq64k");
	nc1 = rt_target(t, "nc1");
	nc8 = rt_target(t, "nc8");
	ck_assert(p >= 0 && nc1 >= 0 && nc8 >= 0);
	ck_assert_int_eq(rt_profile(t, "nope"), -1);
	ck_assert(rt_is_throughput(t, p));
	ck_assert(!rt_is_throughput(t, rt_profile(t, "rand4k")));
	/* the failed seq64k nc1 100 % row does not drag the mean down */
	ck_assert(rt_mean(t, p, 100, nc1, RT_TOTAL_MIB, &have) == 100 && have);
	rt_mean(t, p, 70, nc1, RT_TOTAL_MIB, &have);
	ck_assert(!have);
	ck_assert(rt_has_pct(t, p, 50) && !rt_has_pct(t, p, 70));
	ck_assert_int_eq(compare_ratio(t, p, 100, nc8, nc1, RT_READ_MIB, &v, &bv, &r), 0);
	ck_assert(v == 230 && bv == 100 && r == 2.3);
	ck_assert_int_eq(compare_ratio(t, p, 70, nc8, nc1, RT_READ_MIB, &v, &bv, &r), -1);
	free(t);
}
END_TEST

/* The headlines the shipped profiles declare: the published four, in the article's order. */
START_TEST(test_headlines_declared)
{
	static const struct {
		const char *name, *profile;
		int pct;
		enum rt_metric m;
		const char *unit;
	} want[] = {
		{ "64 KiB sequential read", "seq64k", 100, RT_READ_MIB, "MiB/s" },
		{ "64 KiB sequential write", "seq64k", 0, RT_WRITE_MIB, "MiB/s" },
		{ "4 KiB random read", "rand4k", 100, RT_READ_IOPS, "IO/s" },
		{ "4 KiB random write", "rand4k", 0, RT_WRITE_IOPS, "IO/s" },
	};
	struct headline hl[MAX_HEADLINES];
	size_t n = compare_headlines_read(T_DATA "/../../profiles", hl, MAX_HEADLINES);

	ck_assert_uint_eq(n, 4);
	for (size_t i = 0; i < n; i++) {
		ck_assert_str_eq(hl[i].name, want[i].name);
		ck_assert_str_eq(hl[i].profile, want[i].profile);
		ck_assert_int_eq(hl[i].read_pct, want[i].pct);
		ck_assert_int_eq(hl[i].metric, want[i].m);
		ck_assert_str_eq(hl[i].unit, want[i].unit);
	}
	/* a list too short for a profile's two takes none of it */
	ck_assert_uint_eq(compare_headlines_read(T_DATA "/../../profiles", hl, 3), 2);
}
END_TEST

/* headline= and its title go together, in a data profile; a bad value is refused by name. */
START_TEST(test_headline_header)
{
	static const struct {
		const char *line;
		int ok;
	} cases[] = {
		{ "; nfsweep-profile: headline=3 headline_title=\"8 KiB mixed\"\n", 1 },
		{ "; nfsweep-profile: headline=3\n", 0 },
		{ "; nfsweep-profile: headline_title=\"x\"\n", 0 },
		{ "; nfsweep-profile: headline=0 headline_title=x\n", 0 },
		{ "; nfsweep-profile: headline=1 headline_title=\"\"\n", 0 },
		{ "; nfsweep-profile: headline=1 headline_title=x headline_figure=ops\n", 0 },
		{ "; nfsweep-profile: op-mix read_pct=50 headline=1 headline_title=x\n", 0 },
	};
	struct profile_info pi;
	char path[256], err[512];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_int_eq(t_write_temp(cases[i].line, path, sizeof(path)), 0);
		err[0] = '\0';
		ck_assert_msg((profile_info_read(path, &pi, err, sizeof(err)) == 0) == cases[i].ok,
			      "%s: %s", cases[i].line, err);
		unlink(path);
		if (cases[i].ok) {
			ck_assert_int_eq(pi.headline, 3);
			ck_assert(!pi.headline_iops);
			ck_assert_str_eq(pi.headline_title, "8 KiB mixed");
		} else {
			ck_assert_msg(strstr(err, "headline"), "%s", err);
		}
	}
}
END_TEST

START_TEST(test_curve_rows_apart)
{
	struct results_table *t = malloc(sizeof(*t));
	char path[64], why[256], *text = NULL;
	size_t len = 0;
	FILE *in = fopen(FIXTURE, "r"), *out = open_memstream(&text, &len);
	char line[4096];

	/* the fixture plus a load-curve row of target nc8 (load_point is the 3rd column from the end) */
	while (fgets(line, sizeof(line), in))
		fputs(line, out);
	fputs("1.1,2026-11-30T02:05:00Z,f,6.1,fio-3.33,,rand4k,nfsweep-uring,curvy,/x,nfs,,,,,70,4096,"
	      "32,4,60,10,1,700,300,1000,2.7,1.2,3.9,,,,,,,,,,,,,,,,,,,,,,,,ok,,1,1000,0.5\r\n",
	      out);
	fclose(in);
	fclose(out);
	ck_assert_int_eq(t_write_temp(text, path, sizeof(path)), 0);
	ck_assert_int_eq(results_table_load(path, t, why, sizeof(why)), 0);
	ck_assert_int_eq(t->curve_rows, 1);
	ck_assert_int_eq(t->ncurve_targets, 1);
	ck_assert_str_eq(t->curve_targets[0], "curvy");
	ck_assert_int_eq(rt_target(t, "curvy"), -1); /* not a sweep target */
	unlink(path);
	free(text);
	free(t);
}
END_TEST

/*
 * A depth sweep's rows: rand4k at a second depth (numjobs x iodepth 4x8 beside the fixture's
 * 4x32) is a profile of its own per depth, named by it, never folded into the other's repeats;
 * seq64k, at one depth, keeps its name.
 */
START_TEST(test_depths_apart)
{
	struct results_table *t = malloc(sizeof(*t));
	char path[64], why[256], *text = NULL, line[4096];
	size_t len = 0;
	FILE *in = fopen(FIXTURE, "r"), *out = open_memstream(&text, &len);
	int a, b, nc1, have;

	while (fgets(line, sizeof(line), in)) {
		char *at = strstr(line, ",4096,32,4,");

		fputs(line, out);
		if (at) { /* the same rand4k row at iodepth 8 */
			char copy[4096];
			int n = (int)(at - line);

			snprintf(copy, sizeof(copy), "%.*s,4096,8,4,%s", n, line, at + 11);
			fputs(copy, out);
		}
	}
	fclose(in);
	fclose(out);
	ck_assert_int_eq(t_write_temp(text, path, sizeof(path)), 0);
	ck_assert_int_eq(results_table_load(path, t, why, sizeof(why)), 0);
	ck_assert_int_eq(t->nprofiles, 3);
	ck_assert(t->depth_sweep);
	ck_assert_int_ge(rt_profile(t, "seq64k"), 0);
	ck_assert_int_eq(rt_profile(t, "rand4k"), -1);
	a = rt_profile(t, "rand4k-4x32");
	b = rt_profile(t, "rand4k-4x8");
	nc1 = rt_target(t, "nc1");
	ck_assert(a >= 0 && b >= 0 && a != b);
	ck_assert_str_eq(t->profile_base[b], "rand4k");
	ck_assert(t->numjobs[b] == 4 && t->iodepth[b] == 8);
	/* each depth its own point: one row each, not two repeats of one */
	ck_assert_int_eq(rt_rows(t, a, 100, nc1), 1);
	ck_assert_int_eq(rt_rows(t, b, 100, nc1), 1);
	rt_mean(t, b, 100, nc1, RT_TOTAL_IOPS, &have);
	ck_assert(have);
	unlink(path);
	free(text);
	free(t);
}
END_TEST

/*
 * The knee of a depth curve: rand4k on nc1 at 100 % read at 1x1, 1x4, 1x16, 4x16 and 4x128 with
 * 1000, 3500, 3800, 4000 and 3900 IOPS: the most at 4x16 (64 in flight), the least within 10 %
 * of it 1x16 (16: 3800 >= 3600; 1x4's 3500 is not), the published method's depth 4x128.
 */
START_TEST(test_depth_knee)
{
	static const struct {
		int nj, qd, iops;
	} d[] = {
		{ 1, 1, 1000 }, { 1, 4, 3500 }, { 1, 16, 3800 }, { 4, 16, 4000 }, { 4, 128, 3900 }
	};
	struct results_table *t = malloc(sizeof(*t));
	char path[64], why[256], *text = NULL, line[4096], row[4096] = "";
	size_t len = 0;
	FILE *in = fopen(FIXTURE, "r"), *out = open_memstream(&text, &len);
	struct rt_knee k;
	int nc1;

	ck_assert(fgets(line, sizeof(line), in));
	fputs(line, out); /* the header */
	while (fgets(line, sizeof(line), in))
		if (strstr(line, ",rand4k,") && strstr(line, ",nc1,") && strstr(line, ",100,4096,"))
			snprintf(row, sizeof(row), "%s", line);
	fclose(in);
	ck_assert(row[0]);
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		char *at = strstr(row, ",4096,32,4,60,10,1,10000,0,10000,");

		ck_assert(at);
		fprintf(out, "%.*s,4096,%d,%d,60,10,1,%d,0,%d,%s", (int)(at - row), row, d[i].qd,
			d[i].nj, d[i].iops, d[i].iops,
			at + strlen(",4096,32,4,60,10,1,10000,0,10000,"));
	}
	fclose(out);
	ck_assert_int_eq(t_write_temp(text, path, sizeof(path)), 0);
	ck_assert_int_eq(results_table_load(path, t, why, sizeof(why)), 0);
	nc1 = rt_target(t, "nc1");
	ck_assert_int_eq(rt_depth_knee(t, "rand4k", 100, nc1, RT_TOTAL_IOPS, 0.9, &k), 0);
	ck_assert_int_eq(k.depths, 5);
	ck_assert_str_eq(t->profiles[k.most], "rand4k-4x16");
	ck_assert_str_eq(t->profiles[k.knee], "rand4k-1x16");
	ck_assert(k.most_v == 4000 && k.knee_v == 3800 && !k.repeated);
	ck_assert_str_eq(t->profiles[k.published], "rand4k-4x128");
	ck_assert(k.published_v == 3900);
	/* a point at one depth only has no curve */
	ck_assert_int_eq(rt_depth_knee(t, "rand4k", 0, nc1, RT_TOTAL_IOPS, 0.9, &k), -1);
	unlink(path);
	free(text);
	free(t);
}
END_TEST

START_TEST(test_not_results)
{
	struct results_table *t = malloc(sizeof(*t));
	char path[64], why[256];

	ck_assert_int_eq(t_write_temp("a,b\n1,2\n", path, sizeof(path)), 0);
	ck_assert_int_eq(results_table_load(path, t, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "not a results file"));
	ck_assert_int_eq(results_table_load("/no/such.csv", t, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "No such file"));
	unlink(path);
	free(t);
}
END_TEST

Suite *make_results_table_suite(void)
{
	Suite *s = suite_create("results_table");
	TCase *tc = tcase_create("fixture");

	tcase_add_test(tc, test_fixture);
	tcase_add_test(tc, test_curve_rows_apart);
	tcase_add_test(tc, test_depths_apart);
	tcase_add_test(tc, test_depth_knee);
	tcase_add_test(tc, test_not_results);
	tcase_add_test(tc, test_headlines_declared);
	tcase_add_test(tc, test_headline_header);
	suite_add_tcase(s, tc);
	return s;
}
