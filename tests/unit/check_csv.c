// SPDX-License-Identifier: GPL-2.0
/* harness/csv.c: RFC 4180 quoting both ways, whole rows only. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/csv.h"
#include "helpers.h"

static const struct {
	const char *cell;
	const char *written;
} quoting[] = {
	{ "plain", "plain" },
	{ "", "" },
	{ "a,b", "\"a,b\"" },
	{ "say \"hi\"", "\"say \"\"hi\"\"\"" },
	{ "line1\nline2", "\"line1\nline2\"" },
	{ "cr\rlf", "\"cr\rlf\"" },
	{ " lead", "\" lead\"" },
	{ "12.5", "12.5" },
};

START_TEST(test_quoting_round_trip)
{
	const char *cells[3] = { "x", quoting[_i].cell, "y" };
	struct strbuf sb = { 0 };
	struct csv_record rec = { 0 };
	char want[128];
	size_t line = 0;
	FILE *f;

	csv_format_record(&sb, cells, 3);
	snprintf(want, sizeof(want), "x,%s,y\r\n", quoting[_i].written);
	ck_assert_str_eq(sb_str(&sb), want);

	f = fmemopen(sb.buf, sb.len, "r");
	ck_assert_int_eq(csv_read_record(f, &rec, &line), 1);
	ck_assert_uint_eq(rec.n, 3);
	/* A CR inside a quoted cell survives; CRLF line ends do not leak in. */
	ck_assert_str_eq(rec.cells[1], quoting[_i].cell);
	ck_assert_str_eq(rec.cells[2], "y");
	ck_assert_int_eq(csv_read_record(f, &rec, &line), 0);
	fclose(f);
	csv_record_free(&rec);
	sb_free(&sb);
}
END_TEST

/* An error text with commas, quotes and a newline, written and read back. */
START_TEST(test_append_and_read_file)
{
	char path[] = "/tmp/nfsweep-csv-XXXXXX";
	const char *row1[] = { "a", "fio exited 1: \"bad\", then\nmore" };
	const char *row2[] = { "b", "" };
	struct csv_record rec = { 0 };
	size_t line = 0;
	int fd = mkstemp(path);
	FILE *f;

	ck_assert_int_eq(csv_append_record(fd, row1, 2), 0);
	ck_assert_int_eq(csv_append_record(fd, row2, 2), 0);
	close(fd);
	f = fopen(path, "r");
	ck_assert_int_eq(csv_read_record(f, &rec, &line), 1);
	ck_assert_str_eq(rec.cells[1], row1[1]);
	ck_assert_uint_eq(rec.line, 1);
	ck_assert_int_eq(csv_read_record(f, &rec, &line), 1);
	ck_assert_uint_eq(rec.line, 3); /* the quoted newline took a line */
	ck_assert_str_eq(rec.cells[0], "b");
	ck_assert_int_eq(csv_read_record(f, &rec, &line), 0);
	fclose(f);
	unlink(path);
	csv_record_free(&rec);
}
END_TEST

START_TEST(test_cut_short_record)
{
	static char text[] = "a,b\r\nc,\"unterminated";
	static char text2[] = "a,b\r\nc,d";
	struct csv_record rec = { 0 };
	size_t line = 0;
	FILE *f = fmemopen(text, strlen(text), "r");

	ck_assert_int_eq(csv_read_record(f, &rec, &line), 1);
	ck_assert_int_eq(csv_read_record(f, &rec, &line), -1);
	fclose(f);
	line = 0;
	f = fmemopen(text2, strlen(text2), "r");
	ck_assert_int_eq(csv_read_record(f, &rec, &line), 1);
	ck_assert_int_eq(csv_read_record(f, &rec, &line), -1); /* no line end */
	fclose(f);
	csv_record_free(&rec);
}
END_TEST

Suite *make_csv_suite(void)
{
	Suite *s = suite_create("csv");
	TCase *tc = tcase_create("rfc4180");

	tcase_add_loop_test(tc, test_quoting_round_trip, 0, sizeof(quoting) / sizeof(quoting[0]));
	tcase_add_test(tc, test_append_and_read_file);
	tcase_add_test(tc, test_cut_short_record);
	suite_add_tcase(s, tc);
	return s;
}
