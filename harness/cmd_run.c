// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep run: plan the points, then for each: snapshot mountstats, run fio
 * with the profile's variables, read its JSON, snapshot again, append one
 * row and fsync it. A failing point becomes a row with its status and the
 * sweep goes on; SIGINT/SIGTERM stop fio, keep every whole row, and print
 * the command that resumes.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cmds.h"
#include "csv.h"
#include "fio_json.h"
#include "fio_run.h"
#include "mount_manage.h"
#include "mounts.h"
#include "mountstats.h"
#include "results_file.h"
#include "row.h"
#include "sweep_opts.h"

#define MOUNTSTATS "/proc/self/mountstats"

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

/* Everything the points of one sweep share. */
struct sweep {
	const struct sweep_opts *o;
	char host[256], kernel[256], fio_version[64];
	char engine_value[PATH_MAX + 16];	/* fio's ioengine= */
	char fio_dir[PATH_MAX];			/* per-point JSON files */
	int csv_fd;
	int failed;
};

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

static int read_fio_version(const char *fio, char *buf, size_t len)
{
	char cmd[PATH_MAX + 32];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "'%s' --version 2>/dev/null", fio);
	p = popen(cmd, "r");
	if (!p)
		return -errno;
	if (!fgets(buf, (int)len, p))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return pclose(p) == 0 && buf[0] ? 0 : -ENOENT;
}

static void iso_time(time_t t, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The first line of fio's stderr that says what went wrong. */
static void fio_error_text(const char *json_path, char *buf, size_t len)
{
	char path[PATH_MAX + 8], line[512];
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s.stderr", json_path);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if ((strstr(line, "rror") || strstr(line, "fio:") || !buf[0]) &&
		    snprintf(buf, len, "%s", line) >= (int)len)
			buf[len - 1] = '\0';	/* cut: the start says enough */
		if (strstr(line, "rror"))
			break;
	}
	fclose(f);
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

/* The mountstats entry for @mnt, in a snapshot the caller frees. */
static const struct ms_mount *snapshot(const char *mnt, struct ms_mount **all, size_t *n)
{
	*all = NULL;
	*n = 0;
	if (mountstats_read(MOUNTSTATS, all, n))
		return NULL;
	return mountstats_find(*all, *n, mnt);
}

/*
 * Run one point and append its row; with @setup_err, write the point as a
 * setup_error row without running it (its mount variant could not be had).
 * Returns 0 ok, 1 point failed, -errno when the row could not be written.
 */
