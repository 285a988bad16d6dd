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
#include "limits/limit.h"
#include "util/csv.h"
#include "results/schema.h"
#include "util/sink.h"
#include "util/strbuf.h"
#include "sweep/point.h"
#include "sweep/point_mode.h"
#include "sweep/point_outcome.h"

double point_set_ops(const struct profile_info *pi)
{
	double ops = 0;

	for (size_t i = 0; i < pi->njobs; i++)
		ops += (double)pi->per_set[i] * pi->ops_s[i];
	return ops;
}

int point_numjobs(const struct sweep_opts *o, const struct point *p)
{
	return p->depth.numjobs ? p->depth.numjobs : o->numjobs;
}

int point_iodepth(const struct sweep_opts *o, const struct point *p)
{
	return p->depth.iodepth ? p->depth.iodepth : o->iodepth;
}

/*
 * Job sets per host: the point's numjobs each (run), or a curve's load point's sets
 * spread evenly, as SPEC spreads its processes over its load generators
 * (at least one each: the row records what ran, sets x hosts).
 */
static int host_sets(const struct sweep_opts *o, const struct point *p, int hosts,
		     const struct point_load *load)
{
	int sets = load && load->job_sets ? load->job_sets / hosts : point_numjobs(o, p);

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
		if (throttled) /* %.0f rounds to the nearest */
			snprintf(value, 48, "%.0f,%.0f", r, pi->ops_s[i] - r);
		else
			snprintf(value, 48, "0,0");
		add_var(pv, name, value);
	}
}

void point_fio_vars(const struct sweep_opts *o, const struct profile_info *pi,
		    const char *engine_value, int hosts, const struct point *p,
		    const struct point_load *load, struct point_vars *pv)
{
	pv->n = 0;
	snprintf(pv->pct, sizeof(pv->pct), "%d", p->read_pct);
	snprintf(pv->runtime, sizeof(pv->runtime), "%d", o->runtime);
	snprintf(pv->ramp, sizeof(pv->ramp), "%d", o->ramp);
	snprintf(pv->numjobs, sizeof(pv->numjobs), "%d", point_numjobs(o, p));
	snprintf(pv->iodepth, sizeof(pv->iodepth), "%d",
		 pi->iodepth ? pi->iodepth : point_iodepth(o, p));
	snprintf(pv->batch_submit, sizeof(pv->batch_submit), "%d", o->batch_submit);
	snprintf(pv->batch_complete_min, sizeof(pv->batch_complete_min), "%d",
		 o->batch_complete_min);
	snprintf(pv->direct, sizeof(pv->direct), "%d", o->direct);
	if (load && load->offered_iops > 0 && !pi->njobs) /* %.0f rounds to the nearest */
		snprintf(pv->rate, sizeof(pv->rate), "%.0f,%.0f",
			 load->offered_iops * p->read_pct / 100.0 / point_numjobs(o, p) / hosts,
			 load->offered_iops * (100 - p->read_pct) / 100.0 / point_numjobs(o, p) /
				 hosts);
	else
		snprintf(pv->rate, sizeof(pv->rate), "0,0");
	snprintf(pv->ops_engine, sizeof(pv->ops_engine), "external:%s/%s.so", o->engine_dir,
		 pi->engine ? pi->engine : ENGINE_OPS);
	pv->ops_stats[0] = '\0'; /* the mode's to fill (point_mode.h) */
	pv->live[0] = '\0';	 /* likewise */

	/*
	 * checked at the start (sweep_opts_finish): short enough, nothing fio cannot take. An
	 * nfs:// target is its engine's rpc_url=, and fio's directory= the current one: the
	 * engine has no files for fio to make (FIO_DISKLESSIO).
	 */
	if (p->target->url)
		snprintf(pv->dir, sizeof(pv->dir), ".");
	else if (sink_fio_dir(p->target->path, pv->dir, sizeof(pv->dir)))
		pv->dir[0] = '\0';
	add_var(pv, "NFSWEEP_DIR", pv->dir);
	add_var(pv, "NFSWEEP_URL", p->target->url ? p->target->path : "");
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
	add_var(pv, "NFSWEEP_LIVE", pv->live);
	if (pi->njobs)
		job_set_vars(pi, host_sets(o, p, hosts, load), load && load->offered_iops > 0, pv);
}

