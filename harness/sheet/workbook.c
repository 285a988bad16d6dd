// SPDX-License-Identifier: GPL-2.0
/*
 * The workbook (see workbook.h): its sheets in the order a reader wants
 * them (the charts first, then the rows, then what was run), the cells of
 * the files of the schema typed by their columns, and the file written
 * whole or not at all.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "report/facts.h"
#include "results/rows.h"
#include "results/detail_file.h"
#include "results/schema.h"
#include "sheet/sheet_int.h"
#include "util/paths.h"
#include "util/sink.h"

#define CELL_MAX 32767 /* the longest text a cell holds (Excel's limit) */

void book_check(struct book *b, lxw_error e, const char *what)
{
	if (e == LXW_NO_ERROR || b->err)
		return;
	b->err = (int)e;
	snprintf(b->why, sizeof(b->why), "%s: %s", what, lxw_strerror(e));
}

void book_number(struct book *b, lxw_worksheet *ws, int row, int col, double v, lxw_format *fmt)
{
	book_check(b, worksheet_write_number(ws, (lxw_row_t)row, (lxw_col_t)col, v, fmt),
		   "worksheet_write_number");
}

unsigned int book_colour(int i)
{
	/* gnuplot's default line colours, which the PNG charts use too */
	static const unsigned int palette[] = { 0x9400d3, 0x009e73, 0x56b4e9, 0xe69f00,
						0xf0e442, 0x0072b2, 0xe51e10, 0x000000 };

	return palette[i % (int)(sizeof(palette) / sizeof(palette[0]))];
}

lxw_worksheet *book_sheet(struct book *b, const char *want, const char *fallback, char *name,
			  size_t len)
{
	/* the workbook's own sheets: a profile of one of these names is not given it */
	static const char *const own[] = { "nconnect", "curve", "results", "hosts",
					   "ops",      "rpc",	"run" };
	lxw_worksheet *ws;
	int taken = 0;

	for (int i = 0; i < b->nsheets; i++)
		taken |= !strcasecmp(b->names[i], want); /* Excel's names ignore case */
	for (size_t i = 0; strcmp(want, fallback) && i < sizeof(own) / sizeof(own[0]); i++)
		taken |= !strcasecmp(own[i], want);
	if (taken || strlen(want) > 31 || strpbrk(want, "[]:*?/\\") || !*want || *want == '\'' ||
	    b->nsheets == (int)(sizeof(b->names) / sizeof(b->names[0])))
		snprintf(name, len, "%s %d", fallback, b->nsheets + 1);
	else
		snprintf(name, len, "%s", want);
	if (b->nsheets < (int)(sizeof(b->names) / sizeof(b->names[0])))
		snprintf(b->names[b->nsheets++], sizeof(b->names[0]), "%s", name);
	ws = workbook_add_worksheet(b->wb, name);
	if (!ws && !b->err) {
		b->err = LXW_ERROR_MEMORY_MALLOC_FAILED;
		snprintf(b->why, sizeof(b->why), "workbook_add_worksheet %s: failed", name);
	}
	return ws;
}

void book_text(struct book *b, lxw_worksheet *ws, int row, int col, const char *s, lxw_format *fmt)
{
	struct strbuf sb = { 0 };
	bool cut;

	sink_xml_text(&sb, s, CELL_MAX - 64, &cut);
	if (cut)
		sb_adds(&sb, " [cut: longer than a cell holds]");
	/*
	 * A string cell is never a formula, but a user who edits one that
	 * begins with '=' and presses Enter makes it one: the Text number
	 * format ("@") keeps it text, as the CSV's apostrophe does.
	 * (libxlsxwriter 1.1.4, Debian 12's, has no quote prefix.)
	 */
	if (strchr("=+-@", sb_str(&sb)[0]) && sb.len && (!fmt || fmt == b->wrap))
		fmt = fmt ? b->wrap_quote : b->quote;
	book_check(b, worksheet_write_string(ws, (lxw_row_t)row, (lxw_col_t)col, sb_str(&sb), fmt),
		   "worksheet_write_string");
	sb_free(&sb);
}

/* A chart table's widest column, in characters (a workload's name fits, "64 KiB sequential read"). */
#define TABLE_COL_MAX 26

