// SPDX-License-Identifier: GPL-2.0
/*
 * util/sink.c: each sink's rule, table-driven; the two shell sinks are
 * checked by the real shell: what sink_printf_b and sink_shell_word make
 * must come back from dash as the bytes that went in.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "util/sink.h"

/* clang-format off */
static const struct { const char *s; int ok; const char *says; } fio_values[] = {
	{ "/mnt/nc1", 1, NULL },
	{ "/mnt/with space/a:b %p $(x) `y` 'q\" =e -x", 1, NULL },
	{ "/x/a;b", 0, "';'" },
	{ "/x/a#b", 0, "'#'" },
	{ "/x/a\nb", 0, "control character" },
	{ "/x/a\tb", 0, "control character" },
	{ "/x/${HOME}", 0, "${NAME}" },
	{ "/x/$ncpus", 0, "$ncpus" },
	{ "/x/$mb_memory", 0, "$mb_memory" },
	{ "/x/$pagesize", 0, "$pagesize" },
	{ " /x", 0, "blanks" },
	{ "/x ", 0, "blanks" },
	{ "/x/\xff", 0, "not UTF-8" },
	{ "/x/caf\xc3\xa9", 1, NULL },
};
/* clang-format on */

START_TEST(test_fio_value)
{
	char err[512] = "";
	int r = sink_fio_value("--target", fio_values[_i].s, err, sizeof(err));

	ck_assert_msg(fio_values[_i].ok ? r == 0 : r == -1, "case %d: %d (%s)", _i, r, err);
	if (!fio_values[_i].ok) {
		ck_assert_msg(strstr(err, "--target"), "case %d does not name the option: %s", _i,
			      err);
		ck_assert_msg(strstr(err, fio_values[_i].says), "case %d: %s", _i, err);
	}
}
END_TEST

START_TEST(test_utf8)
{
	/* clang-format off */
	static const struct { const char *s; int ok; } cases[] = {
		{ "", 1 }, { "plain", 1 }, { "\xc3\xa9", 1 }, { "\xe2\x80\x99", 1 },
		{ "\xf0\x9f\x98\x80", 1 }, { "\xff", 0 }, { "\xc3", 0 }, { "\xc0\xaf", 0 },
		{ "\xed\xa0\x80", 0 }, { "\xf4\x90\x80\x80", 0 }, { "\xe2\x80", 0 },
	};
	/* clang-format on */

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(sink_utf8(cases[i].s) == cases[i].ok, "case %zu", i);
}
END_TEST

