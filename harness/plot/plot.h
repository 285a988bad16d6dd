/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_PLOT_PLOT_H
#define NFSWEEP_PLOT_PLOT_H

/*
 * The published charts redrawn from a results file, with gnuplot, as PNG
 * and SVG. Each chart writes its data and a gnuplot script into DIR/plot/
 * (kept, so that a chart can be restyled by hand) and adds itself to the
 * script that draws them all (charts.gp).
 */
#include <limits.h>
#include <stdio.h>

#include "results/reference.h"
#include "results/results_table.h"

struct plot_ctx {
	const struct results_table *t;
	const struct reference *ref;
	const char *csv_path;	/* the results file */
	const char *refdir;	/* the published figures (results-schema/reference) */
	const char *dir;	/* where the charts go */
	char datadir[PATH_MAX]; /* DIR/plot */
	char subtitle[400];	/* backend/note and date */
	int base;		/* the target the others are divided by */
	int svg_only;		/* no PNG: the report's charts, which the page carries as SVG */
};

/*
 * Each returns 0 (the chart is in charts.gp), 1 (nothing to draw) or -1
 * (a file could not be written; said on stderr).
 */

/* <profile>.png|svg: MiB/s or IOPS against read %, read, write and total per target. */
int plot_profile_chart(struct plot_ctx *c, int profile);

/*
 * <profile>-latency.png|svg: p50 and p99 of reads and writes against read %
 * per target. 1 when no point has a latency.
 */
int plot_latency_chart(struct plot_ctx *c, int profile);

/*
 * <profile>-cdf.png|svg: the share of I/Os completed at or below each latency (FILE.lat.csv,
 * the repeats' and hosts' histograms added), per target: reads at its highest read share,
 * writes at its lowest. 1 when there are no histograms (no FILE.lat.csv, or none of @p's).
 */
int plot_cdf_chart(struct plot_ctx *c, int profile);

/*
 * <profile>-timeline.png|svg: MiB/s or IOPS second by second through the
 * sweep (fio's per-second logs of each point), a colour per target: bursts,
 * throttling and drift that a point's mean hides. 1 when no point has logs, 2 (not drawn) when
 * a point has fewer than @min_seconds seconds of them: too few to show a shape. @fewest: the
 * fewest seconds of a point.
 */
int plot_timeline_chart(struct plot_ctx *c, int profile, int min_seconds, size_t *fewest);

/* The report's rule: a timeline only where each point has this many seconds of samples. */
#define PLOT_TIMELINE_MIN_SECONDS 5

/*
 * nconnect.png|svg: each nconnect=N variant over the nconnect=1 target per
 * workload (compare_nconnect_one: by the rows' nconnect_asked and
 * transports), published gains beside. 1 when there is no such pair.
 */
int plot_nconnect_chart(struct plot_ctx *c);

/*
 * For compare --report: compare-PROFILE-cdf.gp and .dat in @datadir (GP_DATA), named in @chart:
 * profile @name's completion-latency distributions in the results files @before (table @tb) and
 * @after (@ta), FILE.lat.csv's, per target both have, reads at the before file's highest read
 * share, writes at its lowest, where the after file has the point too; before solid, after
 * dashed. 0 written, 1 nothing to draw (a file without histograms, no common point), -1.
 */
int plot_cdf_pair(const char *datadir, const char *before, const struct results_table *tb,
		  const char *after, const struct results_table *ta, const char *name, char *chart,
		  size_t clen);

/* curve.png|svg: response time against load as a share of each curve's peak, SPEC's beside. */
int plot_curve_chart(struct plot_ctx *c);

/*
 * ops-latency.png|svg: p50 and p99 per operation of the op-mix profiles, a
 * colour per point and job (FILE.ops.csv). 1 when there is no such file.
 */
int plot_ops_chart(struct plot_ctx *c);

/*
 * hosts.png|svg: each host's IOPS per point of a --hosts file, side by side
 * (FILE.hosts.csv). 1 when there is no such file.
 */
int plot_hosts_chart(struct plot_ctx *c);

/*
 * <profile>-depth.png|svg, at profile @p's first depth of a depth sweep: MiB/s or IOPS, and p99,
 * against the total depth (numjobs x iodepth), a line per target, read share and numjobs. 1 when
 * @p is not a depth sweep's first depth.
 */
int plot_depth_chart(struct plot_ctx *c, int p);

/*
 * <profile>-heat.png|svg, at profile @p's first depth of a depth sweep of two numjobs or more and
 * two iodepths or more: the figure at each numjobs x iodepth, a panel per target at the highest
 * and lowest read share, one colour scale. 1 when there is no such matrix.
 */
int plot_heat_chart(struct plot_ctx *c, int p);

/* What plot_draw_all drew: each chart's kind, profile (-1: none) and name (NAME.png|svg). */
enum plot_kind {
	PLOT_PROFILE,
	PLOT_LATENCY,
	PLOT_CDF,
	PLOT_TIMELINE,
	PLOT_DEPTH,
	PLOT_HEAT,
	PLOT_NCONNECT,
	PLOT_CURVE,
	PLOT_OPS,
	PLOT_HOSTS
};
struct plot_chart {
	enum plot_kind kind;
	int profile;
	char name[96];
};
struct plot_drawn {
	struct plot_chart c[6 * RT_MAX + 4];
	int n;
	int no_timeline; /* a timeline was asked for and some profile had no per-second logs */
	char short_timeline[200]; /* the profiles left out as too short, "seq64k (2 s)", or "" */
	struct plot_failed {
		char name[96];
		char why[240];	  /* gnuplot's own last words, or why it did not run */
	} failed[6 * RT_MAX + 4]; /* charts gnuplot could not draw (not in c[]) */
	int nfailed;
};

/*
 * The charts' directory (c->dir, or the results file's), DIR/plot for
 * their data, and the subtitle. 0, or -errno with @why (-ENAMETOOLONG: a
 * path too long).
 */
int plot_begin(struct plot_ctx *c, char *dirbuf, size_t len, char *why, size_t wlen);

/*
 * Every chart of c->t, its script GP_DATA/NAME.gp, drawn by GP_DATA/NAME.draw.gp (its
 * terminals, then the script; charts.gp loads them all, each after a "reset session"), all in
 * one gnuplot (charts.gp), and where that fails once per chart, so that one that fails loses
 * no other; @d lists those drawn, and those
 * gnuplot could not draw with its message (d->failed). -2 when gnuplot could not be run at all
 * (not installed: said on stderr), -1 when a file could not be written (said on stderr).
 * @timeline: PLOT_TIMELINE_ASKED draws the per-second charts and says
 * which profile has no logs for one, PLOT_TIMELINE_IF_LOGS draws those
 * there are whose points have PLOT_TIMELINE_MIN_SECONDS each (d->no_timeline says some had
 * none, d->short_timeline which were too short), 0 none. 0, or -1 (said
 * on stderr).
 */
enum {
	PLOT_TIMELINE_ASKED = 1,
	PLOT_TIMELINE_IF_LOGS = 2
};
int plot_draw_all(struct plot_ctx *c, int timeline, struct plot_drawn *d);

#endif
