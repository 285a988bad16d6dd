// SPDX-License-Identifier: GPL-2.0
/* One point of a sweep or curve (see point.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli/version.h"
#include "nfs/mount_opts.h"
#include "nfs/mountinfo.h"
#include "nfs/mountstats.h"
#include "results/csv.h"
#include "results/schema.h"
#include "util/sink.h"
#include "util/strbuf.h"
#include "sweep/point.h"
#include "sweep/point_hosts.h"
#include "sweep/point_outcome.h"
#include "sweep/point_ops.h"
#include "sweep/point_rpc.h"

double point_set_ops(const struct profile_info *pi)
{
	double ops = 0;

	for (size_t i = 0; i < pi->njobs; i++)
		ops += (double)pi->per_set[i] * pi->ops_s[i];
	return ops;
}

/* The index of profile @name among the sweep's. */
static size_t profile_index(const struct sweep_opts *o, const char *name)
{
	for (size_t i = 0; i < o->nprofiles; i++)
		if (!strcmp(o->profiles[i], name))
			return i;
	return 0;
}

/* How many hosts run each point: --hosts, or this one. */
static int nhosts(const struct sweep_opts *o)
{
	return o->hosts.n ? (int)o->hosts.n : 1;
}

/*
 * Job sets per host: --numjobs each (run), or a curve's load point's sets
 * spread evenly, as SPEC spreads its processes over its load generators
 * (at least one each: the row records what ran, sets x hosts).
 */
static int host_sets(const struct sweep_opts *o, const struct point_load *load)
{
	int sets = load && load->job_sets ? load->job_sets / nhosts(o) : o->numjobs;

	return sets > 0 ? sets : 1;
}

static void add_var(struct point_vars *pv, const char *name, const char *value)
{
	pv->v[pv->n++] = (struct fio_var){ name, value };
}

/*
 * A profile of job sets: NFSWEEP_JOBS_<job> (sets x its jobs per set), and
 * NFSWEEP_RATE_<job> (its own rate, split by its read share, when the
 * point is throttled; "0,0" when not).
 */
static void job_set_vars(const struct profile_info *pi, int sets, bool throttled,
			 struct point_vars *pv)
{
	for (size_t i = 0; i < pi->njobs; i++) {
		char *name = pv->job_names[2 * i], *value = pv->job_values[2 * i];
		double r = pi->ops_s[i] * pi->job_read_pct[i] / 100.0;

		snprintf(name, 48, "NFSWEEP_JOBS_%s", pi->job[i]);
		snprintf(value, 48, "%d", sets * pi->per_set[i]);
		add_var(pv, name, value);
		name = pv->job_names[2 * i + 1];
		value = pv->job_values[2 * i + 1];
		snprintf(name, 48, "NFSWEEP_RATE_%s", pi->job[i]);
		if (throttled)	/* %.0f rounds to the nearest */
			snprintf(value, 48, "%.0f,%.0f", r, pi->ops_s[i] - r);
		else
			snprintf(value, 48, "0,0");
		add_var(pv, name, value);
	}
}

