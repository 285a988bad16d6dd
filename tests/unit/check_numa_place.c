// SPDX-License-Identifier: GPL-2.0
/* Unit tests of engines/common/numa_place.c against the real kernel. */
#include <check.h>
#include <errno.h>
#include <numa.h>
#include <numaif.h>
#include <stdlib.h>
#include <string.h>

#include "common/numa_place.h"
#include "helpers.h"

START_TEST(test_bind_to_node0_moves_pages)
{
	size_t len = 8 * 4096;
	char *buf;
	int node = -1;

	if (nfsweep_numa_max_node() < 0)
		return; /* no NUMA in this kernel: covered by the next test */
	ck_assert_int_eq(posix_memalign((void **)&buf, 4096, len), 0);
	memset(buf, 1, len);
	ck_assert_int_eq(nfsweep_numa_bind(buf + 100, len - 200, 0), 0);
	ck_assert_int_eq(get_mempolicy(&node, NULL, 0, buf + 4096, MPOL_F_NODE | MPOL_F_ADDR), 0);
	ck_assert_int_eq(node, 0);
	free(buf);
}
END_TEST

START_TEST(test_bind_to_missing_node_fails)
{
	char buf[64];
	int want = nfsweep_numa_max_node() < 0 ? -ENOSYS : -ENODEV;

	ck_assert_int_eq(nfsweep_numa_bind(buf, sizeof(buf), 4096), want);
	ck_assert_int_eq(nfsweep_numa_bind(buf, sizeof(buf), -2), want);
}
END_TEST

Suite *make_numa_place_suite(void)
{
	Suite *s = suite_create("numa_place");
	TCase *tc = tcase_create("bind");

	tcase_add_test(tc, test_bind_to_node0_moves_pages);
	tcase_add_test(tc, test_bind_to_missing_node_fails);
	suite_add_tcase(s, tc);
	return s;
}
