// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep summary FILE.csv: per profile, a table of read % x target with the
 * headline figure of each point (MiB/s for 64 KiB and larger blocks, IOPS
 * below), the mean of its ok rows; its latency; and what limited it.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "limits/limit.h"
#include "results/reference.h"
#include "results/results_table.h"
#include "results/rows.h"

/* "p50/p99" of one direction, "-" without completions. */
static const char *lat_cell(const struct results_table *t, int p, int pct, int tg,
			    enum rt_metric p50, enum rt_metric p99, char *buf, size_t len)
{
	int h50, h99;
	double a = rt_mean(t, p, pct, tg, p50, &h50), b = rt_mean(t, p, pct, tg, p99, &h99);

	if (!h50 || !h99)
		return "-";
	snprintf(buf, len, "%.3f/%.3f", a / 1000, b / 1000); /* the rows' us, shown in ms */
	return buf;
}

/* A cell of a read % x target table: as wide as the widest a table of them has */
typedef char grid_cell[80];

/*
 * Profile @p's read % x target table of @cells under "@profile: @what": each column as wide as
 * its widest cell, two spaces between, so that none runs into the next.
 */
static void print_grid(const struct results_table *t, int p, const char *what,
		       grid_cell (*cells)[RT_MAX])
{
	int width[RT_MAX];

	for (int tg = 0; tg < t->ntargets; tg++) {
		width[tg] = (int)strlen(t->targets[tg]);
		for (int pct = 100; pct >= 0; pct--)
			if (rt_has_pct(t, p, pct) && (int)strlen(cells[pct][tg]) > width[tg])
				width[tg] = (int)strlen(cells[pct][tg]);
	}
	printf("\n%s: %s\n%-7s", t->profiles[p], what, "read %");
	for (int tg = 0; tg < t->ntargets; tg++)
		printf("  %*s", width[tg], t->targets[tg]);
	printf("\n");
	for (int pct = 100; pct >= 0; pct--) {
		if (!rt_has_pct(t, p, pct))
			continue;
		printf("%-7d", pct);
		for (int tg = 0; tg < t->ntargets; tg++)
			printf("  %*s", width[tg], cells[pct][tg]);
		printf("\n");
	}
}

/*
 * Completion latency per read % and target: reads | writes, p50/p99 in ms, as every other
 * output.
 */
static void print_latency(const struct results_table *t, int p)
{
	grid_cell cells[101][RT_MAX];

	for (int pct = 100; pct >= 0; pct--)
		for (int tg = 0; rt_has_pct(t, p, pct) && tg < t->ntargets; tg++) {
			char r[32], w[32];

			snprintf(cells[pct][tg], sizeof(cells[0][0]), "%s | %s",
				 lat_cell(t, p, pct, tg, RT_READ_P50, RT_READ_P99, r, sizeof(r)),
				 lat_cell(t, p, pct, tg, RT_WRITE_P50, RT_WRITE_P99, w, sizeof(w)));
			if (!rt_rows(t, p, pct, tg))
				snprintf(cells[pct][tg], sizeof(cells[0][0]), "-");
		}
	print_grid(t, p, "completion latency p50/p99 in ms, reads | writes (mean of ok rows)",
		   cells);
}

/* Has any point of profile @p two or more ok rows? */
static int repeated(const struct results_table *t, int p)
{
	for (int pct = 0; pct <= 100; pct++)
		for (int tg = 0; tg < t->ntargets; tg++)
			if (rt_rows(t, p, pct, tg) > 1)
				return 1;
	return 0;
}

/*
 * Each total, and with repeats its spread: "1234 +-3.1%", the farther end of the 95 % interval
 * of its mean (rt_interval: as compare and plot's bars make it) from the mean.
 */
