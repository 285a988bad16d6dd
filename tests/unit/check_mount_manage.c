// SPDX-License-Identifier: GPL-2.0
/* harness/mount_manage.c: specs, the shared-client check and verification,
 * on the real mountstats captured in the lab. */
#include <arpa/inet.h>
#include <check.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "nfs/managed_mount.h"

static void load(struct ms_mount **m, size_t *n)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/mountstats/lab-v3-nc1-nc8.txt", T_DATA);
	ck_assert_int_eq(mountstats_read(path, m, n), 0);
}

START_TEST(test_spec_parse)
{
	struct mount_spec m;
	char err[256];

	ck_assert_int_eq(
		mount_spec_parse("nc8=10.0.0.4:/vol:vers=3,nconnect=8", &m, err, sizeof(err)), 0);
	ck_assert_str_eq(m.label, "nc8");
	ck_assert_str_eq(m.server, "10.0.0.4");
	ck_assert_str_eq(m.export, "/vol");
	ck_assert_str_eq(m.opts, "vers=3,nconnect=8");
	ck_assert_int_eq(mount_spec_parse("d=srv:/a/b", &m, err, sizeof(err)), 0);
	ck_assert_str_eq(m.export, "/a/b");
	ck_assert_str_eq(m.opts, "");
	ck_assert_int_eq(mount_spec_parse("nolabel:/vol", &m, err, sizeof(err)), -1);
	ck_assert_int_eq(mount_spec_parse("x=srv/vol", &m, err, sizeof(err)), -1);
	ck_assert_int_eq(mount_spec_parse("x=:/vol", &m, err, sizeof(err)), -1);
	ck_assert_int_eq(mount_spec_parse("x y=srv:/vol", &m, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "--mount"));
}
END_TEST

/* Does @name resolve to 127.0.0.1 here? */
static int resolves_to_loopback(const char *name)
{
	struct addrinfo hints = { .ai_family = AF_INET }, *res, *a;
	int found = 0;

	if (getaddrinfo(name, NULL, &hints, &res))
		return 0;
	for (a = res; a; a = a->ai_next)
		found |= ((struct sockaddr_in *)a->ai_addr)->sin_addr.s_addr ==
			 htonl(INADDR_LOOPBACK);
	freeaddrinfo(res);
	return found;
}

/* The same server, however it is spelled, shares the client: refused. */
START_TEST(test_conflict_by_address)
{
	struct ms_mount *all;
	struct mount_spec m;
	char err[256], where[512];
	size_t n;

	load(&all, &n);
	mount_spec_parse("x=127.0.0.1:/srv/nfslab:vers=3,nconnect=8", &m, err, sizeof(err));
	ck_assert_int_eq(mount_find_conflict(&m, all, n, where, sizeof(where)), 1);
	ck_assert_ptr_nonnull(strstr(where, "/mnt/nc1"));
	ck_assert_ptr_nonnull(strstr(where, "nconnect=1"));
	/*
	 * A name for the same address is the same server to the kernel. Where
	 * "localhost" does not resolve (a container root without /etc/hosts),
	 * mount(8) could not mount it either: nothing to check.
	 */
	if (resolves_to_loopback("localhost")) {
		mount_spec_parse("x=localhost:/srv/nfslab:vers=3", &m, err, sizeof(err));
		ck_assert_int_eq(mount_find_conflict(&m, all, n, where, sizeof(where)), 1);
	}
	mount_spec_parse("x=127.0.0.2:/srv/nfslab", &m, err, sizeof(err));
	ck_assert_int_eq(mount_find_conflict(&m, all, n, where, sizeof(where)), 1);
	ck_assert_ptr_nonnull(strstr(where, "/mnt/nc8"));
	mount_spec_parse("x=127.0.0.3:/srv/nfslab", &m, err, sizeof(err));
	ck_assert_int_eq(mount_find_conflict(&m, all, n, where, sizeof(where)), 0);
	mountstats_free(all, n);
}
END_TEST

/* What the kernel granted, against what was asked. */
START_TEST(test_verify)
{
	struct ms_mount *all;
	const struct ms_mount *nc1, *nc8;
	char err[256];
	size_t n;

	load(&all, &n);
	nc1 = mountstats_find(all, n, "/mnt/nc1");
	nc8 = mountstats_find(all, n, "/mnt/nc8");
	ck_assert_int_eq(mount_verify("vers=3,nconnect=8", nc8, err, sizeof(err)), 0);
	ck_assert_int_eq(mount_verify("vers=3", nc1, err, sizeof(err)), 0);
	/* the trap: nconnect=8 asked, one transport granted */
	ck_assert_int_eq(mount_verify("vers=3,nconnect=8", nc1, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "asked nconnect=8, mountstats shows 1 transport"));
	ck_assert_int_eq(mount_verify("vers=4.2,nconnect=8", nc8, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "asked vers=4.2, the kernel gave vers=3"));
	ck_assert_int_eq(mount_verify("nconnect=8,rsize=262144", nc8, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "rsize=524288"));
	mountstats_free(all, n);
}
END_TEST

Suite *make_mount_manage_suite(void)
{
	Suite *s = suite_create("mount_manage");
	TCase *tc = tcase_create("mounts");

	tcase_add_test(tc, test_spec_parse);
	tcase_add_test(tc, test_conflict_by_address);
	tcase_add_test(tc, test_verify);
	suite_add_tcase(s, tc);
	return s;
}
