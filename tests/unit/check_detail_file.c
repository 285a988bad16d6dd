// SPDX-License-Identifier: GPL-2.0
/* Unit tests of harness/results/detail_file.c: FILE.ops.csv and FILE.rpc.csv. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/detail_file.h"
#include "helpers.h"

START_TEST(test_path)
{
	char buf[64];

	ck_assert_int_eq(detail_path("r/sweep.csv", &table_ops, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "r/sweep.ops.csv");
	ck_assert_int_eq(detail_path("sweep", &table_mountstats, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "sweep.rpc.csv");
	ck_assert_int_eq(detail_path("a-long-name.csv", &table_mountstats, buf, 8), -ENAMETOOLONG);
}
END_TEST

/* An rpc row of the attempt @json for the RPC @rpc. */
static int append(const char *path, const char *json, const char *rpc)
{
	char *cells[MS_NCOLUMNS] = { 0 };
	struct row r = { 0 };
	int ret;

	row_set(&r, COL_schema_version, "%s", schema_version());
	row_set(&r, COL_profile, "rand4k");
	row_set(&r, COL_target, "nc1");
	row_set(&r, COL_read_pct, "100");
	row_set(&r, COL_repeat, "1");
	row_set(&r, COL_fio_json, "%s", json);
	detail_identity(cells, &table_mountstats, &r);
	cells_set(cells, MS_COL_window_s, "4");
	cells_set(cells, MS_COL_rpc, "%s", rpc);
	cells_set(cells, MS_COL_count, "12");
	ret = detail_append(path, &table_mountstats, cells);
	cells_free(cells, MS_NCOLUMNS);
	row_free(&r);
	return ret;
}

/*
 * The header comes first; a row a crash cut short is dropped by repair;
 * validate finds a row twice and counts rows of attempts FILE.csv lacks.
 */
START_TEST(test_append_repair_validate)
{
	char path[] = "/tmp/nfsweep-rpc-XXXXXX", why[256] = "";
	struct done_set attempts = { 0 };
	FILE *errs = tmpfile();
	size_t rows, orphans;
	int fd, truncated;

	close(mkstemp(path));
	ck_assert_int_eq(append(path, "fio/s/001.json", "READ"), 0);
	ck_assert_int_eq(append(path, "fio/s/001.json", "GETATTR"), 0);
	ck_assert_int_eq(append(path, "fio/s/002.json", "READ"), 0);
	done_set_add(&attempts, "fio/s/001.json", 2);
	ck_assert_int_eq(detail_validate(path, &table_mountstats, &attempts, errs, "t", 10, &rows,
					 &orphans),
			 0);
	ck_assert_uint_eq(rows, 3);
	ck_assert_uint_eq(orphans, 1);

	/* cut short */
	fd = open(path, O_WRONLY | O_APPEND);
	ck_assert_int_eq(write(fd, "1.3,rand4k,nc1,\"unfin", 21), 21);
	close(fd);
	ck_assert_int_eq(
		detail_validate(path, &table_mountstats, NULL, errs, "t", 10, &rows, &orphans), 1);
	ck_assert_int_eq(detail_repair(path, &table_mountstats, &truncated, why, sizeof(why)), 0);
	ck_assert(truncated);
	ck_assert_int_eq(
		detail_validate(path, &table_mountstats, NULL, errs, "t", 10, &rows, &orphans), 0);
	ck_assert_uint_eq(rows, 3);

	/* one attempt, one RPC type, twice */
	ck_assert_int_eq(append(path, "fio/s/001.json", "READ"), 0);
	ck_assert_int_eq(
		detail_validate(path, &table_mountstats, NULL, errs, "t", 10, &rows, &orphans), 1);

	/* another table's file is refused, not appended to */
	ck_assert_int_eq(detail_repair(path, &table_ops, &truncated, why, sizeof(why)), -EPROTO);
	ck_assert_msg(strstr(why, "FILE.ops.csv"), "%s", why);
	done_set_free(&attempts);
	fclose(errs);
	unlink(path);
}
END_TEST

Suite *make_detail_file_suite(void)
{
	Suite *s = suite_create("detail_file");
	TCase *tc = tcase_create("detail");

	tcase_add_test(tc, test_path);
	tcase_add_test(tc, test_append_repair_validate);
	suite_add_tcase(s, tc);
	return s;
}