static int run_point(struct sweep *s, const struct point *p, size_t total, const char *setup_err)
{
	const struct sweep_opts *o = s->o;
	char profile_path[PATH_MAX], json[PATH_MAX + 64], err[512] = "", when[32];
	char pct[8], rt[16], ramp[16], nj[16], qd[16], bs_sub[16], bs_min[16], direct[8];
	struct ms_mount *ms_before = NULL, *ms_after = NULL;
	size_t n_before = 0, n_after = 0;
	const struct ms_mount *mb = NULL, *ma = NULL;
	struct fio_outcome out;
	struct fio_result res;
	struct mount_of m;
	struct row r = { 0 };
	const char *call = "", *status = STATUS_OK;
	long long bs;
	int ret, nfs;

	sweep_profile_path(o, p->profile, profile_path, sizeof(profile_path));
	if (snprintf(json, sizeof(json), "%s/%03zu-%s-%s-r%d-%d.json", s->fio_dir, p->index,
		     p->profile, p->target->label, p->read_pct, p->repeat) >= (int)sizeof(json)) {
		fprintf(stderr, "nfsweep run: %s: path too long\n", s->fio_dir);
		return -ENAMETOOLONG;
	}
	snprintf(pct, sizeof(pct), "%d", p->read_pct);
	snprintf(rt, sizeof(rt), "%d", o->runtime);
	snprintf(ramp, sizeof(ramp), "%d", o->ramp);
	snprintf(nj, sizeof(nj), "%d", o->numjobs);
	snprintf(qd, sizeof(qd), "%d", o->iodepth);
	snprintf(bs_sub, sizeof(bs_sub), "%d", o->batch_submit);
	snprintf(bs_min, sizeof(bs_min), "%d", o->batch_complete_min);
	snprintf(direct, sizeof(direct), "%d", o->direct);
	/* Every ${VAR} of the profiles: fio turns an unset one into "". */
	const struct fio_var vars[] = {
		{ "NFSWEEP_DIR", p->target->path },	{ "NFSWEEP_ENGINE", s->engine_value },
		{ "NFSWEEP_READ_PCT", pct },		{ "NFSWEEP_RUNTIME", rt },
		{ "NFSWEEP_RAMP", ramp },		{ "NFSWEEP_SIZE", o->size },
		{ "NFSWEEP_NUMJOBS", nj },		{ "NFSWEEP_IODEPTH", qd },
		{ "NFSWEEP_BATCH_SUBMIT", bs_sub },	{ "NFSWEEP_BATCH_COMPLETE_MIN", bs_min },
		{ "NFSWEEP_DIRECT", direct },
	};

	iso_time(time(NULL), when, sizeof(when));
	row_set(&r, COL_schema_version, "%s", schema_version());
	row_set(&r, COL_start_time, "%s", when);
	row_set(&r, COL_host, "%s", s->host);
	row_set(&r, COL_kernel_release, "%s", s->kernel);
	row_set(&r, COL_fio_version, "%s", s->fio_version);
	row_set(&r, COL_note, "%s", o->note);
	row_set(&r, COL_profile, "%s", p->profile);
	row_set(&r, COL_engine, "%s", o->engine);
	row_set(&r, COL_target, "%s", p->target->label);
	row_set(&r, COL_path, "%s", p->target->path);
	row_set(&r, COL_read_pct, "%d", p->read_pct);
	bs = profile_block_size(profile_path);
	if (bs > 0)
		row_set(&r, COL_block_size_bytes, "%lld", bs);
	row_set(&r, COL_iodepth, "%d", o->iodepth);
	row_set(&r, COL_numjobs, "%d", o->numjobs);
	row_set(&r, COL_runtime_s, "%d", o->runtime);
	row_set(&r, COL_ramp_s, "%d", o->ramp);
	row_set(&r, COL_repeat, "%d", p->repeat);

	nfs = 0;
	if (!mount_of_path(p->target->path, NULL, &m)) {
		row_set(&r, COL_fs_type, "%s", m.fstype);
		nfs = mount_is_nfs(&m);
	}
	if (nfs)
		mb = snapshot(m.mountpoint, &ms_before, &n_before);

	fprintf(stderr, "[%zu/%zu] %s %s read=%d%% repeat %d: ", p->index, total, p->profile,
		p->target->label, p->read_pct, p->repeat);
	if (setup_err) {
		snprintf(err, sizeof(err), "%s", setup_err);
		status = STATUS_SETUP_ERROR;
		goto write_row;
	}
	ret = fio_run(o->fio, profile_path, vars, (int)(sizeof(vars) / sizeof(vars[0])), json,
		      o->timeout, &stop_signal, &out, &call);
	if (ret) {
		snprintf(err, sizeof(err), "run: %s: %s (fio %s)", call, strerror(-ret), o->fio);
		status = STATUS_SETUP_ERROR;
		goto write_row;
	}
	row_set_num(&r, COL_duration_s, out.seconds);
	if (out.interrupted) {
		/* Not a measurement: no row; --resume runs it again. */
		fprintf(stderr, "interrupted\n");
		row_free(&r);
		mountstats_free(ms_before, n_before);
		return 0;
	}
	if (nfs) {
		ma = snapshot(m.mountpoint, &ms_after, &n_after);
		if (ma) {
			row_set(&r, COL_server, "%s", ma->device);
			row_set(&r, COL_mount_options, "%s", ma->opts);
			row_set(&r, COL_nconnect_asked, "%ld", ms_opt_long(ma->opts, "nconnect", 1));
			row_set(&r, COL_transports, "%u", ma->xprts);
			if (mb)
				fill_rpc(&r, mb, ma);
		}
	}
	if (out.timed_out) {
		status = STATUS_TIMEOUT;
		snprintf(err, sizeof(err), "fio killed after %d s (--timeout)", o->timeout);
		goto write_row;
	}
	if (fio_json_parse_file(json, &res, err, sizeof(err))) {
		char why[256];

		status = STATUS_FIO_ERROR;
		fio_error_text(json, why, sizeof(why));
		if (why[0])
			snprintf(err, sizeof(err), "fio exited %d: %s", out.exit_code, why);
		goto write_row;
	}
	fill_fio(&r, &res);
	if (!out.exited || out.exit_code || res.error) {
		char why[256];

		status = STATUS_FIO_ERROR;
		fio_error_text(json, why, sizeof(why));
		if (res.error)
			snprintf(err, sizeof(err), "fio job error %d (%s)%s%s", res.error,
				 strerror(res.error), why[0] ? ": " : "", why);
		else if (out.signal)
			snprintf(err, sizeof(err), "fio killed by signal %d", out.signal);
		else
			snprintf(err, sizeof(err), "fio exited %d%s%s", out.exit_code,
				 why[0] ? ": " : "", why);
	}

write_row:
	row_set(&r, COL_status, "%s", status);
	row_set(&r, COL_error, "%s", err);
	ret = csv_append_record(s->csv_fd, (const char *const *)r.cell, NCOLUMNS);
	if (ret) {
		fprintf(stderr, "\nnfsweep run: write to %s: %s; the row of this point is not "
			"recorded, every earlier row is\n", o->out, strerror(-ret));
	} else if (strcmp(status, STATUS_OK)) {
		fprintf(stderr, "%s: %s\n", status, err);
		s->failed++;
	} else {
		fprintf(stderr, "ok, %.0f IOPS, %.1f MiB/s (%.0f s)\n", res.rd.iops + res.wr.iops,
			res.rd.mib_s + res.wr.mib_s, out.seconds);
	}
	row_free(&r);
	mountstats_free(ms_before, n_before);
	mountstats_free(ms_after, n_after);
	if (ret)
		return ret;
	return strcmp(status, STATUS_OK) ? 1 : 0;
}