void sweep_config_row(const struct sweep *s, struct row *r)
{
	const struct sweep_opts *o = s->o;
	struct strbuf opts = { 0 };

	row_set(r, COL_engine, "%s", o->engine);
	if (!o->depths.n) { /* a depth sweep's rows each have their own */
		row_set(r, COL_iodepth, "%d", o->iodepth);
		row_set(r, COL_numjobs, "%d", o->numjobs);
	}
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
	row_set(r, COL_hosts, "%d", s->mode->hosts(o));
	if (o->steady) {
		char crit[48];

		steady_format(&o->steady_spec, crit, sizeof(crit));
		row_set(r, COL_steady_criterion, "%s", crit);
		row_set(r, COL_steady_window_s, "%d", o->steady_window);
	}
}

void point_identity(struct row *r, const struct sweep *s, const struct point *p,
		    const struct point_load *load)
{
	const struct sweep_opts *o = s->o;
	const struct profile_info *pi = sweep_profile_info(&s->prof, o, p->profile);
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
	/* a depth sweep's point: its own depth (the config's cells are the first of the lists) */
	row_set(r, COL_iodepth, "%d", point_iodepth(o, p));
	row_set(r, COL_numjobs, "%d", point_numjobs(o, p));
	if (pi->engine) /* its profile names its engine: --engine is for data profiles */
		row_set(r, COL_engine, "%s", pi->engine);
	if (p->target->url) /* no mount: the server and export the engine was given */
		row_set(r, COL_server, "%s:%s", p->target->server,
			p->target->path + 6 + strlen(p->target->server));
	if (pi->iodepth) /* and its depth, where it says so (eda: SPEC's processes, one op each) */
		row_set(r, COL_iodepth, "%d", pi->iodepth);
	if (pi->njobs)
		row_set(r, COL_job_sets, "%d",
			host_sets(o, p, s->mode->hosts(o), load) * s->mode->hosts(o));
	if (load) {
		row_set(r, COL_load_point, "%d", load->load_point);
		if (load->offered_iops > 0)
			row_set_num(r, COL_offered_iops, load->offered_iops);
	}
}

/* fio's figures; an op-mix profile's bytes count operations (bs=1): no MiB/s there */
/* Each FIO_COLUMN figure's column (columns.def) */
static const enum column fig_col[FIO_NFIG] = {
#define COLUMN(id, type, unit, meaning)
#define FIO_COLUMN(id, type, unit, key, meaning) [FIO_FIG_##id] = COL_##id,
#include "columns.def"
#undef FIO_COLUMN
#undef COLUMN
};

static void fill_fio(struct row *r, const struct fio_result *res, bool op_mix)
{
	const struct fio_dir *d[2] = { &res->rd, &res->wr };
	static const enum column iops[2] = { COL_read_iops, COL_write_iops };
	static const enum column mib[2] = { COL_read_mib_s, COL_write_mib_s };
	static const enum column mean[2] = { COL_read_clat_mean_us, COL_write_clat_mean_us };
	static const enum column pct[2][FIO_NPCT] = {
#define PERCENTILE(stem, fio_key, p) [FIO_PCT_##stem] = COL_read_clat_##stem##_us,
		{
#include "fio/clat_percentiles.def"
		},
#undef PERCENTILE
#define PERCENTILE(stem, fio_key, p) [FIO_PCT_##stem] = COL_write_clat_##stem##_us,
		{
#include "fio/clat_percentiles.def"
		},
#undef PERCENTILE
	};

	for (int i = 0; i < 2; i++) {
		row_set_num(r, iops[i], d[i]->iops);
		if (!op_mix)
			row_set_num(r, mib[i], d[i]->mib_s);
		if (!d[i]->has_clat)
			continue;
		row_set_num(r, mean[i], d[i]->clat_mean_us);
		for (int p = 0; p < FIO_NPCT; p++)
			row_set_num(r, pct[i][p], d[i]->clat_pct_us[p]);
	}
	row_set_num(r, COL_total_iops, res->rd.iops + res->wr.iops);
	if (!op_mix)
		row_set_num(r, COL_total_mib_s, res->rd.mib_s + res->wr.mib_s);
	for (int f = 0; f < FIO_NFIG; f++)
		row_set_num(r, fig_col[f], res->fig[f]);
}

/*
 * --steady: what fio's report says of the point's steady state. fio must have run the
 * criterion and window the row states (steady_check_ran): else -1 with @err, and the point
 * fails. The window's figures are fio's means of its per-second samples.
 */
