// SPDX-License-Identifier: GPL-2.0
/* Load curves read by column name, the knee (see curve.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve/curve.h"
#include "results/table_read.h"

/*
 * A published curve (results-schema/reference/curves/): ops_s and rt_ms, the others optional.
 * Its own table, declared here: the schema does not describe it.
 */
enum curve_column {
	CURVE_ops_s,
	CURVE_rt_ms,
	CURVE_source,
	CURVE_load_point,
	CURVE_NCOLUMNS
};
static const struct column_info curve_columns[CURVE_NCOLUMNS] = {
	[CURVE_ops_s] = { "ops_s", COL_NUM, "op/s", "the load point's achieved throughput" },
	[CURVE_rt_ms] = { "rt_ms", COL_NUM, "ms", "its response time" },
	[CURVE_source] = { "source", COL_STR, "", "who published it" },
	[CURVE_load_point] = { "load_point", COL_INT, "", "1..N" },
};
static const struct table_info table_published_curve = {
	.file = "a published curve",
	.rows = "one row per load point",
	.cols = curve_columns,
	.ncols = CURVE_NCOLUMNS,
	.min_cols = CURVE_rt_ms + 1,
};

/* The columns a curve is read from, in the table it was read as. */
struct curve_cols {
	int ops, rt, source;
	bool results; /* a results file: only its ok load points (of the target) */
};

static int number(const char *s, double *v)
{
	char *end;

	if (!*s || strchr(s, ','))
		return -1;
	*v = strtod(s, &end);
	return *end ? -1 : 0;
}

/* Is the row a load point of the curve (a results file's ok curve row of @target)? */
static int wanted(const struct table_read *tr, const struct curve_cols *c, const char *target)
{
	if (!c->results)
		return 1;
	return atoi(table_cell(tr, COL_load_point)) >= 1 &&
	       !strcmp(table_cell(tr, COL_status), "ok") &&
	       (!target || !strcmp(table_cell(tr, COL_target), target));
}

/*
 * The header as a results file's (it has load_point and status: total_iops against rt_ms; read
 * by those columns alone, whatever else it lacks), or as a published curve's. 0, or -EBADMSG
 * (-ENOMEM) with @err.
 */
static int map_curve(struct table_read *tr, const char *path, struct curve_cols *c, char *err,
		     size_t len)
{
	int ops, rt;

	if (table_map(tr, &table_results) == -ENOMEM)
		goto nomem;
	if (table_has(tr, COL_load_point) && table_has(tr, COL_status)) {
		*c = (struct curve_cols){ COL_total_iops, COL_rt_ms, -1, true };
		ops = table_has(tr, COL_total_iops);
		rt = table_has(tr, COL_rt_ms);
	} else {
		*c = (struct curve_cols){ CURVE_ops_s, CURVE_rt_ms, CURVE_source, false };
		if (table_map(tr, &table_published_curve) == -ENOMEM)
			goto nomem;
		ops = table_has(tr, CURVE_ops_s);
		rt = table_has(tr, CURVE_rt_ms);
	}
	if (ops && rt)
		return 0;
	snprintf(err, len, "%s:1: the header needs the columns ops_s and rt_ms%s%s", path,
		 ops ? "" : " (no ops_s)", rt ? "" : " (no rt_ms)");
	return -EBADMSG;
nomem:
	snprintf(err, len, "%s: %s", path, strerror(ENOMEM));
	return -ENOMEM;
}

/* The next point into @c: 0, or -errno with @err. */
static int add_point(struct curve *c, size_t *cap, const struct ort_point *pt, const char *path,
		     char *err, size_t len)
{
	if (c->n == CURVE_MAX_POINTS) {
		snprintf(err, len, "%s: more than %d load points", path, CURVE_MAX_POINTS);
		return -E2BIG;
	}
	if (c->n == *cap) {
		struct ort_point *p = realloc(c->p, (*cap ? 2 * *cap : 16) * sizeof(*p));

		if (!p) {
			snprintf(err, len, "%s: %s", path, strerror(ENOMEM));
			return -ENOMEM;
		}
		c->p = p;
		*cap = *cap ? 2 * *cap : 16;
	}
	c->p[c->n++] = *pt;
	return 0;
}

int curve_read(const char *path, const char *target, struct curve *c, char *err, size_t len)
{
	struct table_read tr;
	struct curve_cols col;
	size_t cap = 0;
	int ret = table_open(&tr, path, "r");

	memset(c, 0, sizeof(*c));
	if (ret && ret != -ENODATA) {
		snprintf(err, len, "open %s: %s", path, strerror(-ret));
		return ret;
	}
	ret = map_curve(&tr, path, &col, err, len);
	while (!ret && table_next(&tr) == 1) {
		struct ort_point pt;

		if (!wanted(&tr, &col, target))
			continue;
		if (number(table_cell(&tr, col.ops), &pt.ops_s) ||
		    number(table_cell(&tr, col.rt), &pt.rt_ms)) {
			snprintf(err, len, "%s:%zu: ops_s and rt_ms must be numbers", path,
				 tr.rec.line);
			ret = -EINVAL;
			break;
		}
		if (!c->source[0] && col.source >= 0)
			snprintf(c->source, sizeof(c->source), "%s", table_cell(&tr, col.source));
		ret = add_point(c, &cap, &pt, path, err, len);
	}
	if (!ret && col.results)
		ort_sort(c->p, c->n);
	if (ret)
		curve_free(c);
	table_close(&tr);
	return ret;
}

void curve_free(struct curve *c)
{
	free(c->p);
	memset(c, 0, sizeof(*c));
}

size_t curve_knee(const struct ort_point *p, size_t n)
{
	size_t knee = 0;

	for (size_t i = 0; i < n; i++)
		if (p[i].rt_ms <= 2 * p[0].rt_ms)
			knee = i + 1;
	return knee;
}

double curve_as_recorded(double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.3f", v);
	return strtod(buf, NULL);
}
