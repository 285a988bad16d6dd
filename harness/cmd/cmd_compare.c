// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep compare FILE.csv [--base LABEL] [--out FILE]: each target against
 * a base target (nc8 / nc1), per profile and read %, plus the four headline
 * ratios of the published nconnect comparison beside the published gains.
 * Printed as a table and written as CSV (compare.csv beside FILE).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "results/compare.h"
#include "results/csv.h"
#include "results/reference.h"
#include "results/results_table.h"
#include "report/report.h"
#include "results/schema.h"
#include "util/paths.h"

struct compare_opts {
	const char *base, *out, *reference;
	int report;
};

/* clang-format off */
static const struct opt
o_base = { .name = "base", .arg = "LABEL", .type = OPT_STR,
	.off = offsetof(struct compare_opts, base),
	.help = "the target the others are divided by (default: the first in the file)",
	.example = "nc1" },
o_out = { .name = "out", .arg = "FILE", .type = OPT_STR, .off = offsetof(struct compare_opts, out),
	.help = "where the CSV goes (default: compare.csv, or compare-runs.csv, beside the last file)",
	.complete = OPT_COMPLETE_FILE, .example = "compare.csv" },
o_reference = { .name = "reference", .arg = "DIR", .type = OPT_STR,
	.off = offsetof(struct compare_opts, reference),
	.help = "the published figures (default: results-schema/reference, or the installed copy)",
	.complete = OPT_COMPLETE_DIR, .example = "results-schema/reference" };
/* clang-format on */
static const struct opt o_report = {
	.name = "report",
	.type = OPT_FLAG,
	.off = offsetof(struct compare_opts, report),
	.help = "two files: also the comparison as a page of its own (--out's name, .html)",
	.more = "One self-contained HTML page, as nfsweep report writes for one run: what each run "
		"was, side by side, and every ratio of the CSV.",
};
static const struct opt *const compare_opts[] = { &o_base, &o_out, &o_reference, &o_report, NULL };

/* The before/after page beside the CSV just written: EXIT_OK, or EXIT_SETUP (said). */
static int write_runs_page(const char *before, const char *after, const char *csv)
{
	char html[PATH_MAX + 8], why[1024];

	if (path_beside(csv, ".html", html, sizeof(html))) {
		fprintf(stderr, "nfsweep compare: --report: %s: path too long\n", csv);
		return EXIT_SETUP;
	}
	if (report_compare(before, after, csv, html, why, sizeof(why))) {
		fprintf(stderr, "nfsweep compare: --report: %s\n", why);
		return EXIT_SETUP;
	}
	fprintf(stderr, "nfsweep compare: the page in %s\n", html);
	return EXIT_OK;
}

/*
 * One CSV row of a ratio; @published <= 0: none. The difference goes last,
 * so that the columns before it keep the places they had (schema of
 * compare.csv before 1.5).
 */
static void csv_ratio(struct csv_file *out, const char *kind, const char *profile, int pct,
		      enum rt_metric m, const char *target, const char *base, const double vals[3],
		      double published, const char *what)
{
	char cells[6][32];
	/* clang-format off */
	const char *row[COMPARE_NCOLUMNS] = {
		[COMPARE_COL_kind] = kind, [COMPARE_COL_profile] = profile,
		[COMPARE_COL_read_pct] = cells[0], [COMPARE_COL_metric] = rt_metric_column[m],
		[COMPARE_COL_target] = target, [COMPARE_COL_base] = base,
		[COMPARE_COL_value] = cells[1], [COMPARE_COL_base_value] = cells[2],
		[COMPARE_COL_ratio] = cells[3], [COMPARE_COL_published_ratio] = cells[4],
		[COMPARE_COL_what] = what, [COMPARE_COL_difference_from_published_pct] = cells[5],
	};
	/* clang-format on */

	snprintf(cells[0], 32, "%d", pct);
	for (int i = 0; i < 3; i++)
		snprintf(cells[1 + i], 32, "%.3f", vals[i]);
	cells[4][0] = cells[5][0] = '\0';
	if (published > 0) {
		snprintf(cells[4], 32, "%.3f", published);
		snprintf(cells[5], 32, "%.1f",
			 compare_shown_round(compare_pct_from_published(vals[2], published), 10));
	}
	csv_file_record(out, row, COMPARE_NCOLUMNS);
}

/*
 * The headline ratios first: what the article's scale-up section shows,
 * always nconnect=N over nconnect=1 (compare_nconnect_one), whatever --base.
 */
