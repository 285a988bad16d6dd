// SPDX-License-Identifier: GPL-2.0
/* harness/schema.c and results_file.c: cells, validation, resume scanning. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/csv.h"
#include "helpers.h"
#include "results/results_file.h"
#include "results/row.h"
#include "results/schema.h"

START_TEST(test_cells)
{
	char why[256];

	ck_assert_int_eq(schema_check_cell(COL_read_iops, "1234.5", why, sizeof(why)), 0);
	ck_assert_int_eq(schema_check_cell(COL_read_iops, "1,234.5", why, sizeof(why)), -1);
	ck_assert_int_eq(schema_check_cell(COL_read_iops, "1e5", why, sizeof(why)), -1);
	ck_assert_int_eq(schema_check_cell(COL_read_iops, "nan", why, sizeof(why)), -1);
	ck_assert_int_eq(schema_check_cell(COL_read_iops, "", why, sizeof(why)), 0);
	ck_assert_int_eq(schema_check_cell(COL_iodepth, "32", why, sizeof(why)), 0);
	ck_assert_int_eq(schema_check_cell(COL_iodepth, "3.5", why, sizeof(why)), -1);
	ck_assert_int_eq(
		schema_check_cell(COL_start_time, "2026-11-30T02:05:00Z", why, sizeof(why)), 0);
	ck_assert_int_eq(schema_check_cell(COL_start_time, "2026-11-30 02:05", why, sizeof(why)),
			 -1);
	ck_assert_int_eq(schema_check_cell(COL_status, "ok", why, sizeof(why)), 0);
	ck_assert_int_eq(schema_check_cell(COL_status, "fine", why, sizeof(why)), -1);
	ck_assert_int_eq(schema_check_cell(COL_status, "", why, sizeof(why)), -1);
	ck_assert_int_eq(schema_check_version("1.7", why, sizeof(why)), 0);
	ck_assert_int_eq(schema_check_version("2.0", why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "major version 1"));
	ck_assert_int_eq(schema_find("total_iops"), COL_total_iops);
	ck_assert_int_eq(schema_find("nope"), -1);
}
END_TEST

START_TEST(test_row_numbers)
{
	struct row r = { 0 };

	row_set_num(&r, COL_read_iops, 12.5);
	ck_assert_str_eq(r.cell[COL_read_iops], "12.5");
	row_set_num(&r, COL_read_iops, 3.0);
	ck_assert_str_eq(r.cell[COL_read_iops], "3");
	row_set_num(&r, COL_read_iops, 1234567.0004);
	ck_assert_str_eq(r.cell[COL_read_iops], "1234567");
	row_set_num(&r, COL_read_iops, -0.0001);
	ck_assert_str_eq(r.cell[COL_read_iops], "0");
	row_free(&r);
}
END_TEST

/*
 * A results file: header and @nrows rows of schema @version, each ok but
 * the @failed_row'th, then @tail as raw bytes (a row cut short).
 */
static void make_results(const char *path, const char *version, int nrows, int failed_row,
			 const char *tail)
{
	const char *hdr[NCOLUMNS];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	for (int i = 0; i < NCOLUMNS; i++)
		hdr[i] = columns[i].name;
	ck_assert_int_eq(csv_append_record(fd, hdr, NCOLUMNS), 0);
	for (int k = 1; k <= nrows; k++) {
		struct row r = { 0 };

		row_set(&r, COL_schema_version, "%s", version);
		row_set(&r, COL_profile, "seq64k");
		row_set(&r, COL_target, "nc%d", k);
		row_set(&r, COL_read_pct, "100");
		row_set(&r, COL_repeat, "1");
		row_set(&r, COL_status, "%s", k == failed_row ? "fio_error" : "ok");
		row_set(&r, COL_error, "%s", k == failed_row ? "fio exited 1: \"x\", y" : "");
		ck_assert_int_eq(csv_append_record(fd, (const char *const *)r.cell, NCOLUMNS), 0);
		row_free(&r);
	}
	if (tail)
		ck_assert_int_eq(write(fd, tail, strlen(tail)), (ssize_t)strlen(tail));
	close(fd);
}

START_TEST(test_validate_and_resume_scan)
{
	char path[] = "/tmp/nfsweep-res-XXXXXX";
	struct done_set done = { 0 };
	char why[256] = "";
	FILE *devnull = fopen("/dev/null", "w");
	size_t rows;
	int truncated;

	close(mkstemp(path));
	make_results(path, schema_version(), 3, 2, NULL);
	ck_assert_int_eq(results_validate(path, devnull, "t", 10, &rows), 0);
	ck_assert_uint_eq(rows, 3);
	ck_assert_int_eq(results_scan_for_resume(path, NULL, &done, &truncated, why, sizeof(why)),
			 0);
	ck_assert_uint_eq(done.n, 2); /* the failed point is run again */
	ck_assert(done_set_has(&done, "seq64k|nc1|100|x|1"));
	ck_assert(!done_set_has(&done, "seq64k|nc2|100|x|1"));
	ck_assert(!truncated);
	done_set_free(&done);

	/* A row cut short by a crash: invalid as it is, cut off by resume. */
	make_results(path, schema_version(), 2, 0, "1.0,2026-11-30T02:05:00Z,host,\"unfinished");
	ck_assert_int_eq(results_validate(path, devnull, "t", 10, &rows), 1);
	ck_assert_int_eq(results_scan_for_resume(path, NULL, &done, &truncated, why, sizeof(why)),
			 0);
	ck_assert(truncated);
	ck_assert_uint_eq(done.n, 2);
	ck_assert_int_eq(results_validate(path, devnull, "t", 10, &rows), 0);
	ck_assert_uint_eq(rows, 2);
	done_set_free(&done);

	/* Another schema major: refused, with the reason. */
	make_results(path, "2.0", 1, 0, NULL);
	ck_assert_int_eq(results_validate(path, devnull, "t", 10, &rows), 1);
	ck_assert_int_eq(results_scan_for_resume(path, NULL, &done, &truncated, why, sizeof(why)),
			 -EPROTO);
	ck_assert_ptr_nonnull(strstr(why, "schema version 2.0"));
	done_set_free(&done);
	fclose(devnull);
	unlink(path);
}
END_TEST

