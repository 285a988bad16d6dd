// SPDX-License-Identifier: GPL-2.0
/*
 * Section 1 of the run's page, at a glance: the measured figures against the published
 * ones, the way `compare`, `ort` and the op-mix rows give them: the nconnect
 * ratios of compare.csv (the same function, the same numbers), a curve's
 * ORT and peak beside SPEC's curves, an op mix beside the one asked and its
 * RPCs beside SPEC SFS 2008's.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve/curve.h"
#include "curve/ort.h"
#include "limits/limit.h"
#include "report/report_int.h"
#include "results/compare.h"
#include "results/compare_figs.h"
#include "results/schema.h"

/* @d rounded to the tenth it is shown with, and -0 made 0: "-0.0" is never shown. */
static double shown(double d)
{
	return nearbyint(d * 10) / 10 + 0.0;
}

/* One headline ratio's cell and its difference from @pub: as compare prints them. */
static void nconnect_cell(struct page *pg, const struct results_table *t, int tg,
			  const struct verdict_fig *f, const struct ref_value *pub,
			  struct strbuf *diff)
{
	const char *sep = diff->len ? "; " : "";

	if (!f->has) {
		pg_raw(pg, "<td class=\"n\">-</td>");
		sb_printf(diff, "%s-", sep);
		return;
	}
	/* the ratio as compare.csv has it, to the digit, and its interval */
	pg_raw(pg, "<td class=\"n ratio\" data-target=\"");
	pg_text(pg, t->targets[tg]);
	pg_rawf(pg, "\" data-ratio=\"%.3f\">%.2fx", f->ratio, f->ratio);
	if (f->verdict != VERDICT_NOT_JUDGED)
		pg_rawf(pg, " <span class=\"interval\">[%.2f, %.2f]</span>", f->r.lo, f->r.hi);
	pg_raw(pg, "</td>");
	if (!pub || pub->value <= 0)
		return;
	sb_printf(diff, "%s%+.0f%%", sep,
		  compare_shown_round(compare_pct_from_published(f->ratio, pub->value), 1));
	switch (compare_published_verdict(f, pub->value)) {
	case PUBLISHED_AGREES:
		sb_printf(diff, ": agrees with %.1fx within its interval", pub->value);
		break;
	case PUBLISHED_DIFFERS:
		sb_printf(diff, ": differs from %.1fx (outside its interval)", pub->value);
		break;
	default:
		sb_printf(diff, ": not judged (%s)", f->why);
		break;
	}
}

/*
 * The nconnect comparison, as `compare FILE.csv` prints it and writes compare.csv: the same
 * figures, intervals and verdicts (compare_targets_figs, the base its default, the first target).
 */
/* "rpc-slots (requests waited ..)" or "rpc-slots in 2 of 3 repeats (..)" of one target. */
static void limit_words(struct strbuf *sb, const char *target, enum limit_id id, int named,
			int judged)
{
	sb_printf(sb, "on %s, %s", target, limit_name(id));
	if (named < judged)
		sb_printf(sb, " in %d of %d repeats", named, judged);
	sb_printf(sb, " (%s)",
		  id == LIMIT_unknown ? "the limit is beyond what the client's "
					"counters name" :
					limit_what(id));
}

/* The base's limits more connections lift: what the page calls each. */
static const char *liftable(enum limit_id id)
{
	switch (id) {
	case LIMIT_rpc_slots:
		return "the slot limit";
	case LIMIT_per_connection:
		return "one connection's limit";
	default:
		return NULL;
	}
}

/*
 * The end of a sentence whose base ran into @what (liftable()) and whose variant did not: the
 * gain, as the table above has it (compare's figure @f: its ratio and interval, or why it has
 * none).
 */
static void lifted_words(struct strbuf *sb, const char *what, const struct verdict_fig *f,
			 int shared)
{
	struct strbuf g = { 0 };

	if (!f || !f->has) {
		sb_printf(sb, ": more connections lifted %s", what);
		return;
	}
	if (f->verdict != VERDICT_NOT_JUDGED)
		sb_printf(&g, "%.2fx [%.2f, %.2f]", f->ratio, f->r.lo, f->r.hi);
	else
		sb_printf(&g, "%.2fx, not judged: %s", f->ratio, f->why);
	if (f->ratio >= 1.2)
		sb_printf(sb, ": more connections lifted %s (%s)", what, sb_str(&g));
	else
		sb_printf(sb, ": more connections lifted %s, and %s held the gain to %s", what,
			  shared ? "a limit they all share" : "the next limit, beyond the client",
			  sb_str(&g));
	sb_free(&g);
}

