// SPDX-License-Identifier: GPL-2.0
/* One point of a sweep or curve (see point.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/version.h"
#include "nfs/mount_opts.h"
#include "nfs/mountinfo.h"
#include "nfs/mountstats.h"
#include "results/csv.h"
#include "results/schema.h"
#include "util/strbuf.h"
#include "sweep/point.h"
#include "sweep/point_outcome.h"

/* "64k" -> 65536; the profile's bs= line gives the block size column. */
static long long parse_size(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	switch (*end) {
	case 'k': case 'K': return v << 10;
	case 'm': case 'M': return v << 20;
	case 'g': case 'G': return v << 30;
	default: return v;
	}
}

static long long profile_block_size(const char *path)
{
	char line[256];
	long long bs = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "bs=", 3))
			bs = parse_size(line + 3);
	fclose(f);
	return bs;
}

void point_fio_vars(const struct sweep_opts *o, const char *engine_value, const struct point *p,
		    const struct point_load *load, struct point_vars *pv)
{
	snprintf(pv->pct, sizeof(pv->pct), "%d", p->read_pct);
	snprintf(pv->runtime, sizeof(pv->runtime), "%d", o->runtime);
	snprintf(pv->ramp, sizeof(pv->ramp), "%d", o->ramp);
	snprintf(pv->numjobs, sizeof(pv->numjobs), "%d", o->numjobs);
	snprintf(pv->iodepth, sizeof(pv->iodepth), "%d", o->iodepth);
	snprintf(pv->batch_submit, sizeof(pv->batch_submit), "%d", o->batch_submit);
	snprintf(pv->batch_complete_min, sizeof(pv->batch_complete_min), "%d", o->batch_complete_min);
	snprintf(pv->direct, sizeof(pv->direct), "%d", o->direct);
	if (load && load->offered_iops > 0)	/* %.0f rounds to the nearest */
		snprintf(pv->rate, sizeof(pv->rate), "%.0f,%.0f",
			 load->offered_iops * p->read_pct / 100.0 / o->numjobs,
			 load->offered_iops * (100 - p->read_pct) / 100.0 / o->numjobs);
	else
		snprintf(pv->rate, sizeof(pv->rate), "0,0");

	const struct fio_var v[POINT_NVARS] = {
		{ "NFSWEEP_DIR", p->target->path },	{ "NFSWEEP_ENGINE", engine_value },
		{ "NFSWEEP_READ_PCT", pv->pct },	{ "NFSWEEP_RUNTIME", pv->runtime },
		{ "NFSWEEP_RAMP", pv->ramp },		{ "NFSWEEP_SIZE", o->size },
		{ "NFSWEEP_NUMJOBS", pv->numjobs },	{ "NFSWEEP_IODEPTH", pv->iodepth },
		{ "NFSWEEP_BATCH_SUBMIT", pv->batch_submit },
		{ "NFSWEEP_BATCH_COMPLETE_MIN", pv->batch_complete_min },
		{ "NFSWEEP_DIRECT", pv->direct },	{ "NFSWEEP_RATE_IOPS", pv->rate },
		{ "NFSWEEP_RATE_PROCESS", o->poisson ? "poisson" : "linear" },
	};
	memcpy(pv->v, v, sizeof(v));
}

void sweep_config_row(const struct sweep *s, struct row *r)
{
	const struct sweep_opts *o = s->o;
	struct strbuf opts = { 0 };

	row_set(r, COL_engine, "%s", o->engine);
	row_set(r, COL_iodepth, "%d", o->iodepth);
	row_set(r, COL_numjobs, "%d", o->numjobs);
	row_set(r, COL_direct, "%d", o->direct);
	row_set(r, COL_size, "%s", o->size);
	row_set(r, COL_runtime_s, "%d", o->runtime);
	row_set(r, COL_ramp_s, "%d", o->ramp);
	row_set(r, COL_batch_submit, "%d", o->batch_submit);
	row_set(r, COL_batch_complete_min, "%d", o->batch_complete_min);
	for (size_t i = 0; i < o->nfio_opts; i++)
		sb_printf(&opts, "%s%s", i ? " " : "", o->fio_opts[i]);
	row_set(r, COL_fio_opts, "%s", sb_str(&opts));
	sb_free(&opts);
	row_set(r, COL_fio_version, "%s", s->fio_version);
	row_set(r, COL_nfsweep_version, "%s", nfsweep_version());
}

