// SPDX-License-Identifier: GPL-2.0
/*
 * results/row.c: numbers as a spreadsheet reads them, cells replaced and freed; results/rows.c
 * and results/table_read.c: a file read by the schema's column ids, the one rule for a column
 * the header lacks, the lines that cannot be used said and not read as rows.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <locale.h>
#include <string.h>

#include "helpers.h"
#include "results/rows.h"
#include "results/table_read.h"
#include "results/row.h"

START_TEST(test_numbers)
{
	/* clang-format off */
	static const struct { double v; const char *want; } cases[] = {
		{ 12.5, "12.5" }, { 3, "3" }, { 0.0004, "0" }, { -0.0004, "0" }, { 1234567.8916, "1234567.892" },
		{ 0.1, "0.1" }, { 100, "100" }, { 2.3001, "2.3" },
	};
	/* clang-format on */
	struct row r = { 0 };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		row_set_num(&r, COL_read_iops, cases[i].v);
		ck_assert_msg(!strcmp(r.cell[COL_read_iops], cases[i].want), "%g -> '%s', not '%s'",
			      cases[i].v, r.cell[COL_read_iops], cases[i].want);
	}
	row_free(&r);
}
END_TEST

START_TEST(test_set_replaces)
{
	struct row r = { 0 };

	row_set(&r, COL_note, "%s-%d", "a", 1);
	ck_assert_str_eq(r.cell[COL_note], "a-1");
	row_set(&r, COL_note, "%s", "b");
	ck_assert_str_eq(r.cell[COL_note], "b");
	ck_assert_ptr_null(r.cell[COL_host]);
	row_free(&r);
	ck_assert_ptr_null(r.cell[COL_note]);
}
END_TEST

/* @text into a file of its own; its path in @path */
static void rows_file(char *path, size_t len, const char *text)
{
	FILE *f;

	snprintf(path, len, "/tmp/check_rows.%d.csv", (int)getpid());
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

START_TEST(test_rows_by_id)
{
	char path[64], text[8192] = "";
	struct rows t;
	struct strbuf sb = { 0 };

	/* FILE.run.csv's columns in another order, and a column no table has: read by id alone */
	for (int r = 0; r < 3; r++) {
		for (int c = RUN_NCOLUMNS - 1; c >= 0; c--)
			snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s,",
				 !r		    ? table_run.cols[c].name :
				 c == RUN_COL_hosts ? r == 1 ? "h1" : "h2" :
						      "v");
		strcat(text, r ? "s\n" : "stray\n");
	}
	rows_file(path, sizeof(path), text);
	ck_assert_int_eq(rows_load(path, &table_run, &t), 0);
	ck_assert_uint_eq(t.n, 2);
	ck_assert_str_eq(run_at(&t, 0, RUN_COL_hosts), "h1");
	ck_assert_str_eq(run_at(&t, 1, RUN_COL_hosts), "h2");
	ck_assert_str_eq(run_at(&t, 5, RUN_COL_hosts), "");
	ck_assert(rows_first(&t, 1, RUN_COL_hosts, -1));
	ck_assert(!rows_first(&t, 1, RUN_COL_ran, -1));
	rows_distinct(&t, RUN_COL_hosts, -1, NULL, &sb);
	ck_assert_str_eq(sb_str(&sb), "h1, h2");
	sb_free(&sb);
	rows_free(&t);
	unlink(path);
}
END_TEST

START_TEST(test_rows_missing_column)
{
	char path[64], text[8192] = "";
	struct rows t;

	/* a results file of the oldest minor: a later minor's column reads as "" */
	for (int c = 0; c < SCHEMA_MIN_COLUMNS; c++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s%s", c ? "," : "",
			 columns[c].name);
	strcat(text, "\n");
	for (int c = 0; c < SCHEMA_MIN_COLUMNS; c++)
		strcat(text, c == COL_status ? ",ok" : c ? ",1" : "1");
	strcat(text, "\n");
	rows_file(path, sizeof(path), text);
	ck_assert_int_eq(rows_load(path, &table_results, &t), 0);
	ck_assert_str_eq(res_at(&t, 0, COL_status), "ok");
	ck_assert_str_eq(res_at(&t, 0, (enum column)(NCOLUMNS - 1)), "");
	rows_free(&t);
	/* a file that is not there, and a table never loaded: empty, read as such */
	ck_assert_int_eq(rows_load("/nonexistent/x.csv", &table_hosts, &t), -ENOENT);
	ck_assert_uint_eq(t.n, 0);
	ck_assert_str_eq(hosts_at(&t, 0, HOSTS_COL_host), "");
	{
		struct rows none = { 0 };
		struct strbuf sb = { 0 };

		ck_assert_str_eq(run_at(&none, 0, RUN_COL_hosts), "");
		ck_assert(rows_first(&none, 0, RUN_COL_hosts, -1));
		rows_distinct(&none, RUN_COL_hosts, -1, NULL, &sb);
		ck_assert_uint_eq(sb.len, 0);
		sb_free(&sb);
	}
	/* one of the oldest minor's columns missing: not a results file */
	rows_file(path, sizeof(path), "profile,target\nrand4k,a\n");
	ck_assert_int_eq(rows_load(path, &table_results, &t), -EPROTO);
	rows_free(&t);
	unlink(path);
}
END_TEST

