// SPDX-License-Identifier: GPL-2.0
/*
 * The run's page (see report.h): sections 3 (what was run), 2 (charts),
 * 4 (tables), 5 (what went wrong) and 6 (files); the headline is
 * headline.c's.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/version.h"
#include "limits/limit.h"
#include "report/facts.h"
#include "report/report_int.h"
#include "results/detail_file.h"
#include "results/results_file.h"
#include "results/schema.h"
#include "util/paths.h"

void report_num(struct page *pg, const char *s, const char *fmt, double scale)
{
	char *end;
	double v;

	if (!s || !*s) {
		pg_raw(pg, "<td class=\"n\">-</td>");
		return;
	}
	v = strtod(s, &end);
	if (*end) {
		pg_elem(pg, "td", s);
		return;
	}
	pg_raw(pg, "<td class=\"n\">");
	pg_textf(pg, fmt, v * scale);
	pg_raw(pg, "</td>");
}

/* @path (in the results directory) exists? */
static int here(const struct rep *r, const char *name)
{
	char p[PATH_MAX * 3];

	snprintf(p, sizeof(p), "%s/%s", r->dir, name);
	return !access(p, F_OK);
}

static void fact(struct rep *r, const char *what, enum column col)
{
	struct strbuf sb = { 0 };

	rows_distinct(&r->res, (int)col, -1, NULL, &sb);
	pg_raw(&r->pg, "<tr>");
	pg_elem(&r->pg, "th", what);
	pg_elem(&r->pg, "td", sb.len ? sb_str(&sb) : "not recorded");
	pg_raw(&r->pg, "</tr>\n");
	sb_free(&sb);
}

