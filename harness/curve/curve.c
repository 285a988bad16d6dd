// SPDX-License-Identifier: GPL-2.0
/* Load curves read by column name, the knee (see curve.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve/curve.h"
#include "results/csv.h"

/* Columns by name; -1 where absent. */
struct curve_cols {
	int ops, rt, load_point, status, target, source;
};

static void find_cols(const struct csv_record *hdr, struct curve_cols *c)
{
	/* clang-format off */
	static const struct { const char *name; size_t off; } names[] = {
		{ "ops_s", offsetof(struct curve_cols, ops) },
		{ "rt_ms", offsetof(struct curve_cols, rt) },
		{ "load_point", offsetof(struct curve_cols, load_point) },
		{ "status", offsetof(struct curve_cols, status) },
		{ "target", offsetof(struct curve_cols, target) },
		{ "source", offsetof(struct curve_cols, source) },
	};
	/* clang-format on */

	*c = (struct curve_cols){ -1, -1, -1, -1, -1, -1 };
	for (size_t i = 0; i < hdr->n; i++)
		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
			if (!strcmp(hdr->cells[i], names[k].name))
				*(int *)((char *)c + names[k].off) = (int)i;
	/* A results file's achieved throughput is total_iops. */
	for (size_t i = 0; c->ops < 0 && i < hdr->n; i++)
		if (!strcmp(hdr->cells[i], "total_iops"))
			c->ops = (int)i;
}

static int number(const char *s, double *v)
{
	char *end;

	if (!*s || strchr(s, ','))
		return -1;
	*v = strtod(s, &end);
	return *end ? -1 : 0;
}

static const char *cell(const struct csv_record *rec, int col)
{
	return col >= 0 && (size_t)col < rec->n ? rec->cells[col] : "";
}

/* Is row @rec a load point of the curve (a results file's ok curve row of @target)? */
static int wanted(const struct csv_record *rec, const struct curve_cols *c, int results,
		  const char *target)
{
	if (!results)
		return 1;
	return atoi(cell(rec, c->load_point)) >= 1 && !strcmp(cell(rec, c->status), "ok") &&
	       (!target || !strcmp(cell(rec, c->target), target));
}

int curve_read(const char *path, const char *target, struct curve *c, char *err, size_t len)
{
	struct csv_record rec = { 0 };
	struct curve_cols col;
	size_t line = 0, cap = 0;
	int results, ret = 0;
	FILE *f = fopen(path, "r");

	memset(c, 0, sizeof(*c));
	if (!f) {
		ret = -errno;
		snprintf(err, len, "open %s: %s", path, strerror(-ret));
		return ret;
	}
	if (csv_read_record(f, &rec, &line) != 1)
		rec.n = 0;
	find_cols(&rec, &col);
	results = col.load_point >= 0 && col.status >= 0;
	if (col.ops < 0 || col.rt < 0) {
		snprintf(err, len, "%s:1: the header needs the columns ops_s and rt_ms%s%s", path,
			 col.ops < 0 ? " (no ops_s)" : "", col.rt < 0 ? " (no rt_ms)" : "");
		ret = -EBADMSG;
		goto out;
	}
	while (csv_read_record(f, &rec, &line) == 1) {
		struct ort_point pt;

		if (!wanted(&rec, &col, results, target))
			continue;
		if (number(cell(&rec, col.ops), &pt.ops_s) ||
		    number(cell(&rec, col.rt), &pt.rt_ms)) {
			snprintf(err, len, "%s:%zu: ops_s and rt_ms must be numbers", path,
				 rec.line);
			ret = -EINVAL;
			goto out;
		}
		if (c->n == CURVE_MAX_POINTS) {
			snprintf(err, len, "%s: more than %d load points", path, CURVE_MAX_POINTS);
			ret = -E2BIG;
			goto out;
		}
		if (c->n == cap) {
			struct ort_point *p = realloc(c->p, (cap ? 2 * cap : 16) * sizeof(*p));

			if (!p) {
				snprintf(err, len, "%s: %s", path, strerror(ENOMEM));
				ret = -ENOMEM;
				goto out;
			}
			c->p = p;
			cap = cap ? 2 * cap : 16;
		}
		if (!c->source[0] && col.source >= 0)
			snprintf(c->source, sizeof(c->source), "%s", cell(&rec, col.source));
		c->p[c->n++] = pt;
	}
	if (results)
		ort_sort(c->p, c->n);
out:
	if (ret)
		curve_free(c);
	csv_record_free(&rec);
	fclose(f);
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