/* --resume refuses a run measured otherwise than the file's rows, naming the column. */
START_TEST(test_resume_other_config)
{
	char path[] = "/tmp/nfsweep-res-XXXXXX";
	struct done_set done = { 0 };
	struct row config = { 0 };
	char why[512] = "";
	int truncated;

	close(mkstemp(path));
	make_results(path, schema_version(), 2, 0, NULL); /* rows with every config cell empty */
	ck_assert_int_eq(
		results_scan_for_resume(path, &config, &done, &truncated, why, sizeof(why)), 0);
	ck_assert_uint_eq(done.n, 2);
	done_set_free(&done);
	row_set(&config, COL_iodepth, "8");
	ck_assert_int_eq(results_scan_for_resume(path, &config, &done, &truncated, why,
						 sizeof(why)),
			 -EINVAL);
	ck_assert_msg(strstr(why, "line 2 was measured with iodepth '', this run has '8'"), "%s",
		      why);
	row_free(&config);
	done_set_free(&done);
	unlink(path);
}
END_TEST

/* One writer per results file: a second open is refused while the first holds it. */
START_TEST(test_one_writer)
{
	char dir[] = "/tmp/nfsweep-res-XXXXXX", path[64], why[512] = "";
	struct done_set done = { 0 };
	int fd, fd2, truncated;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.csv", dir);
	fd = results_open(path, false, NULL, &done, &truncated, why, sizeof(why));
	ck_assert_int_ge(fd, 0);
	fd2 = results_open(path, true, NULL, &done, &truncated, why, sizeof(why));
	ck_assert_int_eq(fd2, -EBUSY);
	ck_assert_msg(strstr(why, "is being written by another nfsweep, pid "), "%s", why);
	done_set_free(&done);
	close(fd);
	fd2 = results_open(path, true, NULL, &done, &truncated, why, sizeof(why));
	ck_assert_int_ge(fd2, 0);
	close(fd2);
	done_set_free(&done);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* A point with two ok rows: validate names both lines. */
START_TEST(test_validate_point_twice)
{
	char path[] = "/tmp/nfsweep-res-XXXXXX", line[4096], last[4096] = "";
	FILE *errs = tmpfile(), *f;
	size_t rows;

	close(mkstemp(path));
	make_results(path, schema_version(), 2, 0, NULL);
	ck_assert_int_eq(results_validate(path, errs, "t", 10, &rows), 0);
	f = fopen(path, "a+");
	while (fgets(line, sizeof(line), f))
		strcpy(last, line);
	fputs(last, f);
	fclose(f);
	ck_assert_int_eq(results_validate(path, errs, "t", 10, &rows), 1);
	rewind(errs);
	memset(line, 0, sizeof(line));
	ck_assert_uint_eq(fread(line, 1, sizeof(line) - 1, errs) > 0, 1);
	ck_assert_msg(strstr(line, ":4: the point seq64k nc2") &&
			      strstr(line, "measured ok already on line 3"),
		      "%s", line);
	fclose(errs);
	unlink(path);
}
END_TEST

/* A text cell that a spreadsheet would take for a formula gets an apostrophe; readers drop it. */
START_TEST(test_protect_text)
{
	struct row r = { 0 };

	row_set(&r, COL_note, "=1+1");
	row_set(&r, COL_error, "-x");
	row_set(&r, COL_engine, "fine");
	row_set(&r, COL_read_iops, "-0"); /* a number: never touched */
	row_protect_text(&r);
	ck_assert_str_eq(r.cell[COL_note], "'=1+1");
	ck_assert_str_eq(r.cell[COL_error], "'-x");
	ck_assert_str_eq(r.cell[COL_engine], "fine");
	ck_assert_str_eq(r.cell[COL_read_iops], "-0");
	ck_assert_str_eq(row_text(r.cell[COL_note]), "=1+1");
	ck_assert_str_eq(row_text("'plain"), "'plain");
	row_free(&r);
}
END_TEST

Suite *make_results_file_suite(void)
{
	Suite *s = suite_create("results_file");
	TCase *tc = tcase_create("schema");

	tcase_add_test(tc, test_cells);
	tcase_add_test(tc, test_row_numbers);
	tcase_add_test(tc, test_validate_and_resume_scan);
	tcase_add_test(tc, test_resume_other_config);
	tcase_add_test(tc, test_protect_text);
	tcase_add_test(tc, test_one_writer);
	tcase_add_test(tc, test_validate_point_twice);
	suite_add_tcase(s, tc);
	return s;
}
