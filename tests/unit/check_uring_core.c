// SPDX-License-Identifier: GPL-2.0
/* Unit tests of engines/uring/uring_core.c: no fio, a real io_uring. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "uring/uring_core.h"
#include "helpers.h"

static const struct uring_job job1 = { .iodepth = 1 };
static const struct uring_job job32 = { .iodepth = 32 };

/* Option combinations that cannot work, each with the option it must name. */
/* clang-format off */
static const struct {
	struct uring_opts o;
	struct uring_job job;
	const char *names;
} bad_opts[] = {
	{ { .sqpoll_cpu = 1, .numa_node = -1 }, { .iodepth = 4 }, "uring_sqpoll_cpu" },
	{ { .sqpoll = 1, .sqpoll_cpu = -1, .numa_node = -1 }, { .iodepth = 4, .offload = true }, "uring_sqpoll" },
	{ { .sqpoll = 1, .sqpoll_cpu = -1, .numa_node = -1, .submit = URING_PATH_INLINE }, { .iodepth = 1 }, "uring_submit=inline" },
	{ { .hipri = 1, .sqpoll_cpu = -1, .numa_node = -1 }, { .iodepth = 4 }, "direct=1" },
	{ { .nowait = 1, .sqpoll_cpu = -1, .numa_node = -1, .submit = URING_PATH_ASYNC }, { .iodepth = 4 }, "uring_nowait" },
	{ { .sqpoll_cpu = -1, .numa_node = -1, .submit = URING_PATH_INLINE }, { .iodepth = 8 }, "iodepth" },
	{ { .sqpoll_cpu = -1, .numa_node = 5 }, { .iodepth = 4 }, "uring_numa_node" },
	{ { .sqpoll = 1, .sqpoll_cpu = -7, .numa_node = -1 }, { .iodepth = 4 }, "uring_sqpoll_cpu" },
	{ { .sqpoll_cpu = -1, .numa_node = -3 }, { .iodepth = 4 }, "uring_numa_node" },
};
/* clang-format on */

START_TEST(test_validate_rejects_bad_combinations)
{
	char msg[160] = "";
	int ret = uring_opts_validate(&bad_opts[_i].o, &bad_opts[_i].job, 0, msg, sizeof(msg));

	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_msg(strstr(msg, bad_opts[_i].names), "'%s' does not name %s", msg,
		      bad_opts[_i].names);
}
END_TEST

START_TEST(test_validate_accepts_defaults_and_good_sets)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_job direct = { .iodepth = 16, .direct = true };

	ck_assert_int_eq(uring_opts_validate(&o, &job32, 0, NULL, 0), 0);
	o.hipri = 1;
	ck_assert_int_eq(uring_opts_validate(&o, &direct, 0, NULL, 0), 0);
	o = (struct uring_opts){ .sqpoll = 1, .sqpoll_cpu = 0, .numa_node = 0 };
	ck_assert_int_eq(uring_opts_validate(&o, &job32, 0, NULL, 0), 0);
	o = (struct uring_opts){ .sqpoll_cpu = -1, .numa_node = -1, .submit = URING_PATH_INLINE };
	ck_assert_int_eq(uring_opts_validate(&o, &job1, 0, NULL, 0), 0);
}
END_TEST

START_TEST(test_candidates_newest_first)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_job off = { .iodepth = 4, .offload = true };
	unsigned int f[URING_SETUP_MAX_CANDIDATES];
	unsigned int n;

	n = uring_setup_candidates(&o, &job32, f);
	ck_assert_uint_eq(n, 3);
	ck_assert(f[0] & IORING_SETUP_DEFER_TASKRUN && f[0] & IORING_SETUP_SINGLE_ISSUER);
	ck_assert(f[1] & IORING_SETUP_COOP_TASKRUN && !(f[1] & IORING_SETUP_SINGLE_ISSUER));
	ck_assert_uint_eq(f[2], 0);

	/* Another thread submits: no single-issuer ring. */
	n = uring_setup_candidates(&o, &off, f);
	ck_assert_uint_eq(n, 2);
	ck_assert(!(f[0] & IORING_SETUP_SINGLE_ISSUER));

	o.sqpoll = 1;
	o.sqpoll_cpu = 1;
	n = uring_setup_candidates(&o, &job32, f);
	ck_assert_uint_eq(n, 2);
	ck_assert(f[0] & IORING_SETUP_SQPOLL && f[0] & IORING_SETUP_SQ_AFF);
	ck_assert(!(f[0] & (IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN)));
	ck_assert_uint_eq(f[1], IORING_SETUP_SQPOLL | IORING_SETUP_SQ_AFF);
}
END_TEST

