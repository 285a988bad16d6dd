// SPDX-License-Identifier: GPL-2.0
/* Published reference figures (see reference.h). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "results/csv.h"
#include "util/paths.h"
#include "results/reference.h"

const char *reference_default_dir(void)
{
	return nfsweep_default_reference_dir();
}

const char *const reference_columns[7] = { "source", "figure", "workload", "read_pct",
					   "metric", "value",  "unit" };

static int is_header(const struct csv_record *rec)
{
	if (rec->n != 7)
		return 0;
	for (int i = 0; i < 7; i++)
		if (strcmp(rec->cells[i], reference_columns[i]))
			return 0;
	return 1;
}

/* Row problems, "" if none. */
static const char *row_problem(const struct csv_record *rec)
{
	char *end;
	long pct;

	if (rec->n != 7)
		return "a row has 7 cells: source,figure,workload,read_pct,metric,value,unit";
	for (int i = 0; i < 7; i++)
		if (!rec->cells[i][0])
			return "no cell may be empty";
	pct = strtol(rec->cells[3], &end, 10);
	if (*end || pct < 0 || pct > 100)
		return "read_pct is a whole number 0..100";
	strtod(rec->cells[5], &end);
	if (*end || strchr(rec->cells[5], ','))
		return "value is a decimal number with a '.' separator";
	return "";
}

int reference_validate(const char *path, FILE *errs, const char *prefix, size_t *rows)
{
	struct csv_record rec = { 0 };
	size_t line = 0;
	int problems = 0, r;
	FILE *f = fopen(path, "r");

	*rows = 0;
	if (!f)
		return -errno;
	if (csv_read_record(f, &rec, &line) != 1 || !is_header(&rec)) {
		fprintf(errs,
			"%s: %s:1: not the reference header (source,figure,workload,read_pct,metric,value,unit)\n",
			prefix, path);
		problems++;
	}
	while (!problems && (r = csv_read_record(f, &rec, &line)) != 0) {
		const char *why = r < 0 ? "the last row is cut short" : row_problem(&rec);

		if (*why) {
			fprintf(errs, "%s: %s:%zu: %s\n", prefix, path, rec.line, why);
			problems++;
		}
		if (r < 0)
			break;
		(*rows)++;
	}
	csv_record_free(&rec);
	fclose(f);
	return problems;
}

static int load_file(const char *path, struct reference *r, char *why, size_t len)
{
	struct csv_record rec = { 0 };
	size_t line = 0;
	int ret = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		snprintf(why, len, "open %s: %s", path, strerror(errno));
		return -1;
	}
	if (csv_read_record(f, &rec, &line) != 1 || !is_header(&rec)) {
		snprintf(why, len, "%s: not a reference file", path);
		ret = -1;
	}
	while (!ret && csv_read_record(f, &rec, &line) == 1) {
		struct ref_value *p, *v;

		if (*row_problem(&rec)) {
			snprintf(why, len, "%s:%zu: %s", path, rec.line, row_problem(&rec));
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
		snprintf(v->source, sizeof(v->source), "%s", rec.cells[0]);
		snprintf(v->figure, sizeof(v->figure), "%s", rec.cells[1]);
		snprintf(v->workload, sizeof(v->workload), "%s", rec.cells[2]);
		v->read_pct = atoi(rec.cells[3]);
		snprintf(v->metric, sizeof(v->metric), "%s", rec.cells[4]);
		v->value = atof(rec.cells[5]);
		snprintf(v->unit, sizeof(v->unit), "%s", rec.cells[6]);
	}
	csv_record_free(&rec);
	fclose(f);
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