static int open_results(struct sweep *s, struct done_set *done)
{
	const struct sweep_opts *o = s->o;
	char why[256] = "";
	int truncated = 0, ret;

	if (!access(o->out, F_OK)) {
		if (!o->resume) {
			fprintf(stderr, "nfsweep run: --out %s exists: add --resume to continue it, "
				"or name a new file (nothing is overwritten)\n", o->out);
			return 2;
		}
		ret = results_scan_for_resume(o->out, done, &truncated, why, sizeof(why));
		if (ret) {
			fprintf(stderr, "nfsweep run: --resume: %s: %s%s%s\n", o->out,
				ret == -EPROTO ? "not a results file of this schema" : strerror(-ret),
				why[0] ? ": " : "", why);
			return 3;
		}
		if (truncated)
			fprintf(stderr, "nfsweep run: --resume: dropped an unfinished last row of %s\n",
				o->out);
		s->csv_fd = open(o->out, O_WRONLY | O_APPEND | O_CLOEXEC);
	} else {
		const char *hdr[NCOLUMNS];

		s->csv_fd = open(o->out, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
		if (s->csv_fd >= 0) {
			for (int i = 0; i < NCOLUMNS; i++)
				hdr[i] = columns[i].name;
			ret = csv_append_record(s->csv_fd, hdr, NCOLUMNS);
			if (ret) {
				fprintf(stderr, "nfsweep run: write header to %s: %s\n", o->out,
					strerror(-ret));
				close(s->csv_fd);
				unlink(o->out);
				return 3;
			}
		}
	}
	if (s->csv_fd < 0) {
		fprintf(stderr, "nfsweep run: open %s: %s\n", o->out, strerror(errno));
		return 3;
	}
	return 0;
}

/* The sweep's own command line with --resume, for after an interruption. */
static void print_resume(int argc, char **argv)
{
	int has = 0;

	fprintf(stderr, "nfsweep run: stopped; every completed row is in the file. To finish:\n  nfsweep");
	for (int i = 0; i < argc; i++) {
		has |= !strcmp(argv[i], "--resume");
		if (strpbrk(argv[i], " '\"$\\"))
			fprintf(stderr, " '%s'", argv[i]);
		else
			fprintf(stderr, " %s", argv[i]);
	}
	fprintf(stderr, "%s\n", has ? "" : " --resume");
}

int cmd_run(int argc, char **argv)
{
	struct sweep_opts o;
	struct sweep s = { .o = &o, .csv_fd = -1 };
	struct done_set done = { 0 };
	struct point *points;
	struct utsname u;
	struct sigaction sa = { .sa_handler = on_stop };
	const struct target *mounted = NULL, *current = NULL;
	char mount_err[1024], mount_failed[1200] = "";
	size_t n, i, todo = 0, ran = 0;
	double spent = 0;
	char dir[PATH_MAX], *slash;
	int ret;

	ret = sweep_opts_parse("run", argc, argv, &o);
	if (ret)
		return ret == 1 ? 0 : ret;

	if (o.nmounts && geteuid()) {
		fprintf(stderr, "nfsweep run: --mount needs root (it runs mount(8)); or mount the "
			"variants yourself and give --target label=path\n");
		return 2;
	}
	if (o.nmounts && mkdir(o.mount_dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "nfsweep run: --mount-dir %s: %s\n", o.mount_dir, strerror(errno));
		return 3;
	}
	for (i = 0; i < o.ntargets; i++) {
		struct stat st;

		if (o.targets[i].mount >= 0)
			continue;	/* made when mounted */
		if (stat(o.targets[i].path, &st) || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "nfsweep run: --target %s=%s: %s\n", o.targets[i].label,
				o.targets[i].path, errno ? strerror(errno) : "not a directory");
			return 2;
		}
	}
	if (read_fio_version(o.fio, s.fio_version, sizeof(s.fio_version))) {
		fprintf(stderr, "nfsweep run: '%s --version' failed: is fio installed? (make deps)\n",
			o.fio);
		return 3;
	}
	if (!strncmp(o.engine, "nfsweep-", 8)) {
		snprintf(s.engine_value, sizeof(s.engine_value), "external:%s/%s.so", o.engine_dir,
			 o.engine);
		if (access(s.engine_value + 9, R_OK)) {
			fprintf(stderr, "nfsweep run: --engine %s: %s: %s (build it with make, or "
				"give --engine-dir)\n", o.engine, s.engine_value + 9, strerror(errno));
			return 3;
		}
	} else {
		snprintf(s.engine_value, sizeof(s.engine_value), "%s", o.engine);
	}
	if (!uname(&u)) {
		snprintf(s.host, sizeof(s.host), "%s", u.nodename);
		snprintf(s.kernel, sizeof(s.kernel), "%s", u.release);
	}

	/* fio's JSON per point beside the CSV: the rows can be checked against them. */
	snprintf(dir, sizeof(dir), "%s", o.out);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	if (snprintf(s.fio_dir, sizeof(s.fio_dir), "%s/fio", dir) >= (int)sizeof(s.fio_dir)) {
		fprintf(stderr, "nfsweep run: --out %s: path too long\n", o.out);
		return 2;
	}
	if (mkdir(s.fio_dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "nfsweep run: mkdir %s: %s\n", s.fio_dir, strerror(errno));
		return 3;
	}

	ret = open_results(&s, &done);
	if (ret) {
		sweep_opts_free(&o);
		return ret;
	}

	points = calloc(o.nprofiles * o.npcts * o.ntargets * (size_t)o.repeat, sizeof(*points));
	if (!points) {
		fprintf(stderr, "nfsweep run: calloc: %s\n", strerror(errno));
		return 3;
	}
	n = plan_build(o.profiles, o.nprofiles, o.pcts, o.npcts, o.targets, o.ntargets, o.repeat,
		       points);

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	for (i = 0; i < n; i++) {
		char key[512], pct[8], rep[8];

		snprintf(pct, sizeof(pct), "%d", points[i].read_pct);
		snprintf(rep, sizeof(rep), "%d", points[i].repeat);
		plan_point_key(points[i].profile, points[i].target->label, pct, rep, key, sizeof(key));
		points[i].index = done_set_has(&done, key) ? 0 : points[i].index;
		todo += points[i].index != 0;
	}
	if (todo < n)
		fprintf(stderr, "nfsweep run: --resume: %zu of %zu points already done\n", n - todo, n);

	ret = 0;
	for (i = 0; i < n && !stop_signal; i++) {
		const struct target *tg = points[i].target;
		struct timespec a, b;
		int r;

		if (!points[i].index)
			continue;
		/* Points run target by target: (un)mount at each change of variant. */
		if (mounted != tg) {
			if (mounted && unmount_variant(mounted->path, mount_err, sizeof(mount_err)))
				fprintf(stderr, "nfsweep run: %s\n", mount_err);
			mounted = NULL;
			mount_failed[0] = '\0';
			if (tg->mount >= 0) {
				fprintf(stderr, "nfsweep run: mounting %s: %s:%s -o %s at %s\n", tg->label,
					o.mounts[tg->mount].server, o.mounts[tg->mount].export,
					o.mounts[tg->mount].opts, tg->path);
				if (mount_variant(&o.mounts[tg->mount], tg->path, mount_err,
						  sizeof(mount_err))) {
					snprintf(mount_failed, sizeof(mount_failed), "--mount %s: %s",
						 tg->label, mount_err);
					fprintf(stderr, "nfsweep run: %s\n", mount_failed);
				} else {
					mounted = tg;
				}
			}
			current = tg;
		}
		if (ran) {
			long eta = (long)(spent / (double)ran * (double)(todo - ran) + 0.5);

			fprintf(stderr, "(eta %ldm%02lds) ", eta / 60, eta % 60);
		}
		clock_gettime(CLOCK_MONOTONIC, &a);
		r = run_point(&s, &points[i], n,
			      current->mount >= 0 && mount_failed[0] ? mount_failed : NULL);
		clock_gettime(CLOCK_MONOTONIC, &b);
		spent += (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
		ran++;
		if (r < 0) {
			ret = 3;
			break;
		}
		if (r > 0 && o.stop_on_error) {
			fprintf(stderr, "nfsweep run: --stop-on-error: stopping after point %zu\n",
				points[i].index);
			break;
		}
	}
	if (mounted && unmount_variant(mounted->path, mount_err, sizeof(mount_err)))
		fprintf(stderr, "nfsweep run: %s\n", mount_err);
	close(s.csv_fd);
	free(points);
	done_set_free(&done);
	sweep_opts_free(&o);
	if (stop_signal) {
		print_resume(argc, argv);
		return 128 + stop_signal;
	}
	if (ret)
		return ret;
	{
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		fprintf(stderr, "nfsweep run: %zu points, %d failed; results in %s (harness peak RSS %ld KiB)\n",
			ran, s.failed, o.out, ru.ru_maxrss);
	}
	return s.failed ? 1 : 0;
}
