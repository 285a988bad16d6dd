// SPDX-License-Identifier: GPL-2.0
/* Reads results CSVs (see results_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/problems.h"
#include "results/results_file.h"
#include "results/schema.h"
#include "results/table_read.h"
#include "util/csv.h"
#include "util/lock.h"

/*
 * The header of this schema, or of an older minor (a prefix of it). With
 * @exact, only this schema's own: rows are appended as this schema writes them.
 */
static int header_matches(const struct csv_record *rec, int exact, char *why, size_t len)
{
	if (rec->n > NCOLUMNS || rec->n < (exact ? NCOLUMNS : SCHEMA_MIN_COLUMNS)) {
		snprintf(
			why, len, "the header has %zu columns, schema %s has %d%s", rec->n,
			schema_version(), NCOLUMNS,
			exact && rec->n >= SCHEMA_MIN_COLUMNS && rec->n < NCOLUMNS ?
				" (an older schema: rows of this one cannot be appended; write a new file)" :
				"");
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

int results_validate(const char *path, FILE *errs, const char *prefix, int max_errors, size_t *rows)
{
	struct table_read tr;
	struct done_set seen = { 0 };
	char why[256];
	int r = table_open(&tr, path, "r");
	size_t ncols;
	struct problems pr = { errs, prefix, path, max_errors, 0 };
	const struct csv_record *rec = &tr.rec;

	*rows = 0;
	if (r && r != -ENODATA)
		return r;
	if (r) {
		problem(&pr, "1: no header row");
		goto out;
	}
	if (!header_matches(&tr.hdr, 0, why, sizeof(why))) {
		problem(&pr, "1: %s", why);
		goto out;
	}
	ncols = tr.hdr.n;
	while ((r = table_next(&tr)) == 1) {
		char key[600];
		size_t first;

		(*rows)++;
		if (!table_whole(&tr)) {
			problem(&pr, "%zu: %zu cells, the header has %zu", rec->line, rec->n,
				ncols);
			continue;
		}
		if (schema_check_version(rec->cells[COL_schema_version], why, sizeof(why))) {
			problem(&pr, "%zu: column schema_version: %s", rec->line, why);
			continue;
		}
		for (size_t i = 0; i < ncols; i++)
			if (schema_check_cell((enum column)i, rec->cells[i], why, sizeof(why)))
				problem(&pr, "%zu: column %s: %s", rec->line, columns[i].name, why);
		if (strcmp(rec->cells[COL_status], STATUS_OK))
			continue;
		results_row_key(rec->cells, rec->n, key, sizeof(key));
		first = done_set_line(&seen, key);
		if (first)
			problem(&pr,
				"%zu: the point %s %s read %s%% repeat %s was measured ok already on line "
				"%zu: two figures of one point (measured at the same time?)",
				rec->line, rec->cells[COL_profile], rec->cells[COL_target],
				rec->cells[COL_read_pct], rec->cells[COL_repeat], first);
		else if (done_set_add(&seen, key, rec->line))
			problem(&pr, "%zu: out of memory", rec->line);
	}
	if (r < 0 && tr.line > rec->line)
		problem(&pr,
			"%zu: a quote opened on this line is never closed: lines %zu to "
			"%zu, the end, cannot be read as rows",
			rec->line, rec->line, tr.line);
	else if (r < 0)
		problem(&pr, "%zu: the last row is cut short (an interrupted write?)", rec->line);
out:
	done_set_free(&seen);
	table_close(&tr);
	return pr.n;
}

void results_point_key(const char *profile, const char *target, const char *read_pct,
		       const char *numjobs, const char *iodepth, const char *repeat, char *key,
		       size_t len)
{
	snprintf(key, len, "%s|%s|%s|%sx%s|%s", profile, target, read_pct, numjobs, iodepth,
		 repeat);
}

size_t done_set_line(const struct done_set *d, const char *key)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->keys[i], key))
			return d->lines[i];
	return 0;
}

int done_set_has(const struct done_set *d, const char *key)
{
	return done_set_line(d, key) != 0;
}