void book_table(struct book *b, lxw_worksheet *ws, const struct chart_table *ct, int row)
{
	for (int c = 0; c < ct->ncols; c++)
		book_text(b, ws, row, c, ct->col[c].name, b->bold);
	for (int r = 0; r < ct->nrows; r++)
		for (int c = 0; c < ct->ncols; c++) {
			lxw_format *f = ct->decimals[c] >= 4 ? b->num4 :
					ct->decimals[c]	     ? b->num3 :
							       NULL;

			char buf[48];

			if (ct->text[r][c])
				book_text(b, ws, row + 1 + r, c, ct->text[r][c], NULL);
			else if (ct->have[r][c])
				/* the number the CSV table holds, to its last digit: the same table */
				book_number(b, ws, row + 1 + r, c,
					    strtod(ct_cell(ct, r, c, buf, sizeof(buf)), NULL), f);
		}
	/* each column as wide as its name and its texts (a workload's): printed, none runs over */
	for (int c = 0; c < ct->ncols; c++) {
		size_t w = strlen(ct->col[c].name) + 2;

		for (int r = 0; r < ct->nrows; r++)
			if (ct->text[r][c] && strlen(ct->text[r][c]) + 2 > w)
				w = strlen(ct->text[r][c]) + 2;
		if (w > TABLE_COL_MAX)
			w = TABLE_COL_MAX;
		worksheet_set_column(ws, (lxw_col_t)c, (lxw_col_t)c, w < 10 ? 10 : (double)w, NULL);
	}
}

/* The widest a rows sheet's column gets, in characters: a longer cell wraps within it. */
#define ROWS_COL_MAX 40

/*
 * Row @row tall enough for a text of @len characters wrapped in a column @width wide (a
 * spreadsheet grows a row for wrapped text only when it is told: printed, the lines ran over
 * the next row). Characters can break anywhere in mount options, so the count is by length.
 */
static void wrap_height(lxw_worksheet *ws, int row, size_t len, size_t width)
{
	size_t lines = (len + width - 1) / width;

	if (lines > 1)
		worksheet_set_row(ws, (lxw_row_t)row, 15.0 * (double)lines, NULL);
}

/* Column @c of @rw as wide as its header @head and its cells, up to ROWS_COL_MAX. */
static void rows_width(lxw_worksheet *ws, const struct rows *rw, int c, const char *head)
{
	size_t w = strlen(head);

	for (size_t i = 0; i < rw->n && w < ROWS_COL_MAX; i++)
		if (strlen(rows_file_cell(rw, i, c)) > w)
			w = strlen(rows_file_cell(rw, i, c));
	worksheet_set_column(ws, (lxw_col_t)c, (lxw_col_t)c,
			     (double)(w > ROWS_COL_MAX ? ROWS_COL_MAX :
				      w < 8	       ? 8 :
							 w) +
				     2,
			     NULL);
}

/*
 * Every row of a file of the schema (@ti) on a sheet of its own: numbers
 * as numbers (a cell of an INT or NUM column that is one), the header with
 * each column's unit, frozen, and an autofilter over the rows.
 */
static void rows_sheet(struct book *b, const char *want, const struct table_info *ti,
		       const struct rows *rw)
{
	char name[32];
	lxw_worksheet *ws = book_sheet(b, want, want, name, sizeof(name));
	int ncols = (int)rw->hdr.n;

	if (!ws)
		return;
	for (int c = 0; c < ncols; c++) {
		int k = table_find(ti, rw->hdr.cells[c]);
		char head[160];

		if (k >= 0 && *ti->cols[k].unit)
			snprintf(head, sizeof(head), "%s (%s)", rw->hdr.cells[c], ti->cols[k].unit);
		else
			snprintf(head, sizeof(head), "%s", rw->hdr.cells[c]);
		book_text(b, ws, 0, c, head, b->bold);
		rows_width(ws, rw, c, head);
	}
	for (size_t i = 0; i < rw->n; i++) {
		size_t longest = 0;

		for (int c = 0; c < ncols; c++)
			if (strlen(rows_file_cell(rw, i, c)) > longest)
				longest = strlen(rows_file_cell(rw, i, c));
		wrap_height(ws, (int)i + 1, longest, ROWS_COL_MAX - 4);
		for (int c = 0; c < ncols; c++) {
			const char *s = rows_file_cell(rw, i, c);
			int k = table_find(ti, rw->hdr.cells[c]);
			char *end;
			double v;

			if (!*s)
				continue;
			v = strtod(s, &end);
			if (k >= 0 &&
			    (ti->cols[k].type == COL_INT || ti->cols[k].type == COL_NUM) && !*end)
				book_number(b, ws, (int)i + 1, c, v, NULL);
			else
				book_text(b, ws, (int)i + 1, c, s,
					  strlen(s) > ROWS_COL_MAX ? b->wrap : NULL);
		}
	}
	worksheet_freeze_panes(ws, 1, 0);
	if (ncols)
		book_check(b,
			   worksheet_autofilter(ws, 0, 0, (lxw_row_t)rw->n, (lxw_col_t)(ncols - 1)),
			   "worksheet_autofilter");
	worksheet_set_landscape(ws);
	worksheet_fit_to_pages(ws, 1, 0);
}