static void print_headlines(const struct results_table *t, const struct reference *ref,
			    const char *file, struct csv_file *out)
{
	int base = compare_nconnect_one(t), n = 0;

	for (int tg = 0; tg < t->ntargets; tg++)
		n += compare_nconnect_variant(t, tg);
	if (base < 0 || !n) {
		printf("no published nconnect comparison: it is an nconnect=N variant over the "
		       "nconnect=1 one, and %s has %s (columns nconnect_asked and transports)\n",
		       file,
		       base < 0 ? "no target mounted with nconnect=1 on one transport" :
				  "no target mounted with nconnect=N that got its N transports");
		return;
	}
	printf("nconnect comparison, each nconnect=N variant over %s (nconnect=1), beside the "
	       "published gain (difference: measured / published - 1):\n",
	       t->targets[base]);
	printf("  %-26s %-8s", "workload", "unit");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (compare_nconnect_variant(t, tg))
			printf(" %10s", t->targets[tg]);
	printf(" %10s", "published");
	for (int tg = 0; tg < t->ntargets; tg++) {
		char head[16];

		if (!compare_nconnect_variant(t, tg))
			continue;
		snprintf(head, sizeof(head), "%.5s diff", t->targets[tg]);
		printf(" %10s", head);
	}
	printf("\n");
	for (int h = 0; h < NHEADLINES; h++) {
		const struct headline *hl = &headlines[h];
		int p = rt_profile(t, hl->profile);
		const struct ref_value *pub =
			reference_find(ref, "nconnect gain", hl->profile, hl->read_pct, "ratio");
		char pubs[16] = "-", diffs[RT_MAX][16];
		int nd = 0;

		if (pub)
			snprintf(pubs, sizeof(pubs), "%.1fx", pub->value);
		printf("  %-26s %-8s", hl->name, hl->unit);
		for (int tg = 0; tg < t->ntargets; tg++) {
			double v[3];

			if (!compare_nconnect_variant(t, tg))
				continue;
			snprintf(diffs[nd], sizeof(diffs[nd]), "-");
			if (p < 0 || compare_ratio(t, p, hl->read_pct, tg, base, hl->metric, &v[0],
						   &v[1], &v[2])) {
				printf(" %10s", "-");
				nd++;
				continue;
			}
			printf(" %9.2fx", v[2]);
			if (pub && pub->value > 0)
				snprintf(diffs[nd], sizeof(diffs[nd]), "%+.0f%%",
					 compare_shown_round(
						 compare_pct_from_published(v[2], pub->value), 1));
			nd++;
			csv_ratio(out, "headline", hl->profile, hl->read_pct, hl->metric,
				  t->targets[tg], t->targets[base], v, pub ? pub->value : -1,
				  hl->name);
		}
		printf(" %10s", pubs);
		for (int i = 0; i < nd; i++)
			printf(" %10s", diffs[i]);
		printf("\n");
	}
}

/* Then every point, per profile. */
static void print_points(const struct results_table *t, int base, struct csv_file *out)
{
	for (int p = 0; p < t->nprofiles; p++) {
		enum rt_metric m = rt_is_throughput(t, p) ? RT_TOTAL_MIB : RT_TOTAL_IOPS;

		printf("\n%s: total %s, ratio to %s\n%-7s", t->profiles[p],
		       m == RT_TOTAL_MIB ? "MiB/s" : "IOPS", t->targets[base], "read %");
		for (int tg = 0; tg < t->ntargets; tg++)
			if (tg != base)
				printf(" %10s", t->targets[tg]);
		printf("\n");
		for (int pct = 100; pct >= 0; pct--) {
			if (!rt_has_pct(t, p, pct))
				continue;
			printf("%-7d", pct);
			for (int tg = 0; tg < t->ntargets; tg++) {
				double v[3];

				if (tg == base)
					continue;
				if (compare_ratio(t, p, pct, tg, base, m, &v[0], &v[1], &v[2])) {
					printf(" %10s", "-");
					continue;
				}
				printf(" %9.2fx", v[2]);
				csv_ratio(out, "point", t->profiles[p], pct, m, t->targets[tg],
					  t->targets[base], v, -1, "");
			}
			printf("\n");
		}
	}
}

/* The base target's index; EXIT_USAGE (said) when @label is not in @t. */
static int find_base(const struct results_table *t, const char *file, const char *label, int *base)
{
	*base = label ? rt_target(t, label) : 0;
	if (*base >= 0)
		return EXIT_OK;
	fprintf(stderr, "nfsweep compare: --base %s: no such target in %s (targets:", label, file);
	for (int i = 0; i < t->ntargets; i++)
		fprintf(stderr, " %s", t->targets[i]);
	fprintf(stderr, ")\n");
	return EXIT_USAGE;
}

