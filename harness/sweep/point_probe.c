// SPDX-License-Identifier: GPL-2.0
/* A target's unloaded round trip (point_probe.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/fio_json.h"
#include "nfs/mountstats.h"
#include "results/schema.h"
#include "sweep/point_probe.h"

/* Fewer RPCs of a kind than this in a probe, and their mean says too little. */
#define PROBE_MIN_RPCS 8

bool probe_laid_out(unsigned long long write_rpc_bytes, unsigned long long write_rpcs,
		    unsigned long long fio_write_bytes)
{
	return write_rpc_bytes > fio_write_bytes + write_rpcs * PROBE_WRITE_RPC_OVERHEAD;
}

/*
 * One op's mean round trip between @b and @a (0: fewer than PROBE_MIN_RPCS); its RPCs and the
 * bytes they sent into @rpcs and @bytes where not NULL.
 */
static double probe_op(const struct ms_mount *b, const struct ms_mount *a, const char *op,
		       unsigned long long *rpcs, unsigned long long *bytes)
{
	const struct ms_op *ob = ms_find_op(b, op), *oa = ms_find_op(a, op);
	struct ms_delta d = { 0 };

	ms_op_delta(ob, oa, &d);
	if (rpcs)
		*rpcs = d.ops;
	if (bytes)
		*bytes = ob && oa && oa->bytes_sent >= ob->bytes_sent ?
				 oa->bytes_sent - ob->bytes_sent :
				 0;
	return d.ops >= PROBE_MIN_RPCS ? d.avg_rtt_ms : 0;
}

/*
 * @cmd's run on @mountpoint into @f: its READ and WRITE RPCs' mean round trips, and what its
 * WRITE RPCs and fio wrote (fio's JSON, @cmd's json_path). -1 when fio did not exit 0 or a
 * snapshot of the counters failed: nothing measured.
 */
static int probe_run(const struct sweep *s, const struct fio_cmd *cmd, const char *mountpoint,
		     struct probe_figs *f)
{
	struct ms_mount *before = NULL, *after = NULL;
	size_t nb = 0, na = 0;
	struct fio_outcome out = { 0 };
	struct fio_result *res = calloc(1, sizeof(*res));
	const struct ms_mount *b, *a;
	const char *call;
	char err[256];
	int ret = -1;

	if (!res || mountstats_read(s->o->mountstats, &before, &nb))
		goto out;
	if (fio_run(cmd, &stop_signal, &out, &call) || !out.exited || out.exit_code ||
	    mountstats_read(s->o->mountstats, &after, &na))
		goto out;
	b = mountstats_find(before, nb, mountpoint);
	a = mountstats_find(after, na, mountpoint);
	if (!a || !b)
		goto out;
	f->read_ms = probe_op(b, a, "READ", NULL, NULL);
	f->write_ms = probe_op(b, a, "WRITE", &f->write_rpcs, &f->write_bytes);
	/* unparsed, fio's bytes stay 0: any WRITE payload then counts as a layout */
	if (!fio_json_parse_file(cmd->json_path, res, err, sizeof(err)))
		f->fio_write_bytes = res->wr.io_bytes;
	ret = 0;
out:
	free(res);
	mountstats_free(before, nb);
	mountstats_free(after, na);
	return ret;
}

/*
 * @pc's profile at one I/O at a time for @runtime s at read share @read_pct: the point's own
 * variables but its depth, jobs, runtime and read share; its JSON beside the point's
 * (BASE.probe-rN.json). 0 with @f, or -1.
 */
static int probe_one(struct point_ctx *pc, const char *mountpoint, const char *jobfile,
		     int read_pct, int runtime, struct probe_figs *f)
{
	struct sweep_opts *o = malloc(sizeof(*o));
	struct point_vars *pv = malloc(sizeof(*pv));
	struct profile_info pi = *pc->pi;
	struct point p = *pc->p;
	struct fio_cmd cmd = { 0 };
	char json[PATH_MAX + 32];
	int ret = -1;

	*f = (struct probe_figs){ 0 };
	if (o && pv) {
		*o = *pc->s->o;
		o->runtime = runtime;
		o->ramp = 0;
		o->numjobs = 1;
		o->iodepth = 1;
		o->batch_submit = 1;
		o->batch_complete_min = 1;
		pi.iodepth = 0;
		p.depth = (struct plan_depth){ 0 }; /* a depth sweep's point: the probe's own */
		p.read_pct = read_pct;
		point_fio_vars(o, &pi, pc->s->engine_value, 1, &p, NULL, pv);
		snprintf(json, sizeof(json), "%s.probe-r%d.json", pc->base, read_pct);
		cmd.fio = o->fio;
		cmd.jobfile = jobfile;
		cmd.vars = pv->v;
		cmd.nvars = pv->n;
		cmd.json_path = json;
		cmd.timeout_s = o->timeout;
		ret = probe_run(pc->s, &cmd, mountpoint, f);
	}
	free(o);
	free(pv);
	return ret;
}

/*
 * Both round trips: one run of half reads and half writes, whose READs and WRITEs each give
 * theirs; but where that run laid the file out first (its WRITE RPCs carried more than fio's
 * writes), the layout's WRITEs are in its WRITE figure, and a run of writes alone gives it.
 * The first run takes PROBE_RUNTIME_S, or the sweep's --runtime where that is shorter.
 */
static void probe_both(struct point_ctx *pc, const char *mountpoint, const char *jobfile,
		       struct probe_rtt *pr)
{
	int runtime = pc->s->o->runtime;
	struct probe_figs mix, w;

	if (runtime < 1 || runtime > PROBE_RUNTIME_S)
		runtime = PROBE_RUNTIME_S;
	if (probe_one(pc, mountpoint, jobfile, 50, runtime, &mix))
		return;
	pr->read_ms = mix.read_ms;
	if (!probe_laid_out(mix.write_bytes, mix.write_rpcs, mix.fio_write_bytes))
		pr->write_ms = mix.write_ms;
	else if (!probe_one(pc, mountpoint, jobfile, 0, 1, &w))
		pr->write_ms = w.write_ms;
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
		probe_both(pc, mountpoint, jobfile, pr);
	}
	if (pr->read_ms > 0)
		row_set_num(pc->r, COL_rtt_unloaded_read_ms, pr->read_ms);
	if (pr->write_ms > 0)
		row_set_num(pc->r, COL_rtt_unloaded_write_ms, pr->write_ms);
}
