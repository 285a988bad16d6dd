// SPDX-License-Identifier: GPL-2.0
/*
 * The option tables (cli/opt.c) walked for every command: each option it
 * lists is accepted with its example argument, --help lists exactly its
 * options, every other command's options are refused, the defaults parse,
 * the completion offers each command's options.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/exit_status.h"
#include "cli/opt.h"
#include "cmd/cmds.h"
#include "helpers.h"
#include "sweep/sweep_opts.h"

/* Room for any command's options struct (sweep_opts is the largest). */
static union {
	struct sweep_opts sweep;
	char any[1 << 16];
} dst;

static int quiet_fd = -1, saved_fd = -1;

static void quiet(int on)
{
	fflush(stderr);
	if (on) {
		saved_fd = dup(STDERR_FILENO);
		quiet_fd = open("/dev/null", O_WRONLY);
		dup2(quiet_fd, STDERR_FILENO);
	} else {
		dup2(saved_fd, STDERR_FILENO);
		close(saved_fd);
		close(quiet_fd);
	}
}

static int is_sweep(const struct command *c)
{
	return c->opts == sweep_run_opts || c->opts == sweep_plan_opts ||
	       c->opts == sweep_curve_opts;
}

/*
 * opt_parse(@c, @extra...) plus the positional arguments @c needs; its
 * result. The options struct is reset before and its allocations freed after.
 */
static int parse(const struct command *c, int nextra, const char *const *extra)
{
	char *argv[16];
	int argc = 0, argi, ret;

	memset(&dst, 0, sizeof(dst));
	argv[argc++] = (char *)c->name;
	for (int i = 0; i < nextra; i++)
		argv[argc++] = (char *)extra[i];
	for (int i = 0; i < c->min_args; i++)
		argv[argc++] = "x.csv";
	argv[argc] = NULL;
	quiet(1);
	ret = opt_parse(c, argc, argv, &dst, &argi);
	quiet(0);
	if (is_sweep(c))
		sweep_opts_free(&dst.sweep);
	return ret;
}

/* @c's required options, each with its example, into @args (but @skip). */
static int required_args(const struct command *c, const char **args, const struct opt *skip)
{
	static char names[16][64];
	int n = 0, k = 0;

	for (size_t i = 0; c->opts && c->opts[i]; i++)
		if (c->opts[i]->required && c->opts[i] != skip) {
			snprintf(names[k], sizeof(names[k]), "--%s", c->opts[i]->name);
			args[n++] = names[k++];
			args[n++] = c->opts[i]->example;
		}
	return n;
}

START_TEST(test_every_option_accepted)
{
	const struct command *c = commands[_i];
	const char *args[16];
	int n;

	ck_assert_int_eq(parse(c, required_args(c, args, NULL), args), 0);
	for (size_t i = 0; c->opts && c->opts[i]; i++) {
		const struct opt *o = c->opts[i];
		char name[64];

		ck_assert_msg(o->help && *o->help, "%s --%s has no help", c->name, o->name);
		ck_assert_msg(strcmp(o->name, "help") && strcmp(o->name, "version"),
			      "%s: --%s is every command's own", c->name, o->name);
		ck_assert_msg(o->type == OPT_FLAG || o->example, "%s --%s: no example argument",
			      c->name, o->name);
		for (size_t j = 0; j < i; j++)
			ck_assert_msg(strcmp(c->opts[j]->name, o->name), "%s: --%s listed twice",
				      c->name, o->name);
		n = required_args(c, args, o);
		snprintf(name, sizeof(name), "--%s", o->name);
		args[n++] = name;
		if (o->type != OPT_FLAG)
			args[n++] = o->example;
		ck_assert_msg(!parse(c, n, args), "%s refuses %s %s", c->name, name,
			      o->type != OPT_FLAG ? o->example : "");
	}
}
END_TEST

START_TEST(test_enumerated_values_accepted)
{
	const struct command *c = commands[_i];

	for (size_t i = 0; c->opts && c->opts[i]; i++) {
		const struct opt *o = c->opts[i];
		char values[256], *v, *save, name[64];
		const char *args[16];

		if (!o->values || o->type == OPT_FLAG)
			continue;
		snprintf(values, sizeof(values), "%s", o->values);
		snprintf(name, sizeof(name), "--%s", o->name);
		for (v = strtok_r(values, " ", &save); v; v = strtok_r(NULL, " ", &save)) {
			int n = required_args(c, args, o);

			if (!strcmp(o->name, "profile")) {
				char path[512];

				/* a profile the table names must be in profiles/ */
				snprintf(path, sizeof(path), "%s/../../profiles/%s.fio", T_DATA, v);
				ck_assert_msg(!access(path, R_OK), "--profile %s: no %s", v, path);
			}
			args[n++] = name;
			args[n++] = v;
			ck_assert_msg(!parse(c, n, args), "%s %s %s refused", c->name, name, v);
		}
	}
}
END_TEST

