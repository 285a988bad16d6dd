// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep compare FILE.csv [--base LABEL] [--out FILE]: each target against
 * a base target (nc8 / nc1), per profile and read %, plus the four headline
 * ratios of the published nconnect comparison beside the published gains.
 * Printed as a table and written as CSV (compare.csv beside FILE).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "compare.h"
#include "csv.h"
#include "reference.h"
#include "results_table.h"

const struct headline headlines[NHEADLINES] = {
	{ "64 KiB sequential read", "seq64k", 100, RT_READ_MIB, "MiB/s" },
	{ "64 KiB sequential write", "seq64k", 0, RT_WRITE_MIB, "MiB/s" },
	{ "4 KiB random read", "rand4k", 100, RT_READ_IOPS, "IO/s" },
	{ "4 KiB random write", "rand4k", 0, RT_WRITE_IOPS, "IO/s" },
};

int compare_ratio(const struct results_table *t, int p, int pct, int tg, int base,
		  enum rt_metric m, double *value, double *base_value, double *ratio)
{
	int h1, h2;

	*value = rt_mean(t, p, pct, tg, m, &h1);
	*base_value = rt_mean(t, p, pct, base, m, &h2);
	if (!h1 || !h2 || *base_value <= 0)
		return -1;
	*ratio = *value / *base_value;
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out, "usage: nfsweep compare FILE.csv [--base LABEL] [--out FILE] [--reference DIR]\n\n"
		"Ratios of each target to the base target (default: the first in the file) per\n"
		"profile and read %%, on total MiB/s (64 KiB and larger blocks) or total IOPS, and the\n"
		"headline ratios of the published nconnect comparison (seq read, seq write, random\n"
		"read, random write) beside the published gains. Written as CSV to --out\n"
		"(default: compare.csv beside FILE).\n\n"
		"exit status: 0, 2 usage (unknown --base), 3 unreadable input or output\n");
}

int cmd_compare(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "base", required_argument, NULL, 'b' },
		{ "out", required_argument, NULL, 'o' },
		{ "reference", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *base_label = NULL, *out = NULL, *refdir = reference_default_dir();
	struct results_table *t = NULL;
	struct reference ref = { 0 };
	char why[512], outbuf[PATH_MAX];
	int c, base, ret = 3, fd;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'b': base_label = optarg; break;
		case 'o': out = optarg; break;
		case 'r': refdir = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	t = malloc(sizeof(*t));
	if (!t || results_table_load(argv[optind], t, why, sizeof(why))) {
		fprintf(stderr, "nfsweep compare: %s\n", t ? why : "out of memory");
		goto out;
	}
	if (reference_load_dir(refdir, &ref, why, sizeof(why)))
		fprintf(stderr, "nfsweep compare: no published gains shown: %s\n", why);
	if (t->ntargets < 2) {
		fprintf(stderr, "nfsweep compare: %s has %d target%s with ok rows: nothing to compare\n",
			argv[optind], t->ntargets, t->ntargets == 1 ? "" : "s");
		ret = 2;
		goto out;
	}
	base = base_label ? rt_target(t, base_label) : 0;
	if (base < 0) {
		fprintf(stderr, "nfsweep compare: --base %s: no such target in %s (targets:", base_label,
			argv[optind]);
		for (int i = 0; i < t->ntargets; i++)
			fprintf(stderr, " %s", t->targets[i]);
		fprintf(stderr, ")\n");
		ret = 2;
		goto out;
	}
	if (!out) {
		const char *slash = strrchr(argv[optind], '/');

		snprintf(outbuf, sizeof(outbuf), "%.*scompare.csv",
			 slash ? (int)(slash - argv[optind] + 1) : 0, argv[optind]);
		out = outbuf;
	}
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "nfsweep compare: open %s: %s\n", out, strerror(errno));
		goto out;
	}
	{
		const char *hdr[] = { "kind", "profile", "read_pct", "metric", "target", "base",
				      "value", "base_value", "ratio", "published_ratio", "what" };
		csv_append_record(fd, hdr, 11);
	}

	/* The headline ratios first: what the article's scale-up section shows. */
	printf("nconnect comparison, each target against %s:\n", t->targets[base]);
	printf("  %-26s %-8s", "workload", "unit");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (tg != base)
			printf(" %10s", t->targets[tg]);
	printf(" %10s\n", "published");
	for (int h = 0; h < NHEADLINES; h++) {
		int p = rt_profile(t, headlines[h].profile);
		const struct ref_value *pub = reference_find(&ref, "nconnect gain", headlines[h].profile,
							     headlines[h].read_pct, "ratio");
		char pubs[16] = "-";

		if (pub)
			snprintf(pubs, sizeof(pubs), "%.1fx", pub->value);
		printf("  %-26s %-8s", headlines[h].name, headlines[h].unit);
		for (int tg = 0; tg < t->ntargets; tg++) {
			double v, bv, r;
			char cells[6][32];
			const char *rowc[11];

			if (tg == base)
				continue;
			if (p < 0 || compare_ratio(t, p, headlines[h].read_pct, tg, base,
						   headlines[h].metric, &v, &bv, &r)) {
				printf(" %10s", "-");
				continue;
			}
			printf(" %9.2fx", r);
			snprintf(cells[0], 32, "%d", headlines[h].read_pct);
			snprintf(cells[1], 32, "%.3f", v);
			snprintf(cells[2], 32, "%.3f", bv);
			snprintf(cells[3], 32, "%.3f", r);
			snprintf(cells[4], 32, "%.3f", pub ? pub->value : 0.0);
			if (!pub)
				cells[4][0] = '\0';
			rowc[0] = "headline"; rowc[1] = headlines[h].profile; rowc[2] = cells[0];
			rowc[3] = rt_metric_column[headlines[h].metric]; rowc[4] = t->targets[tg];
			rowc[5] = t->targets[base]; rowc[6] = cells[1]; rowc[7] = cells[2];
			rowc[8] = cells[3]; rowc[9] = cells[4]; rowc[10] = headlines[h].name;
			csv_append_record(fd, rowc, 11);
		}
		printf(" %10s\n", pubs);
	}

	/* Then every point. */
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
				double v, bv, r;
				char cells[4][32];
				const char *rowc[11];

				if (tg == base)
					continue;
				if (compare_ratio(t, p, pct, tg, base, m, &v, &bv, &r)) {
					printf(" %10s", "-");
					continue;
				}
				printf(" %9.2fx", r);
				snprintf(cells[0], 32, "%d", pct);
				snprintf(cells[1], 32, "%.3f", v);
				snprintf(cells[2], 32, "%.3f", bv);
				snprintf(cells[3], 32, "%.3f", r);
				rowc[0] = "point"; rowc[1] = t->profiles[p]; rowc[2] = cells[0];
				rowc[3] = rt_metric_column[m]; rowc[4] = t->targets[tg];
				rowc[5] = t->targets[base]; rowc[6] = cells[1]; rowc[7] = cells[2];
				rowc[8] = cells[3]; rowc[9] = ""; rowc[10] = "";
				csv_append_record(fd, rowc, 11);
			}
			printf("\n");
		}
	}
	close(fd);
	fprintf(stderr, "nfsweep compare: written to %s\n", out);
	ret = 0;
out:
	reference_free(&ref);
	free(t);
	return ret;
}