/* A file beside the results (FILE.hosts.csv ...) as a sheet, when there is one. */
static void beside_sheet(struct book *b, const char *want, const struct table_info *ti)
{
	char path[4096];
	struct rows rw = { 0 };

	if (detail_path(b->in->csv, ti, path, sizeof(path)) || rows_load(path, ti, &rw))
		return;
	if (rw.n)
		rows_sheet(b, want, ti, &rw);
	rows_free(&rw);
}

/* The characters of a wrapped value on one line of the run sheet's 100-wide column. */
#define RUN_COL_CHARS 90

/* One line of the "what was run" sheet: @what, then the distinct values of @col. */
static int fact(struct book *b, lxw_worksheet *ws, int row, const struct rows *res,
		const char *what, enum column col, int where_col, const char *where)
{
	struct strbuf sb = { 0 };

	rows_distinct(res, (int)col, where_col, where, &sb);
	book_text(b, ws, row, 0, what, b->bold);
	book_text(b, ws, row, 1, sb.len ? sb_str(&sb) : "not recorded", b->wrap);
	wrap_height(ws, row, sb.len, RUN_COL_CHARS);
	sb_free(&sb);
	return row + 1;
}

/* What was run: the facts of the report's first section, and the run record. */
static void run_sheet(struct book *b, const struct rows *res)
{
	const struct results_table *t = b->in->t;
	char name[32], path[4096];
	struct rows run = { 0 };
	lxw_worksheet *ws = book_sheet(b, "run", "run", name, sizeof(name));
	int row = 2;

	if (!ws)
		return;
	book_text(b, ws, 0, 0, "What was run", b->title);
	book_text(b, ws, row, 0, "results file", b->bold);
	book_text(b, ws, row++, 1, b->in->csv, b->wrap);
	for (size_t i = 0; i < nrun_facts; i++)
		row = fact(b, ws, row, res, run_facts[i].what, run_facts[i].col, -1, NULL);
	row = fact(b, ws, row, res, "hosts per point", COL_hosts, -1, NULL);
	for (int tg = 0; tg < t->ntargets; tg++) {
		char what[160];

		row++;
		snprintf(what, sizeof(what), "target %s", t->targets[tg]);
		book_text(b, ws, row++, 0, what, b->title);
		for (size_t i = 0; i < ntarget_facts; i++)
			row = fact(b, ws, row, res, target_facts[i].what, target_facts[i].col,
				   COL_target, t->targets[tg]);
	}
	worksheet_set_column(ws, 0, 0, 44, NULL);
	worksheet_set_column(ws, 1, 1, 100, b->wrap); /* (RUN_COL_CHARS of it on a line) */
	if (!detail_path(b->in->csv, &table_run, path, sizeof(path)) &&
	    !rows_load(path, &table_run, &run)) {
		static const enum run_column cols[] = {
			RUN_COL_command_line, RUN_COL_started, RUN_COL_ended,
			RUN_COL_duration_s,   RUN_COL_planned, RUN_COL_done_before,
			RUN_COL_ran,	      RUN_COL_failed,  RUN_COL_exit_status,
			RUN_COL_outcome,      RUN_COL_resume,
		};

		row++;
		book_text(b, ws, row++, 0, "commands (FILE.run.csv)", b->title);
		for (size_t i = 0; i < run.n; i++) {
			for (size_t k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
				const char *s = run_at(&run, i, cols[k]);
				char *end;
				double v = strtod(s, &end);

				if (!*s)
					continue;
				book_text(b, ws, row, 0, table_run.cols[cols[k]].name, b->bold);
				if (k >= 3 && k <= 8 && !*end)
					book_number(b, ws, row, 1, v, NULL);
				else
					book_text(b, ws, row, 1, s, b->wrap);
				wrap_height(ws, row, strlen(s), RUN_COL_CHARS);
				row++;
			}
			row++;
		}
		rows_free(&run);
	} else {
		row++;
		book_text(b, ws, row, 0,
			  "no run record beside the results file: the command lines are not known",
			  NULL);
	}
	worksheet_set_portrait(ws);
	worksheet_fit_to_pages(ws, 1, 0);
}