/*
 * MOCK, named as such: an old kernel that refuses every setup flag newer
 * than @max_known. This kernel knows them all, so a refusal cannot be
 * caused for real; the ring that is finally created is real.
 */
static unsigned int max_known;
static unsigned int tries;

static int mock_old_kernel_init(unsigned int entries, struct io_uring *ring,
				struct io_uring_params *p)
{
	tries++;
	if (p->flags & ~max_known)
		return -EINVAL;
	return io_uring_queue_init_params(entries, ring, p);
}

START_TEST(test_setup_falls_back_on_old_kernel)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_ring r;
	const char *call = NULL;

	max_known = IORING_SETUP_COOP_TASKRUN | IORING_SETUP_TASKRUN_FLAG;
	tries = 0;
	ck_assert_int_eq(uring_ring_open(&r, &o, &job32, mock_old_kernel_init, &call), 0);
	ck_assert_uint_eq(tries, 2);
	ck_assert_uint_eq(r.setup_flags, IORING_SETUP_COOP_TASKRUN | IORING_SETUP_TASKRUN_FLAG);
	uring_ring_close(&r);

	max_known = 0;
	tries = 0;
	ck_assert_int_eq(uring_ring_open(&r, &o, &job32, mock_old_kernel_init, &call), 0);
	ck_assert_uint_eq(tries, 3);
	ck_assert_uint_eq(r.setup_flags, 0);
	uring_ring_close(&r);
}
END_TEST

static int mock_eperm_init(unsigned int entries, struct io_uring *ring, struct io_uring_params *p)
{
	(void)entries;
	(void)ring;
	(void)p;
	tries++;
	return -EPERM; /* MOCK: kernel.io_uring_disabled=2 */
}

START_TEST(test_setup_stops_on_real_error)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_ring r;
	const char *call = NULL;

	tries = 0;
	ck_assert_int_eq(uring_ring_open(&r, &o, &job32, mock_eperm_init, &call), -EPERM);
	ck_assert_uint_eq(tries, 1); /* no pointless retries */
	ck_assert_str_eq(call, "io_uring_queue_init_params");
}
END_TEST

START_TEST(test_real_ring_gets_newest_flags)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_ring r;
	const char *call = NULL;
	char buf[128];

	ck_assert_int_eq(uring_ring_open(&r, &o, &job32, NULL, &call), 0);
	/* This machine's kernel (6.x) grants the first candidate. */
	ck_assert_msg(r.setup_flags & IORING_SETUP_DEFER_TASKRUN, "granted %s",
		      uring_setup_flags_str(r.setup_flags, buf, sizeof(buf)));
	ck_assert_str_eq(uring_setup_flags_str(r.setup_flags, buf, sizeof(buf)),
			 "TASKRUN_FLAG|SINGLE_ISSUER|DEFER_TASKRUN");
	uring_ring_close(&r);
}
END_TEST

static const struct {
	enum uring_path forced;
	enum uring_nowait nowait;
	unsigned int hits, probes, depth;
	enum uring_path want;
} paths[] = {
	{ URING_PATH_AUTO, URING_NOWAIT_NO, 0, 8, 1, URING_PATH_INLINE },
	/* not IOSQE_ASYNC: NFS refuses RWF_NOWAIT, yet 6.1 issues its reads inline */
	{ URING_PATH_AUTO, URING_NOWAIT_NO, 0, 8, 32, URING_PATH_RING },
	{ URING_PATH_AUTO, URING_NOWAIT_YES, 8, 8, 1, URING_PATH_RING },
	{ URING_PATH_AUTO, URING_NOWAIT_YES, 4, 8, 32, URING_PATH_RING },
	{ URING_PATH_AUTO, URING_NOWAIT_YES, 0, 8, 1, URING_PATH_INLINE },
	{ URING_PATH_AUTO, URING_NOWAIT_YES, 0, 8, 32, URING_PATH_RING },
	{ URING_PATH_AUTO, URING_NOWAIT_UNKNOWN, 0, 0, 1, URING_PATH_RING },
	{ URING_PATH_RING, URING_NOWAIT_NO, 0, 8, 1, URING_PATH_RING },
	{ URING_PATH_ASYNC, URING_NOWAIT_YES, 8, 8, 1, URING_PATH_ASYNC },
};

