// SPDX-License-Identifier: GPL-2.0
/*
 * The workbook's chart sheets: the chart-ready table as cells, and the
 * spreadsheet's own charts drawn from those cells (a series is a range of
 * the sheet, so that an edited cell moves its point). The published figures
 * are drawn only where they are the same measure on the same scale (the
 * nconnect gains, a ratio); a system's throughput is another scale and
 * stands in a table beside the chart, as the PNG charts say in their text.
 */
#include <stdio.h>
#include <string.h>

#include "sheet/sheet_int.h"

#define TABLE_ROW 4   /* the table's header row: a title, a subtitle and a blank above */
#define CHART_ROWS 22 /* rows a chart covers at its size */

/* The first column of @ct of .def column @def, or -1. */
static int col_of(const struct chart_table *ct, int def)
{
	for (int c = 0; c < ct->ncols; c++)
		if (ct->col[c].def == def)
			return c;
	return -1;
}

/* Has column @c of @ct a value in some row? A series of none is not drawn (nor in the legend). */
static int has_values(const struct chart_table *ct, int c)
{
	for (int r = 0; r < ct->nrows; r++)
		if (ct->have[r][c])
			return 1;
	return 0;
}

/* @colour halfway to white: a write bar beside its target's read bar. */
static unsigned int tint(unsigned int colour)
{
	unsigned int r = colour >> 16, g = colour >> 8 & 0xff, bl = colour & 0xff;

	return (r + 255) / 2 << 16 | (g + 255) / 2 << 8 | (bl + 255) / 2;
}

/*
 * A series of column @y against column @x over the table's rows, named
 * @name, in @colour (dashed: the writes; in a column chart, a lighter
 * bar). NULL when the column has no value.
 */
static lxw_chart_series *series(struct book *b, lxw_chart *ch, const char *sheet,
				const struct chart_table *ct, int x, int y, const char *name,
				unsigned int colour, int dashed)
{
	lxw_row_t r0 = TABLE_ROW + 1, r1 = (lxw_row_t)(TABLE_ROW + ct->nrows);
	lxw_chart_line line = { .color = colour, .width = 2.25 };
	lxw_chart_fill fill = { .color = colour };
	lxw_chart_series *s = has_values(ct, y) ? chart_add_series(ch, NULL, NULL) : NULL;

	if (!has_values(ct, y))
		return NULL;

	if (!s) {
		book_check(b, LXW_ERROR_MEMORY_MALLOC_FAILED, "chart_add_series");
		return NULL;
	}
	chart_series_set_categories(s, sheet, r0, (lxw_col_t)x, r1, (lxw_col_t)x);
	chart_series_set_values(s, sheet, r0, (lxw_col_t)y, r1, (lxw_col_t)y);
	chart_series_set_name(s, name);
	if (ch->type == LXW_CHART_COLUMN) {
		fill.color = line.color = dashed ? tint(colour) : colour;
		chart_series_set_fill(s, &fill);
		chart_series_set_line(s, &line);
		return s;
	}
	if (dashed)
		line.dash_type = LXW_CHART_LINE_DASH_DASH;
	chart_series_set_line(s, &line);
	chart_series_set_marker_type(s, dashed ? LXW_CHART_MARKER_SQUARE : LXW_CHART_MARKER_CIRCLE);
	chart_series_set_marker_size(s, 6);
	chart_series_set_marker_fill(s, &fill);
	chart_series_set_marker_line(s, &line);
	return s;
}

static lxw_chart *chart_new(struct book *b, int type, const char *title, const char *xname,
			    const char *yname)
{
	lxw_chart *ch = workbook_add_chart(b->wb, (uint8_t)type);

	if (!ch) {
		book_check(b, LXW_ERROR_MEMORY_MALLOC_FAILED, "workbook_add_chart");
		return NULL;
	}
	chart_title_set_name(ch, title);
	chart_axis_set_name(ch->x_axis, xname);
	chart_axis_set_name(ch->y_axis, yname);
	chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
	chart_show_blanks_as(ch, LXW_CHART_BLANKS_AS_GAP);
	return ch;
}