void point_identity(struct row *r, const struct sweep *s, const struct point *p,
		    const struct point_load *load)
{
	const struct sweep_opts *o = s->o;
	char when[32], profile_path[PATH_MAX];
	time_t now = time(NULL);
	struct tm tm;
	long long bs;

	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	row_set(r, COL_schema_version, "%s", schema_version());
	row_set(r, COL_start_time, "%s", when);
	row_set(r, COL_host, "%s", s->host);
	row_set(r, COL_kernel_release, "%s", s->kernel);
	row_set(r, COL_note, "%s", o->note);
	row_set(r, COL_profile, "%s", p->profile);
	row_set(r, COL_target, "%s", p->target->label);
	row_set(r, COL_path, "%s", p->target->path);
	row_set(r, COL_read_pct, "%d", p->read_pct);
	sweep_profile_path(o, p->profile, profile_path, sizeof(profile_path));
	bs = profile_block_size(profile_path);
	if (bs > 0)
		row_set(r, COL_block_size_bytes, "%lld", bs);
	row_set(r, COL_repeat, "%d", p->repeat);
	sweep_config_row(s, r);
	if (load) {
		row_set(r, COL_load_point, "%d", load->load_point);
		if (load->offered_iops > 0)
			row_set_num(r, COL_offered_iops, load->offered_iops);
	}
}

static void fill_fio(struct row *r, const struct fio_result *res)
{
	const struct fio_dir *d[2] = { &res->rd, &res->wr };
	static const enum column iops[2] = { COL_read_iops, COL_write_iops };
	static const enum column mib[2] = { COL_read_mib_s, COL_write_mib_s };
	static const enum column lat[2][4] = {
		{ COL_read_clat_mean_us, COL_read_clat_p50_us, COL_read_clat_p99_us, COL_read_clat_p99_9_us },
		{ COL_write_clat_mean_us, COL_write_clat_p50_us, COL_write_clat_p99_us, COL_write_clat_p99_9_us },
	};

	for (int i = 0; i < 2; i++) {
		row_set_num(r, iops[i], d[i]->iops);
		row_set_num(r, mib[i], d[i]->mib_s);
		if (!d[i]->has_clat)
			continue;
		row_set_num(r, lat[i][0], d[i]->clat_mean_us);
		row_set_num(r, lat[i][1], d[i]->clat_p50_us);
		row_set_num(r, lat[i][2], d[i]->clat_p99_us);
		row_set_num(r, lat[i][3], d[i]->clat_p99_9_us);
	}
	row_set_num(r, COL_total_iops, res->rd.iops + res->wr.iops);
	row_set_num(r, COL_total_mib_s, res->rd.mib_s + res->wr.mib_s);
	row_set_num(r, COL_usr_cpu_pct, res->usr_cpu);
	row_set_num(r, COL_sys_cpu_pct, res->sys_cpu);
}

