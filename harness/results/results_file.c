// SPDX-License-Identifier: GPL-2.0
/* Reads results CSVs (see results_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/csv.h"
#include "sweep/plan.h"
#include "results/results_file.h"
#include "results/schema.h"

/*
 * The header of this schema, or of an older minor (a prefix of it). With
 * @exact, only this schema's own: rows are appended as this schema writes them.
 */
static int header_matches(const struct csv_record *rec, int exact, char *why, size_t len)
{
	if (rec->n > NCOLUMNS || rec->n < (exact ? NCOLUMNS : SCHEMA_MIN_COLUMNS)) {
		snprintf(why, len, "the header has %zu columns, schema %s has %d%s", rec->n,
			 schema_version(), NCOLUMNS,
			 exact && rec->n >= SCHEMA_MIN_COLUMNS && rec->n < NCOLUMNS ?
			 " (an older schema: rows of this one cannot be appended; write a new file)" : "");
		return 0;
	}
	for (size_t i = 0; i < rec->n; i++)
		if (strcmp(rec->cells[i], columns[i].name)) {
			snprintf(why, len, "header column %zu is '%s', schema %s says '%s'", i + 1,
				 rec->cells[i], schema_version(), columns[i].name);
			return 0;
		}
	return 1;
}

int results_validate(const char *path, FILE *errs, const char *prefix, int max_errors,
		     size_t *rows)
{
	struct csv_record rec = { 0 };
	size_t line = 0;
	char why[256];
	int problems = 0, r;
	size_t ncols;
	FILE *f = fopen(path, "r");

	*rows = 0;
	if (!f)
		return -errno;
#define PROBLEM(...) do {						\
		if (problems++ < max_errors) {				\
			fprintf(errs, "%s: %s:", prefix, path);		\
			fprintf(errs, __VA_ARGS__);			\
			fputc('\n', errs);				\
		}							\
	} while (0)

	r = csv_read_record(f, &rec, &line);
	if (r != 1) {
		PROBLEM("1: no header row");
		goto out;
	}
	if (!header_matches(&rec, 0, why, sizeof(why))) {
		PROBLEM("1: %s", why);
		goto out;
	}
	ncols = rec.n;
	while ((r = csv_read_record(f, &rec, &line)) == 1) {
		(*rows)++;
		if (rec.n != ncols) {
			PROBLEM("%zu: %zu cells, the header has %zu", rec.line, rec.n, ncols);
			continue;
		}
		if (schema_check_version(rec.cells[COL_schema_version], why, sizeof(why))) {
			PROBLEM("%zu: column schema_version: %s", rec.line, why);
			continue;
		}
		for (size_t i = 0; i < ncols; i++)
			if (schema_check_cell((enum column)i, rec.cells[i], why, sizeof(why)))
				PROBLEM("%zu: column %s: %s", rec.line, columns[i].name, why);
	}
	if (r < 0)
		PROBLEM("%zu: the last row is cut short (an interrupted write?)", rec.line);
out:
#undef PROBLEM
	csv_record_free(&rec);
	fclose(f);
	return problems;
}

int done_set_has(const struct done_set *d, const char *key)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->keys[i], key))
			return 1;
	return 0;
}

static int done_set_add(struct done_set *d, const char *key)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 64;
		char **p = realloc(d->keys, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		d->keys = p;
		d->cap = cap;
	}
	d->keys[d->n] = strdup(key);
	return d->keys[d->n++] ? 0 : -ENOMEM;
}

void done_set_free(struct done_set *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->keys[i]);
	free(d->keys);
	memset(d, 0, sizeof(*d));
}

/* Was the row @rec measured as @config says? 0, or -EINVAL with @why. */
static int same_config(const struct csv_record *rec, const struct row *config, char *why,
		       size_t whylen)
{
	for (size_t k = 0; config && k < schema_nconfig_columns; k++) {
		enum column c = schema_config_columns[k];
		const char *want = config->cell[c] ? config->cell[c] : "";

		if (strcmp(rec->cells[c], want)) {
			snprintf(why, whylen, "its line %zu was measured with %s '%s', this run has "
				 "'%s': resume with the same options, or write a new file",
				 rec->line, columns[c].name, rec->cells[c], want);
			return -EINVAL;
		}
	}
	return 0;
}