/*
 * @ch at (@row, 0), @nth chart of its row: placed by pixels, not columns,
 * since a wide table's columns would push a second chart off the page.
 */
static void insert(struct book *b, lxw_worksheet *ws, int row, int nth, lxw_chart *ch)
{
	lxw_chart_options o = { .x_scale = 1.4, .y_scale = 1.5, .x_offset = nth * 700 };

	book_check(b, worksheet_insert_chart_opt(ws, (lxw_row_t)row, 0, ch, &o),
		   "worksheet_insert_chart");
}

/* A sheet's title, subtitle and print setup (landscape A4, one page wide). */
static void heading(struct book *b, lxw_worksheet *ws, const char *title, const char *sub)
{
	book_text(b, ws, 0, 0, title, b->title);
	book_text(b, ws, 1, 0, sub, NULL);
	worksheet_set_landscape(ws);
	worksheet_set_paper(ws, 9); /* A4 */
	worksheet_fit_to_pages(ws, 1, 0);
}

/*
 * The throughput chart @thr and the latency chart @lat side by side at @crow; a chart of no
 * series (NULL) is refused by libxlsxwriter, and would say nothing: a line instead, under the
 * charts (a chart drawn over a cell's text hides it, and printed they overlap).
 */
static void place(struct book *b, lxw_worksheet *ws, int crow, lxw_chart *thr, lxw_chart *lat)
{
	if (thr)
		insert(b, ws, crow, 0, thr);
	else
		book_text(b, ws, crow + CHART_ROWS, 0,
			  "no throughput to draw: no point has an ok row", NULL);
	if (lat)
		insert(b, ws, crow, thr ? 1 : 0, lat);
	else
		book_text(b, ws, crow + CHART_ROWS + 1, 0,
			  "no latency to draw: no ok row has a completion latency (its columns are "
			  "empty)",
			  NULL);
}

void sheet_profile(struct book *b, const struct chart_table *ct, int p)
{
	const struct results_table *t = b->in->t;
	int tot = col_of(ct, ct->mib ? CHART_COL_TARGET_total_mib_s : CHART_COL_TARGET_total_iops);
	int r99 = col_of(ct, CHART_COL_TARGET_read_p99_ms);
	int w99 = col_of(ct, CHART_COL_TARGET_write_p99_ms);
	int pub = col_of(ct, CHART_COL_published_total);
	const char *unit = ct->mib ? "MiB/s" : rt_rate_unit(t, p);
	char name[32], title[160], sub[400];
	int crow = TABLE_ROW + ct->nrows + 3;
	lxw_worksheet *ws = book_sheet(b, ct->what, "profile", name, sizeof(name));
	lxw_chart *thr, *lat;
	int kind, nthr = 0, nlat = 0;

	if (!ws)
		return;
	snprintf(title, sizeof(title), "%s: %lld KiB blocks, %s and p99 latency against read share",
		 ct->what, t->block_size[p] / 1024, ct->mib ? "throughput" : unit);
	snprintf(sub, sizeof(sub),
		 "%s. Each figure is the mean of the point's ok rows (column "
		 "TARGET_rows); the charts are drawn from these cells.",
		 t->note[0] ? t->note : "no --note recorded");
	heading(b, ws, title, sub);
	book_table(b, ws, ct, TABLE_ROW);
	/* one read share (an op mix, or --mix N): a bar per target, not a line of one point */
	kind = ct->nrows > 1 ? LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS : LXW_CHART_COLUMN;
	snprintf(title, sizeof(title), "%s: total %s against read share", ct->what, unit);
	thr = chart_new(b, kind, title, "read share (%), from pure read to pure write", unit);
	/* (short: a longer title wraps, its lines touching, with a depth's name, rand4k-2x1) */
	snprintf(title, sizeof(title), "%s: p99 latency against read share", ct->what);
	lat = chart_new(b, kind, title, "read share (%), from pure read to pure write",
			"p99 completion latency (ms)");
	if (!thr || !lat)
		return;
	for (int tg = 0; tg < t->ntargets; tg++) {
		char nm[96];

		nthr += !!series(b, thr, name, ct, 0, tot + tg, t->targets[tg], book_colour(tg), 0);
		snprintf(nm, sizeof(nm), "%s reads", t->targets[tg]);
		nlat += !!series(b, lat, name, ct, 0, r99 + tg, nm, book_colour(tg), 0);
		snprintf(nm, sizeof(nm), "%s writes", t->targets[tg]);
		nlat += !!series(b, lat, name, ct, 0, w99 + tg, nm, book_colour(tg), 1);
	}
	for (lxw_chart *ch = thr; kind != LXW_CHART_COLUMN && ch; ch = ch == thr ? lat : NULL) {
		/* read share from 100 at the left to 0, as the published charts have it */
		chart_axis_set_reverse(ch->x_axis);
		chart_axis_set_min(ch->x_axis, 0);
		chart_axis_set_max(ch->x_axis, 100);
		chart_axis_set_major_unit(ch->x_axis, 10);
		chart_axis_set_min(ch->y_axis, 0);
		/* the value axis at 100 %, the left, where the reversed axis begins */
		chart_axis_set_crossing_max(ch->x_axis);
	}
	place(b, ws, crow, nthr ? thr : NULL, nlat ? lat : NULL);
	if (ct->published_source) {
		int row = crow + CHART_ROWS + 2;

		book_text(b, ws, row++, 0, "Published (not drawn: another system at another scale)",
			  b->bold);
		book_text(b, ws, row++, 0, ct->published_source, NULL);
		book_text(b, ws, row, 0, "read %", b->bold);
		book_text(b, ws, row++, 1, unit, b->bold);
		for (int r = 0; r < ct->nrows; r++)
			if (ct->have[r][pub]) {
				book_number(b, ws, row, 0, ct->v[r][0], NULL);
				book_number(b, ws, row++, 1, ct->v[r][pub], b->num3);
			}
	}
}