START_TEST(test_choose_path_table)
{
	ck_assert_str_eq(uring_path_name(uring_choose_path(paths[_i].forced, paths[_i].nowait,
							   paths[_i].hits, paths[_i].probes,
							   paths[_i].depth)),
			 uring_path_name(paths[_i].want));
}
END_TEST

/* The probes against real files: tmpfs and the disk's file system. */
START_TEST(test_probe_real_files)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_ring r;
	const char *call = NULL;
	unsigned int done = 0;
	char path[256];
	int fd, hits;

	ck_assert_int_eq(uring_ring_open(&r, &o, &job32, NULL, &call), 0);

	fd = t_make_file(_i ? "/dev/shm" : T_DISK_DIR, 1 << 20, path, sizeof(path));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_ne(uring_probe_nowait(&r, fd, 1 << 20), URING_NOWAIT_UNKNOWN);
	hits = uring_probe_inline(&r, fd, 1 << 20, false, 8, &done);
	ck_assert_int_ge(hits, 0);
	ck_assert_int_le(hits, 8);
	ck_assert_uint_eq(done, 8);
	ck_assert_uint_eq(r.inflight, 0);
	ck_assert_int_eq(io_uring_cq_ready(&r.ring), 0); /* nothing left behind */

	/* Too small to probe: says so instead of guessing. */
	hits = uring_probe_inline(&r, fd, 100, false, 8, &done);
	ck_assert_int_eq(hits, 0);
	ck_assert_uint_eq(done, 0);
	ck_assert_int_eq(uring_probe_nowait(&r, fd, 100), URING_NOWAIT_UNKNOWN);
	close(fd);
	unlink(path);
	uring_ring_close(&r);
}
END_TEST

static unsigned int submitted_order[64];
static unsigned int nsubmitted;

static void record_submitted(void *ctx, void *const *users, unsigned int n)
{
	(void)ctx;
	for (unsigned int i = 0; i < n; i++)
		submitted_order[nsubmitted++] = (unsigned int)(uintptr_t)users[i];
}

/*
 * Reap @n 4 KiB reads tagged 1..n (user data), each of block @first + tag - 1
 * into bufs[tag - 1], and check every result and its data; @done (if not
 * NULL) counts the completions per tag.
 */
static void reap_reads_checked(struct uring_ring *r, unsigned int n, char (*bufs)[4096],
			       unsigned int first, unsigned int *done)
{
	unsigned int seen = 0, i;
	int ret;

	while (seen < n) {
		ret = uring_reap(r, 1, n);
		ck_assert_int_ge(ret, 1);
		for (i = 0; i < (unsigned int)ret; i++) {
			unsigned int id = (unsigned int)(uintptr_t)r->events[i].user;

			ck_assert_int_eq(r->events[i].res, 4096);
			ck_assert(t_block_ok(bufs[id - 1], first + id - 1));
			if (done)
				done[id - 1]++;
		}
		seen += ret;
	}
}