void point_fio_vars(const struct sweep_opts *o, const char *engine_value, const struct point *p,
		    const struct point_load *load, const char *base, struct point_vars *pv)
{
	const struct profile_info *pi = &o->info[profile_index(o, p->profile)];

	pv->n = 0;
	snprintf(pv->pct, sizeof(pv->pct), "%d", p->read_pct);
	snprintf(pv->runtime, sizeof(pv->runtime), "%d", o->runtime);
	snprintf(pv->ramp, sizeof(pv->ramp), "%d", o->ramp);
	snprintf(pv->numjobs, sizeof(pv->numjobs), "%d", o->numjobs);
	snprintf(pv->iodepth, sizeof(pv->iodepth), "%d", pi->iodepth ? pi->iodepth : o->iodepth);
	snprintf(pv->batch_submit, sizeof(pv->batch_submit), "%d", o->batch_submit);
	snprintf(pv->batch_complete_min, sizeof(pv->batch_complete_min), "%d", o->batch_complete_min);
	snprintf(pv->direct, sizeof(pv->direct), "%d", o->direct);
	if (load && load->offered_iops > 0 && !pi->njobs)	/* %.0f rounds to the nearest */
		snprintf(pv->rate, sizeof(pv->rate), "%.0f,%.0f",
			 load->offered_iops * p->read_pct / 100.0 / o->numjobs / nhosts(o),
			 load->offered_iops * (100 - p->read_pct) / 100.0 / o->numjobs / nhosts(o));
	else
		snprintf(pv->rate, sizeof(pv->rate), "0,0");
	snprintf(pv->ops_engine, sizeof(pv->ops_engine), "external:%s/nfsweep-ops.so", o->engine_dir);
	/* fio's client brings back no files: on hosts the engine keeps no statistics file */
	if (o->hosts.n)
		pv->ops_stats[0] = '\0';
	else
		snprintf(pv->ops_stats, sizeof(pv->ops_stats), "%s.ops.json", base);

	/* checked at the start (sweep_opts_finish): short enough, nothing fio cannot take */
	if (sink_fio_dir(p->target->path, pv->dir, sizeof(pv->dir)))
		pv->dir[0] = '\0';
	add_var(pv, "NFSWEEP_DIR", pv->dir);
	add_var(pv, "NFSWEEP_ENGINE", engine_value);
	add_var(pv, "NFSWEEP_READ_PCT", pv->pct);
	add_var(pv, "NFSWEEP_RUNTIME", pv->runtime);
	add_var(pv, "NFSWEEP_RAMP", pv->ramp);
	add_var(pv, "NFSWEEP_SIZE", o->size);
	add_var(pv, "NFSWEEP_NUMJOBS", pv->numjobs);
	add_var(pv, "NFSWEEP_IODEPTH", pv->iodepth);
	add_var(pv, "NFSWEEP_BATCH_SUBMIT", pv->batch_submit);
	add_var(pv, "NFSWEEP_BATCH_COMPLETE_MIN", pv->batch_complete_min);
	add_var(pv, "NFSWEEP_DIRECT", pv->direct);
	add_var(pv, "NFSWEEP_RATE_IOPS", pv->rate);
	add_var(pv, "NFSWEEP_RATE_PROCESS", o->poisson ? "poisson" : "linear");
	add_var(pv, "NFSWEEP_OPS_ENGINE", pv->ops_engine);
	add_var(pv, "NFSWEEP_OPS_STATS", pv->ops_stats);
	if (pi->njobs)
		job_set_vars(pi, host_sets(o, load), load && load->offered_iops > 0, pv);
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
	row_set(r, COL_hosts, "%d", nhosts(o));
}

void point_identity(struct row *r, const struct sweep *s, const struct point *p,
		    const struct point_load *load)
{
	const struct sweep_opts *o = s->o;
	const struct profile_info *pi = &o->info[profile_index(o, p->profile)];
	char when[32];
	time_t now = time(NULL);
	struct tm tm;

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
	/* an op-mix profile's bs counts operations (bs=1): no block size */
	if (pi->bs > 0 && !pi->op_mix)
		row_set(r, COL_block_size_bytes, "%lld", pi->bs);
	row_set(r, COL_repeat, "%d", p->repeat);
	sweep_config_row(s, r);
	if (pi->op_mix)		/* its profile names its engine: --engine is for data profiles */
		row_set(r, COL_engine, "nfsweep-ops");
	if (pi->iodepth)	/* and its depth, where it says so (eda: SPEC's processes, one op each) */
		row_set(r, COL_iodepth, "%d", pi->iodepth);
	if (pi->njobs)
		row_set(r, COL_job_sets, "%d", host_sets(o, load) * nhosts(o));
	if (load) {
		row_set(r, COL_load_point, "%d", load->load_point);
		if (load->offered_iops > 0)
			row_set_num(r, COL_offered_iops, load->offered_iops);
	}
}

