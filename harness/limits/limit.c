// SPDX-License-Identifier: GPL-2.0
/* What limited a point (see limit.h; the rules and their thresholds: docs/limits.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limits/limit.h"
#include "results/results_table.h"
#include "results/rows.h"
#include "results/schema.h"
#include "util/strbuf.h"

static const struct {
	const char *name, *what, *lift;
} limits[NLIMITS] = {
#define LIMIT(id, name, what, lift) [LIMIT_##id] = { name, what, lift },
#include "limits/limits.def"
#undef LIMIT
};

const char *limit_name(enum limit_id id)
{
	return limits[id].name;
}

const char *limit_what(enum limit_id id)
{
	return limits[id].what;
}

const char *limit_lift(enum limit_id id)
{
	return limits[id].lift;
}

/*
 * A round trip "as long as one at a time": at most this many times the unloaded one. Measured
 * (docs/limits.md, "Checked against shapings the rules were not tuned on"): points that their
 * depth bound ran at 1.00-1.10x it; points a byte cap bound with every I/O in flight at
 * 1.23-1.42x (the cap's queue is in each round trip).
 */
#define RTT_AS_UNLOADED 1.2
/* A round trip that slots in use cannot explain: something past the client held each RPC. */
#define RTT_SLOTS_MAX 1.5
/* A round trip that only a queue past the client explains (rule_beyond). */
#define RTT_BEYOND 3.0

/* The figures the rules read, from one row. */
struct figs {
	double in_flight, backlog, sending, max_slots; /* per connection, at a send */
	double cpu_per_job;			       /* fio's usr + sys, % of one CPU */
	double ops, rtt_ms, queue_ms, exe_ms;	       /* READ and WRITE, op-weighted */
	double rtt0_ms; /* their unloaded round trip (point_probe.h), op-weighted; 0: unknown */
	double window_s, depth; /* depth: iodepth x numjobs */
	int direct;
};

/* Cell @c of @row as a number into *@v: 1, or 0 when empty or not a number. */
static int num(limit_cell_fn cell, const void *row, enum column c, double *v)
{
	const char *s = cell(row, c);
	char *end;

	if (!s || !*s)
		return 0;
	*v = strtod(s, &end);
	return *end == '\0';
}

/* The READ and WRITE RPCs' counts and mean times, op-weighted, into @f. */
static void read_rpc(limit_cell_fn cell, const void *row, struct figs *f)
{
	static const enum column c[2][5] = {
		{ COL_rpc_read_ops, COL_rpc_read_avg_rtt_ms, COL_rpc_read_avg_queue_ms,
		  COL_rpc_read_avg_exe_ms, COL_rtt_unloaded_read_ms },
		{ COL_rpc_write_ops, COL_rpc_write_avg_rtt_ms, COL_rpc_write_avg_queue_ms,
		  COL_rpc_write_avg_exe_ms, COL_rtt_unloaded_write_ms },
	};
	int rtt0_all = 1; /* every direction that ran has its unloaded round trip */

	for (int i = 0; i < 2; i++) {
		double n = 0, rtt = 0, queue = 0, exe = 0, rtt0 = 0;

		if (!num(cell, row, c[i][0], &n) || n <= 0 || !num(cell, row, c[i][1], &rtt) ||
		    !num(cell, row, c[i][2], &queue) || !num(cell, row, c[i][3], &exe))
			continue;
		f->rtt_ms += rtt * n;
		f->queue_ms += queue * n;
		f->exe_ms += exe * n;
		f->ops += n;
		if (num(cell, row, c[i][4], &rtt0) && rtt0 > 0)
			f->rtt0_ms += rtt0 * n;
		else
			rtt0_all = 0;
	}
	if (f->ops > 0) {
		f->rtt_ms /= f->ops;
		f->queue_ms /= f->ops;
		f->exe_ms /= f->ops;
		f->rtt0_ms = rtt0_all ? f->rtt0_ms / f->ops : 0;
	}
}

