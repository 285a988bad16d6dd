/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CSV_H
#define NFSWEEP_CSV_H

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
int csv_append_record(int fd, const char *const *cells, size_t n);

struct csv_record {
	char **cells;
	size_t n, cap;
	size_t line;		/* line number where the record starts, from 1 */
};

/*
 * Read the next record from @f. Returns 1 with @rec filled, 0 at the end,
 * -1 for a record cut short at the end of the file (unterminated quote or
 * no line end: a write that did not finish). @line counts lines read.
 */
int csv_read_record(FILE *f, struct csv_record *rec, size_t *line);
void csv_record_free(struct csv_record *rec);

#endif
