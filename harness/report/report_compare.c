// SPDX-License-Identifier: GPL-2.0
/*
 * `nfsweep compare BEFORE AFTER --report`: the two runs point by point as a
 * page of its own, from the ratios compare wrote (compare-runs.csv), and
 * what each run was, side by side.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/version.h"
#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "report/page.h"
#include "report/report.h"
#include "results/rows.h"
#include "util/paths.h"

static void facts(struct page *pg, const struct rows run[2])
{
	static const struct {
		enum column col;
		const char *what;
	} rows[] = {
		{ COL_start_time, "points started" },
		{ COL_note, "note" },
		{ COL_host, "client" },
		{ COL_kernel_release, "kernel" },
		{ COL_fio_version, "fio" },
		{ COL_engine, "engine" },
		{ COL_mount_options, "mount options" },
		{ COL_transports, "transports seen" },
		{ COL_runtime_s, "runtime s" },
		{ COL_repeat, "repeats" },
	};

	pg_raw(pg, "<table id=\"runs\"><thead><tr><th></th><th>before</th><th>after</th></tr>"
		   "</thead><tbody>\n");
	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		pg_raw(pg, "<tr>");
		pg_elem(pg, "th", rows[k].what);
		for (int i = 0; i < 2; i++) {
			struct strbuf sb = { 0 };

			if (rows[k].col == COL_start_time && run[i].n)
				sb_printf(&sb, "%s .. %s (%zu rows)",
					  res_at(&run[i], 0, COL_start_time),
					  res_at(&run[i], run[i].n - 1, COL_start_time), run[i].n);
			else
				rows_distinct(&run[i], (int)rows[k].col, -1, NULL, &sb);
			if (!sb.len)
				sb_adds(&sb, "-");
			pg_elem(pg, "td", sb_str(&sb));
			sb_free(&sb);
		}
		pg_raw(pg, "</tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

/*
 * The ratios of one profile, a row per point, target and figure: each with its interval and
 * verdict (results/verdict.h), or why it is not judged. A file of nfsweep before the verdicts
 * has none of their columns: empty cells.
 */
