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
 * "PREFIX: FILE:LINE: column NAME: why" to @errs (at most @max_errors). A
 * point with two ok rows is a problem too: its figures mean nothing (two
 * processes measured the same target at once, or a file was merged twice).
 * Returns the number of problems (0 = valid), -errno if unreadable; @rows
 * gets the number of data rows.
 */
int results_validate(const char *path, FILE *errs, const char *prefix, int max_errors,
		     size_t *rows);

/*
 * The identity of a point in a results file: profile|target|read_pct|numjobsxiodepth|repeat (a
 * depth sweep's points differ in their depth alone).
 */
void results_point_key(const char *profile, const char *target, const char *read_pct,
		       const char *numjobs, const char *iodepth, const char *repeat, char *key,
		       size_t len);

/*
 * The key of the row @cells (@n of them) that two ok rows of one point
 * share, and repeats and a curve's load points do not.
 */
void results_row_key(char *const *cells, size_t n, char *key, size_t len);

/* The keys (results_point_key) of the points with an ok row, and the line of each. */
struct done_set {
	char **keys;
	size_t *lines;
	size_t n, cap;
};
int done_set_has(const struct done_set *d, const char *key);
/* The line where @key's ok row is, 0 if none. */
size_t done_set_line(const struct done_set *d, const char *key);
int done_set_add(struct done_set *d, const char *key, size_t line);
void done_set_free(struct done_set *d);

/*
 * The attempts that wrote a row in the results file @path (their fio_json
 * cells), ok ones only with @ok_only: what the detail files' rows belong
 * to. 0, or -errno.
 */
int results_attempts(const char *path, int ok_only, struct done_set *attempts);

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
 * it for appending. The file is locked for as long as the fd is open
 * (util/lock.h): one writer per results file. Returns the fd (O_APPEND), or
 * -errno with @why the whole message ("--out FILE exists: ..", "open FILE:
 * ..", "--resume: FILE: .."): -EEXIST and -EINVAL (another configuration)
 * are the user's to mend, -EBUSY names the process writing it.
 */
int results_open(const char *path, bool resume, const struct row *config, struct done_set *done,
		 int *truncated, char *why, size_t whylen);

/*
 * Can the data row @rec be used: its cell count, schema version and every
 * cell by its column's type (validate's checks)? 0, or -1 with @why.
 */
struct csv_record;
int results_row_check(const struct csv_record *rec, char *why, size_t len);

#endif
