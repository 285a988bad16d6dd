// SPDX-License-Identifier: GPL-2.0
/*
 * harness/limits/limit.c: the rules on captures from a lab guest whose limits are known
 * (tests/data/limits/README.md), each made into a row as a point's is (point_mountstats_columns)
 * with fio's figures of that run.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "limits/limit.h"
#include "nfs/mountstats.h"
#include "results/rows.h"
#include "sweep/point_mountstats.h"

/* A capture pair's row: @mnt's counters, fio's jobs, depth and CPU as that run reported them. */
static void capture_row(struct row *r, const char *name, const char *mnt, int iodepth, double usr,
			double sys)
{
	struct ms_mount *m[2];
	size_t n[2];
	char path[512];

	memset(r, 0, sizeof(*r));
	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "%s/limits/%s.%s", T_DATA, name,
			 k ? "after" : "before");
		ck_assert_int_eq(mountstats_read(path, &m[k], &n[k]), 0);
	}
	point_mountstats_columns(r, mountstats_find(m[0], n[0], mnt),
				 mountstats_find(m[1], n[1], mnt), 4.0);
	for (int k = 0; k < 2; k++)
		mountstats_free(m[k], n[k]);
	row_set(r, COL_status, "ok");
	row_set(r, COL_numjobs, "4");
	row_set(r, COL_iodepth, "%d", iodepth);
	row_set(r, COL_direct, "1");
	row_set_num(r, COL_usr_cpu_pct, usr);
	row_set_num(r, COL_sys_cpu_pct, sys);
}

static const char *cell(const void *row, enum column c)
{
	return ((const struct row *)row)->cell[c];
}

static struct limit_verdict judge(const struct row *r)
{
	struct limit_verdict v;

	ck_assert_int_eq(limit_judge(cell, r, &v), 0);
	return v;
}

/* 64 asked of one connection with 5 slots: the slot wait (239 ms) dwarfs the round trip (21). */
START_TEST(test_slots_named)
{
	struct row r;
	struct limit_verdict v;

	capture_row(&r, "cloud-nc1-read-d16", "/mnt/nc1", 16, 0.43, 2.32);
	ck_assert_str_eq(r.cell[COL_xprt_max_slots], "5");
	v = judge(&r);
	ck_assert_str_eq(limit_name(v.id), "rpc-slots");
	ck_assert(v.margin >= 1);
	ck_assert_msg(strstr(v.evidence, "5 slots"), "%s", v.evidence);
	/* made: its round trip 1.29x one I/O's alone: the slots set the rate */
	row_set_num(&r, COL_rtt_unloaded_read_ms, 16);
	v = judge(&r);
	ck_assert_msg(v.id == LIMIT_rpc_slots && strstr(v.evidence, "1.29x the 16 ms"), "%s",
		      v.evidence);
	/*
	 * 1.78x, its own: one I/O alone takes 7.5 ms of path and 4.1 ms to send 64 KiB at the
	 * connection's 15.2 MiB/s, and the point ran at 14.8 MiB/s: the slots were full because
	 * the connection's byte cap held each RPC, not the other way round
	 */
	row_set_num(&r, COL_rtt_unloaded_read_ms, 11.6);
	v = judge(&r);
	ck_assert_msg(v.id == LIMIT_unknown && v.margin < 1 &&
			      strstr(v.evidence, "more slots would only lengthen that wait"),
		      "%s", v.evidence);
	row_free(&r);
}
END_TEST

/*
 * Limits beyond the client, which these counters do not name: unknown, never rpc-slots, though
 * the slots were full (nc8: 40 for 64 asked) and requests waited for them.
 */
