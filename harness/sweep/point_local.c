// SPDX-License-Identifier: GPL-2.0
/*
 * The local point (see point_mode.h): fio runs here, on a target this
 * machine mounts. Its NFS counters are sampled while fio runs and cut to
 * fio's window after (point_mountstats.h); the op-mix engine's statistics file and
 * fio's per-second logs are beside the point's JSON.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nfs/mount_opts.h"
#include "nfs/mountinfo.h"
#include "nfs/mountstats.h"
#include "nfs/mountstats_window.h"
#include "results/schema.h"
#include "sweep/point_jobfile.h"
#include "sweep/point_lat.h"
#include "sweep/point_mode.h"
#include "sweep/point_ops.h"
#include "sweep/point_mountstats.h"
#include "sweep/point_probe.h"

struct local_point {
	struct mount_of m;
	int nfs;      /* the target is on NFS */
	int sampling; /* its counters are sampled while fio runs */
	struct ms_window win;
	struct ms_mount *after; /* mountstats after the point */
	size_t nafter;
	char logs[3][PATH_MAX + 32];
	const char *args[3];
};

static int local_hosts(const struct sweep_opts *o)
{
	(void)o;
	return 1;
}

static int local_begin(struct point_ctx *pc)
{
	struct local_point *lp = calloc(1, sizeof(*lp));

	if (!lp)
		return -ENOMEM;
	pc->state = lp;
	/* the engine's statistics file beside the JSON (point_ops.h) */
	snprintf(pc->pv->ops_stats, sizeof(pc->pv->ops_stats), "%s.ops.json", pc->base);
	if (!mount_of_path(pc->p->target->path, NULL, &lp->m)) {
		row_set(pc->r, COL_fs_type, "%s", lp->m.fstype);
		lp->nfs = mount_is_nfs(&lp->m);
	}
	return 0;
}

static int include_absolute(FILE *out, const char *name, const struct point_ctx *pc)
{
	if (name[0] == '/')
		fprintf(out, "include %s", name);
	else
		fprintf(out, "include %s/%s", pc->s->o->profiles_dir, name);
	return 0;
}

/* The profile itself; with --fio-opt or --steady a copy, its includes made absolute. */
static int local_jobfile(const struct point_ctx *pc, char *path, size_t len)
{
	static const struct jobfile_copy how = {
		.what = "the --fio-opt and --steady options end every section",
		.include = include_absolute,
	};

	if (!pc->s->o->nfio_opts && !pc->s->o->steady) {
		snprintf(path, len, "%s", pc->profile_path);
		return 0;
	}
	return point_jobfile_copy(pc, &how, path, len);
}

/* A target on NFS: its unloaded round trips, once per profile (point_probe.h). */
static void local_probe(struct point_ctx *pc, const char *jobfile)
{
	struct local_point *lp = pc->state;

	if (lp->nfs)
		point_probe(pc, lp->m.mountpoint, jobfile);
}

static void tick_window(void *w)
{
	ms_window_tick(w);
}

static void local_command(struct point_ctx *pc, struct fio_cmd *cmd)
{
	struct local_point *lp = pc->state;
	const struct sweep_opts *o = pc->s->o;

	/* fio's per-second logs beside the JSON (BASE_bw.N.log, BASE_iops.N.log: plot --timeline) */
	snprintf(lp->logs[0], sizeof(lp->logs[0]), "--write_bw_log=%s", pc->base);
	snprintf(lp->logs[1], sizeof(lp->logs[1]), "--write_iops_log=%s", pc->base);
	snprintf(lp->logs[2], sizeof(lp->logs[2]), "--log_avg_msec=1000");
	for (int i = 0; i < 3; i++)
		lp->args[i] = lp->logs[i];
	cmd->args = lp->args;
	cmd->nargs = 3;
	cmd->format = "json+"; /* the latency histograms too: FILE.lat.csv */
	/* the target's NFS counters, sampled while fio runs: fio's window is cut from them after */
	lp->sampling = lp->nfs &&
		       !ms_window_start(&lp->win, o->mountstats, lp->m.mountpoint, o->runtime);
	if (lp->sampling) {
		cmd->tick = tick_window;
		cmd->tick_ctx = &lp->win;
	}
}

static void local_read(struct point_ctx *pc, const struct fio_outcome *out, int *parsed,
		       char *json_err, size_t jlen, char *mode_err, size_t mlen)
{
	struct local_point *lp = pc->state;
	const struct sweep_opts *o = pc->s->o;

	(void)mlen;
	mode_err[0] = '\0';
	if (lp->sampling)
		ms_window_sample(&lp->win);
	if (lp->nfs && !mountstats_read(o->mountstats, &lp->after, &lp->nafter)) {
		const struct ms_mount *mnt =
			mountstats_find(lp->after, lp->nafter, lp->m.mountpoint);

		if (mnt) {
			row_set(pc->r, COL_server, "%s", mnt->device);
			row_set(pc->r, COL_mount_options, "%s", mnt->opts);
			row_set(pc->r, COL_nconnect_asked, "%ld",
				mount_opt_long(mnt->opts, "nconnect", 1));
			row_set(pc->r, COL_transports, "%u", mnt->xprts);
		}
	}
	*parsed = !out->timed_out && !fio_json_parse_file(pc->json, pc->res, json_err, jlen);
}

static int local_record(struct point_ctx *pc, int parsed)
{
	struct local_point *lp = pc->state;
	int ret = 0;

	if (lp->sampling)
		ret = point_mountstats_record(pc->s, pc->r, &lp->win, parsed ? pc->res : NULL);
	if (!ret && parsed)
		ret = point_ops_record(pc->s, pc->r, pc->pv->ops_stats, pc->res);
	if (!ret && parsed)
		ret = point_lat_record(pc->s, pc->r, pc->json);
	return ret;
}

static void local_end(struct point_ctx *pc)
{
	struct local_point *lp = pc->state;

	if (!lp)
		return;
	mountstats_free(lp->after, lp->nafter);
	ms_window_free(&lp->win);
	free(lp);
	pc->state = NULL;
}

const struct point_mode point_mode_local = {
	.name = "local",
	.hosts = local_hosts,
	.begin = local_begin,
	.jobfile = local_jobfile,
	.probe = local_probe,
	.command = local_command,
	.read = local_read,
	.record = local_record,
	.end = local_end,
};