static void print_profile(const struct results_table *t, int p)
{
	int mib = rt_is_throughput(t, p), rep = repeated(t, p), w = rep ? 20 : 12;
	enum rt_metric m = mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS;

	printf("\n%s: total %s (mean of ok rows%s)\n%-7s", t->profiles[p],
	       mib ? "MiB/s" : rt_rate_unit(t, p),
	       rep ? "; +- the 95 % interval of the mean over the repeats" : "", "read %");
	for (int tg = 0; tg < t->ntargets; tg++)
		printf(" %*s", w, t->targets[tg]);
	printf("\n");
	for (int pct = 100; pct >= 0; pct--) {
		if (!rt_has_pct(t, p, pct))
			continue;
		printf("%-7d", pct);
		for (int tg = 0; tg < t->ntargets; tg++) {
			char cell[48];
			double lo, hi;
			int have;
			double v = rt_mean(t, p, pct, tg, m, &have);

			if (!have) {
				printf(" %*s", w, "-");
				continue;
			}
			if (rt_interval(t, p, pct, tg, m, &lo, &hi) && v > 0)
				snprintf(cell, sizeof(cell), "%.*f +-%.1f%%", mib ? 1 : 0, v,
					 100 * (hi / v - 1 > 1 - lo / v ? hi / v - 1 : 1 - lo / v));
			else
				snprintf(cell, sizeof(cell), "%.*f", mib ? 1 : 0, v);
			printf(" %*s", w, cell);
		}
		printf("\n");
	}
}

/*
 * The limit of one point (profile @p, @pct, target @tg), judged again from its ok sweep rows
 * (nfsweep limits' way): the one named, or the most named and "k/n" when its repeats differ;
 * NULL when none was judged.
 */
static const char *limit_cell(const struct results_table *t, const struct rows *rw, int p, int pct,
			      int tg, char *buf, size_t len)
{
	int named, judged,
		id = limit_point(rw, t->profiles[p], pct, t->targets[tg], &named, &judged);

	if (id < 0)
		return NULL;
	if (named == judged)
		snprintf(buf, len, "%s", limit_name((enum limit_id)id));
	else
		snprintf(buf, len, "%s %d/%d", limit_name((enum limit_id)id), named, judged);
	return buf;
}

/* What limited each point (limits/limit.h), when any of profile @p's was judged. */
static void print_limits(const struct results_table *t, const struct rows *rw, int p)
{
	grid_cell cells[101][RT_MAX];
	int any = 0;

	for (int pct = 100; pct >= 0; pct--)
		for (int tg = 0; rt_has_pct(t, p, pct) && tg < t->ntargets; tg++) {
			if (limit_cell(t, rw, p, pct, tg, cells[pct][tg], sizeof(cells[0][0])))
				any = 1;
			else
				snprintf(cells[pct][tg], sizeof(cells[0][0]), "-");
		}
	if (any)
		print_grid(t, p,
			   "what limited each point (nfsweep limits: the figures, what would "
			   "lift it)",
			   cells);
}

/*
 * --steady rows: how many, and each point that never was steady (it ran to the cap): a
 * throttled or bursting target is exactly that, and its figure is not a steady one.
 */
static void print_steady(const struct results_table *t)
{
	if (!t->steady_rows)
		return;
	printf("\n--steady: %d ok row%s, %d of them never steady (ran to --runtime, the cap%s)%s\n",
	       t->steady_rows, t->steady_rows > 1 ? "s" : "", t->unsteady_rows,
	       t->unsteady_hosts ? "; with --hosts, or ended with the first steady host while "
				   "another was not: FILE.hosts.csv" :
				   "",
	       t->unsteady_rows ? ":" : "");
	for (int p = 0; p < t->nprofiles; p++)
		for (int pct = 100; pct >= 0; pct--)
			for (int tg = 0; tg < t->ntargets; tg++) {
				const struct rt_cell *c = &t->cell[p][pct][tg];

				if (c->unsteady)
					printf("  %s %s read=%d%%: %d of %d row%s\n",
					       t->profiles[p], t->targets[tg], pct, c->unsteady,
					       c->n, c->n > 1 ? "s" : "");
			}
}

/* "16 (4x4)": a depth's I/Os in flight, and its numjobs x iodepth */
static const char *depth_words(const struct results_table *t, int p, char *buf, size_t len)
{
	snprintf(buf, len, "%d (%dx%d)", t->numjobs[p] * t->iodepth[p], t->numjobs[p],
		 t->iodepth[p]);
	return buf;
}

/*
 * A depth sweep's answer, per read share and target of base profile @p's: the depth that moved
 * the most, and the least that came within 10 % of it (rt_depth_knee), with what the data can
 * say of the difference.
 */
