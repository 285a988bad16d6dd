// SPDX-License-Identifier: GPL-2.0
/*
 * The point machinery that `nfsweep run` and `nfsweep curve` share: set-up
 * (fio, engine, host, the results file), and one point: snapshot mountstats,
 * run fio with the profile's variables, read its JSON, snapshot again,
 * append one row and fsync it. See sweep_run.h.
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
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <linux/io_uring.h>

#include "csv.h"
#include "fio_json.h"
#include "fio_run.h"
#include "mount_manage.h"
#include "mounts.h"
#include "mountstats.h"
#include "results_file.h"
#include "row.h"
#include "sweep_run.h"

volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

void sweep_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_stop };

	/* No SA_RESTART: the wait for fio wakes up and passes the signal on. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

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
		/* Our engines name the hook, the call and the cause: nothing says more. */
		if (!strncmp(line, "nfsweep-", 8)) {
			if (snprintf(buf, len, "%s", line) >= (int)len)
				buf[len - 1] = '\0';
			break;
		}
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
static const struct ms_mount *snapshot(const char *path, const char *mnt, struct ms_mount **all,
				      size_t *n)
{
	*all = NULL;
	*n = 0;
	if (mountstats_read(path, all, n))
		return NULL;
	return mountstats_find(*all, *n, mnt);
}

