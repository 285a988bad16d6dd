/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_TABLE_READ_H
#define NFSWEEP_RESULTS_TABLE_READ_H

/*
 * The one reader of the project's CSV files: the results file, the files beside it (ops, rpc,
 * hosts, run), the ones made from them, the published figures and curves. Every reader opens
 * its file here, says which table it is (a struct table_info: the schema's, or one a reader
 * declares for a file the schema does not describe), and reads its rows one at a time, each
 * cell by the table's column id (COL_status, HOSTS_COL_host, ...), never by name.
 *
 * The header: each of the table's columns is found by name, once. The one rule for a column
 * the header lacks: a column of a later schema minor than the file's (its id at or past the
 * table's min_cols) reads as ""; a file without one of the others is not of that table
 * (table_map: -EPROTO). A reader that needs more (the results file's columns in the schema's
 * order, a detail file's header exact) checks table_read.hdr itself.
 *
 * A row: one record of the file. A record with another cell count than the header's is a
 * damaged line (a row cut short, or two merged): table_whole() says so and the reader decides
 * (validate names it, the report does not use it). A last record cut short by the end of the
 * file (an interrupted write) is not a row: table_next() returns -1, with its line.
 */
#include <stdio.h>

#include "results/schema.h"
#include "util/csv.h"

struct table_read {
	const struct table_info *ti; /* NULL until table_map */
	FILE *f;
	int *map; /* ti's column id -> the file's column, -1 where the header has none */
	struct csv_record hdr; /* the header as written */
	struct csv_record rec; /* the row table_next read last */
	size_t line;	       /* lines read so far */
	long end;	       /* the offset after the last whole record (resume cuts back to it) */
	int own;	       /* f is ours to close */
};

/*
 * Open @path (fopen's @mode: "r", or "r+" to cut a damaged end off) and read its header. 0, or
 * -errno (-ENOENT: no such file), or -ENODATA: no header (an empty file, or a header cut short).
 */
int table_open(struct table_read *r, const char *path, const char *mode);
/* The same over @f, from where it is (@f stays the caller's to close). */
int table_start(struct table_read *r, FILE *f);

/* The header read as table @ti: 0, -ENOMEM, or -EPROTO (one of its oldest minor's columns missing). */
int table_map(struct table_read *r, const struct table_info *ti);

/* table_open + table_map. */
int table_open_as(struct table_read *r, const char *path, const struct table_info *ti);

/*
 * The next row into r->rec: 1, or 0 at the end, or -1 for a last record cut short (it starts on
 * line r->rec.line; r->line lines were read: more than one when a quote was never closed).
 */
int table_next(struct table_read *r);

/* Has the row as many cells as the header? */
int table_whole(const struct table_read *r);

/* Does the header have column id @c? */
int table_has(const struct table_read *r, int c);

/* The row's cell of column id @c, "" where the header or the row has none. */
const char *table_cell(const struct table_read *r, int c);

void table_close(struct table_read *r);

#endif
