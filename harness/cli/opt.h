/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CLI_OPT_H
#define NFSWEEP_CLI_OPT_H

/*
 * Command-line options as tables. Each command has one table of the
 * options it accepts; an option is described once (struct opt) and listed
 * by every command that takes it. The parser (getopt_long underneath),
 * `nfsweep COMMAND --help`, the man page's SYNOPSIS and OPTIONS sections
 * and the bash completion are all made from those tables, so that none of
 * them can drift from what the parser accepts (fio's options work the same
 * way: .off1 into the options struct, .def applied before the command line).
 */
#include <stddef.h>
#include <stdio.h>

enum opt_type {
	OPT_FLAG, /* no argument: sets an int field to 1 */
	OPT_INT,  /* an int field, a whole number within [min, max] */
	OPT_STR,  /* a const char * field: the argument itself */
	OPT_CALL, /* parse() takes the argument (lists, specifications) */
};

/* What the shell completes after the option. */
enum opt_complete {
	OPT_COMPLETE_NONE,
	OPT_COMPLETE_FILE,
	OPT_COMPLETE_DIR,
	OPT_COMPLETE_WORDS, /* the words of .values */
};

struct opt {
	const char *name; /* without the leading "--" */
	const char *arg;  /* the argument's name ("S", "FILE.csv"); NULL for OPT_FLAG */
	const char *help; /* one line, for --help and the man page */
	const char *more; /* the man page's further explanation, if any */
	enum opt_type type;
	size_t off;	 /* the field it sets in the command's options struct */
	long min, max;	 /* OPT_INT bounds */
	const char *def; /* parsed before the command line and shown; NULL: none */
	/* OPT_CALL: 0, or -1 with @err saying what is wrong, naming the option */
	int (*parse)(void *opts, const char *arg, char *err, size_t errlen);
	const char *values; /* the words it takes, space-separated */
	enum opt_complete complete;
	const char *example;	   /* a valid argument: the tests walk the tables with it */
	unsigned int required : 1; /* the command cannot run without it */
	unsigned int repeat : 1;   /* may be given more than once */
};

struct exit_use;

struct command {
	const char *name;
	const char *summary;	       /* one line, in `nfsweep --help` */
	const char *args;	       /* positional arguments ("FILE.csv .."); NULL: none */
	int min_args, max_args;	       /* how many; max -1: no limit */
	const char *about;	       /* what it does, for --help and the man page */
	const struct opt *const *opts; /* NULL-terminated; NULL: no options */
	const struct exit_use *exits;  /* the statuses it can end with (cli/exit_status.h) */
	int (*run)(const struct command *cmd, int argc, char **argv);
};

/*
 * Fill @dst from @argv (argv[0] is the command's name): every option's
 * default first, then each option given, in order. Returns 0 with *@argi
 * the index of the first positional argument; 1 after --help or --version
 * (printed to stdout); -EINVAL after a usage error, printed to stderr as
 * "nfsweep COMMAND: --option 'ARG': why".
 */
int opt_parse(const struct command *cmd, int argc, char **argv, void *dst, int *argi);

/* `nfsweep COMMAND --help`, made from the command's table. */
void opt_print_help(const struct command *cmd, FILE *out);

/* "nfsweep 1.0.0 (results schema 1.2)" */
void opt_print_version(FILE *out);

/* The man page's generated parts: one synopsis line per command, the options per command. */
void opt_print_man_synopsis(const struct command *const *cmds, size_t n, FILE *out);
/* Text for roff: every '-' a minus, backslashes escaped, no line opening with a request. */
void opt_roff_text(FILE *out, const char *s);

void opt_print_man_options(const struct command *const *cmds, size_t n, FILE *out);

/* A bash completion script for every command and option. */
void opt_print_bash_completion(const struct command *const *cmds, size_t n, FILE *out);

/* The option named @name in @cmd's table, or NULL. */
const struct opt *opt_find(const struct command *cmd, const char *name);

#endif