static void profile_table(struct page *pg, const struct rows *cmp, const char *profile)
{
	pg_raw(pg, "<h3>");
	pg_text(pg, profile);
	pg_raw(pg, "</h3>\n<table class=\"ratios\"><thead><tr><th>read %</th><th>target</th>"
		   "<th>figure</th><th>before</th><th>after</th><th>after / before</th>"
		   "<th>interval</th><th>verdict</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < cmp->n; i++) {
		double ratio = atof(cmp_at(cmp, i, COMPARE_COL_ratio));
		const char *verdict = cmp_at(cmp, i, COMPARE_COL_verdict),
			   *lo = cmp_at(cmp, i, COMPARE_COL_ratio_low);

		if (strcmp(cmp_at(cmp, i, COMPARE_COL_profile), profile))
			continue;
		pg_raw(pg, "<tr>");
		pg_elem(pg, "td", cmp_at(cmp, i, COMPARE_COL_read_pct));
		pg_elem(pg, "td", cmp_at(cmp, i, COMPARE_COL_target));
		pg_elem(pg, "td", cmp_at(cmp, i, COMPARE_COL_metric));
		pg_raw(pg, "<td class=\"n\">");
		pg_text(pg, cmp_at(cmp, i, COMPARE_COL_base_value));
		pg_raw(pg, "</td><td class=\"n\">");
		pg_text(pg, cmp_at(cmp, i, COMPARE_COL_value));
		pg_raw(pg, "</td><td class=\"n ratio\" data-ratio=\"");
		pg_text(pg, cmp_at(cmp, i, COMPARE_COL_ratio));
		pg_rawf(pg, "\">%.2fx</td><td class=\"n\">", ratio);
		if (*lo) {
			pg_textf(pg, "%.2fx to %.2fx", atof(lo),
				 atof(cmp_at(cmp, i, COMPARE_COL_ratio_high)));
			if (!strcmp(cmp_at(cmp, i, COMPARE_COL_method), "seconds"))
				pg_text(pg, " (one run's seconds)");
		}
		pg_raw(pg, "</td><td>");
		if (!strcmp(verdict, "not_judged")) {
			pg_text(pg, "not judged: ");
			pg_text(pg, cmp_at(cmp, i, COMPARE_COL_why));
		} else if (!strcmp(verdict, "no_difference")) {
			pg_text(pg, "no difference this data can show");
		} else {
			pg_text(pg, verdict);
		}
		pg_raw(pg, "</td></tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

/* Chart @chart (GP_DATA/CHART.gp) drawn by gnuplot in @dir as CHART.svg. 0, or gnuplot's. */
static int draw_svg(const char *dir, const char *datadir, const char *chart)
{
	char name[160], body[160], path[PATH_MAX], err[160];
	FILE *f;

	snprintf(name, sizeof(name), "%s.draw.gp", chart);
	snprintf(body, sizeof(body), GP_DATA "/%s.gp", chart);
	snprintf(err, sizeof(err), GP_DATA "/%s.err", chart);
	f = gp_open(datadir, name, path, sizeof(path));
	if (!f)
		return -1;
	gp_terminals(f, chart, body, 0);
	if (fclose(f))
		return -1;
	return gp_run(dir, path, err);
}

/*
 * Each profile's latency distributions, before and after (plot_cdf_pair), where both files have
 * histograms (FILE.lat.csv): a figure each, drawn beside the page (@out's directory).
 */
static void latency_pairs(struct page *pg, const char *before, const char *after, const char *out)
{
	char dir[PATH_MAX], datadir[PATH_MAX + 8], why[512], failed[PATH_MAX];
	/* (files compare has read already: one that cannot be read again has no charts) */
	struct results_table *t[2] = { results_table_read(before, why, sizeof(why)),
				       results_table_read(after, why, sizeof(why)) };
	int shown = 0;

	if (!t[0] || !t[1] || path_dir_of(out, dir, sizeof(dir)) ||
	    snprintf(datadir, sizeof(datadir), "%s/" GP_DATA, dir) >= (int)sizeof(datadir) ||
	    path_mkdir_p(datadir, failed, sizeof(failed)))
		goto out;
	for (int p = 0; p < t[0]->nprofiles; p++) {
		char chart[128], svg[PATH_MAX + 140], caption[300];

		if (plot_cdf_pair(datadir, before, t[0], after, t[1], t[0]->profiles[p], chart,
				  sizeof(chart)) ||
		    draw_svg(dir, datadir, chart))
			continue;
		if (!shown++)
			pg_raw(pg, "<h3 id=\"latency\">Latency distributions</h3>\n");
		snprintf(svg, sizeof(svg), "%s/%s.svg", dir, chart);
		snprintf(caption, sizeof(caption),
			 "%s: the share of I/Os completed at or below each latency, before (solid) "
			 "and after (dashed), from fio's histograms (%s.svg beside this page)",
			 t[0]->profiles[p], chart);
		pg_figure(pg, svg, chart, caption);
	}
out:
	free(t[0]);
	free(t[1]);
}

int report_compare(const char *before, const char *after, const char *ratios, const char *out,
		   char *why, size_t len)
{
	struct rows run[2], cmp;
	struct page pg = { 0 };
	const char *files[2] = { before, after };
	char title[PATH_MAX * 2];
	int err = 0;

	memset(run, 0, sizeof(run));
	for (int i = 0; i < 2 && !err; i++) {
		err = rows_load(files[i], &table_results, &run[i]);
		if (err)
			snprintf(why, len, "%s: %s", files[i], strerror(-err));
	}
	if (!err) {
		err = rows_load(ratios, &table_compare, &cmp);
		if (err)
			snprintf(why, len, "%s: %s", ratios, strerror(-err));
	}
	if (err) {
		rows_free(&run[0]);
		rows_free(&run[1]);
		return err;
	}
	snprintf(title, sizeof(title), "nfsweep compare: %s against %s", after, before);
	pg_begin(&pg, title);
	pg_raw(&pg, "<header><h1>");
	pg_text(&pg, title);
	pg_raw(&pg, "</h1><p class=\"muted\">");
	pg_textf(&pg, "Made by nfsweep %s from %s, which nfsweep compare wrote.", nfsweep_version(),
		 ratios);
	pg_raw(&pg, "</p></header>\n<section id=\"what\"><h2>The two runs</h2>\n");
	facts(&pg, run);
	pg_raw(&pg, "<p>Each ratio comes with its interval and a verdict: better, worse, or no "
		    "difference that this data can show. The intervals are made from each "
		    "point's repeats, or, with one run a side, from that run's seconds, which "
		    "show only the noise within a run: one run cannot show a difference smaller "
		    "than its interval, and a larger one may still be the runs' own. All the "
		    "figures together are judged by Benjamini and Hochberg's rule at 5 %: with no "
		    "real difference anywhere, the chance of even one false alarm on this page is "
		    "at most 5 %. results-schema/README.md, \"Differences and noise\", says how "
		    "and when it does not hold (a bursting volume).</p></section>\n");
	pg_raw(&pg, "<section id=\"ratios\"><h2>Point by point</h2>\n");
	for (size_t i = 0; i < cmp.n; i++)
		if (rows_first(&cmp, i, COMPARE_COL_profile, -1))
			profile_table(&pg, &cmp, cmp_at(&cmp, i, COMPARE_COL_profile));
	if (!cmp.n)
		pg_raw(&pg, "<p>No point is in both files.</p>\n");
	latency_pairs(&pg, before, after, out);
	pg_raw(&pg, "</section>\n");
	pg_end(&pg);
	err = pg_write(&pg, out);
	if (err)
		snprintf(why, len, "write %s: %s", out, strerror(-err));
	pg_free(&pg);
	rows_free(&cmp);
	rows_free(&run[0]);
	rows_free(&run[1]);
	return err;
}
