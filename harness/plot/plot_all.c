// SPDX-License-Identifier: GPL-2.0
/*
 * Every chart of a results file, into charts.gp, then gnuplot once (see
 * plot.h): what `nfsweep plot` draws and `nfsweep report` shows.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "plot/gnuplot.h"
#include "plot/plot.h"
#include "util/paths.h"

/*
 * "NOTE, DATE" as the charts' subtitle (inside "{/ *0.8 ..}" of an enhanced
 * title), broken at a blank every 100 characters or so: a lab note runs
 * past a chart's width otherwise. Each line is a font group of its own.
 */
static void wrap_subtitle(char *dst, size_t len, const char *note, const char *date)
{
	char text[400];
	size_t o = 0, col = 0;

	snprintf(text, sizeof(text), "%s, %s", note, date);
	for (const char *p = text; *p && o + 16 < len; p++, col++) {
		if (*p == ' ' && col >= 100) {
			o += (size_t)snprintf(dst + o, len - o, "}\\n{/*0.8 ");
			col = 0;
			continue;
		}
		dst[o++] = *p;
	}
	dst[o] = '\0';
}

int plot_begin(struct plot_ctx *c, char *dirbuf, size_t len, char *why, size_t wlen)
{
	char note[256], date[16] = "", failed[PATH_MAX];
	int err;

	if (!c->dir) {
		if (path_dir_of(c->csv_path, dirbuf, len)) {
			snprintf(why, wlen, "%s: path too long", c->csv_path);
			return -ENAMETOOLONG;
		}
		c->dir = dirbuf;
	}
	if (snprintf(c->datadir, sizeof(c->datadir), "%s/plot", c->dir) >=
	    (int)sizeof(c->datadir)) {
		snprintf(why, wlen, "--outdir %s: path too long", c->dir);
		return -ENAMETOOLONG;
	}
	/* --outdir may name a directory not made yet, as --out may. */
	err = path_mkdir_p(c->datadir, failed, sizeof(failed));
	if (err) {
		snprintf(why, wlen, "mkdir %s: %s", failed, strerror(-err));
		return err;
	}
	gp_text(note, sizeof(note), c->t->note[0] ? c->t->note : "no --note recorded", 1);
	memcpy(date, c->t->first_time, 10);
	wrap_subtitle(c->subtitle, sizeof(c->subtitle), note, date);
	return 0;
}

static void add(struct plot_drawn *d, enum plot_kind kind, int profile, const char *name)
{
	struct plot_chart *ch = &d->c[d->n++];

	ch->kind = kind;
	ch->profile = profile;
	snprintf(ch->name, sizeof(ch->name), "%s", name);
}

/* The charts of profile @p into @d. 0, or -1. */
static int profile_charts(struct plot_ctx *c, int p, int timeline, struct plot_drawn *d)
{
	const char *name = c->t->profiles[p];
	char n[96];
	size_t fewest;
	int r;

	if (plot_profile_chart(c, p))
		return -1;
	add(d, PLOT_PROFILE, p, name);
	r = plot_latency_chart(c, p);
	if (r < 0)
		return -1;
	snprintf(n, sizeof(n), "%s-latency", name);
	if (!r)
		add(d, PLOT_LATENCY, p, n);
	r = plot_cdf_chart(c, p);
	if (r < 0)
		return -1;
	snprintf(n, sizeof(n), "%s-cdf", name);
	if (!r)
		add(d, PLOT_CDF, p, n);
	if (!timeline)
		return 0;
	r = plot_timeline_chart(
		c, p, timeline == PLOT_TIMELINE_IF_LOGS ? PLOT_TIMELINE_MIN_SECONDS : 0, &fewest);
	if (r == 1)
		d->no_timeline = 1;
	if (r == 2) {
		size_t o = strlen(d->short_timeline);

		snprintf(d->short_timeline + o, sizeof(d->short_timeline) - o, "%s%s (%zu s)",
			 o ? ", " : "", name, fewest);
		return 0;
	}
	if (r == 1 && timeline == PLOT_TIMELINE_ASKED)
		fprintf(stderr,
			"nfsweep plot: --timeline: no per-second logs for %s (the rows of nfsweep "
			"before schema 1.2 have none, nor have those of --hosts)\n",
			name);
	snprintf(n, sizeof(n), "%s-timeline", name);
	if (!r)
		add(d, PLOT_TIMELINE, p, n);
	return r < 0 ? -1 : 0;
}

/*
 * gnuplot's message in @err (relative to @dir): the lines after its caret under the failing
 * command ("line 3: cannot open file; ..", "system error: .."), joined, into @why; else its
 * last line; @fallback when it said nothing.
 */
static void last_words(const char *dir, const char *err, char *why, size_t len,
		       const char *fallback)
{
	char path[PATH_MAX * 2], line[512];
	size_t o = 0;
	FILE *f;

	snprintf(why, len, "%s", fallback);
	snprintf(path, sizeof(path), "%s/%s", dir, err);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " \t");
		size_t l = strcspn(p, "\n");

		if (*p == '^') { /* the caret: what follows is the message */
			o = 0;
			continue;
		}
		if (!l)
			continue;
		if (o && o < len) /* a line before a caret (the command echoed) gives way */
			o += (size_t)snprintf(why + o, len - o, "; ");
		if (o < len)
			o += (size_t)snprintf(why + o, len - o, "%.*s", (int)l, p);
	}
	fclose(f);
}

