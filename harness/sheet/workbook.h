/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SHEET_WORKBOOK_H
#define NFSWEEP_SHEET_WORKBOOK_H

/*
 * FILE.xlsx beside a results file FILE.csv (nfsweep sheet, make sweep),
 * written with libxlsxwriter: a sheet per profile with its chart-ready
 * table (results/chart_table.h) and the spreadsheet's own charts drawn from
 * those cells, the nconnect and curve sheets likewise, the results, hosts
 * and ops rows with numbers as numbers, and what was run. The charts refer
 * to cells, so that a user who edits a cell sees them follow. Only what
 * libxlsxwriter documents as portable (Excel, LibreOffice, Google Sheets)
 * is used: scatter and column charts, a frozen header, an autofilter.
 */
#include <stddef.h>

#include "results/reference.h"
#include "results/results_table.h"

struct workbook_in {
	const char *csv; /* the results file */
	const char *out; /* the workbook (NULL: FILE.xlsx beside FILE.csv) */
	const struct results_table *t;
	const struct reference *ref; /* the published figures (may be empty) */
};

/*
 * Write the workbook whole or not at all (a temporary file beside it,
 * renamed). 0 with its path in @path, or -1 with @why (the failing call,
 * its error and the path).
 */
int workbook_write(const struct workbook_in *in, char *path, size_t plen, char *why, size_t len);

#endif
