/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SHEET_SHEET_INT_H
#define NFSWEEP_SHEET_SHEET_INT_H

/* What the workbook's writers share (workbook.c, sheet_charts.c). */
#include <xlsxwriter.h>

#include "plot/chart_table.h"
#include "sheet/workbook.h"

struct book {
	const struct workbook_in *in;
	lxw_workbook *wb;
	lxw_format *bold, *title, *quote, *num3, *num4, *wrap, *wrap_quote;
	char names[64][32]; /* the sheets' names so far: each is unique, whatever the labels */
	int nsheets;
	int err;	/* the first libxlsxwriter error (lxw_error), 0 none */
	char why[8400]; /* two paths and a reason */
};

/*
 * A new sheet named @want, or "@fallback N" when @want is not a sheet name
 * Excel takes (31 characters, none of []:*?/\), is one already, or (a
 * label, @want not @fallback) is the name of one of the workbook's own
 * sheets; its name in @name (which charts refer to it by). NULL with
 * b->err set.
 */
lxw_worksheet *book_sheet(struct book *b, const char *want, const char *fallback, char *name,
			  size_t len);

/* @s as a text cell (sink_xml_text; a quote prefix when it begins like a formula). */
void book_text(struct book *b, lxw_worksheet *ws, int row, int col, const char *s, lxw_format *fmt);

/* @v as a number cell, in @fmt (NULL: General). */
void book_number(struct book *b, lxw_worksheet *ws, int row, int col, double v, lxw_format *fmt);

/* Keep the first error of a libxlsxwriter call, naming @what. */
void book_check(struct book *b, lxw_error e, const char *what);

/* The colour of series @i (a target), one palette for every chart. */
unsigned int book_colour(int i);

/* The chart sheets: a profile's, the nconnect comparison's, the curve's. */
void sheet_profile(struct book *b, const struct chart_table *ct, int p);
void sheet_nconnect(struct book *b, const struct chart_table *ct);
void sheet_curve(struct book *b, const struct chart_table *ct);
void sheet_depth(struct book *b, const struct chart_table *ct, int p);

/* The table @ct as cells from (@row, 0): its header, then its rows. */
void book_table(struct book *b, lxw_worksheet *ws, const struct chart_table *ct, int row);

#endif