/* Chart @ch's GP_DATA/NAME.draw.gp (its terminals, then its script), named in @path. 0, or -1. */
static int write_draw(struct plot_ctx *c, const struct plot_chart *ch, char *path, size_t len)
{
	char name[128], body[128];
	FILE *f;

	snprintf(name, sizeof(name), "%s.draw.gp", ch->name);
	snprintf(body, sizeof(body), GP_DATA "/%s.gp", ch->name);
	f = gp_open(c->datadir, name, path, len);
	if (!f)
		return -1;
	gp_terminals(f, ch->name, body, !c->svg_only);
	return fclose(f) ? -1 : 0;
}

/*
 * Chart @ch by itself: its GP_DATA/NAME.draw.gp, gnuplot's stderr into GP_DATA/NAME.err. 0
 * drawn, or 1 with the chart in d->failed.
 */
static int draw_one(struct plot_ctx *c, struct plot_drawn *d, const struct plot_chart *ch)
{
	char err[128], path[PATH_MAX];
	struct plot_failed *fl = &d->failed[d->nfailed];
	int r;

	snprintf(err, sizeof(err), GP_DATA "/%s.err", ch->name);
	r = write_draw(c, ch, path, sizeof(path)) ? -1 : gp_run(c->dir, path, err);
	if (!r)
		return 0;
	if (r == 127 || r == 126) { /* gnuplot not run at all: said once, by the caller */
		last_words(c->dir, err, fl->why, sizeof(fl->why), "gnuplot could not be run");
		return 2;
	}
	memcpy(fl->name, ch->name, sizeof(fl->name)); /* (one size: a chart's name) */
	last_words(c->dir, err, fl->why, sizeof(fl->why),
		   r == 127 ? "gnuplot could not be run" : "gnuplot failed and said nothing");
	d->nfailed++;
	return 1;
}

int plot_draw_all(struct plot_ctx *c, int timeline, struct plot_drawn *d)
{
	char script[PATH_MAX + 16];
	int r = 0;
	FILE *all;

	memset(d, 0, sizeof(*d));
	for (int p = 0; p < c->t->nprofiles && !r; p++) {
		char n[96];

		r = profile_charts(c, p, timeline, d);
		if (!r && !(r = plot_depth_chart(c, p))) {
			snprintf(n, sizeof(n), "%s-depth", c->t->profile_base[p]);
			add(d, PLOT_DEPTH, p, n);
		}
		if (r >= 0 && !(r = plot_heat_chart(c, p))) {
			snprintf(n, sizeof(n), "%s-heat", c->t->profile_base[p]);
			add(d, PLOT_HEAT, p, n);
		}
		r = r < 0 ? r : 0;
	}
	if (!r && !(r = plot_nconnect_chart(c)))
		add(d, PLOT_NCONNECT, -1, "nconnect");
	if (r >= 0 && !(r = plot_curve_chart(c)))
		add(d, PLOT_CURVE, -1, "curve");
	if (r >= 0 && !(r = plot_ops_chart(c)))
		add(d, PLOT_OPS, -1, "ops-latency");
	if (r >= 0 && !(r = plot_hosts_chart(c)))
		add(d, PLOT_HOSTS, -1, "hosts");
	if (r < 0)
		return -1;
	/* charts.gp: every chart's draw script, for whoever draws them again by hand */
	snprintf(script, sizeof(script), "%s/charts.gp", c->datadir);
	all = fopen(script, "w");
	if (!all) {
		fprintf(stderr, "nfsweep plot: open %s: %s\n", script, strerror(errno));
		return -1;
	}
	/* each after a "reset session": as a gnuplot of its own would start it */
	for (int i = 0; i < d->n; i++)
		fprintf(all, "reset session\nload '" GP_DATA "/%s.draw.gp'\n", d->c[i].name);
	r = fclose(all);
	/*
	 * All in one gnuplot: its start is the dear part of a chart (about a second of CPU in the
	 * lab's user-mode guest). Where that one fails, each chart again by itself: the one
	 * gnuplot cannot draw is said, the others are drawn.
	 */
	for (int i = 0; i < d->n && !r; i++)
		r = write_draw(c, &d->c[i], script, sizeof(script));
	if (!r && d->n > 1 && !gp_run(c->dir, GP_DATA "/charts.gp", GP_DATA "/charts.err"))
		return 0;
	for (int i = 0, kept = 0, n = d->n; i < n; i++) {
		d->c[kept] = d->c[i];
		r = draw_one(c, d, &d->c[kept]);
		if (r == 2) {
			fprintf(stderr, "%s\n", d->failed[d->nfailed].why); /* exec's own line */
			d->n = 0;
			return -2;
		}
		kept += !r;
		d->n = kept;
	}
	return 0;
}