/* @row's figures; -ENODATA when it has no transport figures or is not an ok point. */
static int read_figs(limit_cell_fn cell, const void *row, struct figs *f)
{
	const char *status = cell(row, COL_status);
	double usr = 0, sys = 0, jobs = 0, depth = 0, direct = 0;

	memset(f, 0, sizeof(*f));
	if (!status || strcmp(status, "ok") || !num(cell, row, COL_xprt_in_flight, &f->in_flight) ||
	    !num(cell, row, COL_xprt_max_slots, &f->max_slots) ||
	    !num(cell, row, COL_xprt_backlog, &f->backlog) ||
	    !num(cell, row, COL_xprt_sending, &f->sending))
		return -ENODATA;
	if (num(cell, row, COL_numjobs, &jobs) && jobs > 0 &&
	    num(cell, row, COL_usr_cpu_pct, &usr) && num(cell, row, COL_sys_cpu_pct, &sys))
		f->cpu_per_job = (usr + sys) / jobs;
	if (num(cell, row, COL_iodepth, &depth))
		f->depth = depth * jobs;
	f->direct = num(cell, row, COL_direct, &direct) && direct == 1;
	num(cell, row, COL_rpc_window_s, &f->window_s);
	read_rpc(cell, row, f);
	return 0;
}

/*
 * RPC slots: the connection's slot table full at the sends (in flight at 60 % of the most slots
 * it has used), requests waiting for a slot (one or more at a send), and that wait as long as
 * the round trip or longer (a short wait is not what sets the rate). Where the unloaded round
 * trip is known, the round trip at most 1.5x it: slots held longer than that were full because
 * something past the client (a connection's byte cap, the server) held each RPC, and more slots
 * would only lengthen that queue.
 */
static double rule_slots(const struct figs *f, char *ev, size_t len)
{
	double a, b, c, m;
	int n;

	if (f->max_slots <= 0 || f->ops <= 0 || f->rtt_ms <= 0)
		return 0;
	a = f->in_flight / (0.6 * f->max_slots);
	b = f->backlog / 1.0;
	c = f->queue_ms / f->rtt_ms;
	m = a < b ? a : b;
	m = m < c ? m : c;
	n = snprintf(
		ev, len,
		"%.1f RPCs in flight per connection of the %.0f slots it has had at most, %.1f "
		"waiting for a slot; each RPC queued %.3g ms before a %.3g ms round trip",
		f->in_flight, f->max_slots, f->backlog, f->queue_ms, f->rtt_ms);
	if (f->rtt0_ms > 0) {
		double d = RTT_SLOTS_MAX * f->rtt0_ms / f->rtt_ms;

		if (n > 0 && (size_t)n < len)
			snprintf(ev + n, len - n, ", %.2fx the %.3g ms of one I/O at a time",
				 f->rtt_ms / f->rtt0_ms, f->rtt0_ms);
		m = m < d ? m : d;
	}
	return m;
}

/*
 * Requests waited for a slot only because something past the client held each RPC: the round
 * trip over 1.5x the unloaded one (rule_slots does not name such a point).
 */
static int slots_held_past(const struct figs *f)
{
	return f->backlog >= 1 && f->rtt0_ms > 0 && f->rtt_ms > RTT_SLOTS_MAX * f->rtt0_ms;
}

/* Client CPU: fio's jobs at 90 % of a CPU each or more (usr + sys). */
static double rule_cpu(const struct figs *f, char *ev, size_t len)
{
	if (f->cpu_per_job <= 0)
		return 0;
	snprintf(ev, len, "fio's jobs used %.0f %% of a CPU each (usr + sys)", f->cpu_per_job);
	return f->cpu_per_job / 90;
}

/* The RPCs the client held outstanding over the window (Little's law: RPC/s x execution time). */
static double outstanding(const struct figs *f)
{
	return f->window_s > 0 ? f->ops / f->window_s * f->exe_ms / 1000 : 0;
}

/*
 * Every I/O asked in flight, none held back by the client: O_DIRECT (one RPC per I/O or more),
 * RPCs outstanding at 90 % of iodepth x numjobs or more, under one waiting for a slot at a send.
 * Its share of the 90 %, or 0 when the point's figures cannot say.
 */
static double all_in_flight(const struct figs *f)
{
	if (!f->direct || f->depth <= 0 || f->ops <= 0 || f->rtt_ms <= 0 || f->backlog >= 1)
		return 0;
	return outstanding(f) / (0.9 * f->depth);
}

/*
 * Depth: every I/O asked in flight, and each round trip at most 1.2x the target's unloaded one
 * (one I/O at a time, point_probe.h): nothing beyond the client queued the requests, each waited
 * for its own round trip only, so more of them at once go faster.
 */
static double rule_depth(const struct figs *f, char *ev, size_t len)
{
	double a = all_in_flight(f), b;

	if (a <= 0 || f->rtt0_ms <= 0)
		return 0;
	b = RTT_AS_UNLOADED * f->rtt0_ms / f->rtt_ms;
	snprintf(ev, len,
		 "%.1f RPCs outstanding of the %.0f I/Os asked, none waiting for a slot (%.2f at a "
		 "send); each round trip %.3g ms, %.2fx the %.3g ms of one I/O at a time",
		 outstanding(f), f->depth, f->backlog, f->rtt_ms, f->rtt_ms / f->rtt0_ms,
		 f->rtt0_ms);
	return a < b ? a : b;
}

