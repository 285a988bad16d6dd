/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CMD_SWEEP_PREPARE_H
#define NFSWEEP_CMD_SWEEP_PREPARE_H

#include "cli/opt.h"
#include "results/results_file.h"
#include "sweep/sweep.h"

/*
 * What run and curve do before their first point, each step's failure
 * mapped to its exit status: the options' last checks and the targets
 * (EXIT_USAGE), fio and the engine (EXIT_SETUP), io_uring refused
 * (EXIT_SETUP), --nfs (EXIT_USAGE for a target that is not NFS, EXIT_SETUP
 * for statistics that cannot be read), the fio/ directory and the results
 * file (created, or scanned into @done for --resume). EXIT_OK, or the
 * status to exit with (said on stderr).
 */
int sweep_prepare(const struct command *cmd, struct sweep_opts *o, struct sweep *s,
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
