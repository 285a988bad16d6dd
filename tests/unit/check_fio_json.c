// SPDX-License-Identifier: GPL-2.0
/* harness/fio_json.c on real fio 3.33 (and one 3.42) outputs captured in tests/data/fio. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/fio_hist.h"
#include "fio/fio_json.h"
#include "helpers.h"

static struct fio_result parse_ok(const char *name)
{
	struct fio_result r;
	char path[512], err[256] = "";

	snprintf(path, sizeof(path), "%s/fio/%s", T_DATA, name);
	ck_assert_msg(fio_json_parse_file(path, &r, err, sizeof(err)) == 0, "%s: %s", name, err);
	ck_assert_str_eq(r.version, "fio-3.33");
	return r;
}

START_TEST(test_pure_read_uring)
{
	struct fio_result r = parse_ok("uring-randread.json");

	ck_assert_int_eq(r.error, 0);
	ck_assert(r.rd.iops > 1000 && r.rd.io_bytes > 0 && r.rd.has_clat);
	ck_assert(r.wr.iops == 0 && r.wr.io_bytes == 0 && !r.wr.has_clat);
	/* iops x 4 KiB = bandwidth, within rounding */
	ck_assert(fabs(r.rd.iops * 4096 / 1048576 - r.rd.mib_s) / r.rd.mib_s < 0.01);
	ck_assert(r.rd.clat_pct_us[FIO_PCT_p50] <= r.rd.clat_pct_us[FIO_PCT_p99] &&
		  r.rd.clat_pct_us[FIO_PCT_p99] <= r.rd.clat_pct_us[FIO_PCT_p99_9]);
	ck_assert(r.fig[FIO_FIG_usr_cpu_pct] + r.fig[FIO_FIG_sys_cpu_pct] > 0);
}
END_TEST

START_TEST(test_pure_write_aio_two_jobs_grouped)
{
	struct fio_result r = parse_ok("aio-seqwrite-2jobs.json");

	ck_assert_uint_eq(r.njobs, 1); /* group_reporting: one entry */
	ck_assert(r.wr.iops > 0 && r.rd.io_bytes == 0 && r.wr.has_clat);
	ck_assert(fabs(r.wr.iops * 65536 / 1048576 - r.wr.mib_s) / r.wr.mib_s < 0.01);
}
END_TEST

START_TEST(test_mixed_70_30)
{
	struct fio_result r = parse_ok("uring-randrw70.json");
	double share = r.rd.iops / (r.rd.iops + r.wr.iops);

	ck_assert(share > 0.65 && share < 0.75);
	ck_assert(r.rd.has_clat && r.wr.has_clat);
}
END_TEST

START_TEST(test_errored_job_with_text_before)
{
	struct fio_result r = parse_ok("errored-job.json");

	ck_assert_int_eq(r.error, 95); /* EOPNOTSUPP, as fio reported it */
}
END_TEST

START_TEST(test_text_before_json)
{
	struct fio_result r = parse_ok("text-before-json.json");

	ck_assert(r.rd.iops > 0 && r.wr.iops > 0);
}
END_TEST

START_TEST(test_client_server_form)
{
	struct fio_result r = parse_ok("client-server.json");

	ck_assert(r.rd.iops > 0);
	ck_assert_uint_eq(r.njobs, 1);
}
END_TEST