int done_set_add(struct done_set *d, const char *key, size_t line)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 64;
		char **k = realloc(d->keys, cap * sizeof(*k));
		size_t *l;

		if (!k)
			return -ENOMEM;
		d->keys = k;
		l = realloc(d->lines, cap * sizeof(*l));
		if (!l)
			return -ENOMEM;
		d->lines = l;
		d->cap = cap;
	}
	d->keys[d->n] = strdup(key);
	d->lines[d->n] = line ? line : 1;
	return d->keys[d->n++] ? 0 : -ENOMEM;
}

void done_set_free(struct done_set *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->keys[i]);
	free(d->keys);
	free(d->lines);
	memset(d, 0, sizeof(*d));
}

void results_row_key(char *const *cells, size_t n, char *key, size_t len)
{
	char base[512];

	results_point_key(cells[COL_profile], cells[COL_target], cells[COL_read_pct],
			  cells[COL_numjobs], cells[COL_iodepth], cells[COL_repeat], base,
			  sizeof(base));
	snprintf(key, len, "%s|%s", base, n > COL_load_point ? cells[COL_load_point] : "");
}

int results_attempts(const char *path, int ok_only, struct done_set *attempts)
{
	struct table_read tr;
	int ret = table_open(&tr, path, "r");
	const struct csv_record *rec = &tr.rec;

	if (ret && ret != -ENODATA)
		return ret;
	ret = 0;
	while (!ret && table_next(&tr) == 1)
		if (rec->n > COL_fio_json && rec->cells[COL_fio_json][0] &&
		    (!ok_only || !strcmp(rec->cells[COL_status], STATUS_OK)))
			ret = done_set_add(attempts, rec->cells[COL_fio_json], rec->line);
	table_close(&tr);
	return ret;
}

/* Was the row @rec measured as @config says? 0, or -EINVAL with @why. */
static int same_config(const struct csv_record *rec, const struct row *config, char *why,
		       size_t whylen)
{
	for (size_t k = 0; config && k < schema_nconfig_columns; k++) {
		enum column c = schema_config_columns[k];
		const char *want = config->cell[c] ? config->cell[c] : "";

		/* an op-mix profile's points run its engine whatever --engine says */
		if (c == COL_engine && schema_op_mix_engine(rec->cells[c]))
			continue;
		/* a depth sweep's rows each have their own depth (the config has none) */
		if ((c == COL_iodepth || c == COL_numjobs) && !config->cell[c])
			continue;
		/* a profile of job sets runs at its own iodepth whatever --iodepth says */
		if (c == COL_iodepth && (size_t)COL_job_sets < rec->n &&
		    rec->cells[COL_job_sets][0])
			continue;
		if (strcmp(rec->cells[c], want)) {
			snprintf(why, whylen,
				 "its line %zu was measured with %s '%s', this run has "
				 "'%s': resume with the same options, or write a new file",
				 rec->line, columns[c].name, rec->cells[c], want);
			return -EINVAL;
		}
	}
	return 0;
}

int results_row_check(const struct csv_record *rec, char *why, size_t len)
{
	char cwhy[160];

	if (rec->n < SCHEMA_MIN_COLUMNS || rec->n > NCOLUMNS) {
		snprintf(why, len,
			 "%zu cells, where a row has %d to %d (cut short, or merged with "
			 "another)",
			 rec->n, SCHEMA_MIN_COLUMNS, NCOLUMNS);
		return -1;
	}
	if (schema_check_version(rec->cells[COL_schema_version], cwhy, sizeof(cwhy))) {
		snprintf(why, len, "%s", cwhy);
		return -1;
	}
	for (size_t c = 0; c < rec->n; c++)
		if (schema_check_cell((enum column)c, rec->cells[c], cwhy, sizeof(cwhy))) {
			snprintf(why, len, "%s %s", columns[c].name, cwhy);
			return -1;
		}
	return 0;
}

