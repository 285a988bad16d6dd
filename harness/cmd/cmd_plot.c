// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep plot FILE.csv [--outdir DIR]: the published charts redrawn from
 * the user's results (plot/), with gnuplot, as PNG and SVG.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "plot/chart_table.h"
#include "util/paths.h"

struct plot_opts {
	const char *outdir, *base, *reference;
	int timeline;
};

/* clang-format off */
static const struct opt
o_outdir = { .name = "outdir", .arg = "DIR", .type = OPT_STR,
	.off = offsetof(struct plot_opts, outdir),
	.help = "where the charts go (default: the results file's directory)",
	.complete = OPT_COMPLETE_DIR, .example = "charts" },
o_base = { .name = "base", .arg = "LABEL", .type = OPT_STR, .off = offsetof(struct plot_opts, base),
	.help = "the target the others are divided by (default: the first in the file)",
	.example = "nc1" },
o_reference = { .name = "reference", .arg = "DIR", .type = OPT_STR,
	.off = offsetof(struct plot_opts, reference),
	.help = "the published figures (default: results-schema/reference, or the installed copy)",
	.complete = OPT_COMPLETE_DIR, .example = "results-schema/reference" };
/* clang-format on */
static const struct opt o_timeline = {
	.name = "timeline",
	.type = OPT_FLAG,
	.off = offsetof(struct plot_opts, timeline),
	.help = "also PROFILE-timeline.png|svg: second by second through the sweep, per target",
	.more = "From fio's per-second logs of each point (beside its JSON): the bursts, "
		"throttling and drift of a cloud volume that a point's mean hides.",
};
static const struct opt *const plot_opts[] = { &o_outdir, &o_base, &o_reference, &o_timeline,
					       NULL };

static int cmd_plot_main(const struct command *cmd, int argc, char **argv)
{
	struct plot_opts o = { 0 };
	struct results_table *t = NULL;
	struct reference ref = { 0 };
	struct plot_ctx c = { 0 };
	struct plot_drawn drawn;
	char why[512], dirbuf[PATH_MAX], file[PATH_MAX];
	int ret, argi, unused = 0;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	ret = cmd_results_arg("plot", argv[argi], file, sizeof(file), &c.csv_path);
	if (ret)
		return ret;
	c.refdir = o.reference ? o.reference : nfsweep_default_reference_dir();
	c.dir = o.outdir;
	ret = EXIT_SETUP;
	t = results_table_read(c.csv_path, why, sizeof(why));
	if (!t) {
		fprintf(stderr, "nfsweep plot: %s\n", why);
		goto out;
	}
	unused = rt_report_unused(t, "plot", c.csv_path);
	if (!t->nprofiles && !t->curve_rows) {
		fprintf(stderr, "nfsweep plot: %s has no ok rows to draw\n", c.csv_path);
		goto out;
	}
	if (reference_load_dir(c.refdir, &ref, why, sizeof(why)))
		fprintf(stderr, "nfsweep plot: drawing without published figures: %s\n", why);
	c.t = t;
	c.ref = &ref;
	c.base = o.base ? rt_target(t, o.base) : 0;
	if (c.base < 0) {
		fprintf(stderr, "nfsweep plot: --base %s: no such target\n", o.base);
		ret = EXIT_USAGE;
		goto out;
	}
	ret = plot_begin(&c, dirbuf, sizeof(dirbuf), why, sizeof(why));
	if (ret) {
		fprintf(stderr, "nfsweep plot: %s\n", why);
		ret = ret == -ENAMETOOLONG ? EXIT_USAGE : EXIT_SETUP;
		goto out;
	}
	ret = plot_draw_all(&c, o.timeline ? PLOT_TIMELINE_ASKED : 0, &drawn) ? EXIT_SETUP :
										EXIT_OK;
	for (int i = 0; !ret && i < drawn.n; i++)
		printf("%s/%s.png %s/%s.svg\n", c.dir, drawn.c[i].name, c.dir, drawn.c[i].name);
	for (int i = 0; !ret && i < drawn.nfailed; i++)
		fprintf(stderr,
			"nfsweep plot: %s: not drawn: gnuplot: %s (its script: %s/%s/%s.gp)\n",
			drawn.failed[i].name, drawn.failed[i].why, c.dir, GP_DATA,
			drawn.failed[i].name);
	/* the same figures as tables a spreadsheet charts, beside the file */
	if (!ret && ct_write_all(t, &ref, c.csv_path, "plot", NULL))
		ret = EXIT_SETUP;
	if (!ret && drawn.nfailed)
		ret = EXIT_CHARTS;
out:
	reference_free(&ref);
	free(t);
	return ret == EXIT_OK && unused ? EXIT_FAILED : ret;
}

const struct command command_plot = {
	.name = "plot",
	.summary = "charts (PNG, SVG) with gnuplot, published figures beside",
	.args = "FILE.csv",
	.min_args = 1,
	.max_args = 1,
	.about =
		"Draws, with gnuplot, PNG and SVG charts of a results file into DIR: per "
		"profile, one of\nthroughput or IOPS against read % (read, write and total per "
		"target, published figures\nbeside, bars over the repeats) and one of latency "
		"(PROFILE-latency: p50 and p99),\nnconnect.png|svg (each target's ratio to the base per "
		"workload, published gains\nbeside), curve.png|svg (load curves against "
		"their own peaks, the published SPEC\nSFS curves beside), and for a\n--hosts file hosts.png|svg (each host's IOPS, point "
		"by point: a host that lagged). The\ndata and the gnuplot scripts stay in DIR/plot/ "
		"for restyling.",
	.opts = plot_opts,
	.exits =
		(const struct exit_use[]){
			{ EXIT_OK, NULL },
			{ EXIT_FAILED, "some lines could not be used (each named)" },
			{ EXIT_USAGE, NULL },
			{ EXIT_SETUP, "unreadable results, or gnuplot not run" },
			{ EXIT_CHARTS, NULL },
			{ -1, NULL } },
	.run = cmd_plot_main,
};
