// SPDX-License-Identifier: GPL-2.0
/* NFS statistics over fio's measured window (see mountstats_window.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nfs/mountstats_window.h"

#define RW_NFIELDS 9 /* the counters of struct ms_op, in this order */

static void op_get(const struct ms_op *op, uint64_t *v)
{
	v[0] = op->ops;
	v[1] = op->trans;
	v[2] = op->timeouts;
	v[3] = op->bytes_sent;
	v[4] = op->bytes_recv;
	v[5] = op->queue_ms;
	v[6] = op->rtt_ms;
	v[7] = op->exe_ms;
	v[8] = op->errors;
}

static void op_set(struct ms_op *op, const double *v)
{
	uint64_t *f[RW_NFIELDS] = { &op->ops,	     &op->trans,      &op->timeouts,
				    &op->bytes_sent, &op->bytes_recv, &op->queue_ms,
				    &op->rtt_ms,     &op->exe_ms,     &op->errors };

	for (int i = 0; i < RW_NFIELDS; i++)
		*f[i] = (uint64_t)llround(v[i]);
}

#define XP_NFIELDS 8 /* the counters of struct ms_xprt, in this order */

static void xprt_get(const struct ms_xprt *x, uint64_t *v)
{
	v[0] = x->sends;
	v[1] = x->recvs;
	v[2] = x->bad_xids;
	v[3] = x->req_u;
	v[4] = x->bklog_u;
	v[5] = x->max_slots;
	v[6] = x->sending_u;
	v[7] = x->pending_u;
}

static void xprt_set(struct ms_xprt *x, const double *v)
{
	uint64_t *f[XP_NFIELDS] = { &x->sends,	 &x->recvs,	&x->bad_xids,  &x->req_u,
				    &x->bklog_u, &x->max_slots, &x->sending_u, &x->pending_u };

	for (int i = 0; i < XP_NFIELDS; i++)
		*f[i] = (uint64_t)llround(v[i]);
}

/* The first counter of sample slot @slot: its ops' counters, then its transports'. */
static uint64_t *slot_v(const struct ms_window *w, size_t slot)
{
	return &w->v[slot * (w->nops * RW_NFIELDS + w->nxprts * XP_NFIELDS)];
}

double ms_window_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The mount's entry now; its counters into the ring. */
static void sample(struct ms_window *w)
{
	struct ms_mount *all = NULL;
	const struct ms_mount *m;
	size_t n = 0, slot;
	double now = ms_window_now();

	if (w->broken || mountstats_read(w->mountstats, &all, &n))
		goto broken;
	m = mountstats_find(all, n, w->mountpoint);
	if (!m || (w->names && (m->nops != w->nops || m->tcp_xprts != w->nxprts)))
		goto broken; /* unmounted, or another mount in its place */
	if (!w->names) {
		w->names = calloc(m->nops ? m->nops : 1, sizeof(*w->names));
		w->v = calloc(w->cap * (m->nops * RW_NFIELDS + m->tcp_xprts * XP_NFIELDS + 1),
			      sizeof(*w->v));
		if (!w->names || !w->v)
			goto broken;
		w->nops = m->nops;
		w->nxprts = m->tcp_xprts;
		for (size_t i = 0; i < m->nops; i++) {
			snprintf(w->names[i].name, sizeof(w->names[i].name), "%s", m->ops[i].name);
			w->names[i].has_errors = m->ops[i].has_errors;
		}
	}
	/* Full: the oldest goes. */
	if (w->n == w->cap) {
		w->head = (w->head + 1) % w->cap;
		w->n--;
	}
	slot = (w->head + w->n) % w->cap;
	w->t[slot] = now;
	for (size_t i = 0; i < w->nops; i++) {
		if (strcmp(m->ops[i].name, w->names[i].name))
			goto broken;
		op_get(&m->ops[i], slot_v(w, slot) + i * RW_NFIELDS);
	}
	for (size_t i = 0; i < w->nxprts; i++)
		xprt_get(&m->xprt[i], slot_v(w, slot) + w->nops * RW_NFIELDS + i * XP_NFIELDS);
	w->n++;
	w->next_s = now + w->interval_s;
	mountstats_free(all, n);
	return;
broken:
	w->broken = 1;
	mountstats_free(all, n);
}

int ms_window_start(struct ms_window *w, const char *mountstats, const char *mountpoint,
		    double runtime_s)
{
	memset(w, 0, sizeof(*w));
	w->mountstats = mountstats;
	snprintf(w->mountpoint, sizeof(w->mountpoint), "%s", mountpoint);
	w->interval_s = runtime_s > 50 ? runtime_s / 500 : 0.1;
	/* the window, 10 s and 10 intervals of slack: fio's end is its JSON's time */
	w->cap = (size_t)((runtime_s + 10) / w->interval_s) + 10;
	w->t = calloc(w->cap, sizeof(*w->t));
	if (!w->t)
		return -ENOMEM;
	sample(w);
	if (w->broken) {
		ms_window_free(w);
		return -ENOENT;
	}
	return 0;
}

void ms_window_tick(struct ms_window *w)
{
	if (ms_window_now() >= w->next_s)
		sample(w);
}