/* fio's figures; an op-mix profile's bytes count operations (bs=1): no MiB/s there */
static void fill_fio(struct row *r, const struct fio_result *res, bool op_mix)
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
		if (!op_mix)
			row_set_num(r, mib[i], d[i]->mib_s);
		if (!d[i]->has_clat)
			continue;
		row_set_num(r, lat[i][0], d[i]->clat_mean_us);
		row_set_num(r, lat[i][1], d[i]->clat_p50_us);
		row_set_num(r, lat[i][2], d[i]->clat_p99_us);
		row_set_num(r, lat[i][3], d[i]->clat_p99_9_us);
	}
	row_set_num(r, COL_total_iops, res->rd.iops + res->wr.iops);
	if (!op_mix)
		row_set_num(r, COL_total_mib_s, res->rd.mib_s + res->wr.mib_s);
	row_set_num(r, COL_usr_cpu_pct, res->usr_cpu);
	row_set_num(r, COL_sys_cpu_pct, res->sys_cpu);
}

/*
 * The block size the point ran, as fio's report states it (--fio-opt bs=8k
 * over the profile's 4k): the profile's is what the row said before fio
 * ran. One that is no single size (read,write sizes, a bssplit) leaves the
 * column empty; the fio_opts column or the profile holds it as written.
 */
static void fill_block_size(struct row *r, const struct fio_result *res, bool op_mix)
{
	long long bs;

	if (op_mix || !res->bs[0])
		return;
	if (!fio_size_bytes(res->bs, &bs) && bs > 0)
		row_set(r, COL_block_size_bytes, "%lld", bs);
	else
		row_set(r, COL_block_size_bytes, "%s", "");
}

/* The mount's columns, from mountstats after the point. */
static void fill_mount(struct row *r, const struct ms_mount *after)
{
	row_set(r, COL_server, "%s", after->device);
	row_set(r, COL_mount_options, "%s", after->opts);
	row_set(r, COL_nconnect_asked, "%ld", mount_opt_long(after->opts, "nconnect", 1));
	row_set(r, COL_transports, "%u", after->xprts);
}

