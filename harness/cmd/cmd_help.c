// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep help [COMMAND], nfsweep completion: the help of every command,
 * the man page's generated sections and the bash completion, all made
 * from the option tables (cli/opt.c).
 */
#include <stdio.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"

struct help_opts {
	int man_synopsis, man_options, man_exit, readme_exit;
};

static const struct opt
	o_man_synopsis = { .name = "man-synopsis",
			   .type = OPT_FLAG,
			   .off = offsetof(struct help_opts, man_synopsis),
			   .help = "the man page's SYNOPSIS section, in roff (tools/docs.sh)" },
	o_man_options = { .name = "man-options",
			  .type = OPT_FLAG,
			  .off = offsetof(struct help_opts, man_options),
			  .help = "the man page's OPTIONS section, in roff (tools/docs.sh)" },
	o_man_exit = { .name = "man-exit",
		       .type = OPT_FLAG,
		       .off = offsetof(struct help_opts, man_exit),
		       .help = "the man page's EXIT STATUS entries, in roff (tools/docs.sh)" },
	o_readme_exit = {
		.name = "readme-exit",
		.type = OPT_FLAG,
		.off = offsetof(struct help_opts, readme_exit),
		.help = "docs/troubleshooting.md's table of exit statuses, in Markdown (tools/docs.sh)"
	};
static const struct opt *const help_opts[] = { &o_man_synopsis, &o_man_options, &o_man_exit,
					       &o_readme_exit, NULL };

/* `nfsweep --help`: every command with its one line. */
void help_print_commands(FILE *out)
{
	fprintf(out, "usage: nfsweep COMMAND [options]   (nfsweep COMMAND --help)\n\n");
	for (size_t i = 0; i < ncommands; i++)
		fprintf(out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fprintf(out, "\n");
	opt_print_version(out);
	fprintf(out, "see man nfsweep\n");
}

static int cmd_help_main(const struct command *cmd, int argc, char **argv)
{
	struct help_opts o = { 0 };
	const struct command *c;
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	if (o.man_synopsis)
		opt_print_man_synopsis(commands, ncommands, stdout);
	if (o.man_options)
		opt_print_man_options(commands, ncommands, stdout);
	if (o.man_exit)
		exit_status_print_man(stdout);
	if (o.readme_exit)
		exit_status_print_markdown(stdout);
	if (o.man_synopsis || o.man_options || o.man_exit || o.readme_exit)
		return EXIT_OK;
	if (argi == argc) {
		help_print_commands(stdout);
		return EXIT_OK;
	}
	c = command_find(argv[argi]);
	if (!c) {
		fprintf(stderr, "nfsweep help: unknown command '%s'\n", argv[argi]);
		return EXIT_USAGE;
	}
	opt_print_help(c, stdout);
	return EXIT_OK;
}

const struct command command_help = {
	.name = "help",
	.summary = "the help of nfsweep or of one command",
	.args = "[COMMAND]",
	.min_args = 0,
	.max_args = 1,
	.about = "Prints the list of commands, or the help of COMMAND (the same as nfsweep COMMAND "
		 "--help).",
	.opts = help_opts,
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL },
					    { EXIT_USAGE, "usage (unknown command)" },
					    { -1, NULL } },
	.run = cmd_help_main,
};

static int cmd_completion_main(const struct command *cmd, int argc, char **argv)
{
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, NULL, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	opt_print_bash_completion(commands, ncommands, stdout);
	return EXIT_OK;
}

const struct command command_completion = {
	.name = "completion",
	.summary = "print the bash completion script",
	.about = "Prints the bash completion of every command and option. make install puts it in\n"
		 "$(PREFIX)/share/bash-completion/completions/nfsweep; from a build tree:\n"
		 "  source <(build/harness/nfsweep completion)",
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL }, { EXIT_USAGE, NULL }, { -1, NULL } },
	.run = cmd_completion_main,
};