/*
 * Beyond the client: every I/O asked in flight, and each round trip 3x the unloaded one or more:
 * the requests met a queue past the client (the server, the volume, the path), which more depth
 * only lengthens. Between 1.2x and 3x neither this rule nor depth names the point.
 */
static double rule_beyond(const struct figs *f, char *ev, size_t len)
{
	double a = all_in_flight(f), b;

	if (a <= 0 || f->rtt0_ms <= 0)
		return 0;
	b = f->rtt_ms / (RTT_BEYOND * f->rtt0_ms);
	snprintf(
		ev, len,
		"%.1f RPCs outstanding of the %.0f I/Os asked, none waiting for a slot (%.2f at a "
		"send) nor long queued (%.3g ms); each round trip %.3g ms, %.1fx the %.3g ms of one "
		"I/O at a time",
		outstanding(f), f->depth, f->backlog, f->queue_ms, f->rtt_ms,
		f->rtt_ms / f->rtt0_ms, f->rtt0_ms);
	return a < b ? a : b;
}

/*
 * The rules of one row, in order. A late rule names what another point of the file may name more
 * precisely (beyond-client: per-connection, shared-path), so limit_judge_rows tries those first.
 */
static const struct {
	enum limit_id id;
	double (*margin)(const struct figs *f, char *ev, size_t len);
	int late;
} rules[] = {
	{ LIMIT_rpc_slots, rule_slots, 0 },
	{ LIMIT_client_cpu, rule_cpu, 0 },
	{ LIMIT_depth, rule_depth, 0 },
	{ LIMIT_beyond_client, rule_beyond, 1 },
};

/* What the client held, for a point no rule decides: where its requests' time went. */
static void held(const struct figs *f, struct strbuf *sb)
{
	if (f->ops <= 0) {
		sb_adds(sb, "no READ or WRITE RPCs in the window");
		return;
	}
	if (f->window_s > 0) {
		sb_printf(sb, "the client held %.1f RPCs outstanding (RPC/s x execution time)",
			  outstanding(f));
		if (f->direct && f->depth > 0)
			sb_printf(sb, " of the %.0f I/Os asked", f->depth);
		sb_adds(sb, "; ");
	}
	sb_printf(sb,
		  "each RPC queued %.3g ms before a %.3g ms round trip, %.1f waiting for a slot "
		  "and %.1f for its connection to send",
		  f->queue_ms, f->rtt_ms, f->backlog, f->sending);
	/*
	 * Every I/O asked in flight and none held back by the client: by Little's law its depth and
	 * whatever lies beyond it look alike from here; a point with more depth tells them apart.
	 */
	if (all_in_flight(f) >= 1 && f->rtt0_ms > 0)
		sb_printf(
			sb,
			"; every I/O asked was in flight, each round trip %.2fx the %.3g ms of "
			"one I/O at a time (depth at %.1fx or less, beyond the client at %.0fx or more)",
			f->rtt_ms / f->rtt0_ms, f->rtt0_ms, RTT_AS_UNLOADED, RTT_BEYOND);
	else if (slots_held_past(f))
		sb_printf(sb,
			  "; requests waited for a slot, but each round trip was %.2fx the %.3g ms "
			  "of one I/O at a time: something past the client (a connection's or the "
			  "path's byte rate, the server) held each RPC, and more slots would only "
			  "lengthen that wait",
			  f->rtt_ms / f->rtt0_ms, f->rtt0_ms);
	else if (all_in_flight(f) >= 1)
		sb_adds(sb, "; every I/O asked was in flight: with more iodepth or jobs, the rate "
			    "rises if the depth set it, the round trip grows if what is beyond the "
			    "client did");
}