int run_point(struct sweep *s, const struct point *p, size_t total, const struct point_load *load,
	      const char *setup_err, struct fio_result *res_out)
{
	const struct sweep_opts *o = s->o;
	char profile_path[PATH_MAX], json[PATH_MAX + 64], err[512] = "", when[32];
	char pct[8], rt[16], ramp[16], nj[16], qd[16], bs_sub[16], bs_min[16], direct[8], rate[64];
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
	/* Sweep points: NNN-profile-target-rPCT-REPEAT; curve points: ...-loadK. */
	if (snprintf(json, sizeof(json), "%s/%03zu-%s-%s-r%d-%s%d.json", s->fio_dir, p->index,
		     p->profile, p->target->label, p->read_pct, load ? "load" : "",
		     load ? load->load_point : p->repeat) >= (int)sizeof(json)) {
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
	/*
	 * fio's rate_iops caps each direction on its own: split the offered
	 * total by the mix so that the sum is what was offered (0: no cap).
	 */
	if (load && load->offered_iops > 0)
		snprintf(rate, sizeof(rate), "%.0f,%.0f",
			 load->offered_iops * p->read_pct / 100.0 / o->numjobs + 0.5,
			 load->offered_iops * (100 - p->read_pct) / 100.0 / o->numjobs + 0.5);
	else
		snprintf(rate, sizeof(rate), "0,0");
	/* Every ${VAR} of the profiles: fio turns an unset one into "". */
	const struct fio_var vars[] = {
		{ "NFSWEEP_DIR", p->target->path },	{ "NFSWEEP_ENGINE", s->engine_value },
		{ "NFSWEEP_READ_PCT", pct },		{ "NFSWEEP_RUNTIME", rt },
		{ "NFSWEEP_RAMP", ramp },		{ "NFSWEEP_SIZE", o->size },
		{ "NFSWEEP_NUMJOBS", nj },		{ "NFSWEEP_IODEPTH", qd },
		{ "NFSWEEP_BATCH_SUBMIT", bs_sub },	{ "NFSWEEP_BATCH_COMPLETE_MIN", bs_min },
		{ "NFSWEEP_DIRECT", direct },		{ "NFSWEEP_RATE_IOPS", rate },
		{ "NFSWEEP_RATE_PROCESS", o->poisson ? "poisson" : "linear" },
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
	if (load) {
		row_set(&r, COL_load_point, "%d", load->load_point);
		if (load->offered_iops > 0)
			row_set_num(&r, COL_offered_iops, load->offered_iops);
	}

	nfs = 0;
	if (!mount_of_path(p->target->path, NULL, &m)) {
		row_set(&r, COL_fs_type, "%s", m.fstype);
		nfs = mount_is_nfs(&m);
	}
	if (nfs)
		mb = snapshot(o->mountstats, m.mountpoint, &ms_before, &n_before);

	fprintf(stderr, "[%zu/%zu] %s %s read=%d%% ", p->index, total, p->profile,
		p->target->label, p->read_pct);
	if (load && load->offered_iops > 0)
		fprintf(stderr, "load point %d, %.0f IOPS offered: ", load->load_point, load->offered_iops);
	else if (load)
		fprintf(stderr, "unthrottled: ");
	else
		fprintf(stderr, "repeat %d: ", p->repeat);
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
		ma = snapshot(o->mountstats, m.mountpoint, &ms_after, &n_after);
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
	if (load)
		row_set_num(&r, COL_rt_ms, fio_result_response_ms(&res));
	if (res_out)
		*res_out = res;
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

static int open_results(struct sweep *s, const char *cmd, struct done_set *done)
{
	const struct sweep_opts *o = s->o;
	char why[256] = "";
	int truncated = 0, ret;

	if (!access(o->out, F_OK)) {
		if (!o->resume) {
			fprintf(stderr, "nfsweep %s: --out %s exists: add --resume to continue it, "
				"or name a new file (nothing is overwritten)\n", cmd, o->out);
			return 2;
		}
		ret = results_scan_for_resume(o->out, done, &truncated, why, sizeof(why));
		if (ret) {
			fprintf(stderr, "nfsweep %s: --resume: %s: %s%s%s\n", cmd, o->out,
				ret == -EPROTO ? "not a results file of this schema" : strerror(-ret),
				why[0] ? ": " : "", why);
			return 3;
		}
		if (truncated)
			fprintf(stderr, "nfsweep %s: --resume: dropped an unfinished last row of %s\n", cmd,
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
				fprintf(stderr, "nfsweep %s: write header to %s: %s\n", cmd, o->out,
					strerror(-ret));
				close(s->csv_fd);
				unlink(o->out);
				return 3;
			}
		}
	}
	if (s->csv_fd < 0) {
		fprintf(stderr, "nfsweep %s: open %s: %s\n", cmd, o->out, strerror(errno));
		return 3;
	}
	return 0;
}


/*
 * --nfs: a sweep meant to record RPC statistics and transports must not
 * quietly measure a local directory (a mistyped path, an unmounted export).
 * 0, 2 (a target is not on NFS), or 3 (the statistics cannot be read).
 */
static int check_nfs_targets(const char *cmd, const struct sweep_opts *o)
{
	struct ms_mount *all;
	size_t n;
	int ret;

	ret = mountstats_read(o->mountstats, &all, &n);
	if (ret) {
		fprintf(stderr, "nfsweep %s: --nfs: read %s: %s\n", cmd, o->mountstats, strerror(-ret));
		return 3;
	}
	for (size_t i = 0; i < o->ntargets && !ret; i++) {
		const struct target *t = &o->targets[i];
		struct mount_of m;
		int err;

		if (t->mount >= 0)
			continue;	/* a --mount variant: verified when mounted */
		err = mount_of_path(t->path, NULL, &m);
		if (err) {
			fprintf(stderr, "nfsweep %s: --nfs: --target %s=%s: its mount: %s\n", cmd,
				t->label, t->path, strerror(-err));
			ret = 2;
		} else if (!mount_is_nfs(&m)) {
			fprintf(stderr, "nfsweep %s: --nfs: --target %s=%s is on %s (%s), not NFS: "
				"there would be no RPC statistics or transports to record\n", cmd,
				t->label, t->path, m.fstype, m.mountpoint);
			ret = 2;
		} else if (!mountstats_find(all, n, m.mountpoint)) {
			fprintf(stderr, "nfsweep %s: --nfs: --target %s=%s: %s has no entry for %s\n",
				cmd, t->label, t->path, o->mountstats, m.mountpoint);
			ret = 3;
		}
	}
	mountstats_free(all, n);
	return ret;
}

/*
 * The io_uring engines need io_uring_setup(2), which a kernel may refuse to
 * everyone (kernel.io_uring_disabled=2, EPERM), to some (=1) or a seccomp
 * filter may block (Docker's default profile, EPERM or ENOSYS). Better to
 * say so once, before the first point, than to record every point failed.
 * 0, or -errno of the refusal.
 */
static int io_uring_refused(void)
{
	struct io_uring_params p;
	long fd;

	memset(&p, 0, sizeof(p));
	fd = syscall(SYS_io_uring_setup, 1, &p);
	if (fd < 0)
		return errno == EPERM || errno == ENOSYS || errno == EACCES ? -errno : 0;
	close((int)fd);
	return 0;
}

int sweep_setup(struct sweep *s, const char *cmd, const struct sweep_opts *o, struct done_set *done)
{
	char dir[PATH_MAX], *slash;
	struct utsname u;

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->csv_fd = -1;
	if (read_fio_version(o->fio, s->fio_version, sizeof(s->fio_version))) {
		fprintf(stderr, "nfsweep %s: '%s --version' failed: is fio installed? (make deps)\n", cmd,
			o->fio);
		return 3;
	}
	if (!strncmp(o->engine, "nfsweep-", 8)) {
		snprintf(s->engine_value, sizeof(s->engine_value), "external:%s/%s.so", o->engine_dir,
			 o->engine);
		if (access(s->engine_value + 9, R_OK)) {
			fprintf(stderr, "nfsweep %s: --engine %s: %s: %s (build it with make, or "
				"give --engine-dir)\n", cmd, o->engine, s->engine_value + 9, strerror(errno));
			return 3;
		}
	} else {
		snprintf(s->engine_value, sizeof(s->engine_value), "%s", o->engine);
	}
	if (!strcmp(o->engine, "nfsweep-uring") || !strcmp(o->engine, "io_uring")) {
		int ret = io_uring_refused();

		if (ret) {
			fprintf(stderr, "nfsweep %s: --engine %s: io_uring_setup: %s: this kernel refuses "
				"io_uring (sysctl kernel.io_uring_disabled, or a seccomp filter as in "
				"containers); use --engine nfsweep-aio\n", cmd, o->engine, strerror(-ret));
			return 3;
		}
	}
	if (o->require_nfs) {
		int ret = check_nfs_targets(cmd, o);

		if (ret)
			return ret;
	}
	if (!uname(&u)) {
		snprintf(s->host, sizeof(s->host), "%s", u.nodename);
		snprintf(s->kernel, sizeof(s->kernel), "%s", u.release);
	}

	/* fio's JSON per point beside the CSV: the rows can be checked against them. */
	snprintf(dir, sizeof(dir), "%s", o->out);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	if (snprintf(s->fio_dir, sizeof(s->fio_dir), "%s/fio", dir) >= (int)sizeof(s->fio_dir)) {
		fprintf(stderr, "nfsweep %s: --out %s: path too long\n", cmd, o->out);
		return 2;
	}
	if (mkdir(s->fio_dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "nfsweep %s: mkdir %s: %s\n", cmd, s->fio_dir, strerror(errno));
		return 3;
	}

	return open_results(s, cmd, done);
}
