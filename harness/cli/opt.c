// SPDX-License-Identifier: GPL-2.0
/*
 * The option tables at work (see opt.h): parsing with getopt_long, and the
 * help, man page and completion text made from the same tables.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cli/opt.h"
#include "cli/version.h"
#include "results/schema.h"

/* Options per command; a test checks that every table fits. */
#define OPT_MAX 64
#define VAL_BASE 256 /* getopt_long's val of option i: clear of 'h' */

static size_t opt_count(const struct command *cmd)
{
	size_t n = 0;

	while (cmd->opts && cmd->opts[n])
		n++;
	return n;
}

const struct opt *opt_find(const struct command *cmd, const char *name)
{
	for (size_t i = 0; cmd->opts && cmd->opts[i]; i++)
		if (!strcmp(cmd->opts[i]->name, name))
			return cmd->opts[i];
	return NULL;
}

/* Set @o from @arg in @dst. 0, or -1 with @err (naming the option only for OPT_CALL). */
static int opt_apply(const struct opt *o, void *dst, const char *arg, char *err, size_t len)
{
	char *field = (char *)dst + o->off, *end;
	long v;

	switch (o->type) {
	case OPT_FLAG:
		*(int *)field = 1;
		return 0;
	case OPT_INT:
		errno = 0;
		v = strtol(arg, &end, 10);
		if (errno || end == arg || *end || v < o->min || v > o->max) {
			if (o->values)
				snprintf(err, len, "expected one of: %s", o->values);
			else
				snprintf(err, len, "expected a whole number from %ld to %ld",
					 o->min, o->max);
			return -1;
		}
		*(int *)field = (int)v;
		return 0;
	case OPT_STR:
		*(const char **)field = arg;
		return 0;
	case OPT_CALL:
		return o->parse(dst, arg, err, len);
	}
	snprintf(err, len, "option type %d unknown", (int)o->type);
	return -1;
}

static void usage_hint(const struct command *cmd)
{
	fprintf(stderr, "nfsweep %s: see 'nfsweep %s --help'\n", cmd->name, cmd->name);
}

/*
 * getopt_long takes any unambiguous prefix of a long option (--out for
 * --outdir): then a command would accept options its help does not list,
 * and a later option could silently change what an old command line means.
 * Every long option must be named whole; -1 (said) for the first that is not.
 */
static int check_whole_names(const struct command *cmd, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		size_t len = strcspn(a + 2, "=");
		const struct opt *o = NULL;
		char name[64];

		if (!strcmp(a, "--"))
			return 0;
		if (strncmp(a, "--", 2) || len >= sizeof(name))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)len, a + 2);
		if (!strcmp(name, "help") || !strcmp(name, "version"))
			continue;
		o = opt_find(cmd, name);
		if (!o) {
			fprintf(stderr, "nfsweep %s: unknown option '--%s'\n", cmd->name, name);
			usage_hint(cmd);
			return -1;
		}
		if (o->type != OPT_FLAG && !a[2 + len])
			i++; /* its argument */
	}
	return 0;
}

/*
 * getopt_long's table of @cmd's @n options (each its index past VAL_BASE), --help and
 * --version; each default applied to @dst. 0, or -EINVAL (said).
 */
static int opt_table(const struct command *cmd, size_t n, struct option *longopts, void *dst)
{
	char err[512];

	for (size_t i = 0; i < n; i++) {
		const struct opt *o = cmd->opts[i];

		longopts[i] =
			(struct option){ o->name,
					 o->type == OPT_FLAG ? no_argument : required_argument,
					 NULL, VAL_BASE + (int)i };
		if (o->def && opt_apply(o, dst, o->def, err, sizeof(err))) {
			fprintf(stderr, "nfsweep %s: the default of --%s, '%s': %s\n", cmd->name,
				o->name, o->def, err);
			return -EINVAL;
		}
	}
	longopts[n] = (struct option){ "help", no_argument, NULL, 'h' };
	longopts[n + 1] = (struct option){ "version", no_argument, NULL, 'V' };
	longopts[n + 2] = (struct option){ NULL, 0, NULL, 0 };
	return 0;
}