/* limit_judge, with the late rules (@late 1) or without them (0). */
static int judge(limit_cell_fn cell, const void *row, struct limit_verdict *v, int late)
{
	struct figs f;
	char ev[sizeof(v->evidence)];
	struct strbuf sb = { 0 };
	double best = 0;
	size_t best_i = 0;

	if (read_figs(cell, row, &f))
		return -ENODATA;
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		if (rules[i].late > late)
			continue;
		double m = rules[i].margin(&f, ev, sizeof(ev));

		if (m >= 1) {
			v->id = rules[i].id;
			v->margin = m;
			snprintf(v->evidence, sizeof(v->evidence), "%s", ev);
			return 0;
		}
		if (m > best) {
			best = m;
			best_i = i;
		}
	}
	v->id = LIMIT_unknown;
	v->margin = best;
	held(&f, &sb);
	if (best >= 0.1) /* (a rule far from its thresholds says nothing) */
		sb_printf(&sb, "; the nearest rule, %s, at %.2f of its thresholds",
			  limit_name(rules[best_i].id), best);
	snprintf(v->evidence, sizeof(v->evidence), "%s", sb_str(&sb));
	sb_free(&sb);
	return 0;
}

int limit_judge(limit_cell_fn cell, const void *row, struct limit_verdict *v)
{
	return judge(cell, row, v, 1);
}

static const char *row_cell(const void *row, enum column c)
{
	const char *s = ((const struct row *)row)->cell[c];

	return s ? row_text(s) : NULL;
}

void limit_set_row(struct row *r)
{
	struct limit_verdict v;

	if (limit_judge(row_cell, r, &v))
		return;
	row_set(r, COL_limit, "%s", limit_name(v.id));
	row_set_num(r, COL_limit_margin, v.margin);
	row_set(r, COL_limit_evidence, "%s", v.evidence);
}

struct row_at {
	const struct rows *t;
	size_t i;
};

static const char *rows_cell(const void *row, enum column c)
{
	const struct row_at *a = row;

	return res_at(a->t, a->i, c);
}

/* A point's means over its ok sweep rows: total IOPS, and the READ and WRITE round trip. */
struct point_means {
	double iops, rtt_ms;
	int n;
};

/*
 * Is row @j of @t a sweep row of row @i's point on some target: its profile, read % and depth
 * (numjobs x iodepth: a depth sweep's other depths are other points)?
 */
static int same_point(const struct rows *t, size_t j, size_t i)
{
	static const enum column key[] = { COL_profile, COL_read_pct, COL_numjobs, COL_iodepth };

	for (size_t k = 0; k < sizeof(key) / sizeof(key[0]); k++)
		if (strcmp(res_at(t, j, key[k]), res_at(t, i, key[k])))
			return 0;
	return !*res_at(t, j, COL_load_point);
}

/* The means of row @i's point on @target. */
static void point_means(const struct rows *t, size_t i, const char *target, struct point_means *m)
{
	memset(m, 0, sizeof(*m));
	for (size_t j = 0; j < t->n; j++) {
		struct row_at a = { t, j };
		struct figs f;
		double iops;

		if (!same_point(t, j, i) || strcmp(res_at(t, j, COL_target), target) ||
		    read_figs(rows_cell, &a, &f) || f.rtt_ms <= 0 ||
		    !num(rows_cell, &a, COL_total_iops, &iops))
			continue;
		m->iops += iops;
		m->rtt_ms += f.rtt_ms;
		m->n++;
	}
	if (m->n) {
		m->iops /= m->n;
		m->rtt_ms /= m->n;
	}
}

/*
 * The first target of @t other than row @i's with its point on one transport, or with @many on
 * two or more.
 */
static const char *other_target(const struct rows *t, size_t i, int many)
{
	for (size_t j = 0; j < t->n; j++)
		if (!strcmp(res_at(t, j, COL_status), "ok") &&
		    (many ? atoi(res_at(t, j, COL_transports)) >= 2 :
			    !strcmp(res_at(t, j, COL_transports), "1")) &&
		    same_point(t, j, i) &&
		    strcmp(res_at(t, j, COL_target), res_at(t, i, COL_target)))
			return res_at(t, j, COL_target);
	return NULL;
}

/*
 * Row @i's point on @one connection and on @many, their means into *@b and *@v: 1, or 0 when
 * either has no ok row with figures.
 */
static int point_pair(const struct rows *t, size_t i, const char *one, const char *many,
		      struct point_means *b, struct point_means *v)
{
	point_means(t, i, one, b);
	point_means(t, i, many, v);
	return b->n && v->n && b->iops > 0 && v->iops > 0;
}

/*
 * A shared path: the point on N connections moved at most 1.2x what it did on one, while its
 * round trips grew to twice theirs or more (its requests waited beyond the client, and more
 * connections only lengthened the wait). The round trip tells it from a point that more depth
 * would lift, whose round trip stays as it was.
 */
