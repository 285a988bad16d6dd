// SPDX-License-Identifier: GPL-2.0
/* engines/common/job_barrier.c: jobs as processes, as fio forks them. */
#include <check.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/job_barrier.h"
#include "helpers.h"

static double mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What each job saw: when it arrived and left, and what arrive() returned. */
struct seen {
	double arrived, left;
	int ret, count;
};

/*
 * @n jobs (processes) of key @key, job k arriving after k x 40 ms, @ok[k] its init's outcome;
 * only the first @come of them arrive. Their view in @s[].
 */
static void run_jobs(const char *key, int n, int come, const int *ok, double max_wait,
		     struct seen *s)
{
	struct seen *sh = mmap(NULL, (size_t)n * sizeof(*sh), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long owner = (long)getpid();

	ck_assert_ptr_ne(sh, MAP_FAILED);
	for (int k = 0; k < come; k++) {
		if (fork() == 0) {
			struct job_barrier b;

			if (job_barrier_open(&b, owner, key, n))
				_exit(2);
			usleep((useconds_t)k * 40000);
			sh[k].arrived = mono_s();
			sh[k].ret = job_barrier_arrive(&b, ok[k], max_wait, &sh[k].count);
			sh[k].left = mono_s();
			job_barrier_close(&b);
			_exit(0);
		}
	}
	for (int k = 0; k < come; k++) {
		int st;

		ck_assert_int_gt(wait(&st), 0);
		ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	for (int k = 0; k < n; k++)
		s[k] = sh[k];
	munmap(sh, (size_t)n * sizeof(*sh));
}

/* No job leaves before the last arrives; all leave within a few ms of it. */
START_TEST(test_all_wait_for_the_last)
{
	const int ok[3] = { 1, 1, 1 };
	struct seen s[3];

	run_jobs("fair", 3, 3, ok, 5, s);
	for (int k = 0; k < 3; k++) {
		ck_assert_int_eq(s[k].ret, 0);
		ck_assert_msg(s[k].left >= s[2].arrived, "job %d left %.3f s before the last came",
			      k, s[2].arrived - s[k].left);
		ck_assert_msg(s[k].left - s[2].arrived < 0.05, "job %d left %.3f s after", k,
			      s[k].left - s[2].arrived);
	}
	/* the last to arrive removed the name: a new barrier of the same key starts at 0 */
	run_jobs("fair", 3, 3, ok, 5, s);
	ck_assert_int_eq(s[0].ret, 0);
}
END_TEST

/* A job whose init failed arrives too: none waits for it, and each learns of it. */
START_TEST(test_a_failed_job_arrives)
{
	const int ok[3] = { 1, 0, 1 };
	struct seen s[3];

	run_jobs("failed", 3, 3, ok, 5, s);
	for (int k = 0; k < 3; k++)
		ck_assert_int_eq(s[k].ret, -ECANCELED);
}
END_TEST

/* A job that never comes: the others go on once no job has arrived for max_wait. */
START_TEST(test_a_missing_job_times_out)
{
	const int ok[3] = { 1, 1, 1 };
	struct seen s[3];
	struct job_barrier b;

	run_jobs("missing", 3, 2, ok, 0.2, s);
	for (int k = 0; k < 2; k++) {
		ck_assert_int_eq(s[k].ret, -ETIMEDOUT);
		ck_assert_int_eq(s[k].count, 2);
		ck_assert(s[k].left - s[1].arrived >= 0.2 && s[k].left - s[1].arrived < 1);
	}
	/* no job was the last: the name is left (a job that died does that); removed here */
	ck_assert_int_eq(job_barrier_open(&b, (long)getpid(), "missing", 3), 0);
	ck_assert_int_eq(shm_unlink(b.name), 0);
	job_barrier_close(&b);
}
END_TEST

/* One job needs no barrier. */
START_TEST(test_one_job)
{
	struct job_barrier b;
	int arrived;

	ck_assert_int_eq(job_barrier_open(&b, (long)getpid(), "one", 1), 0);
	ck_assert_int_eq(job_barrier_arrive(&b, 1, 0.1, &arrived), 0);
	ck_assert_int_eq(arrived, 1);
	job_barrier_close(&b);
}
END_TEST

Suite *make_job_barrier_suite(void)
{
	Suite *s = suite_create("job_barrier");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, test_all_wait_for_the_last);
	tcase_add_test(tc, test_a_failed_job_arrives);
	tcase_add_test(tc, test_a_missing_job_times_out);
	tcase_add_test(tc, test_one_job);
	suite_add_tcase(s, tc);
	return s;
}