void sheet_nconnect(struct book *b, const struct chart_table *ct)
{
	const struct results_table *t = b->in->t;
	int pub = col_of(ct, NCT_COL_published_ratio), ratio = col_of(ct, NCT_COL_TARGET_ratio);
	lxw_row_t r0 = TABLE_ROW + 1, r1 = (lxw_row_t)(TABLE_ROW + ct->nrows);
	char name[32];
	lxw_worksheet *ws = book_sheet(b, "nconnect", "nconnect", name, sizeof(name));
	lxw_chart *ch;
	int n = 0;

	if (!ws)
		return;
	heading(b, ws, "nconnect: each variant over the nconnect=1 target, published gains beside",
		"The ratios compare.csv's headline rows carry; the published gain is the same "
		"measure (a ratio), so it is drawn on the same axis.");
	book_table(b, ws, ct, TABLE_ROW);
	ch = chart_new(b, LXW_CHART_COLUMN, "nconnect gain per workload", "workload",
		       "gain over nconnect=1 (x)");
	if (!ch)
		return;
	for (int c = ratio; c >= 0 && c < ct->ncols && ct->col[c].def == NCT_COL_TARGET_ratio;
	     c++) {
		lxw_chart_series *s = chart_add_series(ch, NULL, NULL);
		lxw_chart_fill fill = { .color = book_colour(1 + n++) };
		char nm[96];

		if (!s)
			return;
		snprintf(nm, sizeof(nm), "measured %s", t->targets[ct->col[c].target]);
		chart_series_set_categories(s, name, r0, 0, r1, 0);
		chart_series_set_values(s, name, r0, (lxw_col_t)c, r1, (lxw_col_t)c);
		chart_series_set_name(s, nm);
		chart_series_set_fill(s, &fill);
	}
	if (pub >= 0) {
		lxw_chart_series *s = chart_add_series(ch, NULL, NULL);
		lxw_chart_fill fill = { .color = 0x808080 };

		if (!s)
			return;
		chart_series_set_categories(s, name, r0, 0, r1, 0);
		chart_series_set_values(s, name, r0, (lxw_col_t)pub, r1, (lxw_col_t)pub);
		chart_series_set_name(s, "published");
		chart_series_set_fill(s, &fill);
	}
	chart_axis_set_min(ch->y_axis, 0);
	insert(b, ws, TABLE_ROW + ct->nrows + 3, 0, ch);
}