/* Stage a batch, submit once, reap everything, data is right. */
START_TEST(test_stage_submit_reap_real_reads)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_job job = { .iodepth = 6 };
	static char bufs[6][4096];
	struct uring_ring r;
	const char *call = NULL;
	unsigned int i, round;
	char path[256];
	int fd, ret;

	ck_assert_int_eq(uring_ring_open(&r, &o, &job, NULL, &call), 0);
	fd = t_make_file(T_DISK_DIR, 64 * 4096, path, sizeof(path));
	ck_assert_int_ge(fd, 0);

	/* Three rounds so that the staging FIFO wraps (capacity 8, depth 6). */
	for (round = 0; round < 3; round++) {
		nsubmitted = 0;
		for (i = 0; i < 6; i++) {
			struct io_uring_sqe *sqe = uring_sqe_get(&r, (void *)(uintptr_t)(i + 1));

			ck_assert_ptr_nonnull(sqe);
			io_uring_prep_read(sqe, fd, bufs[i], 4096, (round * 6 + i) * 4096ULL);
		}
		ck_assert_ptr_null(uring_sqe_get(&r, NULL)); /* depth reached */
		ck_assert_uint_eq(r.staged, 6);
		ret = uring_submit(&r, record_submitted, NULL);
		ck_assert_int_eq(ret, 6);
		ck_assert_uint_eq(nsubmitted, 6);
		for (i = 0; i < 6; i++)
			ck_assert_uint_eq(submitted_order[i], i + 1);
		ck_assert_uint_eq(r.staged, 0);
		ck_assert_uint_eq(r.inflight, 6);

		reap_reads_checked(&r, 6, bufs, round * 6, NULL);
		ck_assert_uint_eq(r.inflight, 0);
	}
	/* Polling with nothing in flight returns 0 at once. */
	ck_assert_int_eq(uring_reap(&r, 0, 6), 0);
	close(fd);
	unlink(path);
	uring_ring_close(&r);
}
END_TEST

/* A short read (past EOF) comes back as a short result, not an error. */
/*
 * The deferred submission of getevents(): submit and wait in one call. With
 * DEFER_TASKRUN, completions of io-wq (IOSQE_ASYNC sends each read there)
 * reach the CQ only in an io_uring_enter that waits or flushes, so they are
 * all there when the call returns only if the wait happened in it.
 */
START_TEST(test_submit_all_waits_in_the_same_call)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_job job = { .iodepth = 4 };
	static char bufs[4][4096];
	struct uring_ring r;
	const char *call = NULL;
	unsigned int i;
	char path[256];
	int fd;

	ck_assert_int_eq(uring_ring_open(&r, &o, &job, NULL, &call), 0);
	fd = t_make_file(T_DISK_DIR, 16 * 4096, path, sizeof(path));
	ck_assert_int_ge(fd, 0);
	for (i = 0; i < 4; i++) {
		struct io_uring_sqe *sqe = uring_sqe_get(&r, bufs[i]);

		io_uring_prep_read(sqe, fd, bufs[i], 4096, i * 4096ULL);
		sqe->flags |= IOSQE_ASYNC;
	}
	ck_assert_int_eq(uring_submit_all(&r, 4, NULL, NULL), 4);
	ck_assert_uint_eq(r.staged, 0);
	ck_assert_uint_ge(io_uring_cq_ready(&r.ring), 4);
	ck_assert_int_eq(uring_reap(&r, 4, 4), 4);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(r.events[i].res, 4096);
	close(fd);
	unlink(path);
	uring_ring_close(&r);
}
END_TEST

START_TEST(test_short_read_reported)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	static char buf[8192];
	struct uring_ring r;
	const char *call = NULL;
	char path[256];
	int fd;

	ck_assert_int_eq(uring_ring_open(&r, &o, &job32, NULL, &call), 0);
	fd = t_make_file(T_DISK_DIR, 4096 + 100, path, sizeof(path));
	io_uring_prep_read(uring_sqe_get(&r, buf), fd, buf, 8192, 0);
	ck_assert_int_eq(uring_submit(&r, NULL, NULL), 1);
	ck_assert_int_eq(uring_reap(&r, 1, 1), 1);
	ck_assert_int_eq(r.events[0].res, 4196);
	close(fd);
	unlink(path);
	uring_ring_close(&r);
}
END_TEST

/*
 * A short write for real: RLIMIT_FSIZE lets the kernel take only the bytes
 * below the limit (SIGXFSZ ignored), as a full quota would. The result is
 * the byte count, and the file holds exactly those bytes.
 */
