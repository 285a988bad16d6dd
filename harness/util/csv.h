/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_UTIL_CSV_H
#define NFSWEEP_UTIL_CSV_H

/*
 * RFC 4180 CSV: CRLF line ends (what the RFC and spreadsheets expect), a
 * cell quoted when it holds a comma, quote, CR or LF (quotes doubled), or
 * leading/trailing space. A row is written with one write(2) and fsync'd,
 * so that an interruption leaves whole rows only.
 */
#include <stddef.h>
#include <stdio.h>

#include "util/strbuf.h"

/* Append @n cells as one CSV record (with its CRLF) to @sb. */
void csv_format_record(struct strbuf *sb, const char *const *cells, size_t n);

/*
 * Append one record to @fd (opened O_APPEND) and fsync it. 0, or -errno; on
 * error the file is cut back to where it was, so that no part of the
 * record stays (a full disk takes what fits).
 */
int csv_append_record(int fd, const char *const *cells, size_t n)
	__attribute__((warn_unused_result));

/* @nrec records of @n cells each (@cells row after row) as csv_append_record: one write, one
 * fsync, all of them or none. */
int csv_append_records(int fd, const char *const *cells, size_t n, size_t nrec)
	__attribute__((warn_unused_result));

/*
 * A CSV file written whole or not at all (compare.csv): the records go to a
 * temporary file beside @path, and csv_file_commit() fsyncs it and renames
 * it into place. The first error sticks; after it nothing more is written,
 * and commit removes the temporary file: a full disk leaves no truncated
 * file under the name a reader would trust.
 */
struct csv_file {
	const char *path;
	char tmp[4096 + 16];
	int fd, err; /* err: the first -errno */
};

/*
 * 0, or -errno (nothing is left behind); -EEXIST or -EISDIR when @path is
 * there and is not a regular file (a device given as --out stays a device).
 */
int csv_file_open(struct csv_file *f, const char *path) __attribute__((warn_unused_result));

/* One record; an error is kept for csv_file_commit(). */
void csv_file_record(struct csv_file *f, const char *const *cells, size_t n);

/* 0 with the file in place, or the first -errno with nothing left behind. */
int csv_file_commit(struct csv_file *f) __attribute__((warn_unused_result));

/* Nothing to keep: the temporary file removed. */
void csv_file_abort(struct csv_file *f);

struct csv_record {
	char **cells;
	size_t n, cap;
	size_t line; /* line number where the record starts, from 1 */
};

/*
 * Read the next record from @f. Returns 1 with @rec filled, 0 at the end,
 * -1 for a record cut short at the end of the file (unterminated quote or
 * no line end: a write that did not finish). @line counts lines read.
 */
int csv_read_record(FILE *f, struct csv_record *rec, size_t *line);
void csv_record_free(struct csv_record *rec);

#endif
