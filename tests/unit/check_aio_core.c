// SPDX-License-Identifier: GPL-2.0
/* Unit tests of engines/aio/aio_core.c: no fio, real libaio on real files. */
#include <check.h>
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aio/aio_core.h"
#include "helpers.h"

START_TEST(test_validate)
{
	struct aio_opts o = { .numa_node = -1 };
	char msg[160] = "";

	ck_assert_int_eq(aio_opts_validate(&o, 32, 0, msg, sizeof(msg)), 0);
	ck_assert_int_eq(aio_opts_validate(&o, 0, 0, msg, sizeof(msg)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(msg, "iodepth"));
	o.numa_node = 3;
	ck_assert_int_eq(aio_opts_validate(&o, 32, 0, msg, sizeof(msg)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(msg, "aio_numa_node"));
	ck_assert_int_eq(aio_opts_validate(&o, 32, -1, msg, sizeof(msg)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(msg, "no NUMA support"));
}
END_TEST

static unsigned int nsubmitted;

static void count_submitted(void *ctx, struct iocb **iocbs, unsigned int n)
{
	(void)ctx;
	(void)iocbs;
	nsubmitted += n;
}

/*
 * O_DIRECT reads of a disk file through the staging ring, several rounds so
 * that the ring wraps (depth 5, capacity 8); every reap path (@_i: 0 =
 * io_getevents, 1 = userspace ring polled, 2 = userspace ring then
 * io_getevents for the rest of a minimum of all five).
 */
START_TEST(test_submit_reap_wraps)
{
	struct aio_queue q;
	struct iocb iocbs[5];
	const char *call = NULL;
	char path[256], *bufs;
	unsigned int round, i, got;
	int fd, ret;

	ck_assert_int_eq(aio_queue_open(&q, 5, &call), 0);
	fd = t_make_file(T_DISK_DIR, 40 * 4096, path, sizeof(path));
	ck_assert_int_ge(fd, 0);
	close(fd);
	fd = open(path, O_RDONLY | O_DIRECT);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(posix_memalign((void **)&bufs, 4096, 5 * 4096), 0);

	for (round = 0; round < 5; round++) {
		nsubmitted = 0;
		for (i = 0; i < 5; i++) {
			io_prep_pread(&iocbs[i], fd, bufs + i * 4096, 4096,
				      (round * 5 + i) * 4096LL);
			iocbs[i].data = (void *)(uintptr_t)i;
			ck_assert_int_eq(aio_stage(&q, &iocbs[i]), 0);
		}
		ck_assert_int_eq(aio_stage(&q, &iocbs[0]), -EBUSY);
		ck_assert_int_eq(aio_submit(&q, count_submitted, NULL), 5);
		ck_assert_uint_eq(nsubmitted, 5);
		for (got = 0; got < 5;) {
			ret = aio_reap(&q, _i == 0 ? 1 : _i == 1 ? 0 : 5 - got, 5, _i != 0);
			if (_i == 2)
				ck_assert_int_eq(ret, 5 - got);
			ck_assert_int_ge(ret, 0);
			for (i = 0; i < (unsigned int)ret; i++) {
				unsigned int id = (unsigned int)(uintptr_t)q.events[i].data;

				ck_assert_int_eq((long)q.events[i].res, 4096);
				ck_assert(t_block_ok(bufs + id * 4096, round * 5 + id));
			}
			got += ret;
		}
		ck_assert_uint_eq(q.inflight, 0);
	}
	free(bufs);
	close(fd);
	unlink(path);
	aio_queue_close(&q);
}
END_TEST

/*
 * MOCK: io_submit failing with EAGAIN ("insufficient resources"), which the
 * kernel returns when it is short of memory or of aio slots; a test cannot
 * cause that for real. The mock fails the first @eagain_left calls, then
 * hands over to the real io_submit: the reads are real.
 */
static int eagain_left;

static int submit_eagain_mock(io_context_t ctx, long nr, struct iocb *iocbs[])
{
	if (eagain_left > 0) {
		eagain_left--;
		return -EAGAIN;
	}
	return io_submit(ctx, nr, iocbs);
}

/* Requests an EAGAIN left staged are not lost, and reaping does not hang on them. */
START_TEST(test_eagain_keeps_staged)
{
	struct aio_queue q;
	struct iocb iocbs[3];
	const char *call = NULL;
	char path[256], *bufs;
	unsigned int i, got, seen[3] = { 0 };
	int fd, ret;

	ck_assert_int_eq(aio_queue_open(&q, 3, &call), 0);
	fd = t_make_file(T_DISK_DIR, 8 * 4096, path, sizeof(path));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(posix_memalign((void **)&bufs, 4096, 3 * 4096), 0);
	aio_test_submit = submit_eagain_mock;
	eagain_left = 2;
	for (i = 0; i < 3; i++) {
		io_prep_pread(&iocbs[i], fd, bufs + i * 4096, 4096, i * 4096LL);
		iocbs[i].data = (void *)(uintptr_t)i;
		ck_assert_int_eq(aio_stage(&q, &iocbs[i]), 0);
	}
	ck_assert_int_eq(aio_submit(&q, NULL, NULL), -EAGAIN);
	ck_assert_uint_eq(q.staged, 3);
	/* fio believes three are in flight and asks for them: nothing is, so 0 at once. */
	ck_assert_int_eq(aio_reap(&q, 3, 3, false), 0);
	ck_assert_int_eq(aio_submit(&q, NULL, NULL), -EAGAIN);
	ck_assert_int_eq(aio_submit(&q, NULL, NULL), 3);
	ck_assert_uint_eq(q.staged, 0);
	for (got = 0; got < 3; got += ret) {
		ret = aio_reap(&q, 1, 3, false);
		ck_assert_int_ge(ret, 1);
		for (i = 0; i < (unsigned int)ret; i++) {
			unsigned int id = (unsigned int)(uintptr_t)q.events[i].data;

			ck_assert_int_eq((long)q.events[i].res, 4096);
			ck_assert(t_block_ok(bufs + id * 4096, id));
			seen[id]++;
		}
	}
	for (i = 0; i < 3; i++)
		ck_assert_uint_eq(seen[i], 1);
	aio_test_submit = NULL;
	free(bufs);
	close(fd);
	unlink(path);
	aio_queue_close(&q);
}
END_TEST

/*
 * aio_submit_all(), what commit() runs: with requests in flight an EAGAIN
 * hands back to fio to reap (the rest stays staged); with none in flight
 * it is waited out, and an EAGAIN that never ends becomes an error after
 * about a second, the request still staged. MOCK: io_submit's EAGAIN, as
 * in test_eagain_keeps_staged.
 */
static unsigned int submit_calls;
static bool eagain_always;

static int submit_counting_mock(io_context_t ctx, long nr, struct iocb *iocbs[])
{
	submit_calls++;
	if (eagain_always || eagain_left > 0) {
		eagain_left--;
		return -EAGAIN;
	}
	return io_submit(ctx, nr, iocbs);
}

START_TEST(test_submit_all_gives_up)
{
	struct aio_queue q;
	struct iocb iocbs[4];
	const char *call = NULL;
	char path[256], *bufs;
	unsigned int i;
	int fd;

	ck_assert_int_eq(aio_queue_open(&q, 4, &call), 0);
	fd = t_make_file(T_DISK_DIR, 8 * 4096, path, sizeof(path));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(posix_memalign((void **)&bufs, 4096, 4 * 4096), 0);
	for (i = 0; i < 4; i++)
		io_prep_pread(&iocbs[i], fd, bufs + i * 4096, 4096, i * 4096LL);
	aio_test_submit = submit_counting_mock;

	/* Nothing in flight: two EAGAINs waited out, then both go. */
	eagain_left = 2;
	submit_calls = 0;
	ck_assert_int_eq(aio_stage(&q, &iocbs[0]), 0);
	ck_assert_int_eq(aio_stage(&q, &iocbs[1]), 0);
	ck_assert_int_eq(aio_submit_all(&q, NULL, NULL), 2);
	ck_assert_uint_eq(submit_calls, 3);
	ck_assert_uint_eq(q.staged, 0);

	/* Two in flight: an EAGAIN hands back at once, the third stays staged. */
	eagain_left = 1;
	submit_calls = 0;
	ck_assert_int_eq(aio_stage(&q, &iocbs[2]), 0);
	ck_assert_int_eq(aio_submit_all(&q, NULL, NULL), 0);
	ck_assert_uint_eq(submit_calls, 1);
	ck_assert_uint_eq(q.staged, 1);
	ck_assert_int_eq(aio_reap(&q, 2, 2, false), 2);

	/* An EAGAIN that never ends, nothing in flight: an error, the request still staged. */
	eagain_always = true;
	submit_calls = 0;
	ck_assert_int_eq(aio_submit_all(&q, NULL, NULL), -EAGAIN);
	ck_assert_uint_gt(submit_calls, 1000);
	ck_assert_uint_eq(q.staged, 1);
	eagain_always = false;
	aio_test_submit = NULL;
	ck_assert_int_eq(aio_submit_all(&q, NULL, NULL), 1); /* the real one takes it */
	ck_assert_int_eq(aio_reap(&q, 1, 1, false), 1);
	ck_assert_int_eq((long)q.events[0].res, 4096);
	free(bufs);
	close(fd);
	unlink(path);
	aio_queue_close(&q);
}
END_TEST

/* Errors come back per request, with the errno in res. */
START_TEST(test_error_in_event)
{
	struct aio_queue q;
	struct iocb iocb;
	const char *call = NULL;
	char path[256], *buf;
	int fd;

	ck_assert_int_eq(aio_queue_open(&q, 2, &call), 0);
	fd = t_make_file(T_DISK_DIR, 8192, path, sizeof(path));
	close(fd);
	fd = open(path, O_RDONLY | O_DIRECT);
	ck_assert_int_eq(posix_memalign((void **)&buf, 4096, 8192), 0);
	/* Misaligned O_DIRECT offset: the kernel answers EINVAL. */
	io_prep_pread(&iocb, fd, buf, 4096, 1);
	ck_assert_int_eq(aio_stage(&q, &iocb), 0);
	ck_assert_int_eq(aio_submit(&q, NULL, NULL), 1);
	ck_assert_int_eq(aio_reap(&q, 1, 1, false), 1);
	ck_assert_int_eq((long)q.events[0].res, -EINVAL);
	free(buf);
	close(fd);
	unlink(path);
	aio_queue_close(&q);
}
END_TEST

Suite *make_aio_core_suite(void)
{
	Suite *s = suite_create("aio_core");
	TCase *tc = tcase_create("queue");

	tcase_add_test(tc, test_validate);
	tcase_add_loop_test(tc, test_submit_reap_wraps, 0, 3);
	tcase_add_test(tc, test_error_in_event);
	tcase_add_test(tc, test_eagain_keeps_staged);
	tcase_add_test(tc, test_submit_all_gives_up);
	suite_add_tcase(s, tc);
	return s;
}
