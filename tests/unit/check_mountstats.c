// SPDX-License-Identifier: GPL-2.0
/* harness/mountstats.c on real captures from the lab (tests/data/mountstats). */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "nfs/mount_opts.h"
#include "nfs/mountstats.h"

static void load(const char *name, struct ms_mount **m, size_t *n)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/mountstats/%s", T_DATA, name);
	ck_assert_int_eq(mountstats_read(path, m, n), 0);
}

static const char *const captures[] = { "lab-v3-nc1-nc8.txt", "lab-v4.2-nc1-nc8.txt",
					"statvers-1.0-derived.txt" };

/* Transports 1 and 8, nconnect in the options, for each capture. */
START_TEST(test_transports_and_options)
{
	struct ms_mount *m;
	size_t n;
	const struct ms_mount *nc1, *nc8;

	load(captures[_i], &m, &n);
	nc1 = mountstats_find(m, n, "/mnt/nc1");
	nc8 = mountstats_find(m, n, "/mnt/nc8");
	ck_assert_ptr_nonnull(nc1);
	ck_assert_ptr_nonnull(nc8);
	ck_assert_uint_eq(nc1->xprts, 1);
	ck_assert_uint_eq(nc8->xprts, 8);
	ck_assert_int_eq(mount_opt_long(nc1->opts, "nconnect", 1), 1);
	ck_assert_int_eq(mount_opt_long(nc8->opts, "nconnect", 1), 8);
	ck_assert_ptr_nonnull(ms_find_op(nc8, "READ"));
	ck_assert_ptr_nonnull(ms_find_op(nc8, "WRITE"));
	ck_assert_ptr_null(mountstats_find(m, n, "/mnt/none"));
	mountstats_free(m, n);
}
END_TEST

/* Transport counters are summed over all eight xprt lines, not the last. */
START_TEST(test_xprt_sums_every_transport)
{
	struct ms_mount *m;
	size_t n;
	const struct ms_mount *nc8;

	load("lab-v3-nc1-nc8.txt", &m, &n);
	nc8 = mountstats_find(m, n, "/mnt/nc8");
	ck_assert_uint_eq(nc8->xprt_sends, 20 + 18 + 18 + 17 + 17 + 17 + 17 + 17);
	ck_assert_uint_eq(nc8->xprt_recvs, 141);
	ck_assert_str_eq(nc8->device, "127.0.0.2:/srv/nfslab");
	ck_assert_str_eq(nc8->fstype, "nfs");
	ck_assert_str_eq(nc8->statvers, "1.1");
	mountstats_free(m, n);
}
END_TEST

/* Each transport's own counters, in the kernel's field order; 1.0 lines stop after bklog_u. */
START_TEST(test_xprt_fields)
{
	struct ms_mount *m;
	size_t n;
	const struct ms_mount *nc1, *nc8;

	load("lab-v3-nc1-nc8.txt", &m, &n);
	nc1 = mountstats_find(m, n, "/mnt/nc1");
	nc8 = mountstats_find(m, n, "/mnt/nc8");
	/* xprt: tcp 974 1 2 0 1 161 161 0 239 0 13 0 78 */
	ck_assert_uint_eq(nc1->tcp_xprts, 1);
	ck_assert_uint_eq(nc1->xprt[0].sends, 161);
	ck_assert_uint_eq(nc1->xprt[0].recvs, 161);
	ck_assert_uint_eq(nc1->xprt[0].bad_xids, 0);
	ck_assert_uint_eq(nc1->xprt[0].req_u, 239);
	ck_assert_uint_eq(nc1->xprt[0].bklog_u, 0);
	ck_assert_uint_eq(nc1->xprt[0].max_slots, 13);
	ck_assert_uint_eq(nc1->xprt[0].sending_u, 0);
	ck_assert_uint_eq(nc1->xprt[0].pending_u, 78);
	ck_assert_uint_eq(nc8->tcp_xprts, 8);
	ck_assert_uint_eq(nc8->xprt[0].sends, 20);
	ck_assert_uint_eq(nc8->xprt[7].sends, 17);
	ck_assert_uint_eq(nc8->xprt[7].max_slots, 2);
	mountstats_free(m, n);
	load("statvers-1.0-derived.txt", &m, &n);
	nc1 = mountstats_find(m, n, "/mnt/nc1");
	ck_assert_uint_eq(nc1->xprt[0].req_u, 239);
	ck_assert_uint_eq(nc1->xprt[0].max_slots, 0);
	ck_assert_uint_eq(nc1->xprt[0].pending_u, 0);
	mountstats_free(m, n);
}
END_TEST

