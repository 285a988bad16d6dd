// SPDX-License-Identifier: GPL-2.0
/* compare's verdicts (see verdict.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/seconds.h"
#include "results/verdict.h"

int verdict_higher_better(enum rt_metric m)
{
	return m < RT_READ_P50;
}

const char *verdict_word(enum verdict v)
{
	static const char *const w[] = {
		[VERDICT_NOT_JUDGED] = "not_judged",
		[VERDICT_SAME] = "no_difference",
		[VERDICT_BETTER] = "better",
		[VERDICT_WORSE] = "worse",
	};

	return w[v];
}

const char *verdict_mark(enum verdict v)
{
	static const char *const w[] = {
		[VERDICT_NOT_JUDGED] = "?",
		[VERDICT_SAME] = "~",
		[VERDICT_BETTER] = "better",
		[VERDICT_WORSE] = "worse",
	};

	return w[v];
}

/* Is @m at @pct the total of what fio logs per second (both directions, all jobs)? */
static int in_seconds(enum rt_metric m, int pct)
{
	return m == RT_TOTAL_IOPS || m == RT_TOTAL_MIB ||
	       ((m == RT_READ_IOPS || m == RT_READ_MIB) && pct == 100) ||
	       ((m == RT_WRITE_IOPS || m == RT_WRITE_MIB) && pct == 0);
}

/*
 * One side's seconds, the first and last left out (the first may hold the ramp's end, the
 * last is a part of a second), by batch means into @l. 0, or -1 with @why.
 */
static int side_seconds(const struct verdict_side *s, int pct, int mib, struct stats_logs *l,
			char *why, size_t len)
{
	struct seconds sec;
	int files = seconds_of_point(s->csv, s->t->profiles[s->p], s->t->targets[s->tg], pct, mib,
				     &sec);
	int ret = -1;

	if (files <= 0)
		snprintf(why, len,
			 "one run, and no per-second logs of it in %s (--hosts, or moved): "
			 "--repeat 2 or more",
			 s->csv);
	else if (sec.n < STATS_BATCHES + 2)
		snprintf(why, len,
			 "one run, %zu whole second%s of it to judge by (its first and last left "
			 "out; %d at least): --repeat 2 or more, or a longer --runtime",
			 sec.n > 2 ? sec.n - 2 : 0, sec.n == 3 ? "" : "s", STATS_BATCHES);
	else if (stats_logs_batched(sec.v + 1, (int)sec.n - 2, l))
		snprintf(why, len, "one run, whose seconds have no I/O to judge by");
	else
		ret = 0;
	seconds_free(&sec);
	return ret;
}

void verdict_judge(struct verdict_fig *f)
{
	struct stats_logs la, lb;
	int ha, hb, mib = f->m == RT_TOTAL_MIB || f->m == RT_READ_MIB || f->m == RT_WRITE_MIB;

	f->verdict = VERDICT_NOT_JUDGED;
	f->method = VERDICT_NONE;
	f->why[0] = '\0';
	f->value = rt_mean(f->b.t, f->b.p, f->pct, f->b.tg, f->m, &hb);
	f->base_value = rt_mean(f->a.t, f->a.p, f->pct, f->a.tg, f->m, &ha);
	f->has = ha && hb && f->base_value > 0;
	if (!f->has)
		return;
	f->ratio = f->value / f->base_value;
	if (!rt_logs(f->a.t, f->a.p, f->pct, f->a.tg, f->m, &la) &&
	    !rt_logs(f->b.t, f->b.p, f->pct, f->b.tg, f->m, &lb) && la.n >= 2 && lb.n >= 2) {
		f->method = VERDICT_REPEATS;
	} else if (!in_seconds(f->m, f->pct)) {
		snprintf(f->why, sizeof(f->why),
			 "one run: fio logs no latency per second, so only repeats can judge it "
			 "(--repeat 2 or more)");
		return;
	} else if (side_seconds(&f->a, f->pct, mib, &la, f->why, sizeof(f->why)) ||
		   side_seconds(&f->b, f->pct, mib, &lb, f->why, sizeof(f->why))) {
		return;
	} else {
		f->method = VERDICT_SECONDS;
		f->batch_a = la.batch;
		f->batch_b = lb.batch;
		f->correlated = la.correlated || lb.correlated;
	}
	f->na = la.n;
	f->nb = lb.n;
	if (stats_ratio_of(&la, &lb, &f->r)) {
		f->method = VERDICT_NONE;
		snprintf(f->why, sizeof(f->why), "fewer than two values a side");
		return;
	}
	f->verdict = VERDICT_SAME;
}

int verdict_family(struct verdict_fig *f, size_t n, double *level, int *judged)
{
	double *p = calloc(n ? n : 1, sizeof(*p));
	int *diff = malloc((n ? n : 1) * sizeof(*diff)), m = 0, r = 0;
	size_t *idx = malloc((n ? n : 1) * sizeof(*idx));

	*level = 1 - VERDICT_Q;
	*judged = 0;
	if (!p || !diff || !idx)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (f[i].verdict != VERDICT_NOT_JUDGED) {
			idx[m] = i;
			p[m++] = f[i].r.p;
		}
	*judged = m;
	r = stats_bh(p, m, VERDICT_Q, diff, level);
	for (int k = 0; k < m; k++) {
		struct verdict_fig *g = &f[idx[k]];
		int up = g->r.d > 0;

		stats_interval(&g->r, *level);
		g->verdict = !diff[k]			       ? VERDICT_SAME :
			     up == verdict_higher_better(g->m) ? VERDICT_BETTER :
								 VERDICT_WORSE;
	}
out:
	free(p);
	free(diff);
	free(idx);
	return r;
}