void ms_window_sample(struct ms_window *w)
{
	sample(w);
}

/* The READ and WRITE RPCs of sample @k (0 the oldest). */
static double data_ops(const struct ms_window *w, size_t k)
{
	size_t s = (w->head + k) % w->cap;
	double n = 0;

	for (size_t i = 0; i < w->nops; i++)
		if (!strcmp(w->names[i].name, "READ") || !strcmp(w->names[i].name, "WRITE"))
			n += (double)slot_v(w, s)[i * RW_NFIELDS];
	return n;
}

static double time_of(const struct ms_window *w, size_t k)
{
	return w->t[(w->head + k) % w->cap];
}

double ms_window_last_io(const struct ms_window *w, double before)
{
	size_t k, j;
	double grew, rate, dt;

	if (w->broken || w->n < 2)
		return 0;
	/* the last sample at or before @before that grew over the one before it */
	for (k = w->n - 1; k > 0; k--)
		if (time_of(w, k - 1) < before && data_ops(w, k) > data_ops(w, k - 1))
			break;
	if (!k)
		return 0;
	grew = data_ops(w, k) - data_ops(w, k - 1);
	dt = time_of(w, k) - time_of(w, k - 1);
	/* the rate over about the second before that interval */
	for (j = k - 1; j > 0 && time_of(w, k - 1) - time_of(w, j) < 1; j--)
		;
	rate = time_of(w, k - 1) > time_of(w, j) ?
		       (data_ops(w, k - 1) - data_ops(w, j)) / (time_of(w, k - 1) - time_of(w, j)) :
		       0;
	if (rate > 0 && grew / rate < dt)
		return time_of(w, k - 1) + grew / rate;
	return time_of(w, k);
}

void ms_window_span(const struct ms_window *w, double *first, double *last)
{
	*first = w->n ? w->t[w->head] : 0;
	*last = w->n ? w->t[(w->head + w->n - 1) % w->cap] : 0;
}

/* @n counters @f of the way from @va to @vb */
static void lerp(const uint64_t *va, const uint64_t *vb, double f, double *v, int n)
{
	for (int j = 0; j < n; j++)
		v[j] = (double)va[j] + ((double)vb[j] - (double)va[j]) * f;
}

/* The counters at @t into @m (a copy of the op names, interpolated values). */
static int at(const struct ms_window *w, double t, struct ms_mount *m)
{
	size_t a = 0, b = 0, k;
	double f = 0;

	memset(m, 0, sizeof(*m));
	m->ops = calloc(w->nops ? w->nops : 1, sizeof(*m->ops));
	if (!m->ops)
		return -ENOMEM;
	m->nops = w->nops;
	snprintf(m->mountpoint, sizeof(m->mountpoint), "%s", w->mountpoint);
	/* the last sample at or before t, and the one after it */
	for (k = 0; k < w->n; k++) {
		size_t s = (w->head + k) % w->cap;

		if (w->t[s] <= t || k == 0)
			a = b = s;
		if (w->t[s] > t) {
			b = s;
			break;
		}
	}
	if (b != a && w->t[b] > w->t[a])
		f = (t - w->t[a]) / (w->t[b] - w->t[a]);
	if (f < 0)
		f = 0;
	for (size_t i = 0; i < w->nops; i++) {
		double v[RW_NFIELDS];

		lerp(slot_v(w, a) + i * RW_NFIELDS, slot_v(w, b) + i * RW_NFIELDS, f, v,
		     RW_NFIELDS);
		m->ops[i] = w->names[i];
		op_set(&m->ops[i], v);
	}
	/* a high-water mark (max_slots) interpolated reads between its two samples: no higher */
	m->tcp_xprts = m->xprts = (unsigned int)w->nxprts;
	for (size_t i = 0; i < w->nxprts; i++) {
		size_t o = w->nops * RW_NFIELDS + i * XP_NFIELDS;
		double v[XP_NFIELDS];

		lerp(slot_v(w, a) + o, slot_v(w, b) + o, f, v, XP_NFIELDS);
		xprt_set(&m->xprt[i], v);
		m->xprt_sends += m->xprt[i].sends;
		m->xprt_recvs += m->xprt[i].recvs;
	}
	return 0;
}

int ms_window_cut(const struct ms_window *w, double t0, double t1, struct ms_mount *before,
		  struct ms_mount *after)
{
	double first, last;
	int ret;

	memset(before, 0, sizeof(*before));
	memset(after, 0, sizeof(*after));
	if (w->broken || !w->n)
		return -ENODATA;
	ms_window_span(w, &first, &last);
	if (t0 < first - w->interval_s || t1 > last + w->interval_s || t1 < t0)
		return -ERANGE;
	ret = at(w, t0, before);
	if (!ret)
		ret = at(w, t1, after);
	if (ret) {
		ms_window_free_mount(before);
		ms_window_free_mount(after);
	}
	return ret;
}

void ms_window_free_mount(struct ms_mount *m)
{
	free(m->ops);
	memset(m, 0, sizeof(*m));
}

void ms_window_free(struct ms_window *w)
{
	free(w->t);
	free(w->v);
	free(w->names);
	memset(w, 0, sizeof(*w));
}
