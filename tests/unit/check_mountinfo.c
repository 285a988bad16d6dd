// SPDX-License-Identifier: GPL-2.0
/*
 * nfs/mountinfo.c (libmount): the mount holding a path, from a mountinfo
 * of the test's own: the longest mount point that contains the path, the
 * last of mounts stacked on one point, escaped names, NFS told apart.
 */
#include <check.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "nfs/mountinfo.h"

/* Real directories stand in for mount points: mount_of_path resolves the path first. */
static const char *mountinfo = "22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
			       "30 22 0:40 / /tmp rw - tmpfs tmpfs rw\n"
			       "31 30 0:50 / /tmp rw - nfs 10.0.0.4:/vol rw,vers=3\n"
			       "32 22 0:51 / /proc rw - proc proc rw\n"
			       "this line is not mountinfo\n"
			       "33 22 0:52 / /dev/shm\\040x rw - nfs4 srv:/a\\040b rw\n";

START_TEST(test_mount_of_path)
{
	struct mount_of m;
	char path[64];

	ck_assert_int_eq(t_write_temp(mountinfo, path, sizeof(path)), 0);
	/* /tmp holds two mounts: the nfs one, mounted last, is the one seen */
	ck_assert_int_eq(mount_of_path("/tmp", path, &m), 0);
	ck_assert_str_eq(m.mountpoint, "/tmp");
	ck_assert_str_eq(m.fstype, "nfs");
	ck_assert_str_eq(m.source, "10.0.0.4:/vol");
	ck_assert(mount_is_nfs(&m));
	/* the longest mount point that contains the path */
	ck_assert_int_eq(mount_of_path("/proc/self", path, &m), 0);
	ck_assert_str_eq(m.mountpoint, "/proc");
	ck_assert(!mount_is_nfs(&m));
	ck_assert_int_eq(mount_of_path("/usr", path, &m), 0);
	ck_assert_str_eq(m.mountpoint, "/");
	ck_assert_int_eq(mount_of_path("/no/such/dir", path, &m), -ENOENT);
	unlink(path);
}
END_TEST

START_TEST(test_escaped_names)
{
	struct mount_of m;
	char path[64], dir[] = "/dev/shm/x";

	/* "/dev/shm\040x" is the mount point "/dev/shm x": make it, look it up */
	(void)dir;
	ck_assert_int_eq(t_write_temp(mountinfo, path, sizeof(path)), 0);
	if (!access("/dev/shm", F_OK)) {
		ck_assert_int_eq(mkdir("/dev/shm/nfsweep unit x", 0700) && errno != EEXIST, 0);
		ck_assert_int_eq(
			t_write_temp("22 1 8:1 / / rw - ext4 /dev/sda1 rw\n"
				     "33 22 0:52 / /dev/shm/nfsweep\\040unit\\040x rw - nfs4 "
				     "srv:/a\\040b rw\n",
				     path, sizeof(path)),
			0);
		ck_assert_int_eq(mount_of_path("/dev/shm/nfsweep unit x", path, &m), 0);
		ck_assert_str_eq(m.mountpoint, "/dev/shm/nfsweep unit x");
		ck_assert_str_eq(m.source, "srv:/a b");
		ck_assert_str_eq(m.fstype, "nfs4");
		rmdir("/dev/shm/nfsweep unit x");
	}
	unlink(path);
}
END_TEST

Suite *make_mountinfo_suite(void)
{
	Suite *s = suite_create("mountinfo");
	TCase *tc = tcase_create("libmount");

	tcase_add_test(tc, test_mount_of_path);
	tcase_add_test(tc, test_escaped_names);
	suite_add_tcase(s, tc);
	return s;
}
