// SPDX-License-Identifier: GPL-2.0
/* A point's NFS statistics in fio's measured window (see point_rpc.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "results/detail_file.h"
#include "sweep/point_rpc.h"

/* The READ and WRITE columns of the point's row. */
static void fill_columns(struct row *r, const struct ms_mount *before,
			 const struct ms_mount *after)
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

/* One row of FILE.rpc.csv per RPC type that counted a call in the window. */
static int write_rows(const struct sweep *s, const struct row *r, const struct ms_mount *before,
		      const struct ms_mount *after, double window_s)
{
	uint64_t total = 0;
	int ret = 0;

	for (size_t i = 0; i < after->nops; i++)
		total += after->ops[i].ops - before->ops[i].ops;
	for (size_t i = 0; i < after->nops && !ret; i++) {
		const struct ms_op *a = &after->ops[i], *b = &before->ops[i];
		char *cells[RPC_NCOLUMNS] = { 0 };
		struct ms_delta d;

		ms_op_delta(b, a, &d);
		if (!d.ops)
			continue;
		detail_identity(cells, &table_rpc, r);
		cells_set_num(cells, RPC_COL_window_s, window_s);
		cells_set(cells, RPC_COL_rpc, "%s", a->name);
		cells_set(cells, RPC_COL_count, "%llu", (unsigned long long)d.ops);
		cells_set_num(cells, RPC_COL_share_pct, 100.0 * (double)d.ops / (double)total);
		if (window_s > 0)
			cells_set_num(cells, RPC_COL_per_s, (double)d.ops / window_s);
		cells_set(cells, RPC_COL_retrans, "%llu", (unsigned long long)d.retrans);
		if (d.has_errors)
			cells_set(cells, RPC_COL_errors, "%llu", (unsigned long long)d.errors);
		cells_set_num(cells, RPC_COL_rtt_ms, d.avg_rtt_ms);
		cells_set_num(cells, RPC_COL_exe_ms, d.avg_exe_ms);
		cells_set_num(cells, RPC_COL_queue_ms, d.avg_queue_ms);
		cells_set(cells, RPC_COL_bytes_sent, "%llu",
			  (unsigned long long)(a->bytes_sent - b->bytes_sent));
		cells_set(cells, RPC_COL_bytes_recv, "%llu",
			  (unsigned long long)(a->bytes_recv - b->bytes_recv));
		cells_protect_text(cells, &table_rpc);
		ret = detail_append(s->rpc_path, &table_rpc, cells);
		cells_free(cells, RPC_NCOLUMNS);
	}
	if (ret)
		fprintf(stderr, "\nnfsweep %s: write to %s: %s; this point's rows are not recorded, "
			"every earlier row is\n", s->cmd, s->rpc_path,
			ret == -EPROTO ? "it has another header" : strerror(-ret));
	return ret;
}

int point_rpc_record(const struct sweep *s, struct row *r, const struct rpc_window *w,
		     const struct fio_result *res)
{
	struct ms_mount before, after;
	double t0, t1;
	int ret;

	/* fio's measured window, or when it gives none (or it is not covered), the whole run */
	ret = res && !fio_result_window(res, &t0, &t1) ?
	      rpc_window_cut(w, t0, t1, &before, &after) : -ERANGE;
	if (ret == -ERANGE) {
		rpc_window_span(w, &t0, &t1);
		ret = rpc_window_cut(w, t0, t1, &before, &after);
	}
	if (ret)
		return 0;	/* the mount went away during the point: nothing to count */
	fill_columns(r, &before, &after);
	row_set_num(r, COL_rpc_window_s, t1 - t0);
	ret = write_rows(s, r, &before, &after, t1 - t0);
	rpc_window_free_mount(&before);
	rpc_window_free_mount(&after);
	return ret;
}