/* After the options: the required ones given, and as many arguments as @cmd takes. 0, or -EINVAL. */
static int opt_rest(const struct command *cmd, size_t n, const unsigned char *seen, int argc,
		    char **argv)
{
	int npos;

	for (size_t i = 0; i < n; i++)
		if (cmd->opts[i]->required && !seen[i]) {
			const struct opt *o = cmd->opts[i];

			fprintf(stderr, "nfsweep %s: --%s %s is required (e.g. --%s %s)\n",
				cmd->name, o->name, o->arg, o->name, o->example);
			return -EINVAL;
		}
	npos = argc - optind;
	if (npos < cmd->min_args || (cmd->max_args >= 0 && npos > cmd->max_args)) {
		if (npos > 0 && cmd->max_args >= 0 && npos > cmd->max_args)
			fprintf(stderr, "nfsweep %s: unexpected argument '%s'\n", cmd->name,
				argv[optind + cmd->max_args]);
		else
			fprintf(stderr, "nfsweep %s: expected %s\n", cmd->name, cmd->args);
		usage_hint(cmd);
		return -EINVAL;
	}
	return 0;
}

int opt_parse(const struct command *cmd, int argc, char **argv, void *dst, int *argi)
{
	struct option longopts[OPT_MAX + 3];
	unsigned char seen[OPT_MAX] = { 0 };
	size_t n = opt_count(cmd);
	char err[512];
	int c;

	if (n > OPT_MAX) {
		fprintf(stderr, "nfsweep %s: %zu options, more than the %d a table may have\n",
			cmd->name, n, OPT_MAX);
		return -EINVAL;
	}
	if (opt_table(cmd, n, longopts, dst))
		return -EINVAL;
	if (check_whole_names(cmd, argc, argv))
		return -EINVAL;
	optind = 1;
	opterr = 0; /* the messages below name the command */
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		const struct opt *o;

		if (c == 'h') {
			opt_print_help(cmd, stdout);
			return 1;
		}
		if (c == 'V') {
			opt_print_version(stdout);
			return 1;
		}
		if (c == '?' || c == ':') {
			const char *bad = optopt && optopt < VAL_BASE ? NULL : argv[optind - 1];

			if (c == ':')
				fprintf(stderr, "nfsweep %s: %s needs an argument\n", cmd->name,
					argv[optind - 1]);
			else if (bad)
				fprintf(stderr, "nfsweep %s: unknown option '%s'\n", cmd->name,
					bad);
			else
				fprintf(stderr, "nfsweep %s: unknown option '-%c'\n", cmd->name,
					optopt);
			usage_hint(cmd);
			return -EINVAL;
		}
		o = cmd->opts[c - VAL_BASE];
		seen[c - VAL_BASE] =
			1; /* given again, the last one counts, as with any getopt tool */
		if (opt_apply(o, dst, optarg, err, sizeof(err))) {
			if (o->type == OPT_CALL) /* its parser names the option */
				fprintf(stderr, "nfsweep %s: %s\n", cmd->name, err);
			else
				fprintf(stderr, "nfsweep %s: --%s '%s': %s\n", cmd->name, o->name,
					optarg, err);
			return -EINVAL;
		}
	}
	if (opt_rest(cmd, n, seen, argc, argv))
		return -EINVAL;
	*argi = optind;
	return 0;
}

void opt_print_version(FILE *out)
{
	fprintf(out, "nfsweep %s (results schema %s)\n", nfsweep_version(), schema_version());
}

/* "--name ARG" into @buf */
static const char *opt_label(const struct opt *o, char *buf, size_t len)
{
	snprintf(buf, len, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
	return buf;
}

/*
 * @text at column @indent, after what was printed up to column @col (on a
 * line of its own when that reaches @indent), wrapped before column 100.
 */
static void print_wrapped(FILE *out, const char *text, int col, int indent)
{
	if (col > indent - 1) {
		fputc('\n', out);
		col = 0;
	}
	fprintf(out, "%*s", indent - col, "");
	col = indent;
	while (*text) {
		size_t word = strcspn(text, " ");

		if (col > indent && col + 1 + (int)word > 100) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', out);
			col++;
		}
		fprintf(out, "%.*s", (int)word, text);
		col += (int)word;
		text += word;
		while (*text == ' ')
			text++;
	}
	fputc('\n', out);
}

