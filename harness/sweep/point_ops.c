// SPDX-License-Identifier: GPL-2.0
/* An op-mix point's per-operation rows (see point_ops.h). */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/detail_file.h"
#include "fio/fio_json.h"
#include "sweep/point_ops.h"

static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static uint64_t u64(json_object *o, const char *key)
{
	return (uint64_t)json_object_get_int64(get(o, key));
}

static struct op_row *find_row(struct op_rows *rows, const char *job, const char *op)
{
	for (size_t i = 0; i < rows->n; i++)
		if (!strcmp(rows->row[i].job, job) && !strcmp(rows->row[i].op, op))
			return &rows->row[i];
	if (rows->n == POINT_OPS_MAX)
		return NULL;
	snprintf(rows->row[rows->n].job, sizeof(rows->row[0].job), "%s", job);
	snprintf(rows->row[rows->n].op, sizeof(rows->row[0].op), "%s", op);
	return &rows->row[rows->n++];
}

/* Add @count at @value to @r's histogram (kept sorted: clones share bucket values). */
static int hist_add(struct op_row *r, uint64_t value, uint64_t count)
{
	size_t i = 0;
	struct op_latency *h;

	while (i < r->nhist && r->hist[i].value_ns < value)
		i++;
	if (i < r->nhist && r->hist[i].value_ns == value) {
		r->hist[i].count += count;
		return 0;
	}
	h = realloc(r->hist, (r->nhist + 1) * sizeof(*h));
	if (!h)
		return -1;
	r->hist = h;
	memmove(&h[i + 1], &h[i], (r->nhist - i) * sizeof(*h));
	h[i] = (struct op_latency){ value, count };
	r->nhist++;
	return 0;
}

static int add_op(struct op_rows *rows, const char *job, const char *op, json_object *o, char *err,
		  size_t len)
{
	struct op_row *r = find_row(rows, job, op);
	json_object *hist = get(o, "hist");

	if (!r) {
		snprintf(err, len, "more than %d job and operation pairs", POINT_OPS_MAX);
		return -1;
	}
	r->count += u64(o, "count");
	r->errors += u64(o, "errors");
	r->bytes += u64(o, "bytes");
	r->sum_ns += u64(o, "sum_ns");
	if (u64(o, "max_ns") > r->max_ns)
		r->max_ns = u64(o, "max_ns");
	r->asked_pct = json_object_get_double(get(o, "asked_pct"));
	for (size_t i = 0; hist && i < json_object_array_length(hist); i++) {
		json_object *pair = json_object_array_get_idx(hist, i);

		if (json_object_array_length(pair) != 2 ||
		    hist_add(r, (uint64_t)json_object_get_int64(json_object_array_get_idx(pair, 0)),
			     (uint64_t)json_object_get_int64(json_object_array_get_idx(pair, 1)))) {
			snprintf(err, len, "operation %s: a histogram entry is not [value, count]",
				 op);
			return -1;
		}
	}
	return 0;
}

int op_rows_parse(const char *text, struct op_rows *rows, char *err, size_t len)
{
	int lineno = 0;

	while (*text) {
		size_t n = strcspn(text, "\n");
		char *line = strndup(text, n);
		json_object *root, *ops, *job;
		int ret = 0;

		lineno++;
		text += n + (text[n] == '\n');
		if (!line)
			return -1;
		root = n ? json_tokener_parse(line) : NULL;
		free(line);
		if (!n)
			continue;
		job = get(root, "job");
		ops = get(root, "ops");
		if (!root || !job || !ops || !json_object_is_type(ops, json_type_object)) {
			snprintf(err, len, "line %d is not the engine's JSON (job, ops)", lineno);
			json_object_put(root);
			return -1;
		}
		rows->set_bytes += u64(root, "set_bytes");
		json_object_object_foreach(ops, name, o)
		{
			if (!ret)
				ret = add_op(rows, json_object_get_string(job), name, o, err, len);
		}
		json_object_put(root);
		if (ret)
			return -1;
	}
	return 0;
}