/* B / A of metric @m at one point of two tables: v[0] B, v[1] A, v[2] the ratio. */
static int ratio_of(const struct results_table *a, int pa, int ta, const struct results_table *b,
		    int pb, int tb, int pct, enum rt_metric m, double v[3])
{
	int ha, hb;

	v[0] = rt_mean(b, pb, pct, tb, m, &hb);
	v[1] = rt_mean(a, pa, pct, ta, m, &ha);
	if (!ha || !hb || v[1] <= 0)
		return -1;
	v[2] = v[0] / v[1];
	return 0;
}

/* One point of run B against run A: the figure, read p99, write p99. */
static void runs_point(const struct results_table *a, int pa, int ta, const struct results_table *b,
		       int pb, int tb, int pct, const char *base, struct csv_file *out)
{
	enum rt_metric ms[3] = { rt_is_throughput(a, pa) ? RT_TOTAL_MIB : RT_TOTAL_IOPS,
				 RT_READ_P99, RT_WRITE_P99 };

	for (int k = 0; k < 3; k++) {
		double v[3];

		if (ratio_of(a, pa, ta, b, pb, tb, pct, ms[k], v)) {
			printf(" %6s", "-");
			continue;
		}
		printf(" %5.2fx", v[2]);
		csv_ratio(out, "runs", a->profiles[pa], pct, ms[k], a->targets[ta], base, v, -1,
			  "second file / first file");
	}
}

/*
 * compare A.csv B.csv: run B against run A (before and after a change),
 * point by point: each target against itself. The number of points in both.
 */
static int compare_runs(const struct results_table *a, const struct results_table *b,
			const char *fa, const char *fb, struct csv_file *out)
{
	const char *base = strrchr(fa, '/') ? strrchr(fa, '/') + 1 : fa;
	int matched = 0;

	printf("%s against %s, point by point: each figure of the second over the first\n", fb, fa);
	for (int pa = 0; pa < a->nprofiles; pa++) {
		int pb = rt_profile(b, a->profiles[pa]), common = 0;

		for (int ta = 0; ta < a->ntargets; ta++)
			common += rt_target(b, a->targets[ta]) >= 0;
		if (pb < 0 || !common)
			continue;
		printf("\n%s: total %s, read p99, write p99 (second / first)\n%-7s",
		       a->profiles[pa], rt_is_throughput(a, pa) ? "MiB/s" : "IOPS", "read %");
		for (int ta = 0; ta < a->ntargets; ta++)
			if (rt_target(b, a->targets[ta]) >= 0)
				printf(" %20s", a->targets[ta]);
		printf("\n");
		for (int pct = 100; pct >= 0; pct--) {
			if (!rt_has_pct(a, pa, pct) || !rt_has_pct(b, pb, pct))
				continue;
			printf("%-7d", pct);
			for (int ta = 0; ta < a->ntargets; ta++) {
				int tb = rt_target(b, a->targets[ta]);

				if (tb < 0)
					continue;
				if (!rt_rows(a, pa, pct, ta) || !rt_rows(b, pb, pct, tb)) {
					printf(" %20s", "-");
					continue;
				}
				runs_point(a, pa, ta, b, pb, tb, pct, base, out);
				matched++;
			}
			printf("\n");
		}
	}
	return matched;
}

/* @o->out, or NAME beside @file, opened as a temporary file with the header. 0, or -1 (said). */
static int open_out(struct compare_opts *o, const char *file, const char *name, char *buf,
		    size_t len, struct csv_file *out)
{
	const char *header[COMPARE_NCOLUMNS];
	int ret;

	if (!o->out) {
		if (path_dir_of(file, buf, len) || strlen(buf) + strlen(name) + 2 > len) {
			fprintf(stderr, "nfsweep compare: %s: path too long\n", file);
			return -1;
		}
		strcat(buf, "/");
		strcat(buf, name);
		o->out = buf;
	}
	ret = csv_file_open(out, o->out);
	if (ret) {
		if (ret == -EEXIST || ret == -EISDIR)
			fprintf(stderr,
				"nfsweep compare: --out %s: there, and not a regular file\n",
				o->out);
		else
			fprintf(stderr, "nfsweep compare: open %s: %s\n", out->tmp, strerror(-ret));
		return -1;
	}
	/* the header from compare_columns.def, as every row's places are */
	for (int i = 0; i < COMPARE_NCOLUMNS; i++)
		header[i] = table_compare.cols[i].name;
	csv_file_record(out, header, COMPARE_NCOLUMNS);
	return 0;
}

/* The file in place: EXIT_OK, or EXIT_SETUP with nothing left of it (said). */
static int commit_out(struct csv_file *out)
{
	int ret = csv_file_commit(out);

	if (ret) {
		fprintf(stderr,
			"nfsweep compare: write %s: %s; not written (what is printed above "
			"stands)\n",
			out->path, strerror(-ret));
		return EXIT_SETUP;
	}
	fprintf(stderr, "nfsweep compare: written to %s\n", out->path);
	return EXIT_OK;
}

