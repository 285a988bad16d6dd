/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_RUN_RECORD_H
#define NFSWEEP_SWEEP_RUN_RECORD_H

/*
 * FILE.run.csv (results-schema/run_columns.def): one row per run or curve
 * that wrote into FILE.csv, appended as the command ends, interrupted or
 * not. It holds what the rows cannot: the command line, the command's
 * start and end, its outcome and the command that finishes the file.
 */
#include <stddef.h>
#include <time.h>

#include "util/strbuf.h"

struct sweep;

struct run_record {
	const char *invoked_as; /* how nfsweep was started (its argv[0]) */
	int argc;
	char **argv; /* the command's words, its name first */
	time_t started;
	size_t planned, done_before; /* and the sweep's rows: the points this command ran */
	int exit_status;
	int resumable; /* --resume finishes what is left (run; a curve runs again) */
};

/*
 * The command line of nfsweep @invoked_as @argv as POSIX shell words
 * (sink_shell_word: it runs as printed, whatever a path or a note holds),
 * with " --resume" appended when @resume and it has none.
 */
void run_command_line(struct strbuf *sb, const char *invoked_as, int argc, char **argv, int resume);

/*
 * Does @s have points left to run: the command was stopped, or a point
 * failed? Then FILE.run.csv's resume says how to finish.
 */
int run_record_points_left(const struct sweep *s, const struct run_record *r);

/* @r as a row of FILE.run.csv beside @s's results file. 0, or -errno (-EPROTO: a foreign header). */
int run_record_append(const struct sweep *s, const struct run_record *r);

#endif
