// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of harness/nfs/mountstats_window.c: a mountstats file the test
 * rewrites between samples, cut at times between the samples it took.
 */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "nfs/mountstats_window.h"
#include "helpers.h"

/* A mountstats file with one NFS mount whose READ count is @reads and GETATTR @getattrs. */
static void write_stats(const char *path, const char *mnt, unsigned int reads,
			unsigned int getattrs)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fprintf(f,
		"device tmpfs mounted on /run with fstype tmpfs\n"
		"device 127.0.0.1:/srv/nfslab mounted on %s with fstype nfs statvers=1.1\n"
		"\topts:\trw,vers=3,nconnect=1\n"
		"\tRPC iostats version: 1.1  p/v: 100003/3 (nfs)\n"
		"\txprt:\ttcp 974 1 2 0 1 %u %u 0 %u %u 13 0 %u\n"
		"\tper-op statistics\n"
		"\t        NULL: 1 1 0 44 24 2 0 2 0\n"
		"\t     GETATTR: %u %u 0 %u 0 0 %u %u 0\n"
		"\t        READ: %u %u 0 0 %u 0 %u %u 0\n\n",
		mnt, reads + getattrs, reads + getattrs, 4 * reads, reads, 2 * reads, getattrs,
		getattrs, 100 * getattrs, getattrs, getattrs, reads, reads, 4096 * reads, 2 * reads,
		3 * reads);
	fclose(f);
}

static unsigned long long count(const struct ms_mount *m, const char *op)
{
	const struct ms_op *o = ms_find_op(m, op);

	ck_assert_ptr_nonnull(o);
	return (unsigned long long)o->ops;
}

/* Between two samples a counter is interpolated; outside them the cut is refused. */
START_TEST(test_interpolated_cut)
{
	char path[] = "/tmp/nfsweep-ms-XXXXXX";
	struct ms_mount b, a;
	struct ms_window w;
	double first, last, dt;

	close(mkstemp(path));
	write_stats(path, "/mnt/nc1", 1000, 10);
	ck_assert_int_eq(ms_window_start(&w, path, "/mnt/nc1", 4), 0);
	usleep(50000);
	write_stats(path, "/mnt/nc1", 2000, 10);
	ms_window_sample(&w);
	ms_window_span(&w, &first, &last);
	dt = last - first;
	ck_assert(dt > 0.04);

	/* a quarter and three quarters of the way: 1250 and 1750 READs */
	ck_assert_int_eq(ms_window_cut(&w, first + dt / 4, first + 3 * dt / 4, &b, &a), 0);
	ck_assert_uint_eq(count(&b, "READ"), 1250);
	ck_assert_uint_eq(count(&a, "READ"), 1750);
	ck_assert_uint_eq(count(&a, "GETATTR") - count(&b, "GETATTR"), 0);
	/* the other counters follow: RTT 2 ms per READ */
	ck_assert_uint_eq(ms_find_op(&a, "READ")->rtt_ms, 3500);
	/* and the transport's: sends, the queue sums; its high-water mark as it was */
	ck_assert_uint_eq(a.tcp_xprts, 1);
	ck_assert_uint_eq(a.xprt[0].sends - b.xprt[0].sends, 500);
	ck_assert_uint_eq(a.xprt_sends, 1760);
	ck_assert_uint_eq(a.xprt[0].req_u - b.xprt[0].req_u, 2000);
	ck_assert_uint_eq(a.xprt[0].bklog_u, 1750);
	ck_assert_uint_eq(a.xprt[0].pending_u, 3500);
	ck_assert_uint_eq(a.xprt[0].max_slots, 13);
	ms_window_free_mount(&b);
	ms_window_free_mount(&a);

	/* an end beyond the samples by more than an interval: not counted */
	ck_assert_int_eq(ms_window_cut(&w, first - 5, last, &b, &a), -ERANGE);
	ck_assert_int_eq(ms_window_cut(&w, first, last + 5, &b, &a), -ERANGE);
	ck_assert_int_eq(ms_window_cut(&w, last, first, &b, &a), -ERANGE);
	/* within one interval of them: the nearest sample */
	ck_assert_int_eq(ms_window_cut(&w, first - 0.05, last + 0.05, &b, &a), 0);
	ck_assert_uint_eq(count(&a, "READ") - count(&b, "READ"), 1000);
	ms_window_free_mount(&b);
	ms_window_free_mount(&a);
	ms_window_free(&w);
	unlink(path);
}
END_TEST