/* compare FILE: each target against the base target, and the published gains. */
static int compare_targets(struct compare_opts *o, const struct results_table *t, const char *file)
{
	struct reference ref = { 0 };
	char why[512], outbuf[PATH_MAX];
	struct csv_file out;
	int base, ret;

	if (t->ntargets < 2) {
		fprintf(stderr,
			"nfsweep compare: %s has %d target%s with ok rows: nothing to compare "
			"(two runs: nfsweep compare A.csv B.csv)\n",
			file, t->ntargets, t->ntargets == 1 ? "" : "s");
		return EXIT_USAGE;
	}
	ret = find_base(t, file, o->base, &base);
	if (ret)
		return ret;
	if (reference_load_dir(o->reference ? o->reference : nfsweep_default_reference_dir(), &ref,
			       why, sizeof(why)))
		fprintf(stderr, "nfsweep compare: no published gains shown: %s\n", why);
	ret = EXIT_SETUP;
	if (!open_out(o, file, "compare.csv", outbuf, sizeof(outbuf), &out)) {
		print_headlines(t, &ref, file, &out);
		print_points(t, base, &out);
		ret = commit_out(&out);
	}
	reference_free(&ref);
	return ret;
}

static int cmd_compare_main(const struct command *cmd, int argc, char **argv)
{
	struct compare_opts o = { 0 };
	struct results_table *t[2] = { NULL, NULL };
	char why[512], outbuf[PATH_MAX];
	struct csv_file out;
	int ret, argi, nfiles, unused = 0;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	nfiles = argc - argi;
	if (nfiles == 2 && o.base) {
		fprintf(stderr, "nfsweep compare: --base is for the targets of one file; two files "
				"compare each target with itself\n");
		return EXIT_USAGE;
	}
	for (int i = 0; i < nfiles; i++) {
		t[i] = results_table_read(argv[argi + i], why, sizeof(why));
		if (!t[i]) {
			fprintf(stderr, "nfsweep compare: %s\n", why);
			ret = EXIT_SETUP;
			goto out;
		}
		unused += rt_report_unused(t[i], "compare", argv[argi + i]);
	}
	if (nfiles == 1 && o.report) {
		fprintf(stderr,
			"nfsweep compare: --report is for two files; the page of one run is "
			"nfsweep report %s\n",
			argv[argi]);
		ret = EXIT_USAGE;
		goto out;
	}
	if (nfiles == 1) {
		ret = compare_targets(&o, t[0], argv[argi]);
		goto out;
	}
	if (open_out(&o, argv[argi + 1], "compare-runs.csv", outbuf, sizeof(outbuf), &out)) {
		ret = EXIT_SETUP;
		goto out;
	}
	if (compare_runs(t[0], t[1], argv[argi], argv[argi + 1], &out)) {
		ret = commit_out(&out);
		if (ret == EXIT_OK && o.report)
			ret = write_runs_page(argv[argi], argv[argi + 1], o.out);
	} else {
		csv_file_abort(&out);
		fprintf(stderr,
			"nfsweep compare: %s and %s have no point in common (profile, target "
			"and read %% with ok rows in both)\n",
			argv[argi], argv[argi + 1]);
		ret = EXIT_USAGE;
	}
out:
	free(t[0]);
	free(t[1]);
	/* what was shown left lines of the input out: said above, and in the status */
	return ret == EXIT_OK && unused ? EXIT_FAILED : ret;
}

const struct command command_compare = {
	.name = "compare",
	.summary = "ratios between targets (nc8/nc1), headline gains",
	.args = "FILE.csv [AFTER.csv]",
	.min_args = 1,
	.max_args = 2,
	.about =
		"With one file: the ratio of each target to the base target per profile and read "
		"%, on total\nMiB/s (64 KiB and larger blocks) or total IOPS, and the headline "
		"ratios of the published\nnconnect comparison (seq read, seq write, random read, "
		"random write) beside the published\ngains and their difference from them (compare.csv). With two files (before "
		"and after a tuning change): each point of the\nsecond over the same point of the "
		"first, throughput and p99 latency of reads and writes\n(compare-runs.csv beside "
		"the second). Printed, and written as CSV to --out; with --report, also as a "
		"page\n(compare-runs.html).",
	.opts = compare_opts,
	.exits =
		(const struct exit_use[]){
			{ EXIT_OK, NULL },
			{ EXIT_FAILED, "some lines of the input could not be used (each named)" },
			{ EXIT_USAGE, "usage (unknown --base, fewer than two targets, two files "
				      "with no point in common)" },
			{ EXIT_SETUP,
			  "unreadable input, or output not written (nothing of it is left)" },
			{ -1, NULL } },
	.run = cmd_compare_main,
};
