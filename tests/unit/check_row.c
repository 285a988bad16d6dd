// SPDX-License-Identifier: GPL-2.0
/* results/row.c: numbers as a spreadsheet reads them, cells replaced and freed. */
#include <check.h>
#include <locale.h>
#include <string.h>

#include "helpers.h"
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

Suite *make_row_suite(void)
{
	Suite *s = suite_create("row");
	TCase *tc = tcase_create("cells");

	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_set_replaces);
	suite_add_tcase(s, tc);
	return s;
}
