// SPDX-License-Identifier: GPL-2.0
/*
 * harness/plot/gnuplot.c: user text (a sweep's --note, a target's label)
 * in a chart's strings can neither end the string nor run a command.
 * gnuplot runs the text between two backquotes as a shell command, even
 * inside a double-quoted string.
 */
#include <check.h>
#include <string.h>

#include "helpers.h"
#include "plot/gnuplot.h"

START_TEST(test_text_has_no_quote_backquote_backslash_or_newline)
{
	const char *note = "the article's `touch /tmp/nfsweep-owned` \"x\" a\\b\nc";
	char out[256];

	gp_text(out, sizeof(out), note, 1);
	ck_assert_ptr_null(strpbrk(out, "'\"`\\\n"));
	ck_assert_ptr_nonnull(strstr(out, "article\xe2\x80\x99s"));
	ck_assert_ptr_nonnull(strstr(out, "touch /tmp/nfsweep-owned"));
}
END_TEST

START_TEST(test_enhanced_markup_is_escaped_only_when_asked)
{
	char out[64];

	gp_text(out, sizeof(out), "nc_8{x}", 1);
	ck_assert_str_eq(out, "nc\\\\_8\\\\{x\\\\}");
	gp_text(out, sizeof(out), "nc_8{x}", 0);
	ck_assert_str_eq(out, "nc_8{x}");
}
END_TEST

START_TEST(test_long_text_is_cut_whole)
{
	char out[8];

	/* never half an apostrophe's three bytes, always terminated */
	gp_text(out, sizeof(out), "ab'''''''", 0);
	ck_assert_uint_lt(strlen(out), sizeof(out));
	ck_assert_str_eq(out, "ab\xe2\x80\x99");
}
END_TEST

Suite *make_gnuplot_suite(void)
{
	Suite *s = suite_create("gnuplot");
	TCase *tc = tcase_create("text");

	tcase_add_test(tc, test_text_has_no_quote_backquote_backslash_or_newline);
	tcase_add_test(tc, test_enhanced_markup_is_escaped_only_when_asked);
	tcase_add_test(tc, test_long_text_is_cut_whole);
	suite_add_tcase(s, tc);
	return s;
}
