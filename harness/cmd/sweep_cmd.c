// SPDX-License-Identifier: GPL-2.0
/* The start and the end that run and curve share (see sweep_cmd.h). */
#include <stdio.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "cmd/sweep_cmd.h"
#include "sweep/run_record.h"

int sweep_start(const struct command *cmd, struct sweep_opts *o, struct sweep *s,
		struct done_set *done)
{
	/* the exit status of each reason a sweep cannot start (sweep_prepare.h) */
	static const int status[] = {
		[PREPARE_OK] = EXIT_OK,	      [PREPARE_USAGE] = EXIT_USAGE,
		[PREPARE_SETUP] = EXIT_SETUP, [PREPARE_BUSY] = EXIT_BUSY,
		[PREPARE_HOSTS] = EXIT_HOSTS,
	};

	return status[sweep_prepare(cmd->name, o, s, done)];
}

int sweep_finish(const struct command *cmd, struct sweep *s, struct run_record *rec, int ret)
{
	int err;

	rec->exit_status = ret;
	err = run_record_append(s, rec);
	if (err) {
		fprintf(stderr, "nfsweep %s: %s: %s\n", cmd->name, s->run_path, strerror(-err));
		if (ret == EXIT_OK)
			ret = EXIT_SETUP;
	}
	tables_after_run(cmd->name, s->o->out);
	/* the page to open or send, whatever became of the points */
	if (!s->o->no_report)
		report_after_run(cmd->name, s->o->out);
	return ret;
}
