/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_CHART_TABLE_H
#define NFSWEEP_RESULTS_CHART_TABLE_H

/*
 * The chart-ready tables of a results file (chart_columns.def and its two
 * siblings): a profile's figures per read share and target, the nconnect
 * headlines beside the published gains, a curve's load points per target.
 * Built once in memory, then written as CSV beside the file (nfsweep table,
 * run, curve, plot) and as the cells the workbook's charts refer to (nfsweep
 * sheet): both say the same numbers because they are the same table.
 */
#include <stddef.h>

#include "results/reference.h"
#include "results/results_table.h"
#include "results/schema.h"

#define CT_MAX_COLS (8 + RT_MAX * 8)
/* read shares 100..0, each at every depth of a depth sweep; a curve's points past it are refused */
#define CT_MAX_ROWS (101 * RT_MAX)

struct ct_col {
	char name[112]; /* a label and the figure: nc8_difference_from_published_pct */
	int def;	/* its column in the table's .def (type, unit, meaning) */
	int target;	/* the target it is of (the table's own numbering), or -1 */
};

struct chart_table {
	const struct table_info *info;
	char what[64]; /* the profile's name, "nconnect" or "curve": FILE.WHAT.table.csv */
	int ncols, nrows;
	int mib;		      /* a profile table: totals in MiB/s (else IOPS or ops/s) */
	const char *published_source; /* a profile table's published figures, or NULL */
	struct ct_col col[CT_MAX_COLS];
	double v[CT_MAX_ROWS][CT_MAX_COLS];
	unsigned char have[CT_MAX_ROWS][CT_MAX_COLS];
	const char *text[CT_MAX_ROWS][CT_MAX_COLS]; /* STR and LABEL cells (else NULL) */
	int decimals[CT_MAX_COLS]; /* as the CSV writes each number (ms: 6, the us' 3) */
	double ort[RT_MAX];	   /* a curve table: each target's ORT, 0: none */
};

/* The published figure of profile @p at @pct (the charts' "scale-out" figures), or NULL. */
const struct ref_value *ct_published(const struct results_table *t, const struct reference *ref,
				     int p, int pct);

/*
 * Profile @p of @t: one row per read share that any target has an ok row
 * at, 100 first. @ref (may be NULL) gives the published figures.
 */
void ct_profile(const struct results_table *t, const struct reference *ref, int p,
		struct chart_table *ct);

/* The nconnect headlines. 0, or 1 when @t has no nconnect pair (nothing to write). */
int ct_nconnect(const struct results_table *t, const struct reference *ref, struct chart_table *ct);

/*
 * The load curves of @t's curve rows (read from @csv: curve_read). 0, 1 when
 * there are none, or -1 with @why (a curve that cannot be read).
 */
int ct_curve(const struct results_table *t, const char *csv, struct chart_table *ct, char *why,
	     size_t len);

/*
 * The depth sweep of profile @p (at its first depth: FILE.PROFILE-depth.table.csv): a row per
 * read share and depth any target has, each target's figure and p99. 0, or 1 when @p is not a
 * depth sweep's first depth.
 */
int ct_depth(const struct results_table *t, int p, struct chart_table *ct);

/* FILE.WHAT.table.csv of @csv into @buf. 0, or -ENAMETOOLONG. */
int ct_path(const char *csv, const struct chart_table *ct, char *buf, size_t len);

/* Cell (r, c) as the CSV holds it into @buf ("" when empty). */
const char *ct_cell(const struct chart_table *ct, int r, int c, char *buf, size_t len);

/* Write @ct whole or not at all (csv_file). 0, or -errno. */
int ct_write_csv(const struct chart_table *ct, const char *path);

/*
 * Every chart-ready table of @csv beside it (the profiles', the depth sweeps', the nconnect
 * one, the curve's; @ref may be NULL), each path on @list when not NULL
 * (one per line). 0, or
 * -1 with what failed said on stderr as "nfsweep CMD: ...".
 */
int ct_write_all(const struct results_table *t, const struct reference *ref, const char *csv,
		 const char *cmd, FILE *list);

#endif