/* Section 1, the commands of FILE.run.csv. */
static void run_commands(struct rep *r)
{
	struct page *pg = &r->pg;

	if (!r->have_run) {
		pg_raw(pg, "<p class=\"warn\" id=\"no-run-record\">");
		pg_textf(pg,
			 "No run record beside %s (written by nfsweep run and curve since the run "
			 "record came in): the command line, its outcome and the command that "
			 "finishes it are not known. What follows is from the rows alone.",
			 r->name);
		pg_raw(pg, "</p>\n");
		return;
	}
	pg_raw(pg, "<table id=\"commands\"><thead><tr><th>command line</th><th>started</th>"
		   "<th>ended</th><th>s</th><th>points: planned, done before, ran, failed</th>"
		   "<th>exit</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->run.n; i++) {
		pg_raw(pg, "<tr><td><code>");
		pg_text(pg, run_at(&r->run, i, RUN_COL_command_line));
		pg_raw(pg, "</code></td>");
		pg_elem(pg, "td", run_at(&r->run, i, RUN_COL_started));
		pg_elem(pg, "td", run_at(&r->run, i, RUN_COL_ended));
		report_num(pg, run_at(&r->run, i, RUN_COL_duration_s), "%.0f", 1);
		pg_raw(pg, "<td>");
		pg_textf(pg, "%s, %s, %s, %s", run_at(&r->run, i, RUN_COL_planned),
			 run_at(&r->run, i, RUN_COL_done_before), run_at(&r->run, i, RUN_COL_ran),
			 run_at(&r->run, i, RUN_COL_failed));
		pg_raw(pg, "</td><td>");
		pg_textf(pg, "%s (%s)", run_at(&r->run, i, RUN_COL_exit_status),
			 run_at(&r->run, i, RUN_COL_outcome));
		pg_raw(pg, "</td></tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

/* Section 1, each target: where it is, how it was mounted, what the kernel gave. */
static void run_targets(struct rep *r)
{
	struct page *pg = &r->pg;
	pg_raw(pg, "<table id=\"targets\"><thead><tr><th>target</th>");
	for (size_t c = 0; c < ntarget_facts; c++)
		pg_elem(pg, "th", target_facts[c].what);
	pg_raw(pg, "</tr></thead><tbody>\n");
	for (size_t i = 0; i < r->res.n; i++) {
		const char *label = res_at(&r->res, i, COL_target);

		if (!rows_first(&r->res, i, COL_target, -1))
			continue;
		pg_raw(pg, "<tr>");
		pg_elem(pg, "td", label);
		for (size_t c = 0; c < ntarget_facts; c++) {
			struct strbuf sb = { 0 };

			rows_distinct(&r->res, (int)target_facts[c].col, COL_target, label, &sb);
			pg_elem(pg, "td", sb.len ? sb_str(&sb) : "-");
			sb_free(&sb);
		}
		pg_raw(pg, "</tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

static void section_run(struct rep *r)
{
	struct page *pg = &r->pg;
	const char *first = "", *last = "";
	double last_d = 0;

	pg_raw(pg, "<section id=\"run\"><h2>3. What was run</h2>\n");
	run_commands(r);
	for (size_t i = 0; i < r->res.n; i++) {
		const char *s = res_at(&r->res, i, COL_start_time);

		if (*s && (!*first || strcmp(s, first) < 0))
			first = s;
		if (*s && strcmp(s, last) >= 0) {
			last = s;
			last_d = atof(res_at(&r->res, i, COL_duration_s));
		}
	}
	pg_raw(pg, "<table id=\"facts\"><tbody>\n<tr><th>points</th><td>");
	pg_textf(pg, "%zu rows: the first started %s, the last %s and took %.0f s", r->res.n,
		 *first ? first : "?", *last ? last : "?", last_d);
	pg_raw(pg, "</td></tr>\n");
	for (size_t i = 0; i < nrun_facts; i++)
		fact(r, run_facts[i].what, run_facts[i].col);
	if (r->have_run) {
		struct strbuf sb = { 0 };

		rows_distinct(&r->run, RUN_COL_hosts, -1, NULL, &sb);
		pg_raw(pg, "<tr><th>--hosts</th>");
		pg_elem(pg, "td", sb.len ? sb_str(&sb) : "none: every point ran on the client");
		pg_raw(pg, "</tr>\n");
		sb_free(&sb);
	} else {
		fact(r, "hosts per point", COL_hosts);
	}
	pg_raw(pg, "</tbody></table>\n<h3>Targets</h3>\n");
	run_targets(r);
	pg_raw(pg, "</section>\n");
}

/* What to look at in each kind of chart. */
static const char *const captions[] = {
	[PLOT_PROFILE] = "throughput against the read share, read, write and total per target: "
			 "how the total moves from all reads to all writes, and the gap between "
			 "targets. Published figures at another scale are printed in the chart, "
			 "never drawn on the same axis.",
	[PLOT_LATENCY] = "p50 and p99 completion latency against the read share, per target: "
			 "a p99 far above the p50 is queueing that the mean hides.",
	[PLOT_CDF] =
		"the share of I/Os completed at or below each latency, from fio's "
		"histograms (repeats and hosts added, never percentiles averaged), per target: "
		"a step between p50 and p99 is two kinds of I/O (a cache hit and a miss), "
		"a long flat tail a few slow ones.",
	[PLOT_TIMELINE] = "second by second through the sweep, a colour per target: bursts, "
			  "throttling or drift inside a point, which its mean hides.",
	[PLOT_DEPTH] = "the queue-depth curve: throughput above and p99 latency below against "
		       "the I/Os in flight (numjobs x iodepth), a line per target, read share "
		       "and numjobs: where the throughput flattens and the p99 climbs is the "
		       "knee, the least depth that reaches the volume's figure.",
	[PLOT_HEAT] = "the figure at each numjobs x iodepth, a panel per target at the highest "
		      "and lowest read share, one colour scale for all: whether more jobs or a "
		      "deeper queue moves the volume, and where neither does any more.",
	[PLOT_NCONNECT] = "each nconnect=N variant over nconnect=1, per workload, beside the "
			  "published gain: a bar far from the published one is what to explain "
			  "first.",
	[PLOT_CURVE] = "response time against load, each curve over the share of its own peak "
		       "(the published SPEC SFS curves are other systems: their shapes compare, "
		       "their ops/s do not): where the line turns up is the knee; the ORT sums up "
		       "the whole curve.",
	[PLOT_OPS] = "p50 and p99 latency per operation of the op mix: which operations are "
		     "slow, and how far their tails reach.",
	[PLOT_HOSTS] = "each host's IOPS per point, side by side: a host that lags, or a gap "
		       "where a host reported nothing.",
};
_Static_assert(sizeof(captions) / sizeof(captions[0]) == PLOT_HOSTS + 1,
	       "report: a caption for every kind of chart");

static void section_charts(struct rep *r)
{
	struct page *pg = &r->pg;

	pg_raw(pg, "<section id=\"charts\"><h2>2. Charts</h2>\n");
	if (!r->charts) {
		pg_raw(pg, "<p class=\"warn\">");
		pg_textf(pg, "No charts: %s.", r->charts_why);
		pg_raw(pg, "</p></section>\n");
		return;
	}
	for (int i = 0; i < r->drawn.n; i++) {
		const struct plot_chart *ch = &r->drawn.c[i];
		char path[PATH_MAX * 2], caption[700];
		int err;

		snprintf(path, sizeof(path), "%s/%s.svg", r->dir, ch->name);
		snprintf(caption, sizeof(caption), "%s: %s (%s.svg beside this page)", ch->name,
			 captions[ch->kind], ch->name);
		err = pg_figure(pg, path, ch->name, caption);
		if (err) {
			pg_raw(pg, "<p class=\"warn\">");
			pg_textf(pg, "%s: %s", path, strerror(-err));
			pg_raw(pg, "</p>\n");
		}
	}
	if (r->hosts_mode)
		pg_raw(pg, "<p class=\"muted\" id=\"no-timeline\">No timeline: with --hosts, fio's "
			   "client reports each point as a whole and leaves no per-second logs "
			   "on this machine.</p>\n");
	if (r->drawn.short_timeline[0]) {
		pg_raw(pg, "<p class=\"muted\" id=\"short-timeline\">");
		pg_textf(pg,
			 "No timeline of %s: a point's seconds there are too few to show a "
			 "shape (%d at least: fio logs one a second, so a --runtime of %d s or "
			 "more; nfsweep plot --timeline draws it anyway).",
			 r->drawn.short_timeline, PLOT_TIMELINE_MIN_SECONDS,
			 PLOT_TIMELINE_MIN_SECONDS);
		pg_raw(pg, "</p>\n");
	}
	if (!r->hosts_mode && r->drawn.no_timeline)
		pg_raw(pg, "<p class=\"muted\" id=\"no-timeline\">No timeline for some profile: "
			   "its rows have no per-second logs beside their JSON (rows of nfsweep "
			   "before schema 1.2).</p>\n");
	pg_raw(pg, "</section>\n");
}

/* A link to fio's JSON of row @i, or "-". */
static void json_cell(struct rep *r, const struct rows *t, size_t i)
{
	const char *j = res_at(t, i, COL_fio_json);

	pg_raw(&r->pg, "<td>");
	if (*j && here(r, j))
		pg_link(&r->pg, j, "json");
	else
		pg_raw(&r->pg, "-");
	pg_raw(&r->pg, "</td>");
}

/*
 * What limited the point (docs/limits.md: nfsweep limits' judgement, the rules that compare
 * points too), its evidence shown on pointing at it; "-" if not judged.
 */
static void limit_cell(struct page *pg, const struct rows *t, size_t i)
{
	struct limit_verdict v;

	if (limit_judge_rows(t, i, &v)) {
		pg_raw(pg, "<td>-</td>");
		return;
	}
	pg_raw(pg, "<td title=\"");
	pg_text(pg, v.evidence);
	pg_raw(pg, "\">");
	pg_text(pg, limit_name(v.id));
	pg_raw(pg, "</td>");
}

/* Section 4, the points of one profile and target. */
static void points_table(struct rep *r, const char *profile, const char *target)
{
	struct page *pg = &r->pg;
	int thr = 0, ops = 0, curve = 0, depths = 0;
	size_t first = r->res.n;

	for (size_t i = 0; i < r->res.n; i++) {
		if (strcmp(res_at(&r->res, i, COL_profile), profile) ||
		    strcmp(res_at(&r->res, i, COL_target), target))
			continue;
		first = first < i ? first : i;
		/* a depth sweep: its rows' depths differ, and each row says its own */
		depths |= strcmp(res_at(&r->res, i, COL_numjobs),
				 res_at(&r->res, first, COL_numjobs)) ||
			  strcmp(res_at(&r->res, i, COL_iodepth),
				 res_at(&r->res, first, COL_iodepth));
		curve |= *res_at(&r->res, i, COL_load_point) != '\0';
		thr |= atol(res_at(&r->res, i, COL_block_size_bytes)) >= 65536;
		ops |= schema_op_mix_engine(res_at(&r->res, i, COL_engine));
	}
	thr &= !ops;
	pg_raw(pg, "<h3>");
	pg_textf(pg, "%s on %s", profile, target);
	pg_raw(pg, "</h3>\n<table class=\"points\"><thead><tr><th>read %</th>");
	if (depths)
		pg_raw(pg, "<th>numjobs x iodepth</th>");
	pg_raw(pg, "<th>repeat</th>");
	if (curve)
		pg_raw(pg, "<th>load point</th><th>offered IOPS</th>");
	pg_raw(pg, "<th>status</th>");
	pg_rawf(pg, "<th>%s</th>", thr ? "MiB/s" : ops ? "ops/s" : "IOPS");
	pg_raw(pg,
	       "<th>read p50 ms</th><th>read p99 ms</th><th>write p50 ms</th><th>write p99 "
	       "ms</th><th>READ RPC rtt ms</th><th>READ queue ms</th><th>WRITE RPC rtt "
	       "ms</th><th>WRITE queue ms</th><th>limit</th><th>fio</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->res.n; i++) {
		const char *st = res_at(&r->res, i, COL_status);

		if (strcmp(res_at(&r->res, i, COL_profile), profile) ||
		    strcmp(res_at(&r->res, i, COL_target), target))
			continue;
		pg_raw(pg, "<tr>");
		report_num(pg, res_at(&r->res, i, COL_read_pct), "%.0f", 1);
		if (depths) {
			pg_raw(pg, "<td class=\"num\">");
			pg_textf(pg, "%s x %s", res_at(&r->res, i, COL_numjobs),
				 res_at(&r->res, i, COL_iodepth));
			pg_raw(pg, "</td>");
		}
		report_num(pg, res_at(&r->res, i, COL_repeat), "%.0f", 1);
		if (curve) {
			report_num(pg, res_at(&r->res, i, COL_load_point), "%.0f", 1);
			report_num(pg, res_at(&r->res, i, COL_offered_iops), "%.0f", 1);
		}
		pg_rawf(pg, "<td class=\"%s\">", strcmp(st, STATUS_OK) ? "fail" : "ok");
		pg_text(pg, st);
		pg_raw(pg, "</td>");
		report_num(pg, res_at(&r->res, i, thr ? COL_total_mib_s : COL_total_iops),
			   thr ? "%.1f" : "%.0f", 1);
		report_num(pg, res_at(&r->res, i, COL_read_clat_p50_us), "%.3f", 1e-3);
		report_num(pg, res_at(&r->res, i, COL_read_clat_p99_us), "%.3f", 1e-3);
		report_num(pg, res_at(&r->res, i, COL_write_clat_p50_us), "%.3f", 1e-3);
		report_num(pg, res_at(&r->res, i, COL_write_clat_p99_us), "%.3f", 1e-3);
		report_num(pg, res_at(&r->res, i, COL_rpc_read_avg_rtt_ms), "%.3f", 1);
		report_num(pg, res_at(&r->res, i, COL_rpc_read_avg_queue_ms), "%.3f", 1);
		report_num(pg, res_at(&r->res, i, COL_rpc_write_avg_rtt_ms), "%.3f", 1);
		report_num(pg, res_at(&r->res, i, COL_rpc_write_avg_queue_ms), "%.3f", 1);
		limit_cell(pg, &r->res, i);
		json_cell(r, &r->res, i);
		pg_raw(pg, "</tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

static void hosts_table(struct rep *r)
{
	static const enum hosts_column nums[] = {
		HOSTS_COL_read_iops,   HOSTS_COL_write_iops,	   HOSTS_COL_read_mib_s,
		HOSTS_COL_write_mib_s, HOSTS_COL_read_clat_p99_us, HOSTS_COL_write_clat_p99_us
	};
	struct page *pg = &r->pg;

	pg_raw(pg, "<h3 id=\"hosts\">Per host (--hosts)</h3>\n<table class=\"points\"><thead><tr>"
		   "<th>profile</th><th>target</th><th>read %</th><th>repeat</th><th>host</th>"
		   "<th>reported</th><th>read IOPS</th><th>write IOPS</th><th>read MiB/s</th>"
		   "<th>write MiB/s</th><th>read p99 ms</th><th>write p99 ms</th><th>error</th>"
		   "</tr></thead><tbody>\n");
	for (size_t i = 0; i < r->hosts.n; i++) {
		pg_raw(pg, "<tr>");
		pg_elem(pg, "td", hosts_at(&r->hosts, i, HOSTS_COL_profile));
		pg_elem(pg, "td", hosts_at(&r->hosts, i, HOSTS_COL_target));
		report_num(pg, hosts_at(&r->hosts, i, HOSTS_COL_read_pct), "%.0f", 1);
		report_num(pg, hosts_at(&r->hosts, i, HOSTS_COL_repeat), "%.0f", 1);
		pg_elem(pg, "td", hosts_at(&r->hosts, i, HOSTS_COL_host));
		pg_elem(pg, "td",
			strcmp(hosts_at(&r->hosts, i, HOSTS_COL_reported), "1") ? "no" : "yes");
		for (size_t c = 0; c < sizeof(nums) / sizeof(nums[0]); c++)
			report_num(pg, hosts_at(&r->hosts, i, nums[c]), c < 2 ? "%.0f" : "%.3f",
				   c >= 4 ? 1e-3 : 1);
		pg_elem(pg, "td", hosts_at(&r->hosts, i, HOSTS_COL_error));
		pg_raw(pg, "</tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

static void section_tables(struct rep *r)
{
	pg_raw(&r->pg, "<section id=\"tables\"><h2>4. Tables</h2>\n<p class=\"muted\">Every row "
		       "of the results file, per profile and target: latency is fio's completion "
		       "latency (over the whole measured window), RPC times are the kernel NFS "
		       "client's per RPC (mountstats, fio's window).</p>\n");
	/* each (profile, target) once, in the order of the file */
	for (size_t i = 0; i < r->res.n; i++)
		if (rows_first(&r->res, i, COL_profile, COL_target))
			points_table(r, res_at(&r->res, i, COL_profile),
				     res_at(&r->res, i, COL_target));
	if (r->have_hosts)
		hosts_table(r);
	pg_raw(&r->pg, "</section>\n");
}

/* mount option @key=N in @opts, or 0 */
static long mount_opt(const char *opts, const char *key)
{
	size_t k = strlen(key);

	for (const char *p = opts; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, key, k) && p[k] == '=')
			return atol(p + k + 1);
	return 0;
}

/*
 * A point whose RPC count disagrees with fio's: with O_DIRECT each of
 * fio's I/Os is ceil(bs / rsize) READ (or WRITE) RPCs, so the kernel's
 * count over the same window is fio's, within a quarter. Said in @sb.
 */
static int rpc_disagrees(const struct rows *t, size_t i, struct strbuf *sb)
{
	static const char *const dir[2] = { "read", "write" };
	static const enum column iops[2] = { COL_read_iops, COL_write_iops };
	static const enum column rpcs[2] = { COL_rpc_read_ops, COL_rpc_write_ops };
	long bs = atol(res_at(t, i, COL_block_size_bytes));
	double win = atof(res_at(t, i, COL_rpc_window_s));
	int n = 0;

	if (strcmp(res_at(t, i, COL_status), STATUS_OK) || strcmp(res_at(t, i, COL_direct), "1") ||
	    schema_op_mix_engine(res_at(t, i, COL_engine)) || win <= 0 || bs <= 0 ||
	    !*res_at(t, i, COL_rpc_read_ops))
		return 0;
	for (int d = 0; d < 2; d++) {
		long size = mount_opt(res_at(t, i, COL_mount_options), d ? "wsize" : "rsize");
		double ios, want, got;

		ios = atof(res_at(t, i, iops[d])) * win;
		got = atof(res_at(t, i, rpcs[d]));
		want = ios * (size > 0 ? (double)((bs + size - 1) / size) : 1);
		if (want < 100 || (got >= 0.8 * want && got <= 1.25 * want))
			continue;
		sb_printf(sb,
			  "%s%s %s %s%%: fio did %.0f %ss in %.1f s (%.0f RPCs expected with "
			  "O_DIRECT), the kernel counted %.0f %s RPCs",
			  n++ ? "; " : "", res_at(t, i, COL_profile), res_at(t, i, COL_target),
			  res_at(t, i, COL_read_pct), ios, dir[d], win, want, got,
			  d ? "WRITE" : "READ");
	}
	return n;
}

/*
 * The point of row @i (profile, target, read %, depth, repeat, load point) has an ok row: its line, or
 * 0.
 */
static size_t ok_again(const struct rows *t, size_t i)
{
	static const enum column key[] = { COL_profile, COL_target, COL_read_pct,  COL_numjobs,
					   COL_iodepth, COL_repeat, COL_load_point };

	for (size_t j = 0; j < t->n; j++) {
		size_t k;

		if (strcmp(res_at(t, j, COL_status), STATUS_OK))
			continue;
		for (k = 0; k < sizeof(key) / sizeof(key[0]); k++)
			if (strcmp(res_at(t, i, key[k]), res_at(t, j, key[k])))
				break;
		if (k == sizeof(key) / sizeof(key[0]))
			return t->r[j].line;
	}
	return 0;
}

/* Section 5's table of the rows that are not ok, each with whether its point ran again ok. */
static void failed_table(struct rep *r)
{
	struct page *pg = &r->pg;

	int depths = r->t->depth_sweep;

	pg_raw(pg, "<table id=\"failed\"><thead><tr><th>profile</th><th>target</th><th>read "
		   "%</th>");
	if (depths) /* a depth sweep's: which depth failed */
		pg_raw(pg, "<th>numjobs x iodepth</th>");
	pg_raw(pg, "<th>repeat</th><th>load point</th><th>status</th><th>error</th>"
		   "<th>since</th><th>fio</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->res.n; i++) {
		if (!strcmp(res_at(&r->res, i, COL_status), STATUS_OK))
			continue;
		pg_raw(pg, "<tr>");
		pg_elem(pg, "td", res_at(&r->res, i, COL_profile));
		pg_elem(pg, "td", res_at(&r->res, i, COL_target));
		report_num(pg, res_at(&r->res, i, COL_read_pct), "%.0f", 1);
		if (depths) {
			pg_raw(pg, "<td class=\"num\">");
			pg_textf(pg, "%s x %s", res_at(&r->res, i, COL_numjobs),
				 res_at(&r->res, i, COL_iodepth));
			pg_raw(pg, "</td>");
		}
		report_num(pg, res_at(&r->res, i, COL_repeat), "%.0f", 1);
		report_num(pg, res_at(&r->res, i, COL_load_point), "%.0f", 1);
		pg_raw(pg, "<td class=\"fail\">");
		pg_text(pg, res_at(&r->res, i, COL_status));
		pg_raw(pg, "</td><td><code>");
		pg_text(pg, res_at(&r->res, i, COL_error));
		pg_raw(pg, "</code></td>");
		if (ok_again(&r->res, i))
			pg_rawf(pg, "<td class=\"ok\">run again: ok (line %zu)</td>",
				ok_again(&r->res, i));
		else
			pg_raw(pg, "<td class=\"fail\">not run again</td>");
		json_cell(r, &r->res, i);
		pg_raw(pg, "</tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

/* Section 5: how to finish the file (the last command's resume, and the wrapper's). */
static void resume_how(struct rep *r, int left)
{
	struct page *pg = &r->pg;

	if (r->have_run && r->run.n && *run_at(&r->run, r->run.n - 1, RUN_COL_resume)) {
		pg_raw(pg, "<p>Points without an ok row are run again, and only those, by:</p>"
			   "<pre id=\"resume\"><code>");
		pg_text(pg, run_at(&r->run, r->run.n - 1, RUN_COL_resume));
		pg_raw(pg, "</code></pre>\n");
		if (r->in->resume_with) {
			pg_raw(pg, "<p>or, as it was started:</p><pre id=\"resume-with\"><code>");
			pg_text(pg, r->in->resume_with);
			pg_raw(pg, "</code></pre>\n");
		}
	} else if (left) {
		pg_raw(pg,
		       "<p id=\"resume\">The command that made this file, with --resume, runs "
		       "the failed points again (the file has no run record to give it).</p>\n");
	}
}

/*
 * Section 5's warnings, one item each: transports other than asked, a --steady point that never
 * was, RPC counts other than fio's. Their number.
 */
static int warnings(struct rep *r)
{
	struct page *pg = &r->pg;
	int warned = 0;

	for (size_t i = 0; i < r->res.n; i++) {
		const char *asked = res_at(&r->res, i, COL_nconnect_asked),
			   *seen = res_at(&r->res, i, COL_transports);
		struct strbuf sb = { 0 };

		if (*asked && *seen && atoi(asked) > 0 && atoi(asked) != atoi(seen)) {
			pg_raw(pg, "<li class=\"warn\">");
			pg_textf(pg,
				 "%s %s %s%%: nconnect=%s asked, %s transports seen: the point did "
				 "not measure the nconnect it names",
				 res_at(&r->res, i, COL_profile), res_at(&r->res, i, COL_target),
				 res_at(&r->res, i, COL_read_pct), asked, seen);
			pg_raw(pg, "</li>\n");
			warned++;
		}
		/* --steady: a point that never was ran to its cap, and its figures are no steady one's */
		if (!strcmp(res_at(&r->res, i, COL_status), STATUS_OK) &&
		    !strcmp(res_at(&r->res, i, COL_steady_attained), "0")) {
			pg_raw(pg, "<li class=\"warn unsteady\">");
			pg_textf(pg,
				 "%s %s %s%%: never steady (--steady, %s over %s s): it ran to its "
				 "cap, --runtime %s s%s; a throttled or bursting target does that, "
				 "and nfsweep plot --timeline shows its seconds",
				 res_at(&r->res, i, COL_profile), res_at(&r->res, i, COL_target),
				 res_at(&r->res, i, COL_read_pct),
				 res_at(&r->res, i, COL_steady_criterion),
				 res_at(&r->res, i, COL_steady_window_s),
				 res_at(&r->res, i, COL_runtime_s),
				 atoi(res_at(&r->res, i, COL_hosts)) > 1 ?
					 ", or every host ended with the first steady one while "
					 "another was not (sweep.hosts.csv)" :
					 "");
			pg_raw(pg, "</li>\n");
			warned++;
		}
		if (rpc_disagrees(&r->res, i, &sb)) {
			pg_raw(pg, "<li class=\"warn\">");
			pg_text(pg, sb_str(&sb));
			pg_raw(pg, "</li>\n");
			warned++;
		}
		sb_free(&sb);
	}
	return warned;
}

/* Section 5's charts gnuplot could not draw, one item each with its message. Their number. */
static int charts_missing(struct rep *r)
{
	for (int i = 0; i < r->drawn.nfailed; i++) {
		pg_raw(&r->pg, "<li class=\"warn chart-missing\">");
		pg_textf(&r->pg, "chart %s not drawn: gnuplot said \"%s\" (its script: %s/%s.gp)",
			 r->drawn.failed[i].name, r->drawn.failed[i].why, GP_DATA,
			 r->drawn.failed[i].name);
		pg_raw(&r->pg, "</li>\n");
	}
	return r->drawn.nfailed;
}

/* Section 5's last words: the lines validate refused, and "every point ok" or "nothing". */
static void problems_end(struct rep *r, int failed, int left, int warned)
{
	struct page *pg = &r->pg;

	if (r->nproblems) {
		pg_raw(pg, "<p class=\"bad\">nfsweep validate found problems in these files; the "
			   "lines it names are not used above:</p><pre id=\"invalid\"><code>");
		pg_text(pg, r->problems);
		pg_raw(pg, "</code></pre>\n");
	}
	if (failed && !left)
		pg_rawf(pg,
			"<p class=\"ok\" id=\"all-points-ok\">Every point has an ok row: the %d "
			"failed attempt%s above %s run again.</p>\n",
			failed, failed > 1 ? "s" : "", failed > 1 ? "were" : "was");
	if (!failed && !warned && !r->nproblems) {
		int counted = 0;

		for (size_t i = 0; i < r->res.n; i++)
			counted += *res_at(&r->res, i, COL_rpc_read_ops) != '\0';
		pg_rawf(pg,
			"<p class=\"ok\" id=\"nothing-wrong\">Nothing: every point is ok, every "
			"target had the transports it asked for, and %s.</p>\n",
			counted ?
				"the kernel's RPC counts agree with fio's (where O_DIRECT makes them comparable)" :
				"no row has RPC counts to hold against fio's");
	}
}

/*
 * The points' outcome, for the glance (section 1) and section 5: rows not ok, and of those the
 * ones no later ok row replaced.
 */
static void outcome(const struct rep *r, int *failed, int *left)
{
	*failed = *left = 0;
	for (size_t i = 0; i < r->res.n; i++) {
		if (!strcmp(res_at(&r->res, i, COL_status), STATUS_OK))
			continue;
		(*failed)++;
		*left += !ok_again(&r->res, i);
	}
}

/* Section 1's first lines: how the run went, in one paragraph, before its figures. */
void report_status(struct rep *r)
{
	struct page *pg = &r->pg;
	int failed, left;

	outcome(r, &failed, &left);
	pg_raw(pg, "<p id=\"status\" class=\"");
	pg_raw(pg, left || r->nproblems || !r->charts || r->drawn.nfailed ? "warn" : "ok");
	pg_raw(pg, "\">");
	pg_textf(pg, "%zu row%s: %zu ok", r->res.n, r->res.n == 1 ? "" : "s",
		 r->res.n - (size_t)failed);
	if (failed)
		pg_textf(pg, ", %d failed (%d of them not yet run again)", failed, left);
	pg_textf(pg, ". %s", r->nproblems ? "The files do not validate." : "The files validate.");
	if (!r->charts)
		pg_textf(pg, " No charts: %s.", r->charts_why);
	else if (r->drawn.nfailed)
		pg_textf(pg, " %d chart%s could not be drawn.", r->drawn.nfailed,
			 r->drawn.nfailed == 1 ? "" : "s");
	pg_raw(pg, " <a href=\"#problems\">What went wrong</a> has the details.</p>\n");
}

static void section_problems(struct rep *r)
{
	struct page *pg = &r->pg;
	int failed, left, warned;

	pg_raw(pg, "<section id=\"problems\"><h2>5. What went wrong</h2>\n");
	outcome(r, &failed, &left);
	if (failed)
		failed_table(r);
	resume_how(r, left);
	/* warnings: charts not drawn, transports other than asked, RPC counts other than fio's */
	pg_raw(pg, "<ul id=\"warnings\">\n");
	warned = charts_missing(r) + warnings(r);
	pg_raw(pg, "</ul>\n");
	problems_end(r, failed, left, warned);
	pg_raw(pg, "</section>\n");
}

/* Is @name, beside the results file, at least as new as it? */
static int newer_than_results(const struct rep *r, const char *name)
{
	char p[PATH_MAX * 3];
	struct stat a, b;

	snprintf(p, sizeof(p), "%s/%s", r->dir, name);
	return !stat(p, &a) && !stat(r->in->csv, &b) &&
	       (a.st_mtim.tv_sec > b.st_mtim.tv_sec ||
		(a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec >= b.st_mtim.tv_nsec));
}

static void file_item(struct rep *r, const char *name, const char *what)
{
	if (!here(r, name))
		return;
	pg_raw(&r->pg, "<li>");
	pg_link(&r->pg, name, name);
	pg_raw(&r->pg, ": ");
	pg_text(&r->pg, what);
	pg_raw(&r->pg, "</li>\n");
}

static void section_files(struct rep *r)
{
	const struct table_info *beside[] = { &table_ops, &table_mountstats, &table_hosts,
					      &table_run, &table_lat };
	char name[PATH_MAX + 16];

	pg_raw(&r->pg, "<section id=\"files\"><h2>6. Files</h2>\n<p>Beside this page (links are "
		       "relative: the folder can be moved or zipped whole):</p><ul>\n");
	file_item(r, r->name, "the results, one row per point (results-schema/README.md)");
	for (size_t i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
		if (detail_path(r->name, beside[i], name, sizeof(name)))
			continue;
		file_item(r, name, beside[i]->rows);
	}
	file_item(r, "compare.csv", "nfsweep compare's ratios");
	/* the workbook and the chart-ready tables, when nfsweep sheet and table made them */
	if (!path_beside(r->name, ".xlsx", name, sizeof(name)))
		file_item(r, name,
			  "the workbook: every table, its charts the spreadsheet's own "
			  "(nfsweep sheet)");
	for (int p = -2; p < r->t->nprofiles; p++) {
		char ext[160];

		snprintf(ext, sizeof(ext), ".%s.table.csv",
			 p == -2 ? "nconnect" :
			 p == -1 ? "curve" :
				   r->t->profiles[p]);
		if (!path_beside(r->name, ext, name, sizeof(name)))
			file_item(r, name,
				  "a chart-ready table, one row per point (nfsweep table)");
	}
	for (int i = 0; r->charts && i < r->drawn.n; i++) {
		snprintf(name, sizeof(name), "%s.svg", r->drawn.c[i].name);
		file_item(r, name, "the chart as SVG");
		/* a PNG of nfsweep plot, when it was drawn from the file as it is */
		snprintf(name, sizeof(name), "%s.png", r->drawn.c[i].name);
		if (newer_than_results(r, name))
			file_item(r, name, "the chart as PNG (nfsweep plot)");
	}
	pg_raw(&r->pg, "</ul>\n<p>fio's own output of each point (its JSON, per-second logs, the "
		       "job file when --fio-opt changed it) is linked from the tables.</p>"
		       "</section>\n");
}

/* What validate says of FILE.csv and each file beside it, into r->problems. */
static void validate_all(struct rep *r)
{
	FILE *ms = open_memstream(&r->problems, &r->problems_len);
	struct done_set attempts = { 0 };
	size_t rows, orphans;
	int have;

	if (!ms)
		return;
	r->nproblems = results_validate(r->in->csv, ms, "validate", 20, &rows);
	if (r->nproblems < 0)
		r->nproblems = 1;
	have = !results_attempts(r->in->csv, 0, &attempts);
	for (size_t i = 1; i < schema_ntables; i++) {
		char path[PATH_MAX];
		int n;

		if (detail_path(r->in->csv, schema_tables[i], path, sizeof(path)) ||
		    access(path, F_OK))
			continue;
		n = detail_validate(path, schema_tables[i], have ? &attempts : NULL, ms, "validate",
				    20, &rows, &orphans);
		r->nproblems += n < 0 ? 1 : n;
	}
	done_set_free(&attempts);
	fclose(ms);
}

/* The files beside FILE.csv: -ENOENT is none, another error a problem said at the top. */
static int load_beside(struct rep *r, const struct table_info *t, struct rows *rows)
{
	char path[PATH_MAX];

	return !detail_path(r->in->csv, t, path, sizeof(path)) && !rows_load(path, t, rows);
}

static void draw_charts(struct rep *r)
{
	struct plot_ctx c = { 0 };
	int err;
	char dirbuf[PATH_MAX];
	/* --hosts: its per-host file, or the run record's host list */
	r->hosts_mode = r->have_hosts;
	for (size_t i = 0; r->have_run && i < r->run.n; i++)
		r->hosts_mode |= *run_at(&r->run, i, RUN_COL_hosts) != '\0';
	if (!r->t->nprofiles && !r->t->curve_rows) {
		snprintf(r->charts_why, sizeof(r->charts_why), "the file has no ok row to draw");
		return;
	}
	c.t = r->t;
	c.ref = &r->ref;
	c.csv_path = r->in->csv;
	c.refdir = r->in->refdir;
	/* the page carries SVG; `nfsweep plot` draws the PNG files (nine tenths of the time) */
	c.svg_only = 1;
	if (plot_begin(&c, dirbuf, sizeof(dirbuf), r->charts_why, sizeof(r->charts_why)))
		return;
	err = plot_draw_all(&c, r->hosts_mode ? 0 : PLOT_TIMELINE_IF_LOGS, &r->drawn);
	if (err) {
		snprintf(r->charts_why, sizeof(r->charts_why), "%s",
			 err == -2 ? "gnuplot could not be run (tools/deps.sh plot installs it)" :
				     "their data could not be written (the message is on stderr)");
		return;
	}
	r->charts = 1;
	for (int i = 0; i < r->drawn.nfailed; i++)
		fprintf(stderr, "nfsweep %s: chart %s not drawn: gnuplot: %s\n",
			r->in->cmd ? r->in->cmd : "report", r->drawn.failed[i].name,
			r->drawn.failed[i].why);
}

static void page_top(struct rep *r)
{
	struct page *pg = &r->pg;
	char title[PATH_MAX + 32], now[32];
	time_t t = time(NULL);
	struct tm tm;

	snprintf(title, sizeof(title), "nfsweep report: %s", r->in->csv);
	pg_begin(pg, title);
	gmtime_r(&t, &tm);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
	pg_raw(pg, "<header><h1>");
	pg_text(pg, title);
	pg_raw(pg, "</h1><p class=\"muted\">");
	pg_textf(pg, "Made by nfsweep %s on %s from the files beside this page alone.",
		 nfsweep_version(), now);
	pg_raw(pg, "</p></header>\n");
	if (r->nproblems) {
		pg_raw(pg, "<p class=\"bad\" id=\"invalid-banner\">");
		pg_textf(pg,
			 "These results do not validate (%d problem%s, listed under What went "
			 "wrong): what follows shows the rows that could be read.",
			 r->nproblems, r->nproblems > 1 ? "s" : "");
		pg_raw(pg, "</p>\n");
	}
	pg_raw(pg, "<nav><ol><li><a href=\"#glance\">At a glance</a></li><li><a "
		   "href=\"#charts\">Charts</a></li><li><a href=\"#run\">What was run</a></li>"
		   "<li><a href=\"#tables\">Tables</a></li><li><a "
		   "href=\"#problems\">What went wrong</a></li><li><a href=\"#files\">Files</a>"
		   "</li></ol></nav>\n");
}

int report_run(const struct report_in *in, char *written, size_t wlen, int *problems, int *missing,
	       char *why, size_t len)
{
	struct rep r = { .in = in };
	int err;

	if (path_dir_of(in->csv, r.dir, sizeof(r.dir))) {
		snprintf(why, len, "%s: path too long", in->csv);
		return -ENAMETOOLONG;
	}
	snprintf(r.name, sizeof(r.name), "%s",
		 strrchr(in->csv, '/') ? strrchr(in->csv, '/') + 1 : in->csv);
	if (in->out)
		snprintf(written, wlen, "%s", in->out);
	else if (path_beside(in->csv, ".html", written, wlen))
		return -ENAMETOOLONG;
	err = rows_load(in->csv, &table_results, &r.res);
	if (err) {
		snprintf(why, len, "%s: %s", in->csv,
			 err == -EPROTO ?
				 "no header row of the results columns: not a results file" :
				 strerror(-err));
		return err;
	}
	r.t = results_table_read(in->csv, why, len);
	if (!r.t) {
		rows_free(&r.res);
		return -EPROTO;
	}
	r.have_run = load_beside(&r, &table_run, &r.run);
	r.have_ops = load_beside(&r, &table_ops, &r.ops);
	r.have_rpc = load_beside(&r, &table_mountstats, &r.rpc);
	r.have_hosts = load_beside(&r, &table_hosts, &r.hosts);
	r.have_ref = !reference_load_dir(in->refdir, &r.ref, r.ref_why, sizeof(r.ref_why));
	validate_all(&r);
	rt_report_unused(r.t, "report", in->csv);
	*problems = r.nproblems;
	draw_charts(&r);
	*missing = r.drawn.nfailed;

	page_top(&r);
	report_headline(&r);
	section_charts(&r);
	section_run(&r);
	section_tables(&r);
	section_problems(&r);
	section_files(&r);
	pg_end(&r.pg);
	err = pg_write(&r.pg, written);
	if (err)
		snprintf(why, len, "write %s: %s", written, strerror(-err));

	pg_free(&r.pg);
	free(r.problems);
	reference_free(&r.ref);
	free(r.t);
	rows_free(&r.res);
	rows_free(&r.run);
	rows_free(&r.ops);
	rows_free(&r.rpc);
	rows_free(&r.hosts);
	return err;
}