static double rule_shared(const struct rows *t, size_t i, char *ev, size_t len)
{
	const char *target = res_at(t, i, COL_target), *base;
	struct point_means b, v;
	double ratio, grew, m;

	if (atoi(res_at(t, i, COL_transports)) < 2 || *res_at(t, i, COL_load_point) ||
	    !(base = other_target(t, i, 0)))
		return 0;
	if (!point_pair(t, i, base, target, &b, &v))
		return 0;
	ratio = v.iops / b.iops;
	grew = v.rtt_ms / b.rtt_ms;
	m = 1.2 / ratio < grew / 2 ? 1.2 / ratio : grew / 2;
	snprintf(ev, len,
		 "%s connections moved %.2fx what one did (%s), their round trips %.1fx as long "
		 "(%.3g ms against %.3g)",
		 res_at(t, i, COL_transports), ratio, base, grew, v.rtt_ms, b.rtt_ms);
	return m;
}

/*
 * One connection's throughput: the same point on two or more connections moved 1.5x what this
 * one did or more, while this one's requests did not wait for a slot (under one waiting at a
 * send; rpc-slots otherwise), or waited only because each round trip was over 1.5x one I/O's
 * alone (slots_held_past: the connection held each RPC), nor its jobs for a CPU (client-cpu,
 * judged first). What more connections lift then is what each carries: its TCP window, a cap
 * per flow, one socket's processing.
 */
static double rule_per_connection(const struct rows *t, size_t i, char *ev, size_t len)
{
	const char *target = res_at(t, i, COL_target), *many;
	struct row_at a = { t, i };
	struct point_means b, v;
	struct figs f;
	double ratio;

	if (strcmp(res_at(t, i, COL_transports), "1") || *res_at(t, i, COL_load_point) ||
	    read_figs(rows_cell, &a, &f) || (f.backlog >= 1 && !slots_held_past(&f)) ||
	    !(many = other_target(t, i, 1)))
		return 0;
	if (!point_pair(t, i, target, many, &b, &v))
		return 0;
	ratio = v.iops / b.iops;
	if (f.backlog >= 1)
		snprintf(
			ev, len,
			"on %s, more connections moved %.2fx what this one did, whose requests "
			"waited for a slot (%.1f at a send) only because each round trip, %.3g ms, "
			"was %.2fx one I/O's alone",
			many, ratio, f.backlog, f.rtt_ms, f.rtt_ms / f.rtt0_ms);
	else
		snprintf(ev, len,
			 "on %s, more connections moved %.2fx what this one did, whose requests "
			 "waited for no slot (%.2f waiting at a send) and queued %.3g ms before a "
			 "%.3g ms round trip",
			 many, ratio, f.backlog, f.queue_ms, f.rtt_ms);
	return ratio / 1.5;
}

static const struct {
	enum limit_id id;
	double (*margin)(const struct rows *t, size_t i, char *ev, size_t len);
} read_back_rules[] = {
	{ LIMIT_shared_path, rule_shared },
	{ LIMIT_per_connection, rule_per_connection },
};

int limit_judge_rows(const struct rows *t, size_t i, struct limit_verdict *v)
{
	struct row_at a = { t, i };
	char ev[sizeof(v->evidence)];
	int ret = judge(rows_cell, &a, v, 0);

	if (ret || v->id != LIMIT_unknown)
		return ret;
	for (size_t k = 0; k < sizeof(read_back_rules) / sizeof(read_back_rules[0]); k++) {
		double m = read_back_rules[k].margin(t, i, ev, sizeof(ev));

		if (m >= 1) {
			v->id = read_back_rules[k].id;
			v->margin = m;
			snprintf(v->evidence, sizeof(v->evidence), "%s", ev);
			return 0;
		}
	}
	return judge(rows_cell, &a, v, 1);
}

int limit_point(const struct rows *t, const char *profile, int read_pct, const char *target,
		int *named, int *judged)
{
	int count[NLIMITS] = { 0 }, best = 0;

	*named = *judged = 0;
	for (size_t i = 0; i < t->n; i++) {
		struct limit_verdict v;

		if (!rt_name_is_row(profile, res_at(t, i, COL_profile), res_at(t, i, COL_numjobs),
				    res_at(t, i, COL_iodepth)) ||
		    strcmp(res_at(t, i, COL_target), target) ||
		    atoi(res_at(t, i, COL_read_pct)) != read_pct || *res_at(t, i, COL_load_point) ||
		    limit_judge_rows(t, i, &v))
			continue;
		count[v.id]++;
		(*judged)++;
	}
	if (!*judged)
		return -1;
	for (int k = 1; k < NLIMITS; k++)
		if (count[k] > count[best])
			best = k;
	*named = count[best];
	return best;
}
