// SPDX-License-Identifier: GPL-2.0
/* RFC 4180 writer and reader (see csv.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/csv.h"

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

int csv_append_record(int fd, const char *const *cells, size_t n)
{
	struct strbuf sb = { 0 };
	size_t off = 0;
	off_t start;
	int ret = 0;

	csv_format_record(&sb, cells, n);
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
	while (off < sb.len) {
		ssize_t w = write(fd, sb.buf + off, sb.len - off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		off += (size_t)w;
	}
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
