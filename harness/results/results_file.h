/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_RESULTS_FILE_H
#define NFSWEEP_RESULTS_RESULTS_FILE_H

/*
 * Reading a results CSV: checked against the schema (validate), or scanned
 * for the points already measured (run --resume).
 */
#include <stdbool.h>
#include <stdio.h>

#include "results/row.h"

/*
 * Check @path against the schema; print each problem as
 * "PREFIX: FILE:LINE: column NAME: why" to @errs (at most @max_errors).
 * Returns the number of problems (0 = valid), -errno if unreadable; @rows
 * gets the number of data rows.
 */
int results_validate(const char *path, FILE *errs, const char *prefix, int max_errors,
		     size_t *rows);

/* The keys (plan_point_key) of the points with an ok row. */
struct done_set {
	char **keys;
	size_t n, cap;
};
int done_set_has(const struct done_set *d, const char *key);
void done_set_free(struct done_set *d);

/*
 * For --resume: read @path, refuse other columns or another schema major
 * (-EPROTO, @why says which), refuse rows measured otherwise than @config
 * says (its schema_config_columns; -EINVAL, @why names the first column
 * that differs and the line), cut a last row that a crash left unfinished
 * (@truncated set), and collect the ok points. @config NULL: no check.
 * 0, or -errno.
 */
int results_scan_for_resume(const char *path, const struct row *config, struct done_set *done,
			    int *truncated, char *why, size_t whylen);

/*
 * Open the results file @path to append rows to: create it with the header
 * row (never over an existing file: -EEXIST unless @resume), or, with
 * @resume, scan it (results_scan_for_resume: @config, @truncated) and open
 * it for appending. Returns the fd (O_APPEND), or -errno with @why the
 * whole message ("--out FILE exists: ..", "open FILE: ..", "--resume: FILE:
 * .."): -EEXIST and -EINVAL (another configuration) are the user's to mend.
 */
int results_open(const char *path, bool resume, const struct row *config, struct done_set *done,
		 int *truncated, char *why, size_t whylen);

#endif