START_TEST(test_beyond_the_client_unknown)
{
	static const struct {
		const char *name, *mnt;
		int depth;
		double usr, sys;
	} c[] = {
		{ "cloud-nc1-read-d1", "/mnt/nc1", 1, 0.58, 3.30 },
		{ "cloud-nc8-read-d16", "/mnt/nc8", 16, 0.93, 3.79 },
		{ "cloud-nc8-write-d16", "/mnt/nc8", 16, 0.71, 1.82 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct row r;
		struct limit_verdict v;

		capture_row(&r, c[i].name, c[i].mnt, c[i].depth, c[i].usr, c[i].sys);
		v = judge(&r);
		ck_assert_msg(v.id == LIMIT_unknown, "%s: %s (%s)", c[i].name, limit_name(v.id),
			      v.evidence);
		ck_assert(v.margin < 1);
		ck_assert_msg(strstr(v.evidence, "the client held"), "%s", v.evidence);
		row_free(&r);
	}
}
END_TEST

/* Client CPU, made: the nc1 depth-1 capture with fio's jobs at 95 % of a CPU each. */
START_TEST(test_client_cpu)
{
	struct row r;
	struct limit_verdict v;

	capture_row(&r, "cloud-nc1-read-d1", "/mnt/nc1", 1, 80, 300);
	v = judge(&r);
	ck_assert_str_eq(limit_name(v.id), "client-cpu");
	ck_assert(v.margin > 1.05 && v.margin < 1.06);
	row_free(&r);
}
END_TEST

/*
 * The unloaded round trip decides between depth and beyond-client (made: the nc1 depth-1
 * capture, every one of the 4 I/Os asked in flight at a 16 ms round trip, with unloaded round
 * trips given): at 1.2x it or less, depth; at 3x or more, beyond-client; between, unknown with
 * both figures (the capture's own, about 12 ms, is 1.33x: it ran at its connection's 15.2 MiB/s
 * cap, not at its depth). Neither without one (a file older than schema 1.8), nor with
 * buffered I/O.
 */
START_TEST(test_depth_and_beyond)
{
	static const struct {
		double rtt0;
		const char *named;
	} c[] = {
		{ 15, "depth" },  { 13.5, "depth" },	  { 12, "unknown" },
		{ 8, "unknown" }, { 5, "beyond-client" }, { 2, "beyond-client" },
	};
	struct row r;
	struct limit_verdict v;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		capture_row(&r, "cloud-nc1-read-d1", "/mnt/nc1", 1, 0.58, 3.30);
		row_set_num(&r, COL_rtt_unloaded_read_ms, c[i].rtt0);
		v = judge(&r);
		ck_assert_msg(!strcmp(limit_name(v.id), c[i].named), "unloaded %g ms: %s (%s)",
			      c[i].rtt0, limit_name(v.id), v.evidence);
		ck_assert(v.id == LIMIT_unknown ? v.margin < 1 : v.margin >= 1);
		ck_assert_msg(strstr(v.evidence, "of one I/O at a time"), "%s", v.evidence);
		row_free(&r);
	}
	capture_row(&r, "cloud-nc1-read-d1", "/mnt/nc1", 1, 0.58, 3.30);
	v = judge(&r);
	ck_assert_msg(v.id == LIMIT_unknown && strstr(v.evidence, "with more iodepth or jobs"),
		      "%s", v.evidence);
	row_set_num(&r, COL_rtt_unloaded_read_ms, 15);
	row_set(&r, COL_direct, "0");
	ck_assert_int_eq(judge(&r).id, LIMIT_unknown);
	row_free(&r);
}
END_TEST

/* Nothing to judge by: a failed point, a row without transport figures (schema < 1.7). */
START_TEST(test_not_judged)
{
	struct row r;
	struct limit_verdict v;

	capture_row(&r, "cloud-nc1-read-d16", "/mnt/nc1", 16, 0.43, 2.32);
	row_set(&r, COL_status, "failed");
	ck_assert_int_eq(limit_judge(cell, &r, &v), -ENODATA);
	row_set(&r, COL_status, "ok");
	free(r.cell[COL_xprt_in_flight]);
	r.cell[COL_xprt_in_flight] = NULL;
	ck_assert_int_eq(limit_judge(cell, &r, &v), -ENODATA);
	limit_set_row(&r);
	ck_assert_ptr_null(r.cell[COL_limit]);
	row_free(&r);
}
END_TEST