/* The ring keeps the newest samples; a mount that goes away ends the window. */
START_TEST(test_ring_and_broken)
{
	char path[] = "/tmp/nfsweep-ms-XXXXXX";
	struct ms_mount b, a;
	struct ms_window w;
	double first, last;

	close(mkstemp(path));
	write_stats(path, "/mnt/nc1", 0, 0);
	ck_assert_int_eq(ms_window_start(&w, "/nonexistent/mountstats", "/mnt/nc1", 4), -ENOENT);
	ck_assert_int_eq(ms_window_start(&w, path, "/mnt/other", 4), -ENOENT);
	ck_assert_int_eq(ms_window_start(&w, path, "/mnt/nc1", 0), 0);
	for (unsigned int i = 1; i <= 3 * w.cap; i++) {
		write_stats(path, "/mnt/nc1", i, 0);
		ms_window_sample(&w);
	}
	ck_assert_uint_eq(w.n, w.cap);
	ms_window_span(&w, &first, &last);
	ck_assert_int_eq(ms_window_cut(&w, first, last, &b, &a), 0);
	ck_assert_uint_eq(count(&a, "READ"), 3 * w.cap);
	ck_assert_uint_eq(count(&b, "READ"), 2 * w.cap + 1); /* the oldest kept */
	ms_window_free_mount(&b);
	ms_window_free_mount(&a);

	write_stats(path, "/mnt/elsewhere", 0, 0);
	ms_window_sample(&w);
	ck_assert_int_eq(ms_window_cut(&w, first, last, &b, &a), -ENODATA);
	ms_window_free(&w);
	unlink(path);
}
END_TEST

/*
 * The end of the I/O, for fio before 3.36: READs grow by 1000 a sample, then by 500, then not
 * at all, while GETATTRs grow to the end (not data); at the rate before, the 500 took half of
 * their interval. Asked for an earlier time, the last growth before it.
 */
START_TEST(test_last_io)
{
	unsigned int reads[] = { 1000, 2000, 3000, 3500, 3500, 3500 };
	char path[] = "/tmp/nfsweep-ms-XXXXXX";
	struct ms_window w;
	double t[6], want;

	close(mkstemp(path));
	write_stats(path, "/mnt/nc1", reads[0], 10);
	ck_assert_int_eq(ms_window_start(&w, path, "/mnt/nc1", 4), 0);
	for (int i = 1; i < 6; i++) {
		usleep(50000);
		write_stats(path, "/mnt/nc1", reads[i], 10 + i);
		ms_window_sample(&w);
	}
	/*
	 * The samples' times as the clock gave them vary with the machine's load (CI's sanitizer
	 * build on a busy host): set them, a quarter second apart (exact in binary), so the
	 * arithmetic below is the test's and not the scheduler's.
	 */
	ck_assert_uint_eq(w.n, 6);
	for (int i = 0; i < 6; i++)
		t[i] = w.t[(w.head + i) % w.cap] = 1024 + 0.25 * i;
	/* 500 at the rate of the samples before (2000 over t[2] - t[0]) */
	want = t[2] + 500 / (2000 / (t[2] - t[0]));
	ck_assert_msg(fabs(ms_window_last_io(&w, t[5] + 1) - want) < 1e-9, "%f, not %f",
		      ms_window_last_io(&w, t[5] + 1) - t[0], want - t[0]);
	ck_assert(want > t[2] && want < t[3]);
	/* before the last growth: the one before it, a whole interval's (at its end) */
	ck_assert(fabs(ms_window_last_io(&w, t[2] - 0.001) - t[2]) < 1e-9);
	/* the first interval has no rate before it: its end */
	ck_assert(ms_window_last_io(&w, t[1] - 0.001) == t[1]);
	/* a growth that took less than its interval at the rate before it ends early */
	w.t[(w.head + 2) % w.cap] = t[2] = 1024.625;
	ck_assert(fabs(ms_window_last_io(&w, t[2] - 0.001) - 1024.5) < 1e-9);
	ms_window_free(&w);
	write_stats(path, "/mnt/nc1", 7, 10);
	ck_assert_int_eq(ms_window_start(&w, path, "/mnt/nc1", 4), 0);
	ms_window_sample(&w);
	ck_assert(ms_window_last_io(&w, 1e12) == 0); /* never grew */
	ms_window_free(&w);
	unlink(path);
}
END_TEST

Suite *make_mountstats_window_suite(void)
{
	Suite *s = suite_create("mountstats_window");
	TCase *tc = tcase_create("window");

	tcase_add_test(tc, test_interpolated_cut);
	tcase_add_test(tc, test_ring_and_broken);
	tcase_add_test(tc, test_last_io);
	suite_add_tcase(s, tc);
	return s;
}
