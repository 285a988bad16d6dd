// SPDX-License-Identifier: GPL-2.0
/* Published reference figures (see reference.h). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "results/schema.h"
#include "results/table_read.h"
#include "util/paths.h"
#include "results/reference.h"

const char *reference_default_dir(void)
{
	return nfsweep_default_reference_dir();
}

/* A reference file: its own table (its README says what each column holds). */
enum ref_column {
	REF_source,
	REF_figure,
	REF_workload,
	REF_read_pct,
	REF_metric,
	REF_value,
	REF_unit,
	REF_NCOLUMNS
};
static const struct column_info ref_columns[REF_NCOLUMNS] = {
	[REF_source] = { "source", COL_STR, "", "" },
	[REF_figure] = { "figure", COL_STR, "", "" },
	[REF_workload] = { "workload", COL_STR, "", "" },
	[REF_read_pct] = { "read_pct", COL_INT, "%", "" },
	[REF_metric] = { "metric", COL_STR, "", "" },
	[REF_value] = { "value", COL_NUM, "", "" },
	[REF_unit] = { "unit", COL_STR, "", "" },
};
static const struct table_info table_reference = {
	.file = "a reference file",
	.rows = "one published figure per row",
	.cols = ref_columns,
	.ncols = REF_NCOLUMNS,
	.min_cols = REF_NCOLUMNS,
};

/* Is the header the reference's, in its order and nothing more? */
static int is_header(const struct csv_record *hdr)
{
	if (hdr->n != REF_NCOLUMNS)
		return 0;
	for (int i = 0; i < REF_NCOLUMNS; i++)
		if (strcmp(hdr->cells[i], ref_columns[i].name))
			return 0;
	return 1;
}

/* Row problems, "" if none. */
static const char *row_problem(const struct table_read *tr)
{
	char *end;
	long pct;

	if (!table_whole(tr))
		return "a row has 7 cells: source,figure,workload,read_pct,metric,value,unit";
	for (int i = 0; i < REF_NCOLUMNS; i++)
		if (!table_cell(tr, i)[0])
			return "no cell may be empty";
	pct = strtol(table_cell(tr, REF_read_pct), &end, 10);
	if (*end || pct < 0 || pct > 100)
		return "read_pct is a whole number 0..100";
	strtod(table_cell(tr, REF_value), &end);
	if (*end || strchr(table_cell(tr, REF_value), ','))
		return "value is a decimal number with a '.' separator";
	return "";
}

/* @path opened as a reference file: 0, -errno (the file), or -EPROTO (not its header). */
static int open_reference(struct table_read *tr, const char *path)
{
	int r = table_open(tr, path, "r");

	if (r == -ENODATA || (!r && !is_header(&tr->hdr)))
		return -EPROTO;
	return r ? r : table_map(tr, &table_reference);
}

int reference_validate(const char *path, FILE *errs, const char *prefix, size_t *rows)
{
	struct table_read tr;
	int problems = 0, r = open_reference(&tr, path);

	*rows = 0;
	if (r && r != -EPROTO)
		return r;
	if (r) {
		fprintf(errs,
			"%s: %s:1: not the reference header (source,figure,workload,read_pct,metric,value,unit)\n",
			prefix, path);
		problems++;
	}
	while (!problems && (r = table_next(&tr)) != 0) {
		const char *why = r < 0 ? "the last row is cut short" : row_problem(&tr);

		if (*why) {
			fprintf(errs, "%s: %s:%zu: %s\n", prefix, path, tr.rec.line, why);
			problems++;
		}
		if (r < 0)
			break;
		(*rows)++;
	}
	table_close(&tr);
	return problems;
}

static int load_file(const char *path, struct reference *r, char *why, size_t len)
{
	struct table_read tr;
	int ret = open_reference(&tr, path);

	if (ret && ret != -EPROTO) {
		snprintf(why, len, "open %s: %s", path, strerror(-ret));
		return -1;
	}
	if (ret) {
		snprintf(why, len, "%s: not a reference file", path);
		ret = -1;
	}
	while (!ret && table_next(&tr) == 1) {
		struct ref_value *p, *v;

		if (*row_problem(&tr)) {
			snprintf(why, len, "%s:%zu: %s", path, tr.rec.line, row_problem(&tr));
			ret = -1;
			break;
		}
		p = realloc(r->v, (r->n + 1) * sizeof(*p));
		if (!p) {
			snprintf(why, len, "out of memory");
			ret = -1;
			break;
		}
		r->v = p;
		v = &r->v[r->n++];
		snprintf(v->source, sizeof(v->source), "%s", table_cell(&tr, REF_source));
		snprintf(v->figure, sizeof(v->figure), "%s", table_cell(&tr, REF_figure));
		snprintf(v->workload, sizeof(v->workload), "%s", table_cell(&tr, REF_workload));
		v->read_pct = atoi(table_cell(&tr, REF_read_pct));
		snprintf(v->metric, sizeof(v->metric), "%s", table_cell(&tr, REF_metric));
		v->value = atof(table_cell(&tr, REF_value));
		snprintf(v->unit, sizeof(v->unit), "%s", table_cell(&tr, REF_unit));
	}
	table_close(&tr);
	return ret;
}

int reference_load_dir(const char *dir, struct reference *r, char *why, size_t len)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort), ret = 0;

	memset(r, 0, sizeof(*r));
	if (n < 0) {
		snprintf(why, len, "reference directory %s: %s", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t l = strlen(nm);
		char path[PATH_MAX];

		if (!ret && l > 4 && !strcmp(nm + l - 4, ".csv")) {
			snprintf(path, sizeof(path), "%s/%s", dir, nm);
			ret = load_file(path, r, why, len);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

void reference_free(struct reference *r)
{
	free(r->v);
	memset(r, 0, sizeof(*r));
}

const struct ref_value *reference_find(const struct reference *r, const char *figure,
				       const char *workload, int read_pct, const char *metric)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->v[i].figure, figure) && !strcmp(r->v[i].workload, workload) &&
		    r->v[i].read_pct == read_pct && !strcmp(r->v[i].metric, metric))
			return &r->v[i];
	return NULL;
}
