// SPDX-License-Identifier: GPL-2.0
/* A target's unloaded round trip (point_probe.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nfs/mountstats.h"
#include "results/schema.h"
#include "sweep/point_probe.h"

/* Fewer RPCs of a kind than this in a probe's second, and their mean says too little. */
#define PROBE_MIN_RPCS 8

/*
 * The mean round trip of the @op RPCs ("READ", "WRITE") on @mountpoint while @cmd ran: 0 when
 * fio did not exit 0 or fewer than PROBE_MIN_RPCS were sent (a page cache that answered them).
 */
static double probe_run(const struct sweep *s, const struct fio_cmd *cmd, const char *mountpoint,
			const char *op)
{
	struct ms_mount *before = NULL, *after = NULL;
	size_t nb = 0, na = 0;
	struct fio_outcome out = { 0 };
	struct ms_delta d = { 0 };
	const char *call;
	double rtt = 0;

	if (mountstats_read(s->o->mountstats, &before, &nb))
		return 0;
	if (!fio_run(cmd, &stop_signal, &out, &call) && out.exited && !out.exit_code &&
	    !mountstats_read(s->o->mountstats, &after, &na)) {
		const struct ms_mount *b = mountstats_find(before, nb, mountpoint);
		const struct ms_mount *a = mountstats_find(after, na, mountpoint);

		if (a && b)
			ms_op_delta(ms_find_op(b, op), ms_find_op(a, op), &d);
		if (d.ops >= PROBE_MIN_RPCS)
			rtt = d.avg_rtt_ms;
	}
	mountstats_free(before, nb);
	mountstats_free(after, na);
	return rtt;
}

/*
 * @pc's profile at one I/O at a time for a second, all reads (@read_pct 100) or all writes
 * (0): the point's own variables but its depth, jobs, runtime and read share; its JSON beside
 * the point's (BASE.probe-r100.json).
 */
static double probe_one(struct point_ctx *pc, const char *mountpoint, const char *jobfile,
			int read_pct)
{
	struct sweep_opts *o = malloc(sizeof(*o));
	struct point_vars *pv = malloc(sizeof(*pv));
	struct profile_info pi = *pc->pi;
	struct point p = *pc->p;
	struct fio_cmd cmd = { 0 };
	char json[PATH_MAX + 32];
	double rtt = 0;

	if (o && pv) {
		*o = *pc->s->o;
		o->runtime = 1;
		o->ramp = 0;
		o->numjobs = 1;
		o->iodepth = 1;
		o->batch_submit = 1;
		o->batch_complete_min = 1;
		pi.iodepth = 0;
		p.read_pct = read_pct;
		point_fio_vars(o, &pi, pc->s->engine_value, 1, &p, NULL, pv);
		snprintf(json, sizeof(json), "%s.probe-r%d.json", pc->base, read_pct);
		cmd.fio = o->fio;
		cmd.jobfile = jobfile;
		cmd.vars = pv->v;
		cmd.nvars = pv->n;
		cmd.json_path = json;
		cmd.timeout_s = o->timeout;
		rtt = probe_run(pc->s, &cmd, mountpoint, read_pct ? "READ" : "WRITE");
	}
	free(o);
	free(pv);
	return rtt;
}

void point_probe(struct point_ctx *pc, const char *mountpoint, const char *jobfile)
{
	struct sweep *s = pc->s;
	struct probe_rtt *pr = NULL;

	if (pc->pi->op_mix || pc->load)
		return;
	for (size_t i = 0; i < s->nprobes && !pr; i++)
		if (s->probes[i].target == pc->p->target &&
		    !strcmp(s->probes[i].profile, pc->p->profile))
			pr = &s->probes[i];
	if (!pr) {
		if (s->nprobes == sizeof(s->probes) / sizeof(s->probes[0]))
			return;
		pr = &s->probes[s->nprobes++];
		*pr = (struct probe_rtt){ .target = pc->p->target, .profile = pc->p->profile };
		pr->read_ms = probe_one(pc, mountpoint, jobfile, 100);
		pr->write_ms = probe_one(pc, mountpoint, jobfile, 0);
	}
	if (pr->read_ms > 0)
		row_set_num(pc->r, COL_rtt_unloaded_read_ms, pr->read_ms);
	if (pr->write_ms > 0)
		row_set_num(pc->r, COL_rtt_unloaded_write_ms, pr->write_ms);
}
