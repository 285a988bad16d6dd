/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CMD_SWEEP_CMD_H
#define NFSWEEP_CMD_SWEEP_CMD_H

#include "cli/opt.h"
#include "results/results_file.h"
#include "sweep/sweep.h"
#include "sweep/sweep_prepare.h"

/* sweep_prepare (sweep/sweep_prepare.h), its outcome as run's and curve's exit status. */
int sweep_start(const struct command *cmd, struct sweep_opts *o, struct sweep *s,
		struct done_set *done);

/*
 * As run and curve end, whatever became of their points: the run record
 * (FILE.run.csv), the chart-ready tables (tables_after_run), then the page
 * (report_after_run) unless --no-report.
 * @ret is the status so far; the status to exit with is returned
 * (EXIT_SETUP when the record could not be written and all else went well).
 */
struct run_record;
int sweep_finish(const struct command *cmd, struct sweep *s, struct run_record *rec, int ret);

#endif