int results_scan_for_resume(const char *path, const struct row *config, struct done_set *done,
			    int *truncated, char *why, size_t whylen)
{
	struct csv_record rec = { 0 };
	size_t line = 0;
	long good_end;
	int r, ret = 0;
	FILE *f = fopen(path, "r+");

	*truncated = 0;
	if (!f)
		return -errno;
	r = csv_read_record(f, &rec, &line);
	if (r != 1 || !header_matches(&rec, 1, why, whylen)) {
		if (r != 1)
			snprintf(why, whylen, "no header row");
		ret = -EPROTO;
		goto out;
	}
	good_end = ftell(f);
	while ((r = csv_read_record(f, &rec, &line)) == 1) {
		char key[512];

		if (rec.n != NCOLUMNS) {
			snprintf(why, whylen, "line %zu has %zu cells, not %d", rec.line, rec.n,
				 NCOLUMNS);
			ret = -EPROTO;
			goto out;
		}
		if (schema_check_version(rec.cells[COL_schema_version], why, whylen)) {
			ret = -EPROTO;
			goto out;
		}
		ret = same_config(&rec, config, why, whylen);
		if (ret)
			goto out;
		good_end = ftell(f);
		if (strcmp(rec.cells[COL_status], "ok"))
			continue;
		plan_point_key(rec.cells[COL_profile], rec.cells[COL_target],
			       rec.cells[COL_read_pct], rec.cells[COL_repeat], key, sizeof(key));
		if (!done_set_has(done, key) && (ret = done_set_add(done, key)))
			goto out;
	}
	if (r < 0) {
		/* A row a crash cut short: drop it, keep every whole one. */
		fflush(f);
		if (ftruncate(fileno(f), good_end)) {
			ret = -errno;
			snprintf(why, whylen, "ftruncate to the last whole row failed");
			goto out;
		}
		*truncated = 1;
	}
out:
	csv_record_free(&rec);
	fclose(f);
	return ret;
}

int results_open(const char *path, bool resume, const struct row *config, struct done_set *done,
		 int *truncated, char *why, size_t whylen)
{
	const char *hdr[NCOLUMNS];
	char scan_why[512] = "";
	int fd, ret;

	*truncated = 0;
	if (!access(path, F_OK)) {
		if (!resume) {
			snprintf(why, whylen, "--out %s exists: add --resume to continue it, or name "
				 "a new file (nothing is overwritten)", path);
			return -EEXIST;
		}
		ret = results_scan_for_resume(path, config, done, truncated, scan_why,
					      sizeof(scan_why));
		if (ret == -EINVAL) {
			snprintf(why, whylen, "--resume: %s: %s", path, scan_why);
			return ret;
		}
		if (ret) {
			snprintf(why, whylen, "--resume: %s: %s%s%s", path,
				 ret == -EPROTO ? "not a results file of this schema" : strerror(-ret),
				 scan_why[0] ? ": " : "", scan_why);
			return ret;
		}
		fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
		if (fd < 0) {
			ret = -errno;
			snprintf(why, whylen, "open %s: %s", path, strerror(-ret));
			return ret;
		}
		return fd;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		ret = -errno;
		snprintf(why, whylen, "open %s: %s", path, strerror(-ret));
		return ret;
	}
	for (int i = 0; i < NCOLUMNS; i++)
		hdr[i] = columns[i].name;
	ret = csv_append_record(fd, hdr, NCOLUMNS);
	if (ret) {
		snprintf(why, whylen, "write header to %s: %s", path, strerror(-ret));
		close(fd);
		unlink(path);
		return ret;
	}
	return fd;
}