START_TEST(test_short_write_reported)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	static char buf[8192];
	struct rlimit old, lim;
	struct uring_ring r;
	const char *call = NULL;
	void (*old_xfsz)(int);
	char path[256];
	struct stat st;
	int fd;

	memset(buf, 'w', sizeof(buf));
	ck_assert_int_eq(uring_ring_open(&r, &o, &job32, NULL, &call), 0);
	fd = t_make_file(T_DISK_DIR, 0, path, sizeof(path));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 4096 + 1000;
	old_xfsz = signal(SIGXFSZ, SIG_IGN);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);

	io_uring_prep_write(uring_sqe_get(&r, buf), fd, buf, 8192, 0);
	ck_assert_int_eq(uring_submit_all(&r, 0, NULL, NULL), 1);
	ck_assert_int_eq(uring_reap(&r, 1, 1), 1);

	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, old_xfsz);
	ck_assert_int_eq(r.events[0].res, 4096 + 1000);
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert_int_eq(st.st_size, 4096 + 1000);
	close(fd);
	unlink(path);
	uring_ring_close(&r);
}
END_TEST

/*
 * MOCK: io_uring_enter failing with EAGAIN, as a kernel short of memory for
 * requests does; no way to cause that for real in a test. The mock fails
 * the calls eagain_mask names (or all) and passes the others to the real
 * io_uring_submit, so the reads themselves are real.
 */
static unsigned int enter_calls;
static unsigned int eagain_mask; /*
 * MOCK, named as such: what liburing's io_uring_submit() answers on an SQPOLL
 * ring is how many SQEs are still unconsumed (tail - khead) after it moves
 * the tail. The poll thread may take them all first (answer 0), or not yet
 * have taken earlier ones (answer more than were staged). Both happen on a
 * busy 2-CPU machine (fio spun, or freed a verify entry twice) but cannot be
 * caused at will: the mock submits for real, then gives one of those answers.
 */
static int sqpoll_answer_extra;

static int enter_sqpoll_race_mock(struct io_uring *ring)
{
	int ret = io_uring_submit(ring);

	return ret < 0 ? ret : sqpoll_answer_extra < 0 ? 0 : ret + sqpoll_answer_extra;
}

/* Every staged request counts as submitted once, and completes once. */
static void sqpoll_rounds(struct uring_ring *r, unsigned int rounds)
{
	unsigned int i, round;
	int ret;

	for (round = 0; round < rounds; round++) {
		for (i = 0; i < 4; i++) {
			struct io_uring_sqe *sqe = uring_sqe_get(r, (void *)(uintptr_t)(i + 1));

			ck_assert_ptr_nonnull(sqe);
			io_uring_prep_nop(sqe);
		}
		ck_assert_int_eq(uring_submit_all(r, 0, NULL, NULL), 4);
		ck_assert_uint_eq(r->staged, 0);
		ck_assert_uint_eq(r->inflight, 4);
		for (i = 0; i < 4; i += (unsigned int)ret) {
			ret = uring_reap(r, 1, 4 - i);
			ck_assert_int_gt(ret, 0);
		}
		ck_assert_uint_eq(r->inflight, 0);
		usleep(50); /* a late duplicate would be in the CQ now */
		ck_assert_uint_eq(io_uring_cq_ready(&r->ring), 0);
	}
}