static void tick_window(void *w)
{
	rpc_window_tick(w);
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

/* "[3/22] seq64k nc8 read=70% repeat 1: ", printed and kept in s->line */
static void report_start(struct sweep *s, const struct point *p, size_t total,
			 const struct point_load *load)
{
	int n = snprintf(s->line, sizeof(s->line), "%s[%zu/%zu] %s %s read=%d%% ", s->eta,
			 p->index, total, p->profile, p->target->label, p->read_pct);
	size_t o = n > 0 && (size_t)n < sizeof(s->line) ? (size_t)n : 0;

	if (load && load->offered_iops > 0)
		snprintf(s->line + o, sizeof(s->line) - o, "load point %d, %.0f IOPS offered: ",
			 load->load_point, load->offered_iops);
	else if (load)
		snprintf(s->line + o, sizeof(s->line) - o, "unthrottled: ");
	else
		snprintf(s->line + o, sizeof(s->line) - o, "repeat %d: ", p->repeat);
	fputs(s->line, stderr);
}

/* The terminal's width, or 80. */
static int term_width(void)
{
	struct winsize ws;

	return !ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col > 20 ? ws.ws_col : 80;
}

/*
 * fio's status line, in place after the point's line (which begins with
 * the sweep's ETA): "(eta 12m03s) [3/22] .. repeat 1: [r(4)][41.0%][r=812MiB/s]
 * [r=13k IOPS][eta 00m:41s]", the point's progress and ETA being fio's.
 * Cut to the terminal's width: a wrapped line could not be overwritten.
 */
static void show_status(void *ctx, const char *line)
{
	const struct sweep *s = ctx;
	const char *st = strchr(line, '[');
	char text[768];

	if (!st)
		return;
	snprintf(text, sizeof(text), "%s%s", s->line, st);
	fprintf(stderr, "\r\033[K%.*s", term_width() - 1, text);
	fflush(stderr);
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
	if (r->cell[COL_total_mib_s])
		fprintf(stderr, "ok, %.0f IOPS, %.1f MiB/s (%.0f s)\n", res->rd.iops + res->wr.iops,
			res->rd.mib_s + res->wr.mib_s, seconds);
	else	/* an op-mix point: fio counted operations */
		fprintf(stderr, "ok, %.0f ops/s (%.0f s)\n", res->rd.iops + res->wr.iops, seconds);
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

/* Copy the include file @name (profiles_dir/NAME, or an absolute path) into @out. 0, or -errno. */
static int inline_include(const struct sweep_opts *o, const char *name, FILE *out)
{
	char path[PATH_MAX], line[1024];
	size_t n = strcspn(name, " \t\r\n");
	FILE *in;
	int ret;

	snprintf(path, sizeof(path), "%s%s%.*s", name[0] == '/' ? "" : o->profiles_dir,
		 name[0] == '/' ? "" : "/", (int)n, name);
	in = fopen(path, "r");
	if (!in)
		return -errno;
	fprintf(out, "; include %.*s, inlined: fio's server reads includes from its own disk\n",
		(int)n, name);
	while (fgets(line, sizeof(line), in))
		fputs(line, out);
	ret = ferror(in) ? -EIO : 0;
	fclose(in);
	return ret;
}

/*
 * --hosts: each section ends with exec_prerun and exec_postrun, so that
 * every host's jobs snapshot their own mountstats at their start and end
 * into the target (point_rpc.h). fio's client carries no files back: the
 * shared target does. fio runs each through system(), so the line is
 * shell text: a fixed command whose one piece of data, the target, is
 * carried as printf %b escapes (sink_printf_b), which neither fio's parser
 * nor the shell gives a meaning to; the point's name is a label's
 * characters. fio appends "> JOB.prerun.txt 2>&1" in the server's working
 * directory: after "|| exit" that redirection applies to the exit alone, so
 * a snapshot that worked leaves no file there. 0, or -ENAMETOOLONG.
 */
static int snapshot_lines(FILE *out, const char *target, const char *point)
{
	char enc[POINT_SNAPSHOT_ENC_MAX];

	if (sink_printf_b(target, enc, sizeof(enc)))
		return -ENAMETOOLONG;
	for (int k = 0; k < 2; k++)
		fprintf(out, "exec_%s=sh -c 'd=\"$(printf %%b \"%s\")/%s\" && mkdir -p \"$d\" && "
			"cat /proc/self/mountstats > \"$d/%s.$(hostname).%s\"' || exit\n",
			k ? "postrun" : "prerun", enc, POINT_RPC_SNAPSHOT_DIR, point,
			k ? "after" : "before");
	return 0;
}

/*
 * The job file fio runs: the profile itself, or with --fio-opt a copy of it
 * (BASE.fio, kept) with the options at the end of every section, where they
 * win over the profile's own, and its includes made absolute. With --hosts
 * always a copy, includes inlined: fio's client sends the job file's text,
 * and each server would look for an include on its own disk. 0, or -errno.
 */
static int point_jobfile(const struct sweep_opts *o, const char *profile_path, const char *base,
			 const char *target, char *path, size_t len)
{
	const char *point = strrchr(base, '/') ? strrchr(base, '/') + 1 : base;
	char line[1024];
	FILE *in, *out;
	int ret = 0;

	if (!o->nfio_opts && !o->hosts.n) {
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
	fprintf(out, "; %s, as nfsweep ran it: the --fio-opt options (and with --hosts the "
		"mountstats snapshots) end every section\n", profile_path);
	for (int in_section = 0;; ) {
		const char *l = fgets(line, sizeof(line), in) ? line + strspn(line, " \t") : NULL;

		if ((!l || *l == '[') && in_section) {
			for (size_t i = 0; i < o->nfio_opts; i++)
				fprintf(out, "%s\n", o->fio_opts[i]);
			if (o->hosts.n && !ret)
				ret = snapshot_lines(out, target, point);
		}
		if (!l)
			break;
		in_section |= *l == '[';
		if (!strncmp(l, "include ", 8) && o->hosts.n)
			ret = ret ? ret : inline_include(o, l + 8, out);
		else if (!strncmp(l, "include ", 8) && l[8] != '/')
			fprintf(out, "include %s/%s", o->profiles_dir, l + 8);
		else
			fputs(line, out);
	}
	if ((ferror(in) || fclose(out)) && !ret)
		ret = -EIO;
	fclose(in);
	return ret;
}

/*
 * How the point ended: fio's JSON read into @res (with --hosts, @ph: each
 * host's figures and @res their sum; *@parsed says whether the report was
 * read), the status, and its error text in @err. A host that failed fails
 * the point, by name, whatever fio's exit status.
 */
static const char *read_outcome(const struct sweep *s, const char *json,
				const struct fio_outcome *out, const struct point_ask *ask,
				struct point_hosts *ph, struct fio_result *res, int *parsed,
				char *err, size_t len)
{
	char json_err[256] = "", host_err[512] = "", reason[256];
	const char *status;

	if (ph)
		*parsed = !point_hosts_read(s, json, ph, res, json_err, sizeof(json_err), host_err,
					    sizeof(host_err)) && !out->timed_out;
	else
		*parsed = !out->timed_out && !fio_json_parse_file(json, res, json_err,
								  sizeof(json_err));
	stderr_reason(json, reason, sizeof(reason));
	status = point_outcome(out, *parsed || out->timed_out ? NULL : json_err, res, reason, ask,
			       err, len);
	if (host_err[0] && !out->timed_out) {
		status = STATUS_FIO_ERROR;
		snprintf(err, len, "%s", host_err);
	} else if (host_err[0]) {
		snprintf(err + strlen(err), len - strlen(err), "; %.300s", host_err);
	}
	return status;
}

/* --hosts: each host's RPC rows (and their start times), then its row of FILE.hosts.csv. */
static int record_hosts(const struct sweep *s, struct row *r, const char *base,
			struct point_hosts *ph)
{
	int ret = point_rpc_record_hosts(s, r, strrchr(base, '/') + 1, ph->start_s);

	if (!ret && ph->parsed)
		ret = point_hosts_record(s, r, ph);
	return ret;
}

/*
 * A point's start: its files' stem @base (PATH_MAX), fio's variables, the
 * identity of its row, its file system (not with --hosts: the target is on
 * the hosts, and this machine's mounts say nothing of it), and its line on
 * stderr. 0, or -ENAMETOOLONG (said).
 */
static int point_start(struct sweep *s, const struct point *p, size_t total,
		       const struct point_load *load, char *base, struct point_vars *pv,
		       struct row *r, struct mount_of *m, int *nfs)
{
	const struct sweep_opts *o = s->o;
	char rel[PATH_MAX];

	if (point_base(s, p, load, base, PATH_MAX, rel, sizeof(rel))) {
		fprintf(stderr, "nfsweep %s: %s: path too long\n", s->cmd, s->fio_dir);
		return -ENAMETOOLONG;
	}
	point_fio_vars(o, s->engine_value, p, load, base, pv);
	point_identity(r, s, p, load);
	row_set(r, COL_fio_json, "%s", rel);
	*nfs = 0;
	if (!o->hosts.n && !mount_of_path(p->target->path, NULL, m)) {
		row_set(r, COL_fs_type, "%s", m->fstype);
		*nfs = mount_is_nfs(m);
	}
	report_start(s, p, total, load);
	return 0;
}

int run_point(struct sweep *s, const struct point *p, size_t total, const struct point_load *load,
	      const char *setup_err, struct fio_result *res_out)
{
	const struct sweep_opts *o = s->o;
	const struct profile_info *pi = &o->info[profile_index(o, p->profile)];
	char profile_path[PATH_MAX], base[PATH_MAX], json[PATH_MAX + 8];
	char jobfile[PATH_MAX + 8], logs[3][PATH_MAX + 32], err[512] = "";
	const char *args[3 + MAX_FIO_OPTS];
	struct point_hosts *ph = NULL;
	struct snapshot after = { 0 };
	struct rpc_window win = { 0 };
	struct fio_result res = { 0 };
	struct point_vars pv;
	struct point_ask ask;
	struct fio_outcome out;
	struct fio_cmd cmd;
	struct mount_of m;
	struct row r = { 0 };
	const char *call = "", *status;
	int ret, nfs = 0, sampling = 0, parsed;

	if (point_start(s, p, total, load, base, &pv, &r, &m, &nfs))
		return -ENAMETOOLONG;
	snprintf(json, sizeof(json), "%s.json", base);
	/* fio's per-second logs beside the JSON (BASE_bw.N.log, BASE_iops.N.log: plot --timeline) */
	snprintf(logs[0], sizeof(logs[0]), "--write_bw_log=%s", base);
	snprintf(logs[1], sizeof(logs[1]), "--write_iops_log=%s", base);
	snprintf(logs[2], sizeof(logs[2]), "--log_avg_msec=1000");
	for (int i = 0; i < 3; i++)
		args[i] = logs[i];
	sweep_profile_path(o, p->profile, profile_path, sizeof(profile_path));
	if (setup_err) {
		ret = write_row(s, &r, STATUS_SETUP_ERROR, setup_err, &res, 0);
		goto out;
	}
	ret = point_jobfile(o, profile_path, base, p->target->path, jobfile, sizeof(jobfile));
	if (ret) {
		snprintf(err, sizeof(err), "%s: the job file's copy (--fio-opt, --hosts) for %.300s: %s",
			 s->cmd, profile_path, strerror(-ret));
		ret = write_row(s, &r, STATUS_SETUP_ERROR, err, &res, 0);
		goto out;
	}
	/* the target's NFS counters, sampled while fio runs: fio's window is cut from them after */
	sampling = nfs && !rpc_window_start(&win, o->mountstats, m.mountpoint, o->runtime);
	/* --hosts: fio's client, the hosts' histograms (json+) to merge, no per-second logs */
	cmd = (struct fio_cmd){ .fio = o->fio, .jobfile = jobfile, .vars = pv.v,
				.nvars = pv.n, .args = args, .nargs = o->hosts.n ? 0 : 3,
				.json_path = json, .timeout_s = o->timeout,
				.format = o->hosts.n ? "json+" : NULL,
				.client = o->hosts.n ? s->hosts_file : NULL,
				.tick = sampling ? tick_window : NULL, .tick_ctx = &win };
	if (s->progress) {
		cmd.status = show_status;
		cmd.status_ctx = s;
	}
	ret = fio_run(&cmd, &stop_signal, &out, &call);
	if (s->progress)	/* the status line gives way to the point's outcome */
		fprintf(stderr, "\r\033[K%s", s->line);
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
	if (sampling)
		rpc_window_sample(&win);
	if (nfs) {
		snapshot_take(&after, o->mountstats, m.mountpoint);
		if (after.mnt)
			fill_mount(&r, after.mnt);
	}
	if (o->hosts.n && !(ph = calloc(1, sizeof(*ph)))) {
		ret = -ENOMEM;
		goto out;
	}
	ask = (struct point_ask){ .read_pct = p->read_pct, .op_mix = pi->op_mix,
				  .timeout_s = o->timeout };
	status = read_outcome(s, json, &out, &ask, ph, &res, &parsed, err, sizeof(err));
	if (parsed) {
		fill_fio(&r, &res, pi->op_mix);
		fill_block_size(&r, &res, pi->op_mix);
		if (load)
			row_set_num(&r, COL_rt_ms, fio_result_response_ms(&res));
		if (res_out)
			*res_out = res;
	}
	/* the detail rows first: the point's row, last, is what makes them count */
	if (sampling && (ret = point_rpc_record(s, &r, &win, parsed ? &res : NULL)))
		goto out;
	if (parsed && !o->hosts.n &&
	    (ret = point_ops_record(s, &r, pv.ops_stats, fio_result_runtime(&res))))
		goto out;
	if (ph && (ret = record_hosts(s, &r, base, ph)))
		goto out;
	ret = write_row(s, &r, status, err, &res, out.seconds);
out:
	free(ph);
	row_free(&r);
	snapshot_free(&after);
	rpc_window_free(&win);
	return ret;
}
