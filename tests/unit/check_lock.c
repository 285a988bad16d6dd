// SPDX-License-Identifier: GPL-2.0
/* Unit tests of harness/util/lock.c: real flock(2) on real files. */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/lock.h"
#include "helpers.h"

/*
 * Two opens of one file conflict even in one process (flock locks the open
 * file, not the process): the second is refused, naming this process.
 */
START_TEST(test_second_lock_names_holder)
{
	char path[] = "/var/tmp/nfsweep-lock.XXXXXX", holder[256] = "", pid[32];
	int first, second, tmp = mkstemp(path);

	ck_assert_int_ge(tmp, 0);
	close(tmp);
	ck_assert_int_eq(lock_path(path, &first, holder, sizeof(holder)), 0);
	ck_assert_int_eq(lock_path(path, &second, holder, sizeof(holder)), -EWOULDBLOCK);
	ck_assert_int_eq(second, -1);
	snprintf(pid, sizeof(pid), "pid %ld (started 20", (long)getpid());
	ck_assert_msg(strstr(holder, pid) != NULL, "holder: %s", holder);
	ck_assert_msg(strstr(holder, "check_nfsweep") != NULL, "holder: %s", holder);
	/* closing the holder's descriptor releases it */
	close(first);
	ck_assert_int_eq(lock_path(path, &second, holder, sizeof(holder)), 0);
	close(second);
	unlink(path);
}
END_TEST

/* A lock dies with its holder, however it dies: a child killed by SIGKILL. */
START_TEST(test_lock_dies_with_holder)
{
	char path[] = "/var/tmp/nfsweep-lock.XXXXXX", holder[256] = "";
	int fd, tmp = mkstemp(path), ready[2], status;
	pid_t child;
	char c;

	ck_assert_int_ge(tmp, 0);
	close(tmp);
	ck_assert_int_eq(pipe(ready), 0);
	child = fork();
	ck_assert_int_ge(child, 0);
	if (!child) {
		if (lock_path(path, &fd, holder, sizeof(holder)))
			_exit(1);
		(void)write(ready[1], "l", 1);
		pause();
		_exit(0);
	}
	ck_assert_int_eq(read(ready[0], &c, 1), 1);
	ck_assert_int_eq(lock_path(path, &fd, holder, sizeof(holder)), -EWOULDBLOCK);
	kill(child, SIGKILL);
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert_int_eq(lock_path(path, &fd, holder, sizeof(holder)), 0);
	close(fd);
	close(ready[0]);
	close(ready[1]);
	unlink(path);
}
END_TEST

Suite *make_lock_suite(void)
{
	Suite *s = suite_create("lock");
	TCase *tc = tcase_create("flock");

	tcase_add_test(tc, test_second_lock_names_holder);
	tcase_add_test(tc, test_lock_dies_with_holder);
	suite_add_tcase(s, tc);
	return s;
}
