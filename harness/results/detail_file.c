// SPDX-License-Identifier: GPL-2.0
/* The detail files beside a results file (see detail_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/table_read.h"
#include "util/csv.h"
#include "results/problems.h"
#include "results/detail_file.h"
#include "util/paths.h"

void detail_identity(char **cells, const struct table_info *t, const struct row *r)
{
	static const char *const shared[] = { "schema_version", "profile",    "target",	 "read_pct",
					      "repeat",		"load_point", "fio_json" };

	for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++) {
		int c = table_find(t, shared[i]), rc = schema_find(shared[i]);

		if (c >= 0 && rc >= 0 && r->cell[rc])
			cells_set(cells, c, "%s", r->cell[rc]);
	}
}

int detail_path(const char *results_path, const struct table_info *t, char *buf, size_t len)
{
	char ext[64];

	snprintf(ext, sizeof(ext), "%s.csv", t->suffix);
	return path_beside(results_path, ext, buf, len);
}

/* Is the header @t's, exactly? 1 yes, 0 no (@why). */
static int header_is(const struct csv_record *hdr, const struct table_info *t, char *why,
		     size_t len)
{
	int ok = hdr->n == (size_t)t->ncols;

	for (size_t i = 0; ok && i < hdr->n; i++)
		ok = !strcmp(hdr->cells[i], t->cols[i].name);
	if (!ok)
		snprintf(why, len,
			 "its header is not that of %s in schema %s (%zu columns, the "
			 "first '%s')",
			 t->file, schema_version(), hdr->n, hdr->n ? hdr->cells[0] : "");
	return ok;
}

/* Is the header of @f @t's? 1 yes, 0 no (@why), -1 no header (an empty file), or -errno. */
static int file_header_is(FILE *f, const struct table_info *t, char *why, size_t len)
{
	struct table_read tr;
	int r = table_start(&tr, f);

	if (!r)
		r = header_is(&tr.hdr, t, why, len);
	table_close(&tr);
	return r == -ENODATA ? -1 : r;
}

int detail_append(const char *path, const struct table_info *t, char *const *cells)
{
	return detail_append_rows(path, t, cells, 1);
}

int detail_append_rows(const char *path, const struct table_info *t, char *const *cells,
		       size_t nrows)
{
	const char *hdr[t->ncols];
	char why[256];
	struct stat st;
	off_t was = -1;
	int fd, ret = 0;

	fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st)) {
		ret = -errno;
	} else if (!(was = st.st_size)) {
		for (int i = 0; i < t->ncols; i++)
			hdr[i] = t->cols[i].name;
		ret = csv_append_record(fd, hdr, (size_t)t->ncols);
	} else {
		FILE *f = fdopen(dup(fd), "r");

		if (!f)
			ret = -errno;
		else if (file_header_is(f, t, why, sizeof(why)) != 1)
			ret = -EPROTO;
		if (f)
			fclose(f);
	}
	if (!ret)
		ret = csv_append_records(fd, (const char *const *)cells, (size_t)t->ncols, nrows);
	/*
	 * A full disk: what was there stays as it was, and a file made here
	 * without its header (a reader's "no header row") goes again.
	 */
	if (ret && was >= 0 && !ftruncate(fd, was) && !was)
		unlink(path);
	close(fd);
	return ret;
}

int detail_repair(const char *path, const struct table_info *t, int *truncated, char *why,
		  size_t len)
{
	struct table_read tr;
	long good_end = 0;
	int r = table_open(&tr, path, "r+"), ret = 0;

	*truncated = 0;
	if (r == -ENOENT)
		return 0;
	if (r && r != -ENODATA)
		return r;
	if (!r && !header_is(&tr.hdr, t, why, len)) {
		table_close(&tr);
		return -EPROTO;
	}
	if (!r) {
		while ((r = table_next(&tr)) == 1)
			;
		good_end = tr.end;
	}
	if (r) {
		/* A row (or a header) a crash cut short: keep every whole row. */
		fflush(tr.f);
		if (ftruncate(fileno(tr.f), good_end))
			ret = -errno;
		else
			*truncated = 1;
	}
	table_close(&tr);
	return ret;
}

/* The columns that tell the rows of one attempt apart: op (and job), rpc (and host), or host. */
static void row_key(const struct table_info *t, char *const *cells, char *key, size_t len)
{
	if (t == &table_ops)
		snprintf(key, len, "%s|%s|%s", cells[OPS_COL_fio_json], cells[OPS_COL_job],
			 cells[OPS_COL_op]);
	else if (t == &table_hosts)
		snprintf(key, len, "%s|%s", cells[HOSTS_COL_fio_json], cells[HOSTS_COL_host]);
	else if (t == &table_lat)
		snprintf(key, len, "%s|%s|%s", cells[LAT_COL_fio_json], cells[LAT_COL_direction],
			 cells[LAT_COL_lat_lo_ns]);
	else /* and the host, with --hosts */
		snprintf(key, len, "%s|%s|%s", cells[MS_COL_fio_json], cells[MS_COL_rpc],
			 cells[MS_COL_host] ? cells[MS_COL_host] : "");
}

int detail_validate(const char *path, const struct table_info *t, const struct done_set *attempts,
		    FILE *errs, const char *prefix, int max_errors, size_t *rows, size_t *orphans)
{
	int json_col = table_find(t, "fio_json"), version_col = table_find(t, "schema_version");
	struct table_read tr;
	const struct csv_record *rec = &tr.rec;
	struct done_set seen = { 0 };
	char why[256];
	int r = table_open(&tr, path, "r");
	struct problems pr = { errs, prefix, path, max_errors, 0 };

	*rows = 0;
	*orphans = 0;
	if (r && r != -ENODATA)
		return r;
	if (r || !header_is(&tr.hdr, t, why, sizeof(why))) {
		problem(&pr, "1: %s", r ? "no header row" : why);
		goto out;
	}
	while ((r = table_next(&tr)) == 1) {
		char key[1024];
		size_t first;

		(*rows)++;
		if (rec->n != (size_t)t->ncols) {
			problem(&pr, "%zu: %zu cells, the header has %d", rec->line, rec->n,
				t->ncols);
			continue;
		}
		if (schema_check_version(rec->cells[version_col], why, sizeof(why))) {
			problem(&pr, "%zu: column schema_version: %s", rec->line, why);
			continue;
		}
		for (int i = 0; i < t->ncols; i++)
			if (table_check_cell(t, i, rec->cells[i], why, sizeof(why)))
				problem(&pr, "%zu: column %s: %s", rec->line, t->cols[i].name, why);
		/* the run record's rows are of commands, not of attempts */
		if (json_col < 0)
			continue;
		if (attempts && !done_set_has(attempts, rec->cells[json_col]))
			(*orphans)++;
		row_key(t, rec->cells, key, sizeof(key));
		first = done_set_line(&seen, key);
		if (first)
			problem(&pr, "%zu: the attempt %s has this row already on line %zu",
				rec->line, rec->cells[json_col], first);
		else if (done_set_add(&seen, key, rec->line))
			problem(&pr, "%zu: out of memory", rec->line);
	}
	if (r < 0)
		problem(&pr, "%zu: the last row is cut short (an interrupted write?)", rec->line);
out:
	done_set_free(&seen);
	table_close(&tr);
	return pr.n;
}