void opt_print_help(const struct command *cmd, FILE *out)
{
	size_t n = opt_count(cmd), i;
	char label[128], line[512];
	int optional = 0;

	fprintf(out, "usage: nfsweep %s", cmd->name);
	for (i = 0; i < n; i++) {
		if (cmd->opts[i]->required)
			fprintf(out, " %s", opt_label(cmd->opts[i], label, sizeof(label)));
		else
			optional = 1;
	}
	if (optional)
		fprintf(out, " [options]");
	if (cmd->args)
		fprintf(out, " %s", cmd->args);
	fprintf(out, "\n\n%s\n\noptions:\n", cmd->about);
	for (i = 0; i < n; i++) {
		const struct opt *o = cmd->opts[i];
		int col;

		opt_label(o, label, sizeof(label));
		snprintf(line, sizeof(line), "%s%s%s%s", o->help,
			 o->def && *o->def ? " (default " : "", o->def && *o->def ? o->def : "",
			 o->def && *o->def ? ")" : "");
		if (o->repeat)
			strncat(line, " (repeatable)", sizeof(line) - strlen(line) - 1);
		col = fprintf(out, "  %s", label);
		print_wrapped(out, line, col, 30);
	}
	fprintf(out, "  %-27s %s\n  %-27s %s\n\n", "-h, --help", "this help", "--version",
		"nfsweep's version and the results schema version");
	/* checked for every command by the unit tests: a status the table has, the text whole */
	if (!exit_status_text(cmd->exits, line, sizeof(line)))
		print_wrapped(out, line, fprintf(out, "exit status:"), 13);
}

/* Text for roff: every '-' a minus, backslashes escaped, no line opening with a request. */
void opt_roff_text(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '-')
			fputs("\\-", out);
		else if (*s == '\\')
			fputs("\\e", out);
		else
			fputc(*s, out);
		if (*s == '\n' && (s[1] == '.' || s[1] == '\''))
			fputs("\\&", out);
	}
}

static void roff_opt(FILE *out, const struct opt *o, int optional)
{
	if (!optional) {
		fputs(".B ", out);
		opt_roff_text(out, "--");
		opt_roff_text(out, o->name);
		if (o->arg) {
			fputs("\n.I ", out);
			opt_roff_text(out, o->arg);
		}
		fputc('\n', out);
		return;
	}
	/* .RB alternates roman and bold, .IR italic and roman: "[--name ARG]" */
	fputs(".RB [ ", out);
	opt_roff_text(out, "--");
	opt_roff_text(out, o->name);
	if (o->arg) {
		fputs("\n.IR ", out);
		opt_roff_text(out, o->arg);
	}
	fprintf(out, " ]%s\n", o->repeat ? "..." : "");
}

void opt_print_man_synopsis(const struct command *const *cmds, size_t n, FILE *out)
{
	fputs(".nh\n.ad l\n", out); /* no hyphens inside option names */
	for (size_t c = 0; c < n; c++) {
		size_t k = opt_count(cmds[c]);

		fprintf(out, ".B nfsweep %s\n", cmds[c]->name);
		for (int pass = 0; pass < 2; pass++) /* required options first */
			for (size_t i = 0; i < k; i++)
				if (cmds[c]->opts[i]->required == !pass)
					roff_opt(out, cmds[c]->opts[i], pass);
		if (cmds[c]->args) {
			fputs(".I \"", out);
			opt_roff_text(out, cmds[c]->args);
			fputs("\"\n", out);
		}
		fputs(".br\n", out);
	}
	fputs(".ad\n.hy\n", out);
}

/* Does @cmd take an option named as @o and described alike (the same option)? */
static int takes(const struct command *cmd, const struct opt *o)
{
	const struct opt *x = opt_find(cmd, o->name);

	return x && !strcmp(x->help, o->help);
}

static void man_option(FILE *out, const struct opt *o)
{
	/* .TP's tag is the next line: the option and its argument on one */
	fputs(o->arg ? ".TP\n.BI \"" : ".TP\n.B ", out);
	opt_roff_text(out, "--");
	opt_roff_text(out, o->name);
	if (o->arg) {
		fputs(" \" \"", out);
		opt_roff_text(out, o->arg);
		fputc('"', out);
	}
	fputc('\n', out);
}