static int fill_steady(struct row *r, const struct fio_result *res, const struct sweep_opts *o,
		       bool op_mix, char *err, size_t len)
{
	const struct steady_result *ss = &res->ss;

	if (steady_check_ran(ss, &o->steady_spec, o->steady_window, err, len))
		return -1;
	row_set(r, COL_steady_attained, "%d", ss->attained);
	if (ss->attained)
		row_set_num(r, COL_steady_at_s, fio_result_runtime(res));
	row_set_num(r, COL_steady_measure_pct, ss->measure);
	row_set_num(r, COL_steady_total_iops, ss->iops_mean);
	if (!op_mix)
		row_set_num(r, COL_steady_total_mib_s, ss->bw_mean / 1048576.0);
	return 0;
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

/*
 * "[3/22] seq64k nc8 read=70% repeat 1: " (a depth sweep's: "read=70% 4x16 repeat 1: ", numjobs x
 * iodepth), printed and kept in s->line
 */
static void report_start(struct sweep *s, const struct point *p, size_t total,
			 const struct point_load *load)
{
	int n = snprintf(s->line, sizeof(s->line), "%s[%zu/%zu] %s %s read=%d%% ", s->eta, p->index,
			 total, p->profile, p->target->label, p->read_pct);
	size_t o = n > 0 && (size_t)n < sizeof(s->line) ? (size_t)n : 0;

	if (p->depth.numjobs && o < sizeof(s->line)) {
		n = snprintf(s->line + o, sizeof(s->line) - o, "%dx%d ", p->depth.numjobs,
			     p->depth.iodepth);
		o = n > 0 && o + (size_t)n < sizeof(s->line) ? o + (size_t)n : o;
	}

	if (load && load->offered_iops > 0)
		snprintf(s->line + o, sizeof(s->line) - o,
			 "load point %d, %.0f IOPS offered: ", load->load_point,
			 load->offered_iops);
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
	limit_set_row(r);
	row_protect_text(r);
	ret = csv_append_record(s->csv_fd, (const char *const *)r->cell, NCOLUMNS);
	if (ret) {
		fprintf(stderr,
			"\nnfsweep %s: write to %s: %s; the row of this point is not "
			"recorded, every earlier row is\n",
			s->cmd, s->o->out, strerror(-ret));
		return ret;
	}
	s->rows++;
	if (strcmp(status, STATUS_OK)) {
		fprintf(stderr, "%s: %s\n", status, err);
		s->failed++;
		return 1;
	}
	if (r->cell[COL_total_mib_s])
		fprintf(stderr, "ok, %.0f IOPS, %.1f MiB/s (%.0f s)\n", res->rd.iops + res->wr.iops,
			res->rd.mib_s + res->wr.mib_s, seconds);
	else /* an op-mix point: fio counted operations */
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

/*
 * How the point ended: fio's report read by the mode, the status, and its
 * error text in @err. What the mode found wrong beyond fio's status (a
 * host that failed) fails the point, by name, whatever fio's exit status.
 */
static const char *read_outcome(struct point_ctx *pc, const struct fio_outcome *out,
				const struct point_ask *ask, int *parsed, char *err, size_t len)
{
	char json_err[256] = "", mode_err[512] = "", reason[256];
	const char *status;

	pc->s->mode->read(pc, out, parsed, json_err, sizeof(json_err), mode_err, sizeof(mode_err));
	stderr_reason(pc->json, reason, sizeof(reason));
	status = point_outcome(out, *parsed || out->timed_out ? NULL : json_err, pc->res, reason,
			       ask, err, len);
	if (mode_err[0] && !out->timed_out) {
		status = STATUS_FIO_ERROR;
		snprintf(err, len, "%s", mode_err);
	} else if (mode_err[0]) {
		snprintf(err + strlen(err), len - strlen(err), "; %.300s", mode_err);
	}
	return status;
}

/*
 * A point's start: its files' stem (PATH_MAX), fio's variables, the
 * identity of its row, the mode's start, and its line on stderr. 0, or
 * -errno (said when the path is too long).
 */
static int point_start(struct point_ctx *pc, size_t total, char *base)
{
	struct sweep *s = pc->s;
	char rel[PATH_MAX];

	if (point_base(s, pc->p, pc->load, base, PATH_MAX, rel, sizeof(rel))) {
		fprintf(stderr, "nfsweep %s: %s: path too long\n", s->cmd, s->fio_dir);
		return -ENAMETOOLONG;
	}
	point_fio_vars(s->o, pc->pi, s->engine_value, s->mode->hosts(s->o), pc->p, pc->load,
		       pc->pv);
	point_identity(pc->r, s, pc->p, pc->load);
	row_set(pc->r, COL_fio_json, "%s", rel);
	if (s->mode->begin(pc))
		return -ENOMEM;
	report_start(s, pc->p, total, pc->load);
	return 0;
}

/* Run fio for the point; 0 with @out, or -errno with the failing call in @call. */
static int point_fio(struct point_ctx *pc, const char *jobfile, struct fio_outcome *out,
		     const char **call)
{
	struct sweep *s = pc->s;
	/* clang-format off */
	struct fio_cmd cmd = { .fio = s->o->fio, .jobfile = jobfile, .vars = pc->pv->v,
			       .nvars = pc->pv->n, .json_path = pc->json,
			       .timeout_s = s->o->timeout };
	/* clang-format on */
	int ret;

	if (s->progress) {
		cmd.status = show_status;
		cmd.status_ctx = s;
	}
	s->mode->command(pc, &cmd); /* (after: a mode may show a status of its own) */
	ret = fio_run(&cmd, &stop_signal, out, call);
	if (s->progress) /* the status line gives way to the point's outcome */
		fprintf(stderr, "\r\033[K%s", s->line);
	return ret;
}

int run_point(struct sweep *s, const struct point *p, size_t total, const struct point_load *load,
	      const char *setup_err, struct fio_result *res_out)
{
	const struct sweep_opts *o = s->o;
	const struct profile_info *pi = sweep_profile_info(&s->prof, o, p->profile);
	char profile_path[PATH_MAX], base[PATH_MAX], json[PATH_MAX + 8];
	char jobfile[PATH_MAX + 8], err[512] = "";
	struct fio_result res = { 0 };
	struct point_vars pv;
	struct point_ask ask;
	struct fio_outcome out;
	struct row r = { 0 };
	/* clang-format off */
	struct point_ctx pc = { .s = s, .p = p, .load = load, .pi = pi, .base = base,
				.json = json, .profile_path = profile_path, .pv = &pv, .r = &r,
				.res = &res };
	/* clang-format on */
	const char *call = "", *status;
	int ret, parsed;

	sweep_profile_path(o, p->profile, profile_path, sizeof(profile_path));
	ret = point_start(&pc, total, base);
	if (ret)
		goto out;
	snprintf(json, sizeof(json), "%s.json", base);
	if (setup_err) {
		ret = write_row(s, &r, STATUS_SETUP_ERROR, setup_err, &res, 0);
		goto out;
	}
	ret = s->mode->jobfile(&pc, jobfile, sizeof(jobfile));
	if (ret) {
		snprintf(err, sizeof(err),
			 "%s: the job file's copy (--fio-opt, --hosts) for %.300s: %s", s->cmd,
			 profile_path, strerror(-ret));
		ret = write_row(s, &r, STATUS_SETUP_ERROR, err, &res, 0);
		goto out;
	}
	if (s->mode->probe)
		s->mode->probe(&pc, jobfile);
	ret = point_fio(&pc, jobfile, &out, &call);
	if (ret) {
		snprintf(err, sizeof(err), "%s: %s: %s (fio %s)", s->cmd, call, strerror(-ret),
			 o->fio);
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
	ask = (struct point_ask){ .read_pct = p->read_pct,
				  .op_mix = pi->op_mix,
				  .timeout_s = o->timeout };
	status = read_outcome(&pc, &out, &ask, &parsed, err, sizeof(err));
	if (parsed) {
		fill_fio(&r, &res, pi->op_mix);
		fill_block_size(&r, &res, pi->op_mix);
		/* a failed point keeps its own error; an ok one fails when fio ran another rule */
		if (o->steady && !strcmp(status, STATUS_OK) &&
		    fill_steady(&r, &res, o, pi->op_mix, err, sizeof(err)))
			status = STATUS_FIO_ERROR;
		/* SPEC's response time: a curve's, and every point of an op mix */
		if (load || pi->engine)
			row_set_num(&r, COL_rt_ms, fio_result_response_ms(&res));
		if (res_out)
			*res_out = res;
	}
	/* the detail rows first: the point's row, last, is what makes them count */
	ret = s->mode->record(&pc, parsed);
	if (!ret)
		ret = write_row(s, &r, status, err, &res, out.seconds);
out:
	s->mode->end(&pc);
	row_free(&r);
	return ret;
}