/* tests/data/results/@name into @t; fails the test when it cannot be read. */
static void load_results(const char *name, struct rows *t)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/results/%s", T_DATA, name);
	ck_assert_int_eq(rows_load(path, &table_results, t), 0);
}

/* Row @i of @t for (@profile, @target, @pct); fails the test when there is none. */
static size_t find_row(const struct rows *t, const char *profile, const char *target,
		       const char *pct)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(res_at(t, i, COL_profile), profile) &&
		    !strcmp(res_at(t, i, COL_target), target) &&
		    !strcmp(res_at(t, i, COL_read_pct), pct))
			return i;
	ck_abort_msg("no row %s %s %s", profile, target, pct);
	return 0;
}

/* The verdict on the row (@profile, @target, @pct) of @t, read back with its file. */
static struct limit_verdict judged(const struct rows *t, const char *profile, const char *target,
				   const char *pct)
{
	struct limit_verdict v;

	ck_assert_int_eq(limit_judge_rows(t, find_row(t, profile, target, pct), &v), 0);
	return v;
}

/*
 * Read back, the sweep's other points too (tests/data/results/cloud-limits.csv): eight
 * connections' sequential writes at 1.04x one's, their round trips 7.8x as long, share the
 * egress; their reads (2.44x) are not called so.
 */
START_TEST(test_shared_path)
{
	struct rows t;
	struct limit_verdict v;

	load_results("cloud-limits.csv", &t);
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "seq64k", "nc8", "0"), &v), 0);
	ck_assert_msg(v.id == LIMIT_shared_path, "%s: %s", limit_name(v.id), v.evidence);
	ck_assert(v.margin >= 1);
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "seq64k", "nc8", "100"), &v), 0);
	ck_assert_msg(v.id == LIMIT_unknown, "%s: %s", limit_name(v.id), v.evidence);
	/* the one-connection side keeps its own limit */
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "seq64k", "nc1", "0"), &v), 0);
	ck_assert_int_eq(v.id, LIMIT_rpc_slots);
	rows_free(&t);
}
END_TEST

/*
 * One connection's throughput (tests/data/results/cloud-limits-conn.csv: the cloud model with 64
 * slots per connection, 4 jobs x iodepth 4, so that no request waits for a slot): one
 * connection's sequential reads, at its 15.2 MiB/s, are lifted by eight connections to the read
 * ceiling; its random reads, which 16 requests in flight bound on either mount, are not; the
 * eight-connection points are not judged by this rule.
 */
START_TEST(test_per_connection)
{
	struct rows t;
	struct limit_verdict v;

	load_results("cloud-limits-conn.csv", &t);
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "seq64k", "nc1", "100"), &v), 0);
	ck_assert_msg(v.id == LIMIT_per_connection, "%s: %s", limit_name(v.id), v.evidence);
	ck_assert(v.margin >= 1);
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "rand4k", "nc1", "100"), &v), 0);
	ck_assert_msg(v.id == LIMIT_unknown, "%s: %s", limit_name(v.id), v.evidence);
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "seq64k", "nc8", "100"), &v), 0);
	ck_assert_msg(v.id != LIMIT_per_connection, "%s", v.evidence);
	rows_free(&t);
}
END_TEST

