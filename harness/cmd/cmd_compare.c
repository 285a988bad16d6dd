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
#include "util/paths.h"

struct compare_opts {
	const char *base, *out, *reference;
};

static const struct opt
o_base = { .name = "base", .arg = "LABEL", .type = OPT_STR,
	.off = offsetof(struct compare_opts, base),
	.help = "the target the others are divided by (default: the first in the file)",
	.example = "nc1" },
o_out = { .name = "out", .arg = "FILE", .type = OPT_STR, .off = offsetof(struct compare_opts, out),
	.help = "where the CSV goes (default: compare.csv beside FILE.csv)",
	.complete = OPT_COMPLETE_FILE, .example = "compare.csv" },
o_reference = { .name = "reference", .arg = "DIR", .type = OPT_STR,
	.off = offsetof(struct compare_opts, reference),
	.help = "the published figures (default: results-schema/reference, or the installed copy)",
	.complete = OPT_COMPLETE_DIR, .example = "results-schema/reference" };
static const struct opt *const compare_opts[] = { &o_base, &o_out, &o_reference, NULL };

#define NCSV 11
static const char *const csv_header[NCSV] = { "kind", "profile", "read_pct", "metric", "target",
					      "base", "value", "base_value", "ratio",
					      "published_ratio", "what" };

/* One CSV row of a ratio; @published < 0: none. */
static void csv_ratio(int fd, const char *kind, const char *profile, int pct, enum rt_metric m,
		      const char *target, const char *base, const double vals[3], double published,
		      const char *what)
{
	char cells[5][32];
	const char *row[NCSV] = { kind, profile, cells[0], rt_metric_column[m], target, base,
				  cells[1], cells[2], cells[3], cells[4], what };

	snprintf(cells[0], 32, "%d", pct);
	for (int i = 0; i < 3; i++)
		snprintf(cells[1 + i], 32, "%.3f", vals[i]);
	if (published >= 0)
		snprintf(cells[4], 32, "%.3f", published);
	else
		cells[4][0] = '\0';
	csv_append_record(fd, row, NCSV);
}

/* The headline ratios first: what the article's scale-up section shows. */
static void print_headlines(const struct results_table *t, const struct reference *ref, int base,
			    int fd)
{
	printf("nconnect comparison, each target against %s:\n", t->targets[base]);
	printf("  %-26s %-8s", "workload", "unit");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (tg != base)
			printf(" %10s", t->targets[tg]);
	printf(" %10s\n", "published");
	for (int h = 0; h < NHEADLINES; h++) {
		const struct headline *hl = &headlines[h];
		int p = rt_profile(t, hl->profile);
		const struct ref_value *pub = reference_find(ref, "nconnect gain", hl->profile,
							     hl->read_pct, "ratio");
		char pubs[16] = "-";

		if (pub)
			snprintf(pubs, sizeof(pubs), "%.1fx", pub->value);
		printf("  %-26s %-8s", hl->name, hl->unit);
		for (int tg = 0; tg < t->ntargets; tg++) {
			double v[3];

			if (tg == base)
				continue;
			if (p < 0 || compare_ratio(t, p, hl->read_pct, tg, base, hl->metric, &v[0],
						   &v[1], &v[2])) {
				printf(" %10s", "-");
				continue;
			}
			printf(" %9.2fx", v[2]);
			csv_ratio(fd, "headline", hl->profile, hl->read_pct, hl->metric, t->targets[tg],
				  t->targets[base], v, pub ? pub->value : -1, hl->name);
		}
		printf(" %10s\n", pubs);
	}
}

/* Then every point, per profile. */
static void print_points(const struct results_table *t, int base, int fd)
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
				csv_ratio(fd, "point", t->profiles[p], pct, m, t->targets[tg],
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

static int cmd_compare_main(const struct command *cmd, int argc, char **argv)
{
	struct compare_opts o = { 0 };
	struct results_table *t = NULL;
	struct reference ref = { 0 };
	char why[512], outbuf[PATH_MAX];
	const char *file;
	int ret, argi, base, fd;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	file = argv[argi];
	ret = EXIT_SETUP;
	t = results_table_read(file, why, sizeof(why));
	if (!t) {
		fprintf(stderr, "nfsweep compare: %s\n", why);
		goto out;
	}
	if (reference_load_dir(o.reference ? o.reference : nfsweep_default_reference_dir(), &ref,
			       why, sizeof(why)))
		fprintf(stderr, "nfsweep compare: no published gains shown: %s\n", why);
	if (t->ntargets < 2) {
		fprintf(stderr, "nfsweep compare: %s has %d target%s with ok rows: nothing to compare\n",
			file, t->ntargets, t->ntargets == 1 ? "" : "s");
		ret = EXIT_USAGE;
		goto out;
	}
	ret = find_base(t, file, o.base, &base);
	if (ret)
		goto out;
	if (!o.out) {
		if (path_dir_of(file, outbuf, sizeof(outbuf)) ||
		    strlen(outbuf) + sizeof("/compare.csv") > sizeof(outbuf)) {
			fprintf(stderr, "nfsweep compare: %s: path too long\n", file);
			ret = EXIT_USAGE;
			goto out;
		}
		strcat(outbuf, "/compare.csv");
		o.out = outbuf;
	}
	fd = open(o.out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "nfsweep compare: open %s: %s\n", o.out, strerror(errno));
		ret = EXIT_SETUP;
		goto out;
	}
	csv_append_record(fd, csv_header, NCSV);
	print_headlines(t, &ref, base, fd);
	print_points(t, base, fd);
	close(fd);
	fprintf(stderr, "nfsweep compare: written to %s\n", o.out);
	ret = EXIT_OK;
out:
	reference_free(&ref);
	free(t);
	return ret;
}

const struct command command_compare = {
	.name = "compare",
	.summary = "ratios between targets (nc8/nc1), headline gains",
	.args = "FILE.csv",
	.min_args = 1, .max_args = 1,
	.about = "Ratios of each target to the base target per profile and read %, on total MiB/s "
		 "(64 KiB\nand larger blocks) or total IOPS, and the headline ratios of the published "
		 "nconnect\ncomparison (seq read, seq write, random read, random write) beside the "
		 "published gains.\nPrinted, and written as CSV to --out.",
	.opts = compare_opts,
	.exit_status = "0, 2 usage (unknown --base, fewer than two targets), 3 unreadable input or "
		       "output",
	.run = cmd_compare_main,
};
