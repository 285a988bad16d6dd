// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep: plans and runs read/write-ratio sweeps and load curves with fio
 * on NFS mounts, and writes the results as CSV (see nfsweep.1).
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"

int main(int argc, char **argv)
{
	const struct command *cmd;

	/* '.' decimals whatever the user's locale: the CSV must not change with it. */
	setlocale(LC_ALL, "C");
	if (argv[0] && argv[0][0])
		nfsweep_invoked_as = argv[0];
	if (argc < 2) {
		help_print_commands(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		help_print_commands(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		opt_print_version(stdout);
		return EXIT_OK;
	}
	cmd = command_find(argv[1]);
	if (!cmd) {
		fprintf(stderr, "nfsweep: unknown command '%s'\n", argv[1]);
		help_print_commands(stderr);
		return EXIT_USAGE;
	}
	return cmd->run(cmd, argc - 1, argv + 1);
}