static int make_formats(struct book *b)
{
	b->bold = workbook_add_format(b->wb);
	b->title = workbook_add_format(b->wb);
	b->quote = workbook_add_format(b->wb);
	b->num3 = workbook_add_format(b->wb);
	b->num4 = workbook_add_format(b->wb);
	b->wrap = workbook_add_format(b->wb);
	b->wrap_quote = workbook_add_format(b->wb);
	if (!b->bold || !b->title || !b->quote || !b->num3 || !b->num4 || !b->wrap ||
	    !b->wrap_quote)
		return -1;
	format_set_bold(b->bold);
	format_set_bold(b->title);
	format_set_font_size(b->title, 13);
	format_set_num_format(b->quote, "@"); /* Text: what is typed in stays text */
	format_set_num_format(b->num3, "0.000");
	/* a figure of 4 or more decimals is a latency in ms: shown to the microsecond */
	format_set_num_format(b->num4, "0.000");
	format_set_text_wrap(b->wrap);
	format_set_align(b->wrap, LXW_ALIGN_VERTICAL_TOP);
	format_set_text_wrap(b->wrap_quote);
	format_set_align(b->wrap_quote, LXW_ALIGN_VERTICAL_TOP);
	format_set_num_format(b->wrap_quote, "@");
	return 0;
}

/* Every sheet, in order. */
static void write_sheets(struct book *b, const struct rows *res)
{
	const struct results_table *t = b->in->t;
	struct chart_table *ct = malloc(sizeof(*ct));
	char why[512];

	if (!ct) {
		b->err = LXW_ERROR_MEMORY_MALLOC_FAILED;
		snprintf(b->why, sizeof(b->why), "malloc: %s", strerror(ENOMEM));
		return;
	}
	for (int p = 0; p < t->nprofiles && !b->err; p++) {
		/* a depth sweep's sheet before its depths' own */
		if (!ct_depth(t, p, ct))
			sheet_depth(b, ct, p);
		ct_profile(t, b->in->ref, p, ct);
		if (!b->err)
			sheet_profile(b, ct, p);
	}
	if (!b->err && !ct_nconnect(t, b->in->ref, ct))
		sheet_nconnect(b, ct);
	if (!b->err && ct_curve(t, b->in->csv, ct, why, sizeof(why)) == 0)
		sheet_curve(b, ct);
	free(ct);
	if (b->err)
		return;
	rows_sheet(b, "results", &table_results, res);
	beside_sheet(b, "hosts", &table_hosts);
	beside_sheet(b, "ops", &table_ops);
	/*
	 * (not FILE.lat.csv: some 500 buckets a point, 30,000 rows for make sweep's 60, 600 pages
	 * printed; the file is beside, and the CDF chart draws it)
	 */
	beside_sheet(b, "rpc", &table_mountstats);
	run_sheet(b, res);
}

int workbook_write(const struct workbook_in *in, char *path, size_t plen, char *why, size_t len)
{
	struct book b = { .in = in };
	lxw_doc_properties props = {
		.title = "nfsweep results",
		.comments = "made by nfsweep sheet from the results file",
	};
	struct rows res = { 0 };
	char tmp[4096 + 32];
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	lxw_error e;
	int err;

	if ((in->out ? snprintf(path, plen, "%s", in->out) >= (int)plen :
		       path_beside(in->csv, ".xlsx", path, plen) != 0) ||
	    snprintf(tmp, sizeof(tmp), "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof(tmp)) {
		snprintf(why, len, "%s: path too long", in->csv);
		return -1;
	}
	/* renamed over: a device or a directory under that name is not replaced by a workbook */
	if (path_replaceable(path)) {
		snprintf(why, len, "%s: exists and is not a regular file", path);
		return -1;
	}
	err = rows_load(in->csv, &table_results, &res);
	if (err) {
		snprintf(why, len, "%s: %s", in->csv, strerror(-err));
		return -1;
	}
	b.wb = workbook_new(tmp);
	if (!b.wb || make_formats(&b)) {
		snprintf(why, len, "workbook_new %s: %s", tmp, strerror(errno ? errno : ENOMEM));
		if (b.wb)
			workbook_close(b.wb);
		unlink(tmp);
		rows_free(&res);
		return -1;
	}
	/*
	 * the same bytes for the same results: the creation time is the first row's, or the epoch
	 * asked (0, none: libxlsxwriter takes the time of writing)
	 */
	props.created = sde ? (time_t)strtoll(sde, NULL, 10) : schema_time(in->t->first_time);
	workbook_set_properties(b.wb, &props);
	write_sheets(&b, &res);
	rows_free(&res);
	e = workbook_close(b.wb);
	if (!b.err && e != LXW_NO_ERROR) {
		int saved = errno;

		snprintf(b.why, sizeof(b.why), "workbook_close %s: %s%s%s", tmp, lxw_strerror(e),
			 saved ? ": " : "", saved ? strerror(saved) : "");
		b.err = (int)e;
	}
	if (!b.err && rename(tmp, path)) {
		snprintf(b.why, sizeof(b.why), "rename %s to %s: %s", tmp, path, strerror(errno));
		b.err = -1;
	}
	if (b.err) {
		unlink(tmp);
		snprintf(why, len, "%s", b.why);
		return -1;
	}
	return 0;
}