/*
 * What limited each headline point, one sentence per headline: the base target's limit and each
 * variant's (docs/limits.md), and whether more connections lifted the base's.
 */
static void nconnect_limits(struct rep *r, const struct headline *hls, size_t nhl, int base,
			    const struct compare_figs *fs, size_t nfigs)
{
	const struct results_table *t = r->t;
	struct page *pg = &r->pg;
	int any = 0;
	size_t k = 0; /* the figure of (headline, variant), in the table's order */

	for (size_t h = 0; h < nhl; h++) {
		const struct headline *hl = &hls[h];
		const struct verdict_fig *lifted = NULL;
		int named, judged, shared = 0;
		int named_b, judged_b;
		int b = limit_point(&r->res, hl->profile, hl->read_pct, t->targets[base], &named_b,
				    &judged_b);
		struct strbuf sb = { 0 };

		if (b >= 0)
			limit_words(&sb, t->targets[base], (enum limit_id)b, named_b, judged_b);
		for (int tg = 0; tg < t->ntargets; tg++) {
			const struct verdict_fig *f;
			int v;

			if (!compare_nconnect_variant(t, tg))
				continue;
			f = k < nfigs ? &fs->f[k] : NULL;
			k++;
			if (b < 0 || (v = limit_point(&r->res, hl->profile, hl->read_pct,
						      t->targets[tg], &named, &judged)) < 0)
				continue;
			sb_adds(&sb, "; ");
			limit_words(&sb, t->targets[tg], (enum limit_id)v, named, judged);
			if (v != b && liftable((enum limit_id)b)) {
				lifted = f;
				shared = v == LIMIT_shared_path;
			}
		}
		if (b < 0)
			continue; /* (nothing was put in sb) */
		if (lifted)
			lifted_words(&sb, liftable((enum limit_id)b), lifted, shared);
		if (!any)
			pg_raw(pg,
			       "<p>What limited each point (nfsweep limits; docs/limits.md):</p>\n"
			       "<ul id=\"nconnect-limits\">\n");
		any = 1;
		pg_raw(pg, "<li>");
		pg_textf(pg, "%s: %s.", hl->name, sb_str(&sb));
		pg_raw(pg, "</li>\n");
		sb_free(&sb);
	}
	if (any)
		pg_raw(pg, "</ul>\n");
}