static void fill_rpc(struct row *r, const struct ms_mount *before, const struct ms_mount *after)
{
	static const struct {
		const char *op;
		enum column c[6];
	} ops[] = {
		{ "READ", { COL_rpc_read_ops, COL_rpc_read_avg_rtt_ms, COL_rpc_read_avg_exe_ms,
			    COL_rpc_read_avg_queue_ms, COL_rpc_read_retrans, COL_rpc_read_errors } },
		{ "WRITE", { COL_rpc_write_ops, COL_rpc_write_avg_rtt_ms, COL_rpc_write_avg_exe_ms,
			     COL_rpc_write_avg_queue_ms, COL_rpc_write_retrans, COL_rpc_write_errors } },
	};

	for (size_t i = 0; i < 2; i++) {
		struct ms_delta d;

		ms_op_delta(ms_find_op(before, ops[i].op), ms_find_op(after, ops[i].op), &d);
		row_set(r, ops[i].c[0], "%llu", (unsigned long long)d.ops);
		if (d.ops) {
			row_set_num(r, ops[i].c[1], d.avg_rtt_ms);
			row_set_num(r, ops[i].c[2], d.avg_exe_ms);
			row_set_num(r, ops[i].c[3], d.avg_queue_ms);
		}
		row_set(r, ops[i].c[4], "%llu", (unsigned long long)d.retrans);
		if (d.has_errors)
			row_set(r, ops[i].c[5], "%llu", (unsigned long long)d.errors);
	}
}

/* The mount and statistics columns, from the snapshot after the point. */
static void fill_mount(struct row *r, const struct ms_mount *before, const struct ms_mount *after)
{
	row_set(r, COL_server, "%s", after->device);
	row_set(r, COL_mount_options, "%s", after->opts);
	row_set(r, COL_nconnect_asked, "%ld", mount_opt_long(after->opts, "nconnect", 1));
	row_set(r, COL_transports, "%u", after->xprts);
	if (before)
		fill_rpc(r, before, after);
}

/* A mountstats snapshot, and the entry of @mnt in it. */
struct snapshot {
	struct ms_mount *all;
	size_t n;
	const struct ms_mount *mnt;
};

static void snapshot_take(struct snapshot *sn, const char *path, const char *mnt)
{
	memset(sn, 0, sizeof(*sn));
	if (!mountstats_read(path, &sn->all, &sn->n))
		sn->mnt = mountstats_find(sn->all, sn->n, mnt);
}

static void snapshot_free(struct snapshot *sn)
{
	mountstats_free(sn->all, sn->n);
	memset(sn, 0, sizeof(*sn));
}

/* The reason fio gives in FILE.stderr beside its JSON (see fio_stderr_reason). */
static void stderr_reason(const char *json_path, char *buf, size_t len)
{
	char path[PATH_MAX + 72], text[16384];
	size_t n = 0;
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s.stderr", json_path);
	f = fopen(path, "r");
	if (!f)
		return;
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	fio_stderr_reason(text, buf, len);
}

/* "[3/22] seq64k nc8 read=70% repeat 1: " */
static void report_start(const struct point *p, size_t total, const struct point_load *load)
{
	fprintf(stderr, "[%zu/%zu] %s %s read=%d%% ", p->index, total, p->profile,
		p->target->label, p->read_pct);
	if (load && load->offered_iops > 0)
		fprintf(stderr, "load point %d, %.0f IOPS offered: ", load->load_point,
			load->offered_iops);
	else if (load)
		fprintf(stderr, "unthrottled: ");
	else
		fprintf(stderr, "repeat %d: ", p->repeat);
}

/* Append @r; say how the point ended. 0 ok, 1 failed, -errno not written. */
static int write_row(struct sweep *s, struct row *r, const char *status, const char *err,
		     const struct fio_result *res, double seconds)
{
	int ret;

	row_set(r, COL_status, "%s", status);
	row_set(r, COL_error, "%s", err);
	row_protect_text(r);
	ret = csv_append_record(s->csv_fd, (const char *const *)r->cell, NCOLUMNS);
	if (ret) {
		fprintf(stderr, "\nnfsweep %s: write to %s: %s; the row of this point is not "
			"recorded, every earlier row is\n", s->cmd, s->o->out, strerror(-ret));
		return ret;
	}
	if (strcmp(status, STATUS_OK)) {
		fprintf(stderr, "%s: %s\n", status, err);
		s->failed++;
		return 1;
	}
	fprintf(stderr, "ok, %.0f IOPS, %.1f MiB/s (%.0f s)\n", res->rd.iops + res->wr.iops,
		res->rd.mib_s + res->wr.mib_s, seconds);
	return 0;
}

