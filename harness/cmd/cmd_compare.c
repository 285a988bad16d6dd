// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep compare FILE.csv [--base LABEL] [--out FILE]: each target against
 * a base target (nc8 / nc1), per profile and read %, plus the four headline
 * ratios of the published nconnect comparison beside the published gains.
 * Printed as a table and written as CSV (compare.csv beside FILE). The
 * figures and their verdicts are results/compare_figs.c's: this file prints.
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
#include "results/compare_figs.h"
#include "util/csv.h"
#include "results/reference.h"
#include "results/results_table.h"
#include "report/report.h"
#include "results/schema.h"
#include "results/verdict.h"
#include "util/paths.h"

struct compare_opts {
	const char *base, *out, *reference;
	int report, headlines;
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
static const struct opt o_headlines = {
	.name = "headlines",
	.type = OPT_FLAG,
	.off = offsetof(struct compare_opts, headlines),
	.help = "one file: print the headline ratios and the notes only (the CSV has every ratio)",
	.more = "What make sweep prints at its end: the published nconnect comparison beside the "
		"published gains, and what its marks mean; the ratio of every point is still written "
		"to the CSV.",
};
static const struct opt *const compare_opts[] = { &o_base,   &o_out,	   &o_reference,
						  &o_report, &o_headlines, NULL };

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
 * "2.39x [2.10, 2.71] better" into @buf: the ratio the interval is of (of the geometric means
 * of the repeats, or of the seconds' means), or "2.39x ?" where not judged (the means' ratio,
 * as the CSV's ratio). Judged by one run's seconds: "^" after the verdict; its batches still
 * correlated: "*".
 */
static const char *shown(const struct verdict_fig *f, char *buf, size_t len)
{
	if (!f->has)
		snprintf(buf, len, "-");
	else if (f->verdict == VERDICT_NOT_JUDGED)
		snprintf(buf, len, "%.2fx ?", f->ratio);
	else
		snprintf(buf, len, "%.2fx [%.2f, %.2f] %s%s%s", f->r.ratio, f->r.lo, f->r.hi,
			 verdict_mark(f->verdict), f->method == VERDICT_SECONDS ? "^" : "",
			 f->correlated ? "*" : "");
	return buf;
}

/*
 * What the figures' intervals are: the family's rule, its level, and what one run can say.
 * Printed after the tables.
 */
static void print_family(const struct compare_figs *fs, double level, int judged, int different)
{
	int seconds = 0, repeats = 0, not_judged = 0, correlated = 0, better = 0;
	const char *why = NULL;

	for (size_t i = 0; i < fs->n; i++) {
		const struct verdict_fig *f = &fs->f[i];

		if (!f->has)
			continue;
		seconds += f->method == VERDICT_SECONDS;
		repeats += f->method == VERDICT_REPEATS;
		correlated += f->correlated;
		better += f->verdict == VERDICT_BETTER;
		if (f->verdict == VERDICT_NOT_JUDGED) {
			not_judged++;
			why = why ? why : f->why;
		}
	}
	printf("\n%d figure%s judged: %d different (%d better, %d worse), the others no difference "
	       "this data can show (~).\n",
	       judged, judged == 1 ? "" : "s", different, better, different - better);
	if (judged)
		printf("Benjamini-Hochberg at %.0f %% over the %d: with no real difference anywhere, "
		       "the chance of even one false alarm\nhere is at most %.0f %%; of the figures "
		       "called different, %.0f %% at most are not, on average. Each interval\nis at "
		       "%.2f %%, the level that matches: a figure is different exactly when its "
		       "interval leaves out 1x.\n",
		       VERDICT_Q * 100, judged, VERDICT_Q * 100, VERDICT_Q * 100, level * 100);
	if (repeats)
		printf("%d from repeats (Welch's t on their logarithms): the noise between runs.\n",
		       repeats);
	if (seconds)
		printf("^: %d from one run a side, by its seconds (10 batches): the noise within a "
		       "run, a lower bound on the\nnoise between runs, which can be far larger. One "
		       "run cannot show a difference smaller than these\nintervals, and a larger one "
		       "may still be the runs' own: --repeat 3 or more, the two settings'\nrepeats "
		       "in turn (docs/your-mounts.md, before and after; results-schema/README.md, Differences and "
		       "noise).\n",
		       seconds);
	if (correlated)
		printf("*: %d whose seconds' batches are still correlated: the interval is too "
		       "narrow (a bursting or drifting\ntarget: plot --timeline).\n",
		       correlated);
	if (not_judged)
		printf("?: %d not judged, e.g.: %s\n", not_judged, why);
}

/*
 * compare --headlines (make sweep's): what the headline ratios say against the published gains,
 * and where the rest is. Printed after the table.
 */
static void print_headline_family(const struct results_table *t, const struct reference *ref,
				  const struct compare_figs *fs, size_t nh, double level)
{
	int agree = 0, differ = 0, not_judged = 0, repeats = 0;
	const char *why = NULL;
	size_t k = 0;

	const struct headline *hls;
	size_t nhl = compare_headlines(&hls);

	for (size_t h = 0; h < nhl; h++) {
		const struct ref_value *pub = reference_find(ref, "nconnect gain", hls[h].profile,
							     hls[h].read_pct, "ratio");

		for (int tg = 0; tg < t->ntargets && k < nh; tg++) {
			const struct verdict_fig *f;

			if (!compare_nconnect_variant(t, tg))
				continue;
			f = &fs->f[k++];
			switch (compare_published_verdict(f, pub ? pub->value : -1)) {
			case PUBLISHED_AGREES:
				agree++;
				break;
			case PUBLISHED_DIFFERS:
				differ++;
				break;
			case PUBLISHED_NOT_JUDGED:
				not_judged++;
				why = why ? why : f->has ? f->why : "the figure is missing";
				break;
			default:
				break;
			}
			repeats += f->method == VERDICT_REPEATS;
		}
	}
	printf("\nAgainst the published gains: %d agree%s, %d differ%s.\n", agree,
	       agree == 1 ? "s" : "", differ, differ == 1 ? "s" : "");
	printf("(A gain agrees when its %.1f %% interval reaches the published one, to the %.2fx "
	       "that is rounded to.)\n",
	       level * 100, PUBLISHED_ROUNDING);
	if (repeats)
		printf("The intervals come from the repeats of each headline point (Welch's t on "
		       "their logarithms): the noise\nbetween runs.\n");
	if (not_judged)
		printf("?: %d not judged: %s. Repeat the headline points: nfsweep run "
		       "--headline-repeat 3 (make sweep: REPEAT=3).\n",
		       not_judged, why);
	printf("Every point's ratio to the base, with its verdict: compare.csv and the report.\n");
}

static void print_headlines(const struct results_table *t, const struct reference *ref,
			    const char *file, const struct compare_figs *fs, double level,
			    struct csv_file *out)
{
	int base = compare_nconnect_one(t), n = 0;
	size_t k = 0;

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
	       "published gain (difference: measured / published - 1, with the interval's):\n",
	       t->targets[base]);
	printf("  %-26s %-6s", "workload", "unit");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (compare_nconnect_variant(t, tg))
			printf(" %-28s", t->targets[tg]);
	printf(" %9s", "published");
	for (int tg = 0; tg < t->ntargets; tg++) {
		if (compare_nconnect_variant(t, tg))
			printf("  %.5s diff", t->targets[tg]);
	}
	printf("\n");
	const struct headline *hls;
	size_t nhl = compare_headlines(&hls);

	for (size_t h = 0; h < nhl; h++) {
		const struct headline *hl = &hls[h];
		const struct ref_value *pub =
			reference_find(ref, "nconnect gain", hl->profile, hl->read_pct, "ratio");
		char pubs[16] = "-", diffs[RT_MAX][48], cell[64];
		int nd = 0;

		if (pub)
			snprintf(pubs, sizeof(pubs), "%.1fx", pub->value);
		printf("  %-26s %-6s", hl->name, hl->unit);
		for (int tg = 0; tg < t->ntargets; tg++) {
			const struct verdict_fig *f;

			if (!compare_nconnect_variant(t, tg))
				continue;
			f = &fs->f[k++];
			snprintf(diffs[nd], sizeof(diffs[nd]), "-");
			printf(" %-28s", shown(f, cell, sizeof(cell)));
			if (f->has && pub && pub->value > 0) {
				int m = snprintf(diffs[nd], sizeof(diffs[nd]), "%+.0f%%",
						 compare_shown_round(compare_pct_from_published(
									     f->ratio, pub->value),
								     1));

				if (f->verdict != VERDICT_NOT_JUDGED && m > 0)
					snprintf(diffs[nd] + m, sizeof(diffs[nd]) - (size_t)m,
						 " [%+.0f%%, %+.0f%%] %s",
						 compare_shown_round(compare_pct_from_published(
									     f->r.lo, pub->value),
								     1),
						 compare_shown_round(compare_pct_from_published(
									     f->r.hi, pub->value),
								     1),
						 compare_published_word(
							 compare_published_verdict(f, pub->value)));
			}
			nd++;
			if (f->has)
				compare_csv_row(out, "headline", hl->profile, f, t->targets[tg],
						t->targets[base], pub ? pub->value : -1, hl->name,
						level);
		}
		printf(" %9s", pubs);
		for (int i = 0; i < nd; i++)
			printf("  %s", diffs[i]);
		printf("\n");
	}
}

/* Every point's ratio into the CSV, and unless @csv_only, printed. */
static void print_points(const struct results_table *t, int base, const struct compare_figs *fs,
			 size_t k, double level, struct csv_file *out, int csv_only)
{
	for (int p = 0; p < t->nprofiles; p++) {
		enum rt_metric m = rt_is_throughput(t, p) ? RT_TOTAL_MIB : RT_TOTAL_IOPS;

		if (!csv_only)
			printf("\n%s: total %s, ratio to %s, with its interval\n%-7s",
			       t->profiles[p], m == RT_TOTAL_MIB ? "MiB/s" : "IOPS",
			       t->targets[base], "read %");
		for (int tg = 0, left = t->ntargets - 1; tg < t->ntargets; tg++)
			if (tg != base && !csv_only)
				printf(--left ? " %-28s" : " %s", t->targets[tg]);
		if (!csv_only)
			printf("\n");
		for (int pct = 100; pct >= 0; pct--) {
			if (!rt_has_pct(t, p, pct))
				continue;
			if (!csv_only)
				printf("%-7d", pct);
			for (int tg = 0; tg < t->ntargets; tg++) {
				const struct verdict_fig *f;
				char cell[64];

				if (tg == base)
					continue;
				f = &fs->f[k++];
				if (!csv_only)
					printf(tg == t->ntargets - 1 || (tg == t->ntargets - 2 &&
									 base == t->ntargets - 1) ?
						       " %s" :
						       " %-28s",
					       shown(f, cell, sizeof(cell)));
				if (f->has)
					compare_csv_row(out, "point", t->profiles[p], f,
							t->targets[tg], t->targets[base], -1, "",
							level);
			}
			if (!csv_only)
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

/*
 * compare A.csv B.csv: run B against run A (before and after a change),
 * point by point: each target against itself, the figures judged as one family.
 */
static void print_runs(const struct results_table *a, const struct results_table *b, const char *fa,
		       const char *fb, const struct compare_figs *fs, double level,
		       struct csv_file *out)
{
	const char *base = strrchr(fa, '/') ? strrchr(fa, '/') + 1 : fa;
	size_t k = 0;

	printf("%s against %s, point by point: each figure of the second over the first, with "
	       "its interval\n",
	       fb, fa);
	for (int pa = 0; pa < a->nprofiles; pa++) {
		int pb = rt_profile(b, a->profiles[pa]), head = 0;

		for (int pct = 100; pb >= 0 && pct >= 0; pct--) {
			for (int ta = 0; ta < a->ntargets; ta++) {
				if (compare_shared_point(a, b, pa, pb, pct, ta) < 0)
					continue;
				if (!head++)
					printf("\n%s (second / first)\n%-7s %-10s %-28s %-28s %s\n",
					       a->profiles[pa], "read %", "target",
					       rt_is_throughput(a, pa) ? "total MiB/s" :
									 "total IOPS",
					       "read p99", "write p99");
				printf("%-7d %-10s", pct, a->targets[ta]);
				for (int m = 0; m < 3; m++, k++) {
					const struct verdict_fig *f = &fs->f[k];
					char cell[64];

					printf(m < 2 ? " %-28s" : " %s",
					       shown(f, cell, sizeof(cell)));
					if (f->has)
						compare_csv_row(out, "runs", a->profiles[pa], f,
								a->targets[ta], base, -1,
								"second file / first file", level);
				}
				printf("\n");
			}
		}
	}
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
	struct compare_figs fs = { 0 };
	struct compare_family fam = { 0 };
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
	ret = compare_targets_figs(t, file, base, &fs, &fam);
	if (ret) {
		fprintf(stderr, "nfsweep compare: the figures of %s: %s\n", file, strerror(-ret));
		compare_figs_free(&fs);
		reference_free(&ref);
		return EXIT_SETUP;
	}
	ret = EXIT_SETUP;
	if (!open_out(o, file, "compare.csv", outbuf, sizeof(outbuf), &out)) {
		print_headlines(t, &ref, file, &fs, fam.level, &out);
		print_points(t, base, &fs, fam.nh, fam.level, &out, o->headlines);
		if (o->headlines)
			print_headline_family(t, &ref, &fs, fam.nh, fam.level);
		else
			print_family(&fs, fam.level, fam.judged, fam.different);
		ret = commit_out(&out);
	}
	compare_figs_free(&fs);
	reference_free(&ref);
	return ret;
}

/*
 * Read the @n files named in @arg into @t, a directory's sweep.csv in its place (into
 * @files; @arg then points there, for what follows to name). 0, or an exit status, said.
 */
static int load_files(char **arg, int n, char files[2][PATH_MAX], struct results_table *t[2],
		      int *unused)
{
	char why[512];

	for (int i = 0; i < n; i++) {
		const char *path;
		int ret = cmd_results_arg("compare", arg[i], files[i], PATH_MAX, &path);

		if (ret)
			return ret;
		arg[i] = (char *)path;
		t[i] = results_table_read(arg[i], why, sizeof(why));
		if (!t[i]) {
			fprintf(stderr, "nfsweep compare: %s\n", why);
			return EXIT_SETUP;
		}
		*unused += rt_report_unused(t[i], "compare", arg[i]);
	}
	return 0;
}

static int cmd_compare_main(const struct command *cmd, int argc, char **argv)
{
	struct compare_opts o = { 0 };
	struct results_table *t[2] = { NULL, NULL };
	char outbuf[PATH_MAX], files[2][PATH_MAX];
	struct compare_figs fs = { 0 };
	struct csv_file out;
	int ret, argi, nfiles, unused = 0, matched, judged, different;
	double level;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	nfiles = argc - argi;
	if (nfiles == 2 && o.base) {
		fprintf(stderr, "nfsweep compare: --base is for the targets of one file; two files "
				"compare each target with itself\n");
		return EXIT_USAGE;
	}
	ret = load_files(argv + argi, nfiles, files, t, &unused);
	if (ret)
		goto out;
	if (nfiles == 1 && o.report) {
		fprintf(stderr,
			"nfsweep compare: --report is for two files; the page of one run is "
			"nfsweep report %s\n",
			argv[argi]);
		ret = EXIT_USAGE;
		goto out;
	}
	if (nfiles == 2 && o.headlines) {
		fprintf(stderr,
			"nfsweep compare: --headlines is for one file (the published nconnect "
			"comparison of its targets); two runs have no headlines\n");
		ret = EXIT_USAGE;
		goto out;
	}
	if (nfiles == 1) {
		ret = compare_targets(&o, t[0], argv[argi]);
		goto out;
	}
	matched = compare_runs_figs(t[0], t[1], argv[argi], argv[argi + 1], &fs);
	if (matched < 0) {
		fprintf(stderr, "nfsweep compare: the figures of %s and %s: %s\n", argv[argi],
			argv[argi + 1], strerror(ENOMEM));
		ret = EXIT_SETUP;
		goto out;
	}
	if (!matched) {
		fprintf(stderr,
			"nfsweep compare: %s and %s have no point in common (profile, target "
			"and read %% with ok rows in both)\n",
			argv[argi], argv[argi + 1]);
		ret = EXIT_USAGE;
		goto out;
	}
	different = verdict_family(fs.f, fs.n, &level, &judged);
	if (open_out(&o, argv[argi + 1], "compare-runs.csv", outbuf, sizeof(outbuf), &out)) {
		ret = EXIT_SETUP;
		goto out;
	}
	print_runs(t[0], t[1], argv[argi], argv[argi + 1], &fs, level, &out);
	print_family(&fs, level, judged, different);
	ret = commit_out(&out);
	if (ret == EXIT_OK && o.report)
		ret = write_runs_page(argv[argi], argv[argi + 1], o.out);
out:
	compare_figs_free(&fs);
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
		"random write) beside the published\ngains and their difference from them (compare.csv; "
		"--headlines prints these only).\nWith two files (before and after a tuning change): "
		"each point of the second over the same\npoint of the first, throughput and p99 "
		"latency of reads and writes (compare-runs.csv\nbeside the second). Each ratio with its interval and a verdict: better,\nworse, or "
		"~, no difference this data can show; from the repeats (--repeat), or from one\n"
		"run's seconds, a lower bound on the noise; all the figures judged together by\n"
		"Benjamini and Hochberg's rule at 5 % (results-schema/README.md, Differences and "
		"noise).\nPrinted, and written as CSV to --out; with --report, also as a page\n"
		"(compare-runs.html).",
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
