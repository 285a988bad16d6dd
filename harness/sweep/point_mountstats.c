// SPDX-License-Identifier: GPL-2.0
/* A point's NFS statistics in fio's measured window (see point_mountstats.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/detail_file.h"
#include "sweep/point_mountstats.h"

/* The transports' queue columns of the point's row (none when no transport sent). */
static void fill_xprt_columns(struct row *r, const struct ms_mount *before,
			      const struct ms_mount *after)
{
	struct ms_xprt_figs x;

	if (ms_xprt_delta(before, after, &x))
		return;
	row_set_num(r, COL_xprt_in_flight, x.in_flight);
	row_set(r, COL_xprt_max_slots, "%llu", (unsigned long long)x.max_slots);
	row_set_num(r, COL_xprt_backlog, x.backlog);
	row_set_num(r, COL_xprt_sending, x.sending);
}

void point_mountstats_columns(struct row *r, const struct ms_mount *before,
			      const struct ms_mount *after, double window_s)
{
	static const struct {
		const char *op;
		enum column c[6];
	} ops[] = {
		{ "READ",
		  { COL_rpc_read_ops, COL_rpc_read_avg_rtt_ms, COL_rpc_read_avg_exe_ms,
		    COL_rpc_read_avg_queue_ms, COL_rpc_read_retrans, COL_rpc_read_errors } },
		{ "WRITE",
		  { COL_rpc_write_ops, COL_rpc_write_avg_rtt_ms, COL_rpc_write_avg_exe_ms,
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
	row_set_num(r, COL_rpc_window_s, window_s);
	fill_xprt_columns(r, before, after);
}

/* One row of FILE.rpc.csv per RPC type that counted a call in the window (@host's, or NULL). */
static int write_rows(const struct sweep *s, const struct row *r, const struct ms_mount *before,
		      const struct ms_mount *after, double window_s, const char *host)
{
	uint64_t total = 0;
	int ret = 0;

	for (size_t i = 0; i < after->nops; i++)
		total += after->ops[i].ops - before->ops[i].ops;
	for (size_t i = 0; i < after->nops && !ret; i++) {
		const struct ms_op *a = &after->ops[i], *b = &before->ops[i];
		char *cells[MS_NCOLUMNS] = { 0 };
		struct ms_delta d;

		ms_op_delta(b, a, &d);
		if (!d.ops)
			continue;
		detail_identity(cells, &table_mountstats, r);
		if (host)
			cells_set(cells, MS_COL_host, "%s", host);
		cells_set_num(cells, MS_COL_window_s, window_s);
		cells_set(cells, MS_COL_rpc, "%s", a->name);
		cells_set(cells, MS_COL_count, "%llu", (unsigned long long)d.ops);
		cells_set_num(cells, MS_COL_share_pct, 100.0 * (double)d.ops / (double)total);
		if (window_s > 0)
			cells_set_num(cells, MS_COL_per_s, (double)d.ops / window_s);
		cells_set(cells, MS_COL_retrans, "%llu", (unsigned long long)d.retrans);
		if (d.has_errors)
			cells_set(cells, MS_COL_errors, "%llu", (unsigned long long)d.errors);
		cells_set_num(cells, MS_COL_rtt_ms, d.avg_rtt_ms);
		cells_set_num(cells, MS_COL_exe_ms, d.avg_exe_ms);
		cells_set_num(cells, MS_COL_queue_ms, d.avg_queue_ms);
		cells_set(cells, MS_COL_bytes_sent, "%llu",
			  (unsigned long long)(a->bytes_sent - b->bytes_sent));
		cells_set(cells, MS_COL_bytes_recv, "%llu",
			  (unsigned long long)(a->bytes_recv - b->bytes_recv));
		cells_protect_text(cells, &table_mountstats);
		ret = detail_append(s->rpc_path, &table_mountstats, cells);
		cells_free(cells, MS_NCOLUMNS);
	}
	if (ret)
		sweep_detail_failed(s, s->rpc_path, ret);
	return ret;
}

int point_mountstats_record(const struct sweep *s, struct row *r, const struct ms_window *w,
			    const struct fio_result *res)
{
	struct ms_mount before, after;
	double t0, t1;
	int ret;

	/*
	 * fio's measured window, or when it gives none (or it is not covered), the whole run.
	 * fio before 3.36 says only when it wrote its report (no job_start), which comes after
	 * its last I/O by what it does after: up to 0.66 s seen in the lab under CI's load. The
	 * window then ends at the NFS client's last READ or WRITE before the report, and begins
	 * fio's runtime earlier (results-schema/README.md).
	 */
	ret = res && !fio_result_window(res, &t0, &t1) ? 0 : -ERANGE;
	if (!ret && !res->start_s) {
		double io_end = ms_window_last_io(w, t1);

		if (io_end > (t0 + t1) / 2 && io_end < t1) {
			t0 -= t1 - io_end;
			t1 = io_end;
		}
	}
	if (!ret)
		ret = ms_window_cut(w, t0, t1, &before, &after);
	if (ret == -ERANGE) {
		ms_window_span(w, &t0, &t1);
		ret = ms_window_cut(w, t0, t1, &before, &after);
	}
	if (ret)
		return 0; /* the mount went away during the point: nothing to count */
	point_mountstats_columns(r, &before, &after, t1 - t0);
	ret = write_rows(s, r, &before, &after, t1 - t0, NULL);
	ms_window_free_mount(&before);
	ms_window_free_mount(&after);
	return ret;
}

/* The NFS mount of @m's snapshot that holds @path: the longest mount point that prefixes it. */
static const struct ms_mount *mount_holding(const struct ms_mount *m, size_t n, const char *path)
{
	const struct ms_mount *best = NULL;

	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(m[i].mountpoint);

		if (strncmp(m[i].fstype, "nfs", 3) || strncmp(path, m[i].mountpoint, k) ||
		    (path[k] && path[k] != '/' && k > 1))
			continue;
		if (!best || k > strlen(best->mountpoint))
			best = &m[i];
	}
	return best;
}

/* READ and WRITE of one host added to @sum (ops-weighted means). */
static void add_delta(struct ms_delta *sum, const struct ms_delta *d)
{
	uint64_t n = sum->ops + d->ops;

	if (n) {
		sum->avg_rtt_ms = (sum->avg_rtt_ms * sum->ops + d->avg_rtt_ms * d->ops) / n;
		sum->avg_exe_ms = (sum->avg_exe_ms * sum->ops + d->avg_exe_ms * d->ops) / n;
		sum->avg_queue_ms = (sum->avg_queue_ms * sum->ops + d->avg_queue_ms * d->ops) / n;
	}
	sum->ops = n;
	sum->retrans += d->retrans;
	sum->errors += d->errors;
	sum->has_errors |= d->has_errors;
}

/* The point row's READ and WRITE columns: the hosts' sums. */
static void fill_sums(struct row *r, const struct ms_delta sum[2])
{
	static const enum column c[2][6] = {
		{ COL_rpc_read_ops, COL_rpc_read_avg_rtt_ms, COL_rpc_read_avg_exe_ms,
		  COL_rpc_read_avg_queue_ms, COL_rpc_read_retrans, COL_rpc_read_errors },
		{ COL_rpc_write_ops, COL_rpc_write_avg_rtt_ms, COL_rpc_write_avg_exe_ms,
		  COL_rpc_write_avg_queue_ms, COL_rpc_write_retrans, COL_rpc_write_errors },
	};

	for (int i = 0; i < 2; i++) {
		row_set(r, c[i][0], "%llu", (unsigned long long)sum[i].ops);
		if (sum[i].ops) {
			row_set_num(r, c[i][1], sum[i].avg_rtt_ms);
			row_set_num(r, c[i][2], sum[i].avg_exe_ms);
			row_set_num(r, c[i][3], sum[i].avg_queue_ms);
		}
		row_set(r, c[i][4], "%llu", (unsigned long long)sum[i].retrans);
		if (sum[i].has_errors)
			row_set(r, c[i][5], "%llu", (unsigned long long)sum[i].errors);
	}
}

void point_mountstats_snapshot_paths(const char *target, const char *point, char *dir, size_t dlen,
				     char *stem, size_t slen)
{
	snprintf(dir, dlen, "%s/" POINT_MOUNTSTATS_DIR, target);
	snprintf(stem, slen, "%s/%s", dir, point);
}

/* One host's snapshots: its rows, and its READ and WRITE added to @sum. 1 done, 0 none, -errno. */
static int record_host(const struct sweep *s, struct row *r, const struct host *h, const char *stem,
		       const char *target, struct ms_delta sum[2], double *start)
{
	char path[2][PATH_MAX + 300];
	struct ms_mount *m[2] = { NULL, NULL };
	const struct ms_mount *mm[2];
	size_t n[2] = { 0, 0 };
	struct stat st[2];
	int ret = 0;

	for (int k = 0; k < 2; k++) {
		snprintf(path[k], sizeof(path[k]), "%s.%s.%s", stem, h->name,
			 k ? "after" : "before");
		if (stat(path[k], &st[k]) || mountstats_read(path[k], &m[k], &n[k]))
			goto out;
		mm[k] = mount_holding(m[k], n[k], target);
		if (!mm[k])
			goto out;
	}
	*start = (double)st[0].st_mtim.tv_sec + (double)st[0].st_mtim.tv_nsec / 1e9;
	for (int d = 0; d < 2; d++) {
		struct ms_delta delta;
		const char *op = d ? "WRITE" : "READ";

		ms_op_delta(ms_find_op(mm[0], op), ms_find_op(mm[1], op), &delta);
		add_delta(&sum[d], &delta);
	}
	ret = write_rows(s, r, mm[0], mm[1],
			 (double)(st[1].st_mtim.tv_sec - st[0].st_mtim.tv_sec) +
				 (double)(st[1].st_mtim.tv_nsec - st[0].st_mtim.tv_nsec) / 1e9,
			 h->spec);
	ret = ret ? ret : 1;
out:
	for (int k = 0; k < 2; k++) {
		mountstats_free(m[k], n[k]);
		unlink(path[k]);
	}
	return ret;
}

int point_mountstats_record_hosts(const struct sweep *s, struct row *r, const char *point,
				  double *start)
{
	const struct host_list *l = &s->o->hosts;
	const char *target = row_text(r->cell[COL_path]);
	struct ms_delta sum[2] = { 0 };
	char dir[PATH_MAX], stem[PATH_MAX + 256];
	int got = 0, ret;

	if (!target)
		return 0;
	point_mountstats_snapshot_paths(target, point, dir, sizeof(dir), stem, sizeof(stem));
	for (size_t i = 0; i < l->n; i++) {
		start[i] = 0;
		ret = record_host(s, r, &l->h[i], stem, target, sum, &start[i]);
		if (ret < 0)
			return ret;
		got += ret;
	}
	if (got)
		fill_sums(r, sum);
	return 0;
}