/*
 * Where the point's files go: DIR/fio/STEM/NNN-profile-target-rPCT-REPEAT
 * (a curve's: ..-loadK), and a further "-2", "-3" when --resume runs a
 * point again: every attempt keeps its JSON. @rel: the same from the
 * results file's directory (the fio_json column). 0, or -ENAMETOOLONG.
 */
static int point_base(const struct sweep *s, const struct point *p, const struct point_load *load,
		      char *base, size_t len, char *rel, size_t rlen)
{
	char name[NAME_MAX], json[PATH_MAX];
	int n = snprintf(name, sizeof(name), "%03zu-%s-%s-r%d-%s%d", p->index, p->profile,
			 p->target->label, p->read_pct, load ? "load" : "",
			 load ? load->load_point : p->repeat);

	for (int attempt = 1; n > 0 && (size_t)n < sizeof(name) - 16; attempt++) {
		if (attempt > 1)
			snprintf(name + n, sizeof(name) - (size_t)n, "-%d", attempt);
		if (snprintf(base, len, "%s/%s", s->fio_dir, name) >= (int)len ||
		    snprintf(rel, rlen, "%s/%s.json", s->fio_rel, name) >= (int)rlen ||
		    snprintf(json, sizeof(json), "%s.json", base) >= (int)sizeof(json))
			break;
		if (access(json, F_OK))
			return 0;
	}
	return -ENAMETOOLONG;
}

/*
 * The job file fio runs: the profile itself, or with --fio-opt a copy of it
 * (BASE.fio, kept) with the options at the end of every section, where they
 * win over the profile's own, and its includes made absolute. 0, or -errno.
 */
static int point_jobfile(const struct sweep_opts *o, const char *profile_path, const char *base,
			 char *path, size_t len)
{
	char line[1024];
	FILE *in, *out;
	int ret = 0;

	if (!o->nfio_opts) {
		snprintf(path, len, "%s", profile_path);
		return 0;
	}
	if (snprintf(path, len, "%s.fio", base) >= (int)len)
		return -ENAMETOOLONG;
	in = fopen(profile_path, "r");
	if (!in)
		return -errno;
	out = fopen(path, "w");
	if (!out) {
		ret = -errno;
		fclose(in);
		return ret;
	}
	fprintf(out, "; %s, as nfsweep ran it: the --fio-opt options end every section\n",
		profile_path);
	for (int in_section = 0;; ) {
		const char *l = fgets(line, sizeof(line), in) ? line + strspn(line, " \t") : NULL;

		if ((!l || *l == '[') && in_section)
			for (size_t i = 0; i < o->nfio_opts; i++)
				fprintf(out, "%s\n", o->fio_opts[i]);
		if (!l)
			break;
		in_section |= *l == '[';
		if (!strncmp(l, "include ", 8) && l[8] != '/')
			fprintf(out, "include %s/%s", o->profiles_dir, l + 8);
		else
			fputs(line, out);
	}
	if (ferror(in) || fclose(out))
		ret = -EIO;
	fclose(in);
	return ret;
}

