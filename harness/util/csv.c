// SPDX-License-Identifier: GPL-2.0
/* RFC 4180 writer and reader (see csv.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/csv.h"
#include "util/paths.h"

static int needs_quotes(const char *s)
{
	size_t n = strlen(s);

	return strpbrk(s, ",\"\r\n") || (n && (s[0] == ' ' || s[n - 1] == ' '));
}

void csv_format_record(struct strbuf *sb, const char *const *cells, size_t n)
{
	size_t i;
	const char *p;

	for (i = 0; i < n; i++) {
		const char *c = cells[i] ? cells[i] : "";

		if (i)
			sb_addc(sb, ',');
		if (!needs_quotes(c)) {
			sb_adds(sb, c);
			continue;
		}
		sb_addc(sb, '"');
		for (p = c; *p; p++) {
			if (*p == '"')
				sb_addc(sb, '"');
			sb_addc(sb, *p);
		}
		sb_addc(sb, '"');
	}
	sb_adds(sb, "\r\n");
}

/* Write all of @buf. 0, or -errno with *@off what was written. */
static int write_all(int fd, const char *buf, size_t len, size_t *off)
{
	*off = 0;
	while (*off < len) {
		ssize_t w = write(fd, buf + *off, len - *off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		*off += (size_t)w;
	}
	return 0;
}

int csv_file_open(struct csv_file *f, const char *path)
{
	int err;

	memset(f, 0, sizeof(*f));
	f->path = path;
	f->fd = -1;
	if (snprintf(f->tmp, sizeof(f->tmp), "%s.XXXXXX", path) >= (int)sizeof(f->tmp))
		return -ENAMETOOLONG;
	/* the file is renamed over: a device or directory of that name (--out) is not replaced */
	err = path_replaceable(path);
	if (err)
		return err;
	f->fd = mkostemp(f->tmp, O_CLOEXEC);
	if (f->fd < 0)
		return -errno;
	/* mkstemp makes 0600: the file is as readable as any other result */
	if (fchmod(f->fd, 0644)) {
		f->err = -errno;
		return csv_file_commit(f);
	}
	return 0;
}

void csv_file_record(struct csv_file *f, const char *const *cells, size_t n)
{
	struct strbuf sb = { 0 };
	size_t off;

	if (f->err)
		return;
	csv_format_record(&sb, cells, n);
	f->err = sb.oom ? -ENOMEM : write_all(f->fd, sb.buf, sb.len, &off);
	sb_free(&sb);
}

int csv_file_commit(struct csv_file *f)
{
	int ret = f->err;

	if (!ret && fsync(f->fd))
		ret = -errno;
	if (close(f->fd) && !ret)
		ret = -errno;
	f->fd = -1;
	if (!ret && rename(f->tmp, f->path))
		ret = -errno;
	if (ret)
		unlink(f->tmp);
	return ret;
}

void csv_file_abort(struct csv_file *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
	unlink(f->tmp);
}

int csv_append_record(int fd, const char *const *cells, size_t n)
{
	return csv_append_records(fd, cells, n, 1);
}

int csv_append_records(int fd, const char *const *cells, size_t n, size_t nrec)
{
	struct strbuf sb = { 0 };
	size_t off = 0;
	off_t start;
	int ret = 0;

	for (size_t r = 0; r < nrec; r++)
		csv_format_record(&sb, cells + r * n, n);
	if (sb.oom) {
		sb_free(&sb);
		return -ENOMEM;
	}
	/* Where the record starts: a record that cannot be written whole is cut back to here. */
	start = lseek(fd, 0, SEEK_END);
	if (start < 0) {
		ret = -errno;
		sb_free(&sb);
		return ret;
	}
	ret = write_all(fd, sb.buf, sb.len, &off);
	/* A full disk may take part of the record, and NFS reports it only at fsync. */
	if (!ret && fsync(fd))
		ret = -errno;
	if (ret && off && ftruncate(fd, start) == 0)
		(void)fsync(fd);
	sb_free(&sb);
	return ret;
}

static int push_cell(struct csv_record *rec, struct strbuf *cell)
{
	if (rec->n == rec->cap) {
		size_t cap = rec->cap ? 2 * rec->cap : 64;
		char **p = realloc(rec->cells, cap * sizeof(*p));

		if (!p)
			return -1;
		rec->cells = p;
		rec->cap = cap;
	}
	rec->cells[rec->n] = strdup(sb_str(cell));
	if (!rec->cells[rec->n])
		return -1;
	rec->n++;
	sb_reset(cell);
	return 0;
}

static void clear_cells(struct csv_record *rec)
{
	size_t i;

	for (i = 0; i < rec->n; i++)
		free(rec->cells[i]);
	rec->n = 0;
}

int csv_read_record(FILE *f, struct csv_record *rec, size_t *line)
{
	struct strbuf cell = { 0 };
	int quoted = 0, c, any = 0, ret = -1;

	clear_cells(rec);
	rec->line = *line + 1;
	for (;;) {
		c = getc(f);
		if (c == EOF) {
			/* A clean end, or a record a crash cut short. */
			ret = any ? -1 : 0;
			break;
		}
		any = 1;
		if (quoted) {
			if (c == '"') {
				int d = getc(f);

				if (d == '"') {
					sb_addc(&cell, '"');
					continue;
				}
				quoted = 0;
				if (d != EOF)
					ungetc(d, f);
				continue;
			}
			if (c == '\n')
				(*line)++;
			sb_addc(&cell, (char)c);
			continue;
		}
		if (c == '"') {
			quoted = 1;
		} else if (c == ',') {
			if (push_cell(rec, &cell))
				break;
		} else if (c == '\r') {
			/* part of CRLF; a lone CR is kept out of cells */
		} else if (c == '\n') {
			(*line)++;
			ret = push_cell(rec, &cell) ? -1 : 1;
			break;
		} else {
			sb_addc(&cell, (char)c);
		}
	}
	sb_free(&cell);
	return ret;
}

void csv_record_free(struct csv_record *rec)
{
	clear_cells(rec);
	free(rec->cells);
	memset(rec, 0, sizeof(*rec));
}