/* The transports' queues over a lab run that asked 64 of one connection with 5 slots. */
START_TEST(test_xprt_delta)
{
	struct ms_mount *m[2];
	size_t n[2];
	struct ms_xprt_figs f;
	char path[512];

	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "%s/limits/cloud-nc1-read-d16.%s", T_DATA,
			 k ? "after" : "before");
		ck_assert_int_eq(mountstats_read(path, &m[k], &n[k]), 0);
	}
	ck_assert_int_eq(ms_xprt_delta(mountstats_find(m[0], n[0], "/mnt/nc1"),
				       mountstats_find(m[1], n[1], "/mnt/nc1"), &f),
			 0);
	ck_assert_uint_eq(f.sends, 1013);
	ck_assert(f.in_flight > 4.95 && f.in_flight <= 5.0);
	ck_assert(f.backlog > 55 && f.backlog < 57);
	ck_assert_uint_eq(f.max_slots, 5);
	/* a snapshot against itself: nothing sent, nothing to say */
	ck_assert_int_eq(ms_xprt_delta(mountstats_find(m[1], n[1], "/mnt/nc1"),
				       mountstats_find(m[1], n[1], "/mnt/nc1"), &f),
			 -ENODATA);
	for (int k = 0; k < 2; k++)
		mountstats_free(m[k], n[k]);
}
END_TEST

START_TEST(test_op_fields_and_statvers_1_0)
{
	struct ms_mount *m;
	size_t n;
	const struct ms_op *w;

	load("lab-v3-nc1-nc8.txt", &m, &n);
	w = ms_find_op(mountstats_find(m, n, "/mnt/nc1"), "WRITE");
	/* WRITE: 82 82 0 12724480 11152 0 190 190 0 */
	ck_assert_uint_eq(w->ops, 82);
	ck_assert_uint_eq(w->bytes_sent, 12724480);
	ck_assert_uint_eq(w->rtt_ms, 190);
	ck_assert_uint_eq(w->exe_ms, 190);
	ck_assert(w->has_errors);
	mountstats_free(m, n);

	load("statvers-1.0-derived.txt", &m, &n);
	w = ms_find_op(mountstats_find(m, n, "/mnt/nc1"), "WRITE");
	ck_assert_uint_eq(w->ops, 82);
	ck_assert(!w->has_errors);
	ck_assert_uint_eq(mountstats_find(m, n, "/mnt/nc8")->xprt_sends, 141);
	mountstats_free(m, n);
}
END_TEST

START_TEST(test_delta)
{
	/* clang-format off */
	struct ms_op a = { .ops = 100, .trans = 100, .rtt_ms = 50, .exe_ms = 80, .queue_ms = 10,
			   .errors = 1, .has_errors = 1 };
	/* clang-format on */
	struct ms_op b = { .ops = 300,
			   .trans = 303,
			   .rtt_ms = 450,
			   .exe_ms = 880,
			   .queue_ms = 30,
			   .errors = 2,
			   .has_errors = 1 };
	struct ms_delta d;

	ms_op_delta(&a, &b, &d);
	ck_assert_uint_eq(d.ops, 200);
	ck_assert_uint_eq(d.retrans, 3);
	ck_assert_uint_eq(d.errors, 1);
	ck_assert_double_eq_tol(d.avg_rtt_ms, 2.0, 1e-9);
	ck_assert_double_eq_tol(d.avg_exe_ms, 4.0, 1e-9);
	ck_assert_double_eq_tol(d.avg_queue_ms, 0.1, 1e-9);
	/* An op that appeared only in the second snapshot counts from zero. */
	ms_op_delta(NULL, &b, &d);
	ck_assert_uint_eq(d.ops, 300);
	/* No RPCs: no averages, no division by zero. */
	ms_op_delta(&a, &a, &d);
	ck_assert_uint_eq(d.ops, 0);
	ck_assert_double_eq(d.avg_rtt_ms, 0);
}
END_TEST

Suite *make_mountstats_suite(void)
{
	Suite *s = suite_create("mountstats");
	TCase *tc = tcase_create("captures");

	tcase_add_loop_test(tc, test_transports_and_options, 0, 3);
	tcase_add_test(tc, test_xprt_sums_every_transport);
	tcase_add_test(tc, test_xprt_fields);
	tcase_add_test(tc, test_xprt_delta);
	tcase_add_test(tc, test_op_fields_and_statvers_1_0);
	tcase_add_test(tc, test_delta);
	suite_add_tcase(s, tc);
	return s;
}
