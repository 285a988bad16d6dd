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

/*
 * "NOTE, DATE" as the charts' subtitle (inside "{/ *0.8 ..}" of an enhanced
 * title), broken at a blank every 130 characters or so: a lab note runs
 * past a chart's width otherwise. Each line is a font group of its own.
 */
static void wrap_subtitle(char *dst, size_t len, const char *note, const char *date)
{
	char text[400];
	size_t o = 0, col = 0;

	snprintf(text, sizeof(text), "%s, %s", note, date);
	for (const char *p = text; *p && o + 16 < len; p++, col++) {
		if (*p == ' ' && col >= 130) {
			o += (size_t)snprintf(dst + o, len - o, "}\\n{/*0.8 ");
			col = 0;
			continue;
		}
		dst[o++] = *p;
	}
	dst[o] = '\0';
}

/* The charts' directory, DIR/plot for their data, and the subtitle. EXIT_OK or the status. */
static int plot_setup(struct plot_ctx *c, const char *file, char *dirbuf, size_t len)
{
	char note[256], date[16] = "", failed[PATH_MAX];
	int err;

	if (!c->dir) {
		if (path_dir_of(file, dirbuf, len)) {
			fprintf(stderr, "nfsweep plot: %s: path too long\n", file);
			return EXIT_USAGE;
		}
		c->dir = dirbuf;
	}
	if (snprintf(c->datadir, sizeof(c->datadir), "%s/plot", c->dir) >=
	    (int)sizeof(c->datadir)) {
		fprintf(stderr, "nfsweep plot: --outdir %s: path too long\n", c->dir);
		return EXIT_USAGE;
	}
	/* --outdir may name a directory not made yet, as --out may. */
	err = path_mkdir_p(c->datadir, failed, sizeof(failed));
	if (err) {
		fprintf(stderr, "nfsweep plot: mkdir %s: %s\n", failed, strerror(-err));
		return EXIT_SETUP;
	}
	gp_text(note, sizeof(note), c->t->note[0] ? c->t->note : "no --note recorded", 1);
	memcpy(date, c->t->first_time, 10);
	wrap_subtitle(c->subtitle, sizeof(c->subtitle), note, date);
	return EXIT_OK;
}

/* The charts of profile @p; their names (printed once drawn) into @drawn. */
static int profile_charts(struct plot_ctx *c, int p, int timeline, char drawn[][96], int *n)
{
	const char *name = c->t->profiles[p];
	int r;

	if (plot_profile_chart(c, p))
		return -1;
	snprintf(drawn[(*n)++], 96, "%s", name);
	r = plot_latency_chart(c, p);
	if (r < 0)
		return -1;
	if (!r)
		snprintf(drawn[(*n)++], 96, "%s-latency", name);
	if (!timeline)
		return 0;
	r = plot_timeline_chart(c, p);
	if (r == 1)
		fprintf(stderr,
			"nfsweep plot: --timeline: no per-second logs for %s (the rows "
			"of nfsweep before schema 1.2 have none)\n",
			name);
	else if (!r)
		snprintf(drawn[(*n)++], 96, "%s-timeline", name);
	return r < 0 ? -1 : 0;
}

/*
 * Every chart into charts.gp, then gnuplot once; the charts drawn are
 * listed on stdout. EXIT_OK, or EXIT_SETUP (said).
 */
static int draw(struct plot_ctx *c, int timeline)
{
	char script[PATH_MAX + 16], drawn[3 * RT_MAX + 4][96];
	int r = 0, n = 0;

	snprintf(script, sizeof(script), "%s/charts.gp", c->datadir);
	c->gp = fopen(script, "w");
	if (!c->gp) {
		fprintf(stderr, "nfsweep plot: open %s: %s\n", script, strerror(errno));
		return EXIT_SETUP;
	}
	for (int p = 0; p < c->t->nprofiles && !r; p++)
		r = profile_charts(c, p, timeline, drawn, &n);
	if (!r && !(r = plot_nconnect_chart(c)))
		snprintf(drawn[n++], 96, "nconnect");
	if (r >= 0 && !(r = plot_curve_chart(c)))
		snprintf(drawn[n++], 96, "curve");
	if (r >= 0 && !(r = plot_ops_chart(c)))
		snprintf(drawn[n++], 96, "ops-latency");
	if (r >= 0 && !(r = plot_hosts_chart(c)))
		snprintf(drawn[n++], 96, "hosts");
	fclose(c->gp);
	if (r < 0)
		return EXIT_SETUP;
	r = gp_run(c->dir, GP_DATA "/charts.gp");
	if (r) {
		fprintf(stderr, "nfsweep plot: gnuplot %s failed (exit %d)\n", script, r);
		return EXIT_SETUP;
	}
	for (int i = 0; i < n; i++)
		printf("%s/%s.png %s/%s.svg\n", c->dir, drawn[i], c->dir, drawn[i]);
	return EXIT_OK;
}

static int cmd_plot_main(const struct command *cmd, int argc, char **argv)
{
	struct plot_opts o = { 0 };
	struct results_table *t = NULL;
	struct reference ref = { 0 };
	struct plot_ctx c = { 0 };
	char why[512], dirbuf[PATH_MAX];
	int ret, argi, unused = 0;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	c.csv_path = argv[argi];
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
	ret = plot_setup(&c, c.csv_path, dirbuf, sizeof(dirbuf));
	if (!ret)
		ret = draw(&c, o.timeline);
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
		"workload, published gains\nbeside), curve.png|svg (load curves, published SPEC "
		"SFS curves beside), and for a\n--hosts file hosts.png|svg (each host's IOPS, point "
		"by point: a host that lagged). The\ndata and the gnuplot scripts stay in DIR/plot/ "
		"for restyling.",
	.opts = plot_opts,
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL },
					    { EXIT_FAILED,
					      "some lines could not be used (each named)" },
					    { EXIT_USAGE, NULL },
					    { EXIT_SETUP, "unreadable results or gnuplot failed" },
					    { -1, NULL } },
	.run = cmd_plot_main,
};
