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

#endif