int results_scan_for_resume(const char *path, const struct row *config, struct done_set *done,
			    int *truncated, char *why, size_t whylen)
{
	struct table_read tr;
	const struct csv_record *rec = &tr.rec;
	int r = table_open(&tr, path, "r+"), ret = 0;
	char cwhy[300];

	*truncated = 0;
	if (r && r != -ENODATA)
		return r;
	if (r || !header_matches(&tr.hdr, 1, why, whylen)) {
		if (r)
			snprintf(why, whylen, "no header row");
		ret = -EPROTO;
		goto out;
	}
	while ((r = table_next(&tr)) == 1) {
		char key[512];

		if (rec->n != NCOLUMNS) {
			snprintf(why, whylen, "line %zu has %zu cells, not %d", rec->line, rec->n,
				 NCOLUMNS);
			ret = -EPROTO;
			goto out;
		}
		if (results_row_check(rec, cwhy, sizeof(cwhy))) {
			snprintf(why, whylen, "line %zu: %s (nfsweep validate %s)", rec->line, cwhy,
				 path);
			ret = -EPROTO;
			goto out;
		}
		ret = same_config(rec, config, why, whylen);
		if (ret)
			goto out;
		if (strcmp(rec->cells[COL_status], "ok"))
			continue;
		results_point_key(rec->cells[COL_profile], rec->cells[COL_target],
				  rec->cells[COL_read_pct], rec->cells[COL_numjobs],
				  rec->cells[COL_iodepth], rec->cells[COL_repeat], key,
				  sizeof(key));
		if (!done_set_has(done, key) && (ret = done_set_add(done, key, rec->line)))
			goto out;
	}
	if (r < 0) {
		/* A row a crash cut short: drop it, keep every whole one. */
		fflush(tr.f);
		if (ftruncate(fileno(tr.f), tr.end)) {
			ret = -errno;
			snprintf(why, whylen, "ftruncate to the last whole row failed");
			goto out;
		}
		*truncated = 1;
	}
out:
	table_close(&tr);
	return ret;
}

/*
 * Open @path with @flags and lock it (one writer per results file): the fd,
 * or -errno with @why the whole message (-EBUSY names the writer).
 */
static int open_locked(const char *path, int flags, char *why, size_t whylen)
{
	char holder[512];
	int fd = open(path, flags | O_WRONLY | O_APPEND | O_CLOEXEC, 0644), ret;

	if (fd < 0) {
		ret = -errno;
		snprintf(why, whylen, "open %s: %s", path, strerror(-ret));
		return ret;
	}
	ret = lock_fd(fd, holder, sizeof(holder));
	if (!ret)
		return fd;
	if (ret == -EWOULDBLOCK)
		snprintf(why, whylen,
			 "--out %s is being written by another nfsweep, %s: a results "
			 "file has one writer; wait for it, or stop it",
			 path, holder);
	else
		snprintf(why, whylen, "flock %s: %s", path, strerror(-ret));
	close(fd);
	return ret == -EWOULDBLOCK ? -EBUSY : ret;
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
			snprintf(why, whylen,
				 "--out %s exists: add --resume to continue it, or name "
				 "a new file (nothing is overwritten)",
				 path);
			return -EEXIST;
		}
		/* Locked before it is read: two resumes never run the same points. */
		fd = open_locked(path, 0, why, whylen);
		if (fd < 0)
			return fd;
		ret = results_scan_for_resume(path, config, done, truncated, scan_why,
					      sizeof(scan_why));
		if (ret == -EINVAL) {
			snprintf(why, whylen, "--resume: %s: %s", path, scan_why);
			close(fd);
			return ret;
		}
		if (ret) {
			snprintf(why, whylen, "--resume: %s: %s%s%s", path,
				 ret == -EPROTO ? "not a results file of this schema" :
						  strerror(-ret),
				 scan_why[0] ? ": " : "", scan_why);
			close(fd);
			return ret;
		}
		return fd;
	}
	fd = open_locked(path, O_CREAT | O_EXCL, why, whylen);
	if (fd < 0)
		return fd;
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