int run_point(struct sweep *s, const struct point *p, size_t total, const struct point_load *load,
	      const char *setup_err, struct fio_result *res_out)
{
	const struct sweep_opts *o = s->o;
	char profile_path[PATH_MAX], base[PATH_MAX], rel[PATH_MAX], json[PATH_MAX + 8];
	char jobfile[PATH_MAX + 8], logs[3][PATH_MAX + 32], err[512] = "", json_err[256] = "";
	char reason[256];
	const char *args[3 + MAX_FIO_OPTS];
	struct snapshot before = { 0 }, after = { 0 };
	struct fio_result res = { 0 };
	struct point_vars pv;
	struct fio_outcome out;
	struct fio_cmd cmd;
	struct mount_of m;
	struct row r = { 0 };
	const char *call = "", *status;
	int ret, nfs = 0;

	if (point_base(s, p, load, base, sizeof(base), rel, sizeof(rel))) {
		fprintf(stderr, "nfsweep %s: %s: path too long\n", s->cmd, s->fio_dir);
		return -ENAMETOOLONG;
	}
	snprintf(json, sizeof(json), "%s.json", base);
	/* fio's per-second logs beside the JSON (BASE_bw.N.log, BASE_iops.N.log: plot --timeline) */
	snprintf(logs[0], sizeof(logs[0]), "--write_bw_log=%s", base);
	snprintf(logs[1], sizeof(logs[1]), "--write_iops_log=%s", base);
	snprintf(logs[2], sizeof(logs[2]), "--log_avg_msec=1000");
	for (int i = 0; i < 3; i++)
		args[i] = logs[i];
	sweep_profile_path(o, p->profile, profile_path, sizeof(profile_path));
	point_fio_vars(o, s->engine_value, p, load, &pv);
	point_identity(&r, s, p, load);
	row_set(&r, COL_fio_json, "%s", rel);
	if (!mount_of_path(p->target->path, NULL, &m)) {
		row_set(&r, COL_fs_type, "%s", m.fstype);
		nfs = mount_is_nfs(&m);
	}
	if (nfs)
		snapshot_take(&before, o->mountstats, m.mountpoint);

	report_start(p, total, load);
	if (setup_err) {
		ret = write_row(s, &r, STATUS_SETUP_ERROR, setup_err, &res, 0);
		goto out;
	}
	ret = point_jobfile(o, profile_path, base, jobfile, sizeof(jobfile));
	if (ret) {
		snprintf(err, sizeof(err), "%s: the job file with --fio-opt for %.300s: %s", s->cmd,
			 profile_path, strerror(-ret));
		ret = write_row(s, &r, STATUS_SETUP_ERROR, err, &res, 0);
		goto out;
	}
	cmd = (struct fio_cmd){ .fio = o->fio, .jobfile = jobfile, .vars = pv.v,
				.nvars = POINT_NVARS, .args = args, .nargs = 3,
				.json_path = json, .timeout_s = o->timeout };
	ret = fio_run(&cmd, &stop_signal, &out, &call);
	if (ret) {
		snprintf(err, sizeof(err), "%s: %s: %s (fio %s)", s->cmd, call, strerror(-ret), o->fio);
		ret = write_row(s, &r, STATUS_SETUP_ERROR, err, &res, 0);
		goto out;
	}
	if (out.interrupted) {
		/* Not a measurement: no row; --resume runs it again. */
		fprintf(stderr, "interrupted\n");
		ret = 0;
		goto out;
	}
	row_set_num(&r, COL_duration_s, out.seconds);
	if (nfs) {
		snapshot_take(&after, o->mountstats, m.mountpoint);
		if (after.mnt)
			fill_mount(&r, before.mnt, after.mnt);
	}
	ret = out.timed_out ? -1 : fio_json_parse_file(json, &res, json_err, sizeof(json_err));
	if (!out.timed_out && !ret) {
		fill_fio(&r, &res);
		if (load)
			row_set_num(&r, COL_rt_ms, fio_result_response_ms(&res));
		if (res_out)
			*res_out = res;
	}
	stderr_reason(json, reason, sizeof(reason));
	status = point_outcome(&out, ret ? json_err : NULL, &res, reason, o->timeout, err,
			       sizeof(err));
	ret = write_row(s, &r, status, err, &res, out.seconds);
out:
	row_free(&r);
	snapshot_free(&before);
	snapshot_free(&after);
	return ret;
}
