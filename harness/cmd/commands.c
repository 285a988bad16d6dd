// SPDX-License-Identifier: GPL-2.0
/* The list of commands (see cmds.h). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"

const struct command *const commands[] = {
	&command_run,	  &command_curve,  &command_plan,    &command_validate,
	&command_ort,	  &command_mounts, &command_summary, &command_limits,
	&command_compare, &command_plot,   &command_report,  &command_table,
	&command_sheet,	  &command_schema, &command_help,    &command_completion,
};
const size_t ncommands = sizeof(commands) / sizeof(commands[0]);

const char *nfsweep_invoked_as = "nfsweep";

const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < ncommands; i++)
		if (!strcmp(commands[i]->name, name))
			return commands[i];
	return NULL;
}

int cmd_parse(const struct command *cmd, int argc, char **argv, void *opts, int *argi)
{
	int ret = opt_parse(cmd, argc, argv, opts, argi);

	return !ret ? CMD_GO_ON : ret == 1 ? EXIT_OK : EXIT_USAGE;
}

int cmd_results_arg(const char *cmd, const char *arg, char *buf, size_t len, const char **path)
{
	struct stat st;

	*path = arg;
	if (stat(arg, &st) || !S_ISDIR(st.st_mode))
		return 0;
	if (snprintf(buf, len, "%s%ssweep.csv", arg, arg[strlen(arg) - 1] == '/' ? "" : "/") <
		    (int)len &&
	    !access(buf, F_OK)) {
		*path = buf;
		return 0;
	}
	fprintf(stderr,
		"nfsweep %s: %s is a directory with no sweep.csv: name its results file "
		"(%s/NAME.csv)\n",
		cmd, arg, arg);
	return EXIT_USAGE;
}