uint64_t op_row_percentile(const struct op_row *r, double pct)
{
	uint64_t total = 0, want, seen = 0;

	for (size_t i = 0; i < r->nhist; i++)
		total += r->hist[i].count;
	if (!total)
		return 0;
	want = (uint64_t)(pct / 100.0 * (double)total + 0.5);
	if (!want)
		want = 1;
	for (size_t i = 0; i < r->nhist; i++) {
		seen += r->hist[i].count;
		/* a bucket's value may lie past the largest latency seen in it */
		if (seen >= want)
			return r->hist[i].value_ns < r->max_ns ? r->hist[i].value_ns : r->max_ns;
	}
	return r->max_ns;
}

void op_rows_free(struct op_rows *rows)
{
	for (size_t i = 0; i < rows->n; i++)
		free(rows->row[i].hist);
	rows->n = 0;
}

static int write_rows(const struct sweep *s, const struct row *r, const struct op_rows *rows,
		      double runtime_s)
{
	int ret = 0;

	for (size_t i = 0; i < rows->n && !ret; i++) {
		const struct op_row *o = &rows->row[i];
		char *cells[OPS_NCOLUMNS] = { 0 };
		uint64_t job_total = 0;

		for (size_t k = 0; k < rows->n; k++)
			if (!strcmp(rows->row[k].job, o->job))
				job_total += rows->row[k].count;
		detail_identity(cells, &table_ops, r);
		cells_set(cells, OPS_COL_job, "%s", o->job);
		cells_set(cells, OPS_COL_op, "%s", o->op);
		cells_set(cells, OPS_COL_count, "%llu", (unsigned long long)o->count);
		cells_set(cells, OPS_COL_errors, "%llu", (unsigned long long)o->errors);
		if (runtime_s > 0)
			cells_set_num(cells, OPS_COL_ops_s, (double)o->count / runtime_s);
		if (job_total)
			cells_set_num(cells, OPS_COL_share_pct,
				      100.0 * (double)o->count / (double)job_total);
		cells_set_num(cells, OPS_COL_asked_pct, o->asked_pct);
		/* to the ns: a cached stat on a local directory takes under 0.5 us */
		if (o->count) {
			cells_set_num_places(cells, OPS_COL_lat_mean_ms,
					     (double)o->sum_ns / (double)o->count / 1e6, 6);
			cells_set_num_places(cells, OPS_COL_lat_p50_ms,
					     (double)op_row_percentile(o, 50) / 1e6, 6);
			cells_set_num_places(cells, OPS_COL_lat_p99_ms,
					     (double)op_row_percentile(o, 99) / 1e6, 6);
			cells_set_num_places(cells, OPS_COL_lat_p99_9_ms,
					     (double)op_row_percentile(o, 99.9) / 1e6, 6);
			cells_set_num_places(cells, OPS_COL_lat_max_ms, (double)o->max_ns / 1e6, 6);
		}
		cells_protect_text(cells, &table_ops);
		ret = detail_append(s->ops_path, &table_ops, cells);
		cells_free(cells, OPS_NCOLUMNS);
	}
	return ret;
}

int point_ops_record(const struct sweep *s, struct row *r, const char *path,
		     const struct fio_result *res)
{
	double runtime_s = fio_result_runtime(res), ops_s = res->rd.iops + res->wr.iops;
	struct op_rows *rows;
	char err[256];
	char *text = fio_output_read(path); /* the engine's ops_stats file */
	int ret;

	if (!text)
		return errno == ENOENT ? 0 : -errno;
	rows = calloc(1, sizeof(*rows));
	if (!rows) {
		free(text);
		return -ENOMEM;
	}
	ret = op_rows_parse(text, rows, err, sizeof(err));
	free(text);
	if (ret) {
		fprintf(stderr, "\nnfsweep %s: %s: %s\n", s->cmd, path, err);
		op_rows_free(rows);
		free(rows);
		return -EINVAL;
	}
	if (rows->set_bytes) {
		row_set(r, COL_fileset_bytes, "%llu", (unsigned long long)rows->set_bytes);
		if (ops_s > 0)
			row_set_num(r, COL_fileset_mb_per_ops,
				    (double)rows->set_bytes / 1e6 / ops_s);
	}
	ret = write_rows(s, r, rows, runtime_s);
	if (ret)
		sweep_detail_failed(s, s->ops_path, ret);
	op_rows_free(rows);
	free(rows);
	return ret;
}