static void print_depth(const struct results_table *t, int p)
{
	int mib = rt_is_throughput(t, p), rep = 1, any = 0, published = 0;
	enum rt_metric m = mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS;

	for (int pct = 100; pct >= 0; pct--)
		for (int tg = 0; tg < t->ntargets; tg++) {
			struct rt_knee k;
			char a[96], b[48], c[96];

			if (rt_depth_knee(t, t->profile_base[p], pct, tg, m, 0.9, &k))
				continue;
			if (!any++)
				printf("\n%s: the queue-depth curve, total %s; depth = I/Os in flight "
				       "(numjobs x iodepth)\n%-7s %-12s %-26s %-28s %s\n",
				       t->profile_base[p], mib ? "MiB/s" : rt_rate_unit(t, p),
				       "read %", "target", "the most, at depth",
				       "the least depth within 10 %", "the published depth");
			rep &= k.repeated;
			published |= k.published >= 0;
			snprintf(a, sizeof(a), "%.*f at %s", mib ? 1 : 0, k.most_v,
				 depth_words(t, k.most, b, sizeof(b)));
			snprintf(c, sizeof(c), "%.*f at %s", mib ? 1 : 0, k.knee_v,
				 depth_words(t, k.knee, b, sizeof(b)));
			printf("%-7d %-12s %-26s %-28s ", pct, t->targets[tg], a, c);
			if (k.published >= 0)
				printf("%.*f, %.0f %% of the most", mib ? 1 : 0, k.published_v,
				       100 * k.published_v / k.most_v);
			else
				printf("-");
			printf("%s\n", k.knee != k.most && k.knee_within ?
					       " (the knee's interval reaches the most)" :
					       "");
		}
	if (any && !rep)
		printf("one run per depth: a difference under about 10 %% may be noise (--repeat 3 "
		       "gives each depth an interval)\n");
	if (any && !published)
		printf("the published method's depth (%d jobs x %d) is not in this sweep: "
		       "run --published-depth adds it\n",
		       REFERENCE_METHOD_NUMJOBS, REFERENCE_METHOD_IODEPTH);
}

static int cmd_summary_main(const struct command *cmd, int argc, char **argv)
{
	struct results_table *t;
	char why[512], dir[PATH_MAX];
	const char *path;
	struct rows rw;
	int ret, argi, have_rows;

	ret = cmd_parse(cmd, argc, argv, NULL, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	ret = cmd_results_arg("summary", argv[argi], dir, sizeof(dir), &path);
	if (ret)
		return ret;
	t = results_table_read(path, why, sizeof(why));
	if (!t) {
		fprintf(stderr, "nfsweep summary: %s\n", why);
		return EXIT_SETUP;
	}
	/* the rows again, for their limits: an unreadable file was said above */
	have_rows = !rows_load(path, &table_results, &rw);
	for (int p = 0; p < t->nprofiles; p++) {
		print_profile(t, p);
		print_latency(t, p);
		if (have_rows)
			print_limits(t, &rw, p);
	}
	/* a depth sweep: each profile's curve once, after its depths */
	for (int p = 0; t->depth_sweep && p < t->nprofiles; p++)
		if (rt_profile(t, t->profile_base[p]) < 0 && p == rt_first_depth(t, p))
			print_depth(t, p);
	if (have_rows)
		rows_free(&rw);
	print_steady(t);
	if (t->failed)
		printf("\n%d failed row%s not counted (status column)\n", t->failed,
		       t->failed > 1 ? "s" : "");
	ret = rt_report_unused(t, "summary", path) ? EXIT_FAILED : EXIT_OK;
	free(t);
	return ret;
}

const struct command command_summary = {
	.name = "summary",
	.summary = "a table of read % x target per profile",
	.args = "FILE.csv",
	.min_args = 1,
	.max_args = 1,
	.about =
		"Per profile, read % x target: total MiB/s (blocks of 64 KiB and more) or total "
		"IOPS,\nthen the completion latency (p50/p99 of reads and of writes), each the mean of "
		"the\nok rows of the point, and what limited it (nfsweep limits); with --steady rows, "
		"the\npoints that never were steady.",
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL },
					    { EXIT_FAILED,
					      "some lines could not be used (each named)" },
					    { EXIT_USAGE, NULL },
					    { EXIT_SETUP, "not a readable results file" },
					    { -1, NULL } },
	.run = cmd_summary_main,
};