void opt_print_man_options(const struct command *const *cmds, size_t n, FILE *out)
{
	/*
	 * Each option once, in order of first appearance, with the commands
	 * that take it; an option of the same name that means something else
	 * to another command (compare --out) is an entry of its own.
	 */
	for (size_t c = 0; c < n; c++) {
		for (size_t i = 0; cmds[c]->opts && cmds[c]->opts[i]; i++) {
			const struct opt *o = cmds[c]->opts[i];
			int listed = 0, first = 1;

			for (size_t e = 0; e < c && !listed; e++)
				listed = takes(cmds[e], o);
			if (listed)
				continue;
			man_option(out, o);
			fputc('(', out);
			for (size_t e = c; e < n; e++)
				if (takes(cmds[e], o)) {
					fprintf(out, "%s%s", first ? "" : ", ", cmds[e]->name);
					first = 0;
				}
			fputs(") ", out);
			opt_roff_text(out, o->help);
			fputs(".", out);
			if (o->more) {
				fputc(' ', out);
				opt_roff_text(out, o->more);
			}
			if (o->def && *o->def) {
				fputs(" Default: ", out);
				opt_roff_text(out, o->def);
				fputc('.', out);
			}
			if (o->repeat)
				fputs(" Repeatable.", out);
			fputc('\n', out);
		}
	}
}

static void completion_case(const struct command *cmd, FILE *out)
{
	/* clang-format off */
	static const struct { enum opt_complete kind; const char *action; } kinds[] = {
		{ OPT_COMPLETE_FILE, "compopt -o default; COMPREPLY=()" },
		{ OPT_COMPLETE_DIR, "COMPREPLY=($(compgen -d -- \"$cur\"))" },
		{ OPT_COMPLETE_NONE, "COMPREPLY=()" },
	};
	/* clang-format on */
	size_t k = opt_count(cmd), i;

	fprintf(out, "\t%s)\n\t\topts='", cmd->name);
	for (i = 0; i < k; i++)
		fprintf(out, "--%s ", cmd->opts[i]->name);
	fprintf(out, "--help --version'\n\t\tcase $prev in\n");
	for (size_t kind = 0; kind < sizeof(kinds) / sizeof(kinds[0]); kind++) {
		int any = 0;

		for (i = 0; i < k; i++) {
			const struct opt *o = cmd->opts[i];

			if (o->type == OPT_FLAG || o->complete != kinds[kind].kind ||
			    (o->values && kinds[kind].kind == OPT_COMPLETE_NONE))
				continue;
			fprintf(out, "%s--%s", any ? "|" : "\t\t", o->name);
			any = 1;
		}
		if (any)
			fprintf(out, ") %s; return ;;\n", kinds[kind].action);
	}
	for (i = 0; i < k; i++) {
		const struct opt *o = cmd->opts[i];

		if (o->type != OPT_FLAG && o->values)
			fprintf(out,
				"\t\t--%s) COMPREPLY=($(compgen -W '%s' -- \"$cur\")); return ;;\n",
				o->name, o->values);
	}
	fprintf(out, "\t\tesac ;;\n");
}

void opt_print_bash_completion(const struct command *const *cmds, size_t n, FILE *out)
{
	fprintf(out,
		"# bash completion for nfsweep, generated by 'nfsweep completion' from its\n"
		"# option tables: do not edit (make docs regenerates it).\n"
		"_nfsweep()\n{\n"
		"\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opts=\n"
		"\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen -W '");
	for (size_t c = 0; c < n; c++)
		fprintf(out, "%s ", cmds[c]->name);
	fprintf(out,
		"--help --version' -- \"$cur\"))\n\t\treturn\n\tfi\n\tcase ${COMP_WORDS[1]} in\n");
	for (size_t c = 0; c < n; c++)
		completion_case(cmds[c], out);
	fprintf(out, "\t*) return ;;\n\tesac\n"
		     "\tif [[ $cur == -* ]]; then\n"
		     "\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
		     "\telse\n\t\tcompopt -o default; COMPREPLY=()\n\tfi\n}\n"
		     "complete -F _nfsweep nfsweep\n");
}