/* Every other command's options are refused by name. */
START_TEST(test_other_options_refused)
{
	const struct command *c = commands[_i];

	for (size_t k = 0; k < ncommands; k++)
		for (size_t i = 0; commands[k]->opts && commands[k]->opts[i]; i++) {
			const struct opt *o = commands[k]->opts[i];
			const char *args[16];
			char name[64];
			int n;

			if (opt_find(c, o->name))
				continue;
			n = required_args(c, args, NULL);
			snprintf(name, sizeof(name), "--%s", o->name);
			args[n++] = name;
			args[n++] = "1";
			ck_assert_msg(parse(c, n, args) == -EINVAL,
				      "%s accepts %s, which its help "
				      "does not list",
				      c->name, name);
		}
}
END_TEST

/* A prefix of an option is not the option (getopt_long would take it). */
START_TEST(test_prefix_refused)
{
	const char *args[] = { "--profile", "seq64k", "--target", "a=/tmp",
			       "--out",	    "x.csv",  "--run",	  "5" };

	ck_assert_int_eq(parse(&command_run, 6, args), 0);
	ck_assert_int_eq(parse(&command_run, 8, args), -EINVAL);
}
END_TEST

START_TEST(test_help_lists_exactly)
{
	const struct command *c = commands[_i];
	char *text = NULL, *line, *save;
	size_t len = 0, listed = 0, n = 0;
	FILE *f = open_memstream(&text, &len);

	opt_print_help(c, f);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "usage: nfsweep "));
	ck_assert_ptr_nonnull(strstr(text, "exit status: "));
	while (c->opts && c->opts[n])
		n++;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[64];

		if (strncmp(line, "  --", 4) || sscanf(line + 4, "%63[a-z0-9-]", name) != 1 ||
		    !strcmp(name, "version"))
			continue;
		ck_assert_msg(opt_find(c, name), "%s --help lists --%s, not in its table", c->name,
			      name);
		listed++;
	}
	ck_assert_msg(listed == n, "%s --help lists %zu options, its table has %zu", c->name,
		      listed, n);
	free(text);
}
END_TEST

/*
 * Each command's exit statuses are the table's (exit_status.def): 0 first,
 * 2 (every command parses options), in ascending order, each once, and
 * its help's text whole. A number retyped in a string would not be here.
 */
START_TEST(test_exit_statuses_from_table)
{
	const struct command *c = commands[_i];
	char text[512];
	int last = -1, usage = 0;

	ck_assert_msg(c->exits, "%s has no list of exit statuses", c->name);
	ck_assert_int_eq(c->exits[0].status, EXIT_OK);
	for (const struct exit_use *u = c->exits; u->status >= 0; u++) {
		ck_assert_msg(exit_status_word(u->status), "%s: exit status %d is not in the table",
			      c->name, u->status);
		ck_assert_msg(u->status > last, "%s: exit statuses out of order at %d", c->name,
			      u->status);
		last = u->status;
		usage |= u->status == EXIT_USAGE;
	}
	ck_assert_msg(usage, "%s does not list 2 (usage)", c->name);
	ck_assert_int_eq(exit_status_text(c->exits, text, sizeof(text)), 0);
	ck_assert_msg(!strncmp(text, "0 ", 2), "%s", text);
	ck_assert_int_eq(exit_status_text((const struct exit_use[]){ { 7, NULL }, { -1, NULL } },
					  text, sizeof(text)),
			 -EINVAL);
}
END_TEST

START_TEST(test_completion_offers_options)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	const char *curve;

	opt_print_bash_completion(commands, ncommands, f);
	fclose(f);
	curve = strstr(text, "\tcurve)");
	ck_assert_ptr_nonnull(curve);
	ck_assert_ptr_nonnull(strstr(curve, "esac ;;"));
	*strstr(curve, "esac ;;") = '\0'; /* curve's case only */
	ck_assert_ptr_nonnull(strstr(curve, "--points"));
	ck_assert_ptr_null(strstr(curve, "--resume"));			   /* curve refuses it */
	ck_assert_ptr_nonnull(strstr(strstr(text, "\trun)"), "--resume")); /* before curve's */
	free(text);
}
END_TEST

START_TEST(test_usage_errors)
{
	const char *missing_arg[] = { "--runtime" };
	const char *bad_int[] = { "--profile", "seq64k", "--target", "a=/tmp",
				  "--out",     "x.csv",	 "--direct", "2" };

	ck_assert_int_eq(parse(&command_run, 1, missing_arg), -EINVAL);
	ck_assert_int_eq(parse(&command_run, 8, bad_int), -EINVAL);
	/* required --out missing */
	ck_assert_int_eq(parse(&command_run, 4, bad_int), -EINVAL);
	/* too many positional arguments */
	{
		const char *two[] = { "a.csv" };

		ck_assert_int_eq(parse(&command_summary, 1, two), -EINVAL);
	}
}
END_TEST

Suite *make_cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("tables");

	tcase_add_loop_test(tc, test_every_option_accepted, 0, (int)ncommands);
	tcase_add_loop_test(tc, test_enumerated_values_accepted, 0, (int)ncommands);
	tcase_add_loop_test(tc, test_other_options_refused, 0, (int)ncommands);
	tcase_add_loop_test(tc, test_help_lists_exactly, 0, (int)ncommands);
	tcase_add_loop_test(tc, test_exit_statuses_from_table, 0, (int)ncommands);
	tcase_add_test(tc, test_prefix_refused);
	tcase_add_test(tc, test_completion_offers_options);
	tcase_add_test(tc, test_usage_errors);
	suite_add_tcase(s, tc);
	return s;
}