START_TEST(test_sqpoll_submit_counts_every_request)
{
	struct uring_opts o = { .sqpoll = 1, .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_job job = { .iodepth = 4 };
	struct uring_ring r;
	const char *call = NULL;

	ck_assert_int_eq(uring_ring_open(&r, &o, &job, NULL, &call), 0);
	ck_assert(r.setup_flags & IORING_SETUP_SQPOLL);
	uring_test_enter = enter_sqpoll_race_mock;
	sqpoll_answer_extra = -1; /* the poll thread was quicker */
	sqpoll_rounds(&r, 50);
	sqpoll_answer_extra = 3; /* three earlier SQEs not yet taken */
	sqpoll_rounds(&r, 50);
	uring_test_enter = NULL;
	sqpoll_rounds(&r, 2000); /* and the real thing */
	uring_ring_close(&r);
}
END_TEST

/* bit n: call n fails with -EAGAIN */
static bool eagain_always;

static int enter_eagain_mock(struct io_uring *ring)
{
	unsigned int n = enter_calls++;

	if (eagain_always || (n < 32 && (eagain_mask & (1u << n))))
		return -EAGAIN;
	return io_uring_submit(ring);
}

START_TEST(test_submit_all_waits_out_eagain)
{
	struct uring_opts o = { .sqpoll_cpu = -1, .numa_node = -1 };
	struct uring_job job = { .iodepth = 6 };
	static char bufs[6][4096];
	unsigned int i, done[6] = { 0 };
	struct uring_ring r;
	const char *call = NULL;
	char path[256];
	int fd;

	ck_assert_int_eq(uring_ring_open(&r, &o, &job, NULL, &call), 0);
	fd = t_make_file(T_DISK_DIR, 64 * 4096, path, sizeof(path));
	ck_assert_int_ge(fd, 0);
	uring_test_enter = enter_eagain_mock;
	enter_calls = 0;
	/* Nothing in flight: calls 0 and 1 fail, call 2 takes the three. */
	eagain_mask = 0x3;
	for (i = 0; i < 3; i++)
		io_uring_prep_read(uring_sqe_get(&r, (void *)(uintptr_t)(i + 1)), fd, bufs[i], 4096,
				   i * 4096ULL);
	ck_assert_int_eq(uring_submit_all(&r, 0, NULL, NULL), 3);
	ck_assert_uint_eq(enter_calls, 3);
	/* Three in flight: call 3 fails, the wait for a completion, call 4 takes the rest. */
	eagain_mask = 1u << 3;
	for (i = 3; i < 6; i++)
		io_uring_prep_read(uring_sqe_get(&r, (void *)(uintptr_t)(i + 1)), fd, bufs[i], 4096,
				   i * 4096ULL);
	ck_assert_int_eq(uring_submit_all(&r, 0, NULL, NULL), 3);
	ck_assert_uint_eq(enter_calls, 5);
	ck_assert_uint_eq(r.staged, 0);
	ck_assert_uint_eq(r.inflight, 6);
	/* Every read completes once, with its own data. */
	reap_reads_checked(&r, 6, bufs, 0, done);
	for (i = 0; i < 6; i++)
		ck_assert_uint_eq(done[i], 1);

	/* EAGAIN that never ends, nothing in flight: an error, the request still staged. */
	eagain_always = true;
	enter_calls = 0;
	io_uring_prep_read(uring_sqe_get(&r, (void *)(uintptr_t)1), fd, bufs[0], 4096, 0);
	ck_assert_int_eq(uring_submit_all(&r, 0, NULL, NULL), -EAGAIN);
	ck_assert_uint_gt(enter_calls, 1000);
	ck_assert_uint_eq(r.staged, 1);
	eagain_always = false;
	uring_test_enter = NULL;
	ck_assert_int_eq(uring_submit_all(&r, 0, NULL, NULL), 1); /* the real one takes it */
	ck_assert_int_eq(uring_reap(&r, 1, 1), 1);
	close(fd);
	unlink(path);
	uring_ring_close(&r);
}
END_TEST

Suite *make_uring_core_suite(void)
{
	Suite *s = suite_create("uring_core");
	TCase *tc = tcase_create("options");

	tcase_add_loop_test(tc, test_validate_rejects_bad_combinations, 0,
			    sizeof(bad_opts) / sizeof(bad_opts[0]));
	tcase_add_test(tc, test_validate_accepts_defaults_and_good_sets);
	tcase_add_test(tc, test_candidates_newest_first);
	tcase_add_loop_test(tc, test_choose_path_table, 0, sizeof(paths) / sizeof(paths[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("ring");
	tcase_add_test(tc, test_setup_falls_back_on_old_kernel);
	tcase_add_test(tc, test_setup_stops_on_real_error);
	tcase_add_test(tc, test_real_ring_gets_newest_flags);
	tcase_add_loop_test(tc, test_probe_real_files, 0, 2);
	tcase_add_test(tc, test_stage_submit_reap_real_reads);
	tcase_add_test(tc, test_submit_all_waits_in_the_same_call);
	tcase_add_test(tc, test_short_read_reported);
	tcase_add_test(tc, test_short_write_reported);
	tcase_add_test(tc, test_submit_all_waits_out_eagain);
	tcase_add_test(tc, test_sqpoll_submit_counts_every_request);
	suite_add_tcase(s, tc);
	return s;
}
