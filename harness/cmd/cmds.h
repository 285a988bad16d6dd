/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CMD_CMDS_H
#define NFSWEEP_CMD_CMDS_H

/*
 * The subcommands. Each cmd_NAME.c defines command_NAME: its option table,
 * its help text and its run function, which returns the process's exit
 * status (cli/exit_status.h). Only cmd/ turns outcomes into exit statuses,
 * and only cmd/ includes this header.
 */
#include <stdio.h>

#include "cli/opt.h"

extern const struct command command_run, command_curve, command_plan, command_validate, command_ort,
	command_mounts, command_summary, command_compare, command_plot, command_report,
	command_schema, command_help, command_completion, command_table, command_sheet,
	command_limits;

/* Every command, in the order `nfsweep --help` lists them. */
extern const struct command *const commands[];
extern const size_t ncommands;

const struct command *command_find(const char *name);

/*
 * The page of @csv as run and curve end (report/): its path said on
 * stderr, or why there is none. 0, or -1; a missing page never changes the
 * command's exit status (the rows are what it measured).
 */
int report_after_run(const char *cmd, const char *csv);

/*
 * The chart-ready tables of @csv as run and curve end (cmd_table.c), and as
 * plot ends: a table that cannot be written is said, and never changes the
 * command's exit status. 0, or -1.
 */
int tables_after_run(const char *cmd, const char *csv);

/*
 * A results file named on the command line: @arg itself, or for a directory its sweep.csv
 * (make sweep's name) into @buf. *@path is the file to read. 0, or EXIT_USAGE said on stderr
 * (a directory with no sweep.csv: the message says to name its file).
 */
int cmd_results_arg(const char *cmd, const char *arg, char *buf, size_t len, const char **path);

/* How nfsweep was started (main's argv[0]): the resume command is printed with it. */
extern const char *nfsweep_invoked_as;

/* `nfsweep --help`: every command with its one line, and the version. */
void help_print_commands(FILE *out);

/*
 * Parse @argv with @cmd's table into @opts: CMD_GO_ON with *@argi the
 * first positional argument, or the status to exit with at once (EXIT_OK
 * after --help or --version, EXIT_USAGE after a usage error, said).
 */
#define CMD_GO_ON (-1)
int cmd_parse(const struct command *cmd, int argc, char **argv, void *opts, int *argi);

#endif