void sheet_curve(struct book *b, const struct chart_table *ct)
{
	const struct results_table *t = b->in->t;
	int x = col_of(ct, CURVE_TABLE_COL_TARGET_achieved_ops_s);
	int y = col_of(ct, CURVE_TABLE_COL_TARGET_response_time_ms);
	char name[32];
	lxw_worksheet *ws = book_sheet(b, "curve", "curve", name, sizeof(name));
	int orow = TABLE_ROW + ct->nrows + 3;
	lxw_chart *ch;

	if (!ws)
		return;
	heading(b, ws, "curve: response time against achieved throughput",
		"Each target's load points in order of achieved throughput; the ORT (SPEC SFS's "
		"overall response time) is the area under the curve over the peak.");
	book_table(b, ws, ct, TABLE_ROW);
	book_text(b, ws, orow, 0, "target", b->bold);
	book_text(b, ws, orow, 1, "ORT (ms)", b->bold);
	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		book_text(b, ws, orow + 1 + tg, 0, t->curve_targets[tg], NULL);
		if (ct->ort[tg] > 0)
			book_number(b, ws, orow + 1 + tg, 1, ct->ort[tg], b->num3);
		else
			book_text(b, ws, orow + 1 + tg, 1, "none (fewer than two load points)",
				  NULL);
	}
	ch = chart_new(b, LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS,
		       "response time against achieved throughput", "achieved ops/s",
		       "response time (ms)");
	if (!ch)
		return;
	for (int tg = 0; tg < t->ncurve_targets; tg++)
		series(b, ch, name, ct, x + 2 * tg, y + 2 * tg, t->curve_targets[tg],
		       book_colour(tg), 0);
	chart_axis_set_min(ch->x_axis, 0);
	chart_axis_set_min(ch->y_axis, 0);
	insert(b, ws, orow + t->ncurve_targets + 3, 0, ch);
}

/* Are rows @r and @q of one line of the depth charts (one read share and numjobs)? */
static int same_line(const struct chart_table *ct, int r, int q)
{
	return ct->v[r][DEPTH_TABLE_COL_read_pct] == ct->v[q][DEPTH_TABLE_COL_read_pct] &&
	       ct->v[r][DEPTH_TABLE_COL_numjobs] == ct->v[q][DEPTH_TABLE_COL_numjobs];
}

/* Has column @c a value in rows @r0..@r1? */
static int run_has(const struct chart_table *ct, int r0, int r1, int c)
{
	for (int r = r0; r <= r1; r++)
		if (ct->have[r][c])
			return 1;
	return 0;
}

/* A line of the depth charts: rows @r0..@r1 of the table (one read share and numjobs), column
 * @y against in_flight, in @colour, its dash the numjobs' rank (@dash). */
static void depth_line(struct book *b, lxw_chart *ch, const char *sheet, int r0, int r1, int y,
		       const char *name, unsigned int colour, int dash)
{
	static const uint8_t dashes[] = { LXW_CHART_LINE_DASH_SOLID, LXW_CHART_LINE_DASH_DASH,
					  LXW_CHART_LINE_DASH_ROUND_DOT,
					  LXW_CHART_LINE_DASH_LONG_DASH };
	lxw_chart_line line = { .color = colour, .width = 2.25 };
	lxw_chart_fill fill = { .color = colour };
	lxw_chart_series *s = chart_add_series(ch, NULL, NULL);

	if (!s) {
		book_check(b, LXW_ERROR_MEMORY_MALLOC_FAILED, "chart_add_series");
		return;
	}
	chart_series_set_categories(s, sheet, (lxw_row_t)(TABLE_ROW + 1 + r0),
				    DEPTH_TABLE_COL_in_flight, (lxw_row_t)(TABLE_ROW + 1 + r1),
				    DEPTH_TABLE_COL_in_flight);
	chart_series_set_values(s, sheet, (lxw_row_t)(TABLE_ROW + 1 + r0), (lxw_col_t)y,
				(lxw_row_t)(TABLE_ROW + 1 + r1), (lxw_col_t)y);
	chart_series_set_name(s, name);
	line.dash_type = dashes[dash % (int)sizeof(dashes)];
	chart_series_set_line(s, &line);
	chart_series_set_marker_type(s, LXW_CHART_MARKER_CIRCLE);
	chart_series_set_marker_size(s, 6);
	chart_series_set_marker_fill(s, &fill);
	chart_series_set_marker_line(s, &line);
}

