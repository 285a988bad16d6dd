/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_DETAIL_FILE_H
#define NFSWEEP_RESULTS_DETAIL_FILE_H

/*
 * The detail files beside a results file FILE.csv: FILE.ops.csv (one row
 * per point and operation) and FILE.rpc.csv (one row per point and RPC
 * type), tables of schema.h. Their rows name the attempt they belong to
 * (fio_json); a point writes its detail rows before its row in FILE.csv,
 * so that the row in FILE.csv, written last, is what makes an attempt
 * count, and an interruption between the two leaves only rows that
 * readers skip. The process that holds FILE.csv's lock is their one writer.
 */
#include <stddef.h>
#include <stdio.h>

#include "results/results_file.h"
#include "results/row.h"
#include "results/schema.h"

/*
 * The columns a detail row shares with its point's row @r in FILE.csv
 * (schema_version, profile, target, read_pct, repeat, load_point,
 * fio_json), copied into @cells (@t's; freed with cells_free).
 */
void detail_identity(char **cells, const struct table_info *t, const struct row *r);

/* FILE.csv -> FILE.ops.csv (@t's suffix). 0, or -ENAMETOOLONG. */
int detail_path(const char *results_path, const struct table_info *t, char *buf, size_t len);

/*
 * Append one row of @t (@cells: t->ncols of them, NULL = empty) to @path,
 * made with the header row first if it is missing or empty. 0, or -errno
 * (-EPROTO: the file has another header; nothing is written).
 */
int detail_append(const char *path, const struct table_info *t, char *const *cells);

/* @nrows rows at once (@cells: row after row), in one write and one fsync, all or none. */
int detail_append_rows(const char *path, const struct table_info *t, char *const *cells,
		       size_t nrows);

/*
 * For --resume: cut a last row that a crash left unfinished at the end of
 * @path, if it exists (@truncated set). 0; -EPROTO with @why if its header
 * is not @t's; -errno.
 */
int detail_repair(const char *path, const struct table_info *t, int *truncated, char *why,
		  size_t len);

/*
 * Check @path against @t as results_validate() does, and that no attempt
 * has two rows for one operation or RPC type. Rows whose attempt
 * (fio_json) is not in @attempts (FILE.csv's, when it is given) are
 * counted in @orphans: left by an interrupted point, not problems.
 * Returns the number of problems, -errno if unreadable.
 */
int detail_validate(const char *path, const struct table_info *t, const struct done_set *attempts,
		    FILE *errs, const char *prefix, int max_errors, size_t *rows, size_t *orphans);

#endif