START_TEST(test_escapes)
{
	char buf[64];

	ck_assert_int_eq(sink_fio_dir("/a:b\\:c", buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "/a\\:b\\\\:c");
	ck_assert_int_eq(sink_glob("/r *?[x]\\", buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "/r \\*\\?\\[x]\\\\");
	ck_assert_int_eq(sink_printf_b("/a b$", buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "/a\\0040b\\0044");
	ck_assert_int_eq(sink_printf_b("/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa  ", buf,
				       40),
			 -ENAMETOOLONG);
	ck_assert(sink_host("gen1") && sink_host("127.0.100.1") && sink_host("::1") &&
		  sink_host("host-a.example_b"));
	ck_assert(!sink_host("") && !sink_host("-x") && !sink_host("a'b") && !sink_host("a b") &&
		  !sink_host("$(x)") && !sink_host("a;b") && !sink_host("a/b"));
}
END_TEST

/* The bytes dash gives back for the command @cmd, with @arg as $1. */
static void shell_out(const char *cmd, const char *arg, char *out, size_t len)
{
	char path[] = "/tmp/nfsweep-sink-XXXXXX";
	int fd = mkstemp(path), status;
	pid_t pid;
	FILE *f;

	ck_assert_int_ge(fd, 0);
	pid = fork();
	if (!pid) {
		dup2(fd, 1);
		execl("/bin/sh", "sh", "-c", cmd, "sh", arg, (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status), "sh -c %s failed", cmd);
	f = fdopen(fd, "r");
	rewind(f);
	out[fread(out, 1, len - 1, f)] = '\0';
	fclose(f);
	unlink(path);
}

static const char *const hostile[] = {
	"plain",    "a b",	"$(touch x)", "`touch x`", "it's",	  "\"q\"",
	"a;b|c&d",  "-leading", "=eq",	      "%p %s",	   "back\\slash", "\xc3\xa9t\xc3\xa9",
	"*?[glob]", "~user",
};

/* sink_printf_b: a fixed command line carries the bytes back, nothing runs */
START_TEST(test_printf_b_through_sh)
{
	char enc[512], cmd[700], out[256];

	ck_assert_int_eq(sink_printf_b(hostile[_i], enc, sizeof(enc)), 0);
	ck_assert_msg(strspn(enc, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				  "/._-\\") == strlen(enc),
		      "%s: %s", hostile[_i], enc);
	snprintf(cmd, sizeof(cmd), "printf %%b \"%s\"", enc);
	shell_out(cmd, "", out, sizeof(out));
	ck_assert_str_eq(out, hostile[_i]);
}
END_TEST

/* sink_shell_word: the word, as a shell reads it, is the string */
START_TEST(test_shell_word_through_sh)
{
	struct strbuf sb = { 0 };
	char cmd[700], out[256];

	sink_shell_word(&sb, hostile[_i]);
	snprintf(cmd, sizeof(cmd), "printf %%s %s", sb_str(&sb));
	shell_out(cmd, "", out, sizeof(out));
	ck_assert_str_eq(out, hostile[_i]);
	sb_free(&sb);
}
END_TEST

/* clang-format off */
static const struct { const char *s, *html; } html_cases[] = {
	{ "plain text", "plain text" },
	{ "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;" },
	{ "a & b \"q\" 'p'", "a &amp; b &quot;q&quot; &#39;p&#39;" },
	{ "&amp;", "&amp;amp;" },
	{ "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x92\xbe", "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x92\xbe" },
	{ "bad \xff byte", "bad \xef\xbf\xbd byte" },
	{ "overlong \xc0\xaf", "overlong \xef\xbf\xbd\xef\xbf\xbd" },
	{ "cut \xe2\x80", "cut \xef\xbf\xbd\xef\xbf\xbd" },
	{ "bell\a del\x7f", "bell\xef\xbf\xbd del\xef\xbf\xbd" },
	{ "tab\tnew\nline", "tab\tnew\nline" },
	{ "", "" },
};
/* clang-format on */

/* sink_html: markup shown as text, what HTML cannot carry as U+FFFD */
START_TEST(test_html)
{
	struct strbuf sb = { 0 };

	sink_html(&sb, html_cases[_i].s);
	ck_assert_str_eq(sb_str(&sb), html_cases[_i].html);
	ck_assert(sink_utf8(sb_str(&sb)));
	ck_assert_ptr_null(strpbrk(sb_str(&sb), "<>\"'"));
	sb_free(&sb);
}
END_TEST

/* sink_data_url: the base64 of coreutils' base64(1), for every length modulo 3 */
START_TEST(test_data_url_as_base64)
{
	static const char *const bytes[] = { "", "a", "ab", "abc", "<svg>\"&'\n", "\xff\xfe\x01" };
	struct strbuf sb = { 0 };
	char out[256], want[300];

	sink_data_url(&sb, "image/svg+xml", (const unsigned char *)bytes[_i], strlen(bytes[_i]));
	shell_out("printf %s \"$1\" | base64 -w 0", bytes[_i], out, sizeof(out));
	snprintf(want, sizeof(want), "data:image/svg+xml;base64,%s", out);
	ck_assert_str_eq(sb_str(&sb), want);
	sb_free(&sb);
}
END_TEST

/* sink_url_path: what Python's urllib.parse.quote makes of a path, safe="/~" */
START_TEST(test_url_path)
{
	static const struct {
		const char *s, *url;
	} cases[] = {
		{ "fio/sweep/seq64k-nc1.json", "fio/sweep/seq64k-nc1.json" },
		{ "a b/c#d?e%f:g", "a%20b/c%23d%3Fe%25f%3Ag" },
		{ "\"q\" <x> &y 'z'", "%22q%22%20%3Cx%3E%20%26y%20%27z%27" },
		{ "caf\xc3\xa9", "caf%C3%A9" },
	};
	struct strbuf sb = { 0 };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sb_reset(&sb);
		sink_url_path(&sb, cases[i].s);
		ck_assert_str_eq(sb_str(&sb), cases[i].url);
	}
	sb_free(&sb);
}
END_TEST

/* sink_xml_text: what XML 1.0 cannot carry as U+FFFD, the limit kept at a character */
START_TEST(test_xml_text)
{
	static const struct {
		const char *s, *xml;
		size_t max;
		bool cut;
	} cases[] = {
		{ "=1+1 <a> & \"q\"", "=1+1 <a> & \"q\"", 100, false },
		{ "bad \xff\xc3 end", "bad \xef\xbf\xbd\xef\xbf\xbd end", 100, false },
		{ "nul\x01 del\x7f", "nul\xef\xbf\xbd del\xef\xbf\xbd", 100, false },
		{ "nonchar \xef\xbf\xbe", "nonchar \xef\xbf\xbd", 100, false },
		{ "tab\tnew\nline", "tab\tnew\nline", 100, false },
		{ "caf\xc3\xa9", "caf", 4, true }, /* not half of the e-acute */
		{ "abcdef", "abcd", 4, true },
		{ "abcd", "abcd", 4, false },
	};
	struct strbuf sb = { 0 };
	bool cut;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sb_reset(&sb);
		sink_xml_text(&sb, cases[i].s, cases[i].max, &cut);
		ck_assert_str_eq(sb_str(&sb), cases[i].xml);
		ck_assert_int_eq(cut, cases[i].cut);
		ck_assert(sink_utf8(sb_str(&sb)));
	}
	sb_free(&sb);
}
END_TEST

Suite *make_sink_suite(void)
{
	Suite *s = suite_create("sink");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_fio_value, 0, sizeof(fio_values) / sizeof(fio_values[0]));
	tcase_add_test(tc, test_utf8);
	tcase_add_test(tc, test_escapes);
	tcase_add_loop_test(tc, test_printf_b_through_sh, 0, sizeof(hostile) / sizeof(hostile[0]));
	tcase_add_loop_test(tc, test_shell_word_through_sh, 0,
			    sizeof(hostile) / sizeof(hostile[0]));
	tcase_add_loop_test(tc, test_html, 0, sizeof(html_cases) / sizeof(html_cases[0]));
	tcase_add_loop_test(tc, test_data_url_as_base64, 0, 6);
	tcase_add_test(tc, test_url_path);
	tcase_add_test(tc, test_xml_text);
	suite_add_tcase(s, tc);
	return s;
}
