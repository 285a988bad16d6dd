/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_ROW_H
#define NFSWEEP_ROW_H

/* One results row: a cell per column of the schema, NULL = empty. */
#include "results/schema.h"

struct row {
	char *cell[NCOLUMNS];
};

void row_set(struct row *r, enum column c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A decimal with up to 3 places, trailing zeros dropped ("12.5", "3"). */
void row_set_num(struct row *r, enum column c, double v);
void row_free(struct row *r);

/*
 * A text cell that would begin with '=', '+', '-', '@', a tab or a CR gets
 * an apostrophe before it, so that no spreadsheet takes a note or an error
 * text for a formula (OWASP's advice against CSV injection); run on a row
 * just before it is written. row_text() is a cell as it was set.
 */
void row_protect_text(struct row *r);
const char *row_text(const char *cell);

/* The same for the cells of any table of the schema (char *cells[t->ncols], NULL = empty). */
void cells_set(char **cells, int c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cells_set_num(char **cells, int c, double v);
/* With up to @places places: a time in ms to the ns (6), where 3 would make a fast one 0. */
void cells_set_num_places(char **cells, int c, double v, int places);
void cells_free(char **cells, int n);
void cells_protect_text(char **cells, const struct table_info *t);

#endif