START_TEST(test_garbage_rejected)
{
	struct fio_result r;
	char err[256] = "";

	ck_assert_int_eq(fio_json_parse("fio: engine not loadable\n", &r, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "no JSON document in fio's output");
	ck_assert_int_eq(fio_json_parse("{\n \"jobs\": [\n", &r, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "does not parse"));
	ck_assert_int_eq(fio_json_parse("{\n\"fio version\":\"x\"}\n", &r, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "fio's JSON has no jobs");
}
END_TEST

/* Two fio servers (127.0.0.2, .4 on port 8799) under one fio --client, json+. */
static char *read_capture(const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/fio/%s", T_DATA, name);
	return fio_output_read(path);
}

START_TEST(test_hosts_sum_and_merged_percentiles)
{
	const char *addr[3] = { "127.0.0.2", "127.0.0.4", "127.0.0.9" };
	const int port[3] = { 8799, 8799, 8799 };
	struct fio_result h[3], t;
	int present[3];
	char err[256] = "", *text = read_capture("clients-2hosts-jsonplus.json");

	ck_assert_ptr_nonnull(text);
	ck_assert_msg(fio_json_parse_hosts(text, 3, addr, port, h, present, &t, err, sizeof(err)) ==
			      0,
		      "%s", err);
	free(text);
	/* the third host is not in the report: absent, not zeros passed off as figures */
	ck_assert(present[0] && present[1] && !present[2]);
	ck_assert_uint_eq(h[0].njobs, 1); /* its own entry; "All clients" is not one */
	ck_assert_uint_eq(t.njobs, 2);
	ck_assert(fabs(t.rd.iops - (h[0].rd.iops + h[1].rd.iops)) < 1e-9);
	ck_assert(fabs(t.wr.iops - (h[0].wr.iops + h[1].wr.iops)) < 1e-9);
	ck_assert_uint_eq(t.rd.io_bytes, h[0].rd.io_bytes + h[1].rd.io_bytes);
	ck_assert_uint_eq(h[0].rd.io_bytes, 212 * 4096);
	/* one host's percentiles from its bins are fio's own (its "percentile" list) */
	ck_assert(fabs(h[0].rd.clat_pct_us[FIO_PCT_p50] - 76.288) < 1e-9);
	ck_assert(fabs(h[1].rd.clat_pct_us[FIO_PCT_p50] - 75.264) < 1e-9);
	/* merged: within the hosts' range, ordered; the mean weighted by completions */
	ck_assert(t.rd.clat_pct_us[FIO_PCT_p50] >= 75.264 &&
		  t.rd.clat_pct_us[FIO_PCT_p50] <= 76.288);
	ck_assert(t.rd.clat_pct_us[FIO_PCT_p50] <= t.rd.clat_pct_us[FIO_PCT_p99] &&
		  t.rd.clat_pct_us[FIO_PCT_p99] <= t.rd.clat_pct_us[FIO_PCT_p99_9]);
	ck_assert(fabs(t.rd.clat_mean_us - (h[0].rd.clat_mean_us + h[1].rd.clat_mean_us) / 2) <
		  1e-6);
	ck_assert(t.rd.has_clat && t.wr.has_clat);
}
END_TEST

START_TEST(test_hosts_need_histograms)
{
	const char *addr[1] = { "127.0.0.1" };
	const int port[1] = { 8765 };
	struct fio_result h[1], t;
	int present[1];
	char err[256] = "", *text = read_capture("client-server.json");

	ck_assert_ptr_nonnull(text);
	/* plain json (no bins) of a host: refused, not averaged */
	ck_assert_int_eq(
		fio_json_parse_hosts(text, 1, addr, port, h, present, &t, err, sizeof(err)), -1);
	free(text);
	ck_assert_ptr_nonnull(strstr(err, "json+"));
}
END_TEST

/* fio's sizes as the rows state them: a block size from the JSON's options */
/* fio's buckets from the values it reports for them (stat.c, plat_idx_to_val) */
START_TEST(test_bucket_bounds)
{
	static const struct {
		unsigned long long ns, lo, hi;
	} b[] = {
		{ 0, 0, 1 }, /* one value each below 128 */
		{ 127, 127, 128 },
		{ 129, 128, 130 },	 /* idx 128: base 128, 2 wide, the middle 129 */
		{ 255, 254, 256 },	 /* the last of that group */
		{ 258, 256, 260 },	 /* 4 wide from 256 */
		{ 19072, 18944, 19200 }, /* 2^14 + 10.5 x 256 */
		{ 1ULL << 40 | 1ULL << 33, (1ULL << 40) + (1ULL << 33) - (1ULL << 33),
		  (1ULL << 40) + (1ULL << 34) },
	};

	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
		unsigned long long lo, hi;

		fio_bucket_bounds(b[i].ns, &lo, &hi);
		ck_assert_msg(lo == b[i].lo && hi == b[i].hi, "%llu: [%llu, %llu)", b[i].ns, lo,
			      hi);
	}
}
END_TEST

/* A --hosts report's histograms: every host's bins added bucket by bucket, "All clients" aside */
START_TEST(test_hist_merge)
{
	static const char text[] =
		"{\n\"client_stats\": [\n"
		" {\"jobname\": \"x\", \"read\": {\"clat_ns\": {\"N\": 5, \"bins\": "
		"{\"129\": 2, \"19072\": 3}}}, \"write\": {\"clat_ns\": {\"N\": 0}}},\n"
		" {\"jobname\": \"x\", \"read\": {\"clat_ns\": {\"N\": 4, \"bins\": "
		"{\"19072\": 1, \"50\": 3}}}, \"write\": {\"clat_ns\": {\"N\": 1, \"bins\": "
		"{\"7\": 1}}}},\n"
		" {\"jobname\": \"All clients\", \"read\": {\"clat_ns\": {\"N\": 9, \"bins\": "
		"{\"129\": 9}}}}\n]}\n";
	static const char no_bins[] =
		"{\n\"jobs\": [{\"jobname\": \"x\", \"read\": {\"clat_ns\": {\"N\": 5}}}]}\n";
	struct fio_hist h[2];
	char err[256];

	ck_assert_int_eq(fio_hist_parse(text, h, err, sizeof(err)), 0);
	ck_assert_uint_eq(h[0].n, 3);
	ck_assert_uint_eq(h[0].total, 9);
	ck_assert(h[0].b[0].lo_ns == 50 && h[0].b[0].count == 3);
	ck_assert(h[0].b[1].lo_ns == 128 && h[0].b[1].hi_ns == 130 && h[0].b[1].count == 2);
	ck_assert(h[0].b[2].lo_ns == 18944 && h[0].b[2].count == 4); /* 3 + 1 */
	ck_assert(h[1].n == 1 && h[1].total == 1 && h[1].b[0].lo_ns == 7);
	fio_hist_free(h);
	ck_assert_int_eq(fio_hist_parse(no_bins, h, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "not --output-format=json+"), "%s", err);
	ck_assert(!h[0].b && !h[1].b);
}
END_TEST

START_TEST(test_size_bytes)
{
	/* clang-format off */
	static const struct { const char *s; long long want; } good[] = {
		{ "4096", 4096 }, { "4k", 4096 }, { "8K", 8192 }, { "64KiB", 65536 },
		{ "1m", 1048576 }, { "2g", 2147483648LL }, { "512b", 512 }, { "1kb", 1024 },
	};
	/* clang-format on */
	static const char *const bad[] = { "",	   "k",	  "4k,8k", "bssplit=4k/50",
					   "1.5m", "-4k", "4x",	   "4kk" };
	long long v;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		ck_assert_msg(!fio_size_bytes(good[i].s, &v), "%s refused", good[i].s);
		ck_assert_msg(v == good[i].want, "%s: %lld", good[i].s, v);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(fio_size_bytes(bad[i], &v), "%s taken", bad[i]);
}
END_TEST

/*
 * The measured window: from job_start where fio gives it (3.36 on; this
 * capture, fio 3.42 with ramp_time=1 runtime=2, wrote its report 2.25 s
 * after job_start), else the runtime before the report (3.33).
 */
START_TEST(test_window)
{
	struct fio_result r;
	char path[512], err[256] = "";
	double t0, t1;

	snprintf(path, sizeof(path), "%s/fio/fio342-ramp.json", T_DATA);
	ck_assert_msg(fio_json_parse_file(path, &r, err, sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(r.version, "fio-3.42");
	ck_assert_int_eq(fio_result_window(&r, &t0, &t1), 0);
	ck_assert_double_eq_tol(t0, 1796133130.459, 1e-6);
	ck_assert_double_eq_tol((t1 - t0), 2.001, 1e-6);
	ck_assert(r.end_s - t1 > 0.2);

	r = parse_ok("uring-randread.json");
	ck_assert(r.start_s == 0);
	ck_assert_int_eq(fio_result_window(&r, &t0, &t1), 0);
	ck_assert_double_eq_tol(t1, r.end_s, 1e-9);
	ck_assert_double_eq_tol((t1 - t0), fio_result_runtime(&r), 1e-6);
	r.end_s = 0;
	ck_assert_int_eq(fio_result_window(&r, &t0, &t1), -1);
}
END_TEST

Suite *make_fio_json_suite(void)
{
	Suite *s = suite_create("fio_json");
	TCase *tc = tcase_create("captures");

	tcase_add_test(tc, test_pure_read_uring);
	tcase_add_test(tc, test_pure_write_aio_two_jobs_grouped);
	tcase_add_test(tc, test_mixed_70_30);
	tcase_add_test(tc, test_errored_job_with_text_before);
	tcase_add_test(tc, test_text_before_json);
	tcase_add_test(tc, test_client_server_form);
	tcase_add_test(tc, test_garbage_rejected);
	tcase_add_test(tc, test_hosts_sum_and_merged_percentiles);
	tcase_add_test(tc, test_hosts_need_histograms);
	tcase_add_test(tc, test_size_bytes);
	tcase_add_test(tc, test_bucket_bounds);
	tcase_add_test(tc, test_hist_merge);
	tcase_add_test(tc, test_window);
	suite_add_tcase(s, tc);
	return s;
}