/*
 * A depth sweep's sheet: its table (FILE.PROFILE-depth.table.csv), then the figure and the p99
 * against the I/Os in flight (log scale), a line per target, read share and numjobs (a colour
 * per target and read share, a dash per numjobs), as the depth chart draws them.
 */
void sheet_depth(struct book *b, const struct chart_table *ct, int p)
{
	const struct results_table *t = b->in->t;
	int tot = col_of(ct, ct->mib ? DEPTH_TABLE_COL_TARGET_total_mib_s :
				       DEPTH_TABLE_COL_TARGET_total_iops);
	int p99 = col_of(ct, DEPTH_TABLE_COL_TARGET_p99_ms), colour = 0, lines = 0;
	const char *unit = ct->mib ? "MiB/s" : rt_rate_unit(t, p);
	char name[32], title[160];
	lxw_worksheet *ws = book_sheet(b, ct->what, "depth", name, sizeof(name));
	lxw_chart *thr, *lat;

	if (!ws)
		return;
	snprintf(title, sizeof(title),
		 "%s: %s and p99 latency against the depth (numjobs x iodepth)", ct->what,
		 ct->mib ? "throughput" : unit);
	heading(b, ws, title,
		"Each figure is the mean of the depth's ok rows (TARGET_rows); a line per target, "
		"read share and numjobs; the charts are drawn from these cells.");
	book_table(b, ws, ct, TABLE_ROW);
	snprintf(title, sizeof(title), "%s: total %s against I/Os in flight", t->profile_base[p],
		 unit);
	thr = chart_new(b, LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS, title,
			"I/Os in flight, numjobs x iodepth (log scale)", unit);
	snprintf(title, sizeof(title), "%s: p99 against I/Os in flight", t->profile_base[p]);
	lat = chart_new(b, LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS, title,
			"I/Os in flight, numjobs x iodepth (log scale)",
			"p99 latency (ms; writes at 0 % read)");
	if (!thr || !lat)
		return;
	for (int tg = 0; tg < t->ntargets; tg++, colour++)
		for (int r0 = 0, r1, dash = 0; r0 < ct->nrows; r0 = r1 + 1) {
			char nm[96];

			/* a run of rows of one read share and numjobs; a new read share, a colour */
			if (r0 && ct->v[r0][DEPTH_TABLE_COL_read_pct] ==
					  ct->v[r0 - 1][DEPTH_TABLE_COL_read_pct]) {
				dash++;
			} else {
				colour += r0 > 0;
				dash = 0;
			}
			for (r1 = r0; r1 + 1 < ct->nrows && same_line(ct, r1 + 1, r0); r1++)
				;
			if (!run_has(ct, r0, r1, tot + tg))
				continue;
			snprintf(nm, sizeof(nm), "%s read %.0f %%, %.0f job%s", t->targets[tg],
				 ct->v[r0][DEPTH_TABLE_COL_read_pct],
				 ct->v[r0][DEPTH_TABLE_COL_numjobs],
				 ct->v[r0][DEPTH_TABLE_COL_numjobs] == 1 ? "" : "s");
			depth_line(b, thr, name, r0, r1, tot + tg, nm, book_colour(colour), dash);
			depth_line(b, lat, name, r0, r1, p99 + tg, nm, book_colour(colour), dash);
			lines++;
		}
	for (lxw_chart *ch = thr; ch; ch = ch == thr ? lat : NULL) {
		chart_axis_set_log_base(ch->x_axis, 2);
		chart_axis_set_min(ch->y_axis, 0);
	}
	place(b, ws, TABLE_ROW + ct->nrows + 3, lines ? thr : NULL, lines ? lat : NULL);
}