static void nconnect(struct rep *r)
{
	const struct results_table *t = r->t;
	struct page *pg = &r->pg;
	int base = compare_nconnect_one(t), n = 0;
	struct compare_figs fs = { 0 };
	struct compare_family fam = { 0 };
	char file[2 * PATH_MAX + 2];
	size_t k = 0;

	for (int tg = 0; tg < t->ntargets; tg++)
		n += compare_nconnect_variant(t, tg);
	pg_raw(pg, "<h3>nconnect</h3>\n");
	snprintf(file, sizeof(file), "%s/%s", r->dir, r->name);
	if (base < 0 || !n || compare_targets_figs(t, file, 0, &fs, &fam)) {
		pg_raw(pg, "<p id=\"no-nconnect\">");
		pg_textf(pg,
			 "No published nconnect comparison: it is an nconnect=N variant over the "
			 "nconnect=1 one, and this file has %s.",
			 base < 0 ? "no target mounted with nconnect=1 on one transport" :
			 !n	  ? "no target mounted with nconnect=N that got its N transports" :
				    "figures that could not be gathered (out of memory)");
		pg_raw(pg, "</p>\n");
		compare_figs_free(&fs);
		return;
	}
	pg_raw(pg, "<p>");
	pg_textf(pg,
		 "Each nconnect=N variant over %s (nconnect=1), beside the published gain; the "
		 "difference is measured / published - 1, and a gain agrees with the published "
		 "one when its %.1f %% interval reaches it, to the %.2fx the published gains are "
		 "rounded to. These are the ratios of compare.csv.",
		 t->targets[base], fam.level * 100, PUBLISHED_ROUNDING);
	pg_raw(pg, "</p>\n<table id=\"nconnect\"><thead><tr><th>workload</th><th>unit</th>");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (compare_nconnect_variant(t, tg))
			pg_elem(pg, "th", t->targets[tg]);
	pg_raw(pg, "<th>published</th><th>difference</th></tr></thead><tbody>\n");
	const struct headline *hls;
	size_t nhl = compare_headlines(&hls);

	for (size_t h = 0; h < nhl; h++) {
		const struct headline *hl = &hls[h];
		const struct ref_value *pub = reference_find(&r->ref, "nconnect gain", hl->profile,
							     hl->read_pct, "ratio");
		struct strbuf diff = { 0 };

		pg_rawf(pg, "<tr data-profile=\"%s\" data-read-pct=\"%d\" data-metric=\"%s\">",
			hl->profile, hl->read_pct, rt_metric_column[hl->metric]);
		pg_elem(pg, "td", hl->name);
		pg_elem(pg, "td", hl->unit);
		for (int tg = 0; tg < t->ntargets && k < fam.nh; tg++)
			if (compare_nconnect_variant(t, tg))
				nconnect_cell(pg, t, tg, &fs.f[k++], pub, &diff);
		if (pub)
			pg_rawf(pg, "<td class=\"n\">%.1fx</td>", pub->value);
		else
			pg_raw(pg, "<td class=\"n\">-</td>");
		pg_elem(pg, "td", pub && diff.len ? sb_str(&diff) : "-");
		pg_raw(pg, "</tr>\n");
		sb_free(&diff);
	}
	pg_raw(pg, "</tbody></table>\n");
	nconnect_limits(r, hls, nhl, base, &fs, fam.nh);
	compare_figs_free(&fs);
	if (r->t->note[0] && strstr(r->t->note, "lab"))
		pg_raw(pg, "<p class=\"muted\">The lab's figures are its own (a model of the "
			   "article's path, scaled down): only the ratios carry over.</p>\n");
}

/* One curve's row: its name, peak and ORT (computed as `nfsweep ort` does). */
static void curve_row(struct page *pg, const char *name, struct curve *c, const char *cls)
{
	double ort, peak = 0;
	char why[256];

	for (size_t i = 0; i < c->n; i++)
		if (c->p[i].ops_s > peak)
			peak = c->p[i].ops_s;
	pg_rawf(pg, "<tr class=\"%s\">", cls);
	pg_elem(pg, "td", name);
	pg_rawf(pg, "<td class=\"n\">%zu</td><td class=\"n\">%.0f</td>", c->n, peak);
	if (ort_compute(c->p, c->n, &ort, why, sizeof(why)))
		pg_elem(pg, "td", why);
	else
		pg_rawf(pg, "<td class=\"n ort\">%.2f</td>", ort);
	pg_raw(pg, "</tr>\n");
}