/* @n cells of FILE.run.csv into @text: its header (@row 0), or row @row: "r<row>" in each */
static void run_line(char *text, size_t len, int row, int n, const char *end)
{
	for (int c = 0; c < n; c++)
		snprintf(text + strlen(text), len - strlen(text), "%s%s", c ? "," : "",
			 row ? (char[8]){ 'r', (char)('0' + row), 0 } : table_run.cols[c].name);
	snprintf(text + strlen(text), len - strlen(text), "%s", end);
}

START_TEST(test_rows_unused)
{
	char path[64], text[8192] = "";
	struct rows t;

	/* line 3 a row cut short (or two merged); line 5 a write that did not finish */
	run_line(text, sizeof(text), 0, RUN_NCOLUMNS, "\n");
	run_line(text, sizeof(text), 1, RUN_NCOLUMNS, "\n");
	run_line(text, sizeof(text), 2, RUN_NCOLUMNS - 2, "\n");
	run_line(text, sizeof(text), 3, RUN_NCOLUMNS, "\n");
	run_line(text, sizeof(text), 4, 3, "");
	rows_file(path, sizeof(path), text);
	ck_assert_int_eq(rows_load(path, &table_run, &t), 0);
	ck_assert_uint_eq(t.n, 2);
	ck_assert_str_eq(run_at(&t, 1, RUN_COL_command_line), "r3");
	ck_assert_uint_eq(t.nunused, 2);
	ck_assert_uint_eq(t.unused[0], 3);
	ck_assert_uint_eq(t.unused[1], 5);
	rows_free(&t);
	unlink(path);
}
END_TEST

START_TEST(test_table_read)
{
	char path[64];
	struct table_read tr;

	rows_file(path, sizeof(path), "");
	ck_assert_int_eq(table_open(&tr, path, "r"), -ENODATA);
	table_close(&tr);
	/* columns by name in any order; a quote never closed: the end is no row, from line 3 */
	rows_file(path, sizeof(path), "target,x,profile\nnc1,1,rand4k\n\"nc8,2,\nrand4k\n");
	ck_assert_int_eq(table_open(&tr, path, "r"), 0);
	ck_assert_int_eq(table_map(&tr, &table_compare), -EPROTO);
	ck_assert(table_has(&tr, COMPARE_COL_target) && !table_has(&tr, COMPARE_COL_read_pct));
	ck_assert_int_eq(table_next(&tr), 1);
	ck_assert(table_whole(&tr));
	ck_assert_str_eq(table_cell(&tr, COMPARE_COL_profile), "rand4k");
	ck_assert_str_eq(table_cell(&tr, COMPARE_COL_read_pct), "");
	ck_assert_int_eq(tr.end, (long)strlen("target,x,profile\nnc1,1,rand4k\n"));
	ck_assert_int_eq(table_next(&tr), -1);
	ck_assert_uint_eq(tr.rec.line, 3);
	ck_assert_uint_eq(tr.line, 4);
	table_close(&tr);
	unlink(path);
}
END_TEST

Suite *make_row_suite(void)
{
	Suite *s = suite_create("row");
	TCase *tc = tcase_create("cells");

	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_set_replaces);
	suite_add_tcase(s, tc);
	tc = tcase_create("rows");
	tcase_add_test(tc, test_rows_by_id);
	tcase_add_test(tc, test_rows_missing_column);
	tcase_add_test(tc, test_rows_unused);
	tcase_add_test(tc, test_table_read);
	suite_add_tcase(s, tc);
	return s;
}