/*
 * The unloaded round trip against two shapings (recorded sweeps, 4 jobs x iodepth 4):
 * - tests/data/results/cloud-scale50-limits.csv (lab/run --shaping cloud --scale 50: 5 slots
 *   and 30.4 MiB/s per connection): one connection's sequential reads ran at its byte cap, each
 *   round trip 2.1x one read's alone, so they are not slot-bound but per-connection beside eight
 *   connections' 2.3x; its writes, which eight connections did not lift (the 30 MiB/s egress),
 *   are unknown and say why not slots; the random reads, at one read's round trip, are slots;
 * - tests/data/results/cloud-rtt15-limits.csv (the cloud model with a 15 ms round trip): eight
 *   connections' sequential reads at the 35 MiB/s read ceiling, every I/O in flight, each round
 *   trip 1.37x one read's alone, are not depth (more depth would only queue); their random
 *   reads, at 1.01x, are.
 */
START_TEST(test_round_trip_decides)
{
	static const struct {
		const char *file, *profile, *target, *pct;
		enum limit_id id;
		int named; /* 1: named @id; 0: anything but @id */
		const char *says;
	} c[] = {
		{ "cloud-scale50-limits.csv", "seq64k", "nc1", "100", LIMIT_per_connection, 1,
		  "only because each round" },
		{ "cloud-scale50-limits.csv", "seq64k", "nc1", "0", LIMIT_unknown, 1,
		  "more slots would only lengthen" },
		{ "cloud-scale50-limits.csv", "rand4k", "nc1", "100", LIMIT_rpc_slots, 1, "" },
		{ "cloud-rtt15-limits.csv", "seq64k", "nc8", "100", LIMIT_depth, 0, "" },
		{ "cloud-rtt15-limits.csv", "rand4k", "nc8", "100", LIMIT_depth, 1, "" },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct rows t;
		struct limit_verdict v;

		load_results(c[i].file, &t);
		v = judged(&t, c[i].profile, c[i].target, c[i].pct);
		ck_assert_msg((v.id == c[i].id) == c[i].named && strstr(v.evidence, c[i].says),
			      "%s %s %s %s: %s: %s", c[i].file, c[i].profile, c[i].target, c[i].pct,
			      limit_name(v.id), v.evidence);
		rows_free(&t);
	}
}
END_TEST

/*
 * An unknown point with every I/O asked in flight and none waiting for a slot says what a point
 * with more depth would tell (the random reads of cloud-limits-conn.csv, 15.7 of 16); one whose
 * requests waited for slots does not (cloud-limits.csv's reads on eight connections), and a rule
 * far from its thresholds is not called the nearest.
 */
START_TEST(test_all_in_flight)
{
	static const char *hint = "every I/O asked was in flight: with more iodepth or jobs";
	struct rows t;
	struct limit_verdict v;

	load_results("cloud-limits-conn.csv", &t);
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "rand4k", "nc1", "100"), &v), 0);
	ck_assert_msg(v.id == LIMIT_unknown && strstr(v.evidence, hint), "%s", v.evidence);
	ck_assert_msg(!strstr(v.evidence, "nearest rule"), "%s", v.evidence);
	rows_free(&t);
	load_results("cloud-limits.csv", &t);
	ck_assert_int_eq(limit_judge_rows(&t, find_row(&t, "seq64k", "nc8", "100"), &v), 0);
	ck_assert_msg(v.id == LIMIT_unknown && !strstr(v.evidence, hint), "%s", v.evidence);
	ck_assert_msg(strstr(v.evidence, "the nearest rule, rpc-slots, at 0.59"), "%s", v.evidence);
	rows_free(&t);
}
END_TEST

Suite *make_limits_suite(void)
{
	Suite *s = suite_create("limits");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_slots_named);
	tcase_add_test(tc, test_beyond_the_client_unknown);
	tcase_add_test(tc, test_client_cpu);
	tcase_add_test(tc, test_depth_and_beyond);
	tcase_add_test(tc, test_round_trip_decides);
	tcase_add_test(tc, test_not_judged);
	tcase_add_test(tc, test_shared_path);
	tcase_add_test(tc, test_per_connection);
	tcase_add_test(tc, test_all_in_flight);
	suite_add_tcase(s, tc);
	return s;
}