/* Each target's curve, the published SPEC SFS 2008 curves beside. */
static void curves(struct rep *r)
{
	struct page *pg = &r->pg;
	char dir[PATH_MAX + 16];
	struct dirent **names;
	int n;

	if (!r->t->curve_rows)
		return;
	pg_raw(pg, "<h3>Load curve</h3>\n<p>The Overall Response Time (ORT) is the area under "
		   "the response-time curve over the peak, as SPEC SFS 2008 defines it (nfsweep "
		   "ort). The published curves are SPEC SFS 2008 results of other systems under "
		   "SFS 2008's own load: they place a curve, they do not measure the same "
		   "thing.</p>\n<table id=\"curve\"><thead><tr><th>curve</th><th>load points</th>"
		   "<th>peak ops/s</th><th>ORT ms</th></tr></thead><tbody>\n");
	for (int tg = 0; tg < r->t->ncurve_targets; tg++) {
		struct curve c = { 0 };
		char why[256], name[128];

		snprintf(name, sizeof(name), "%s (this run)", r->t->curve_targets[tg]);
		if (curve_read(r->in->csv, r->t->curve_targets[tg], &c, why, sizeof(why))) {
			pg_raw(pg, "<tr>");
			pg_elem(pg, "td", name);
			pg_raw(pg, "<td colspan=\"3\">");
			pg_text(pg, why);
			pg_raw(pg, "</td></tr>\n");
			continue;
		}
		curve_row(pg, name, &c, "measured");
		curve_free(&c);
	}
	snprintf(dir, sizeof(dir), "%s/curves", r->in->refdir);
	n = scandir(dir, &names, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX * 2 + 16], why[256];
		size_t l = strlen(names[i]->d_name);
		struct curve c = { 0 };

		if (l > 4 && !strcmp(names[i]->d_name + l - 4, ".csv")) {
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
			if (!curve_read(path, NULL, &c, why, sizeof(why))) {
				curve_row(pg, c.source[0] ? c.source : names[i]->d_name, &c,
					  "published");
				curve_free(&c);
			}
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	pg_raw(pg, "</tbody></table>\n");
}

/* The op mix of the first ok point of @profile: each job's, asked against achieved. */
/* The op mix's table: each job's operations, their shares against the shares asked. */
static void op_shares(struct rep *r, const char *json)
{
	struct page *pg = &r->pg;

	pg_raw(pg, "<table class=\"opmix\"><thead><tr><th>job</th><th>operation</th>"
		   "<th>count</th><th>asked %</th><th>achieved %</th><th>difference, points</th>"
		   "</tr></thead><tbody>\n");
	for (size_t i = 0; i < r->ops.n; i++) {
		if (strcmp(ops_at(&r->ops, i, OPS_COL_fio_json), json))
			continue;
		pg_raw(pg, "<tr>");
		pg_elem(pg, "td", ops_at(&r->ops, i, OPS_COL_job));
		pg_elem(pg, "td", ops_at(&r->ops, i, OPS_COL_op));
		report_num(pg, ops_at(&r->ops, i, OPS_COL_count), "%.0f", 1);
		report_num(pg, ops_at(&r->ops, i, OPS_COL_asked_pct), "%.1f", 1);
		report_num(pg, ops_at(&r->ops, i, OPS_COL_share_pct), "%.1f", 1);
		pg_rawf(pg, "<td class=\"n\">%+.1f</td>",
			shown(atof(ops_at(&r->ops, i, OPS_COL_share_pct)) -
			      atof(ops_at(&r->ops, i, OPS_COL_asked_pct))));
		pg_raw(pg, "</tr>\n");
	}
	pg_raw(pg, "</tbody></table>\n");
}

/*
 * The op mix's RPCs in the point's window, each beside SPEC SFS 2008's share of it when
 * @nspec (the reference has the profile's RPC mix); the sum of the differences' sizes.
 */
static double rpc_rows(struct rep *r, const char *profile, const char *json, int nspec)
{
	struct page *pg = &r->pg;
	double l1 = 0;

	for (size_t i = 0; i < r->rpc.n; i++) {
		const char *rpc = ms_at(&r->rpc, i, MS_COL_rpc);
		double share = atof(ms_at(&r->rpc, i, MS_COL_share_pct)), spec = 0;

		if (strcmp(ms_at(&r->rpc, i, MS_COL_fio_json), json))
			continue;
		for (size_t k = 0; k < r->ref.n; k++)
			if (!strcmp(r->ref.v[k].figure, "RPC mix") &&
			    !strcmp(r->ref.v[k].workload, profile) &&
			    !strcmp(r->ref.v[k].metric, rpc))
				spec = r->ref.v[k].value;
		pg_raw(pg, "<tr>");
		pg_elem(pg, "td", rpc);
		report_num(pg, ms_at(&r->rpc, i, MS_COL_count), "%.0f", 1);
		pg_rawf(pg, "<td class=\"n\">%.1f</td>", share);
		if (nspec) {
			pg_rawf(pg, "<td class=\"n\">%.0f</td><td class=\"n\">%+.1f</td>", spec,
				shown(share - spec));
			l1 += fabs(share - spec);
		}
		pg_raw(pg, "</tr>\n");
	}
	/* SPEC's RPCs that the client did not send at all */
	for (size_t k = 0; nspec && k < r->ref.n; k++) {
		const struct ref_value *v = &r->ref.v[k];
		int sent = 0;

		if (strcmp(v->figure, "RPC mix") || strcmp(v->workload, profile))
			continue;
		for (size_t i = 0; i < r->rpc.n && !sent; i++)
			sent = !strcmp(ms_at(&r->rpc, i, MS_COL_fio_json), json) &&
			       !strcmp(ms_at(&r->rpc, i, MS_COL_rpc), v->metric);
		if (sent)
			continue;
		pg_raw(pg, "<tr>");
		pg_elem(pg, "td", v->metric);
		pg_rawf(pg,
			"<td class=\"n\">0</td><td class=\"n\">0.0</td><td class=\"n\">%.0f</td>"
			"<td class=\"n\">%+.1f</td></tr>\n",
			v->value, -v->value);
		l1 += v->value;
	}
	return l1;
}

/* The op mix on the wire: the kernel's RPCs in fio's window, SPEC's mix beside. */
static void rpc_mix(struct rep *r, const char *profile, const char *json)
{
	struct page *pg = &r->pg;
	double l1;
	int nspec = 0;

	for (size_t k = 0; k < r->ref.n; k++)
		nspec += !strcmp(r->ref.v[k].figure, "RPC mix") &&
			 !strcmp(r->ref.v[k].workload, profile);
	pg_raw(pg, "<p>What the kernel's NFS client put on the wire in that point's window");
	if (nspec)
		pg_raw(pg, ", beside the RPC mix of SPEC SFS 2008 (its load generators carried "
			   "their own NFS client; here the Linux client chooses the RPCs)");
	pg_raw(pg, ":</p>\n<table class=\"rpcmix\"><thead><tr><th>RPC</th><th>count</th>"
		   "<th>share %</th>");
	if (nspec)
		pg_raw(pg, "<th>SPEC SFS 2008 %</th><th>difference, points</th>");
	pg_raw(pg, "</tr></thead><tbody>\n");
	l1 = rpc_rows(r, profile, json, nspec);
	pg_raw(pg, "</tbody></table>\n");
	if (nspec)
		pg_rawf(pg,
			"<p id=\"rpc-distance\">The two mixes differ by %.0f points in all (the "
			"sum of the differences' sizes; 0 is the same mix, 200 none in "
			"common).</p>\n",
			l1);
}

static void op_mix(struct rep *r, const char *profile)
{
	struct page *pg = &r->pg;
	const char *json = NULL, *engine = "";

	for (size_t i = 0; i < r->res.n && !json; i++)
		if (!strcmp(res_at(&r->res, i, COL_profile), profile) &&
		    !strcmp(res_at(&r->res, i, COL_status), STATUS_OK) &&
		    atoi(res_at(&r->res, i, COL_load_point)) == 0) {
			json = res_at(&r->res, i, COL_fio_json);
			engine = res_at(&r->res, i, COL_engine);
		}
	pg_raw(pg, "<h3>");
	pg_textf(pg, "Op mix: %s", profile);
	pg_raw(pg, "</h3>\n");
	if (!json || !r->have_ops) {
		pg_raw(pg, "<p>");
		pg_textf(pg, "No ok point of %s with operation rows (%s).", profile,
			 r->have_ops ? "its points failed" : "no FILE.ops.csv beside the file");
		pg_raw(pg, "</p>\n");
		return;
	}
	pg_raw(pg, "<p>");
	pg_textf(pg,
		 "Its first ok point (%s): each operation's share of what each job issued, "
		 "against the share asked.%s",
		 json,
		 strcmp(engine, ENGINE_RPC) ?
			 "" :
			 " nfsweep-rpc sent each operation as the NFSv3 RPC of its name, with no "
			 "kernel client between: these are the shares on the wire (a READ or WRITE "
			 "beyond the server's maximum transfer goes as several RPCs of its name).");
	pg_raw(pg, "</p>\n");
	op_shares(r, json);
	if (r->have_rpc)
		rpc_mix(r, profile, json);
}

/* "68586 IOPS at 16 in flight (2x8)" */
static void depth_cell(struct page *pg, const struct results_table *t, int p, double v, int mib)
{
	pg_raw(pg, "<td class=\"n\">");
	pg_textf(pg, "%.*f %s at %d in flight (%dx%d)", mib ? 1 : 0, v, mib ? "MiB/s" : "IOPS",
		 t->numjobs[p] * t->iodepth[p], t->numjobs[p], t->iodepth[p]);
	pg_raw(pg, "</td>");
}

/* "61232 IOPS, 89 % of the most" at the published method's depth, or "-" */
static void published_cell(struct page *pg, const struct rt_knee *k, int mib)
{
	pg_raw(pg, "<td class=\"n\">");
	if (k->published >= 0)
		pg_textf(pg, "%.*f %s, %.0f %% of the most", mib ? 1 : 0, k->published_v,
			 mib ? "MiB/s" : "IOPS", 100 * k->published_v / k->most_v);
	else
		pg_raw(pg, "-");
	pg_raw(pg, "</td>");
}

/*
 * A depth sweep's answer: per profile, read share and target, the depth that moved the most and
 * the least within 10 % of it (rt_depth_knee), and what one run per depth cannot tell.
 */
static void depths(struct rep *r)
{
	const struct results_table *t = r->t;
	struct page *pg = &r->pg;
	int rows = 0, rep = 1, published = 0;

	for (int p = 0; t->depth_sweep && p < t->nprofiles; p++) {
		int mib = rt_is_throughput(t, p);

		for (int pct = 100; rt_first_depth(t, p) == p && pct >= 0; pct--)
			for (int tg = 0; tg < t->ntargets; tg++) {
				struct rt_knee k;

				if (rt_depth_knee(t, t->profile_base[p], pct, tg,
						  mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS, 0.9, &k))
					continue;
				if (!rows++)
					pg_raw(pg,
					       "<h3>Queue depth</h3>\n<table id=\"depth\"><thead>"
					       "<tr><th>profile</th><th>read %</th><th>target</th>"
					       "<th>the most</th><th>the least depth within 10 % "
					       "of it</th><th>the published depth</th></tr></thead>"
					       "<tbody>\n");
				rep &= k.repeated;
				published |= k.published >= 0;
				pg_raw(pg, "<tr>");
				pg_elem(pg, "td", t->profile_base[p]);
				pg_rawf(pg, "<td class=\"n\">%d</td>", pct);
				pg_elem(pg, "td", t->targets[tg]);
				depth_cell(pg, t, k.most, k.most_v, mib);
				depth_cell(pg, t, k.knee, k.knee_v, mib);
				published_cell(pg, &k, mib);
				pg_raw(pg, "</tr>\n");
			}
	}
	if (!rows)
		return;
	pg_raw(pg, "</tbody></table>\n<p>");
	pg_text(pg, rep ? "Each depth's repeats give it an interval (the charts' bars)." :
			  "One run per depth: a difference under about 10 % may be noise; "
			  "--repeat 3 gives each depth an interval.");
	if (!published)
		pg_textf(pg,
			 " The published method's depth (%d jobs x %d) is not in this sweep: run "
			 "--published-depth adds it.",
			 REFERENCE_METHOD_NUMJOBS, REFERENCE_METHOD_IODEPTH);
	pg_raw(pg, "</p>\n");
}

void report_headline(struct rep *r)
{
	int mounted = 0;

	/* (a mount's nconnect: none for a profile that speaks NFS itself, sfs2008-wire) */
	for (int tg = 0; tg < r->t->ntargets; tg++)
		mounted |= r->t->nconnect[tg] > 0;
	pg_raw(&r->pg, "<section id=\"glance\"><h2>1. At a glance</h2>\n");
	report_status(r);
	if (r->t->nprofiles && mounted)
		nconnect(r);
	curves(r);
	depths(r);
	/* each op-mix profile once */
	for (size_t i = 0; i < r->res.n; i++)
		if (schema_op_mix_engine(res_at(&r->res, i, COL_engine)) &&
		    rows_first(&r->res, i, COL_profile, -1))
			op_mix(r, res_at(&r->res, i, COL_profile));
	if (!r->have_ref) {
		pg_raw(&r->pg, "<p class=\"warn\" id=\"no-reference\">");
		pg_textf(&r->pg, "The published figures could not be read: %s.", r->ref_why);
		pg_raw(&r->pg, "</p>\n");
	}
	pg_raw(&r->pg, "</section>\n");
}
