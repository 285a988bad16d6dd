// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/row.h"
#include "util/sink.h"

static void cells_vset(char **cells, int c, const char *fmt, va_list ap)
{
	char *s = NULL;

	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	free(cells[c]);
	cells[c] = s;
}

void cells_set(char **cells, int c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cells_vset(cells, c, fmt, ap);
	va_end(ap);
}

void row_set(struct row *r, enum column c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cells_vset(r->cell, c, fmt, ap);
	va_end(ap);
}

void cells_set_num(char **cells, int c, double v)
{
	cells_set_num_places(cells, c, v, 3);
}

void cells_set_num_places(char **cells, int c, double v, int places)
{
	char buf[64];
	size_t n;

	/* %f never uses an exponent or a locale separator in the C locale. */
	snprintf(buf, sizeof(buf), "%.*f", places, v);
	n = strlen(buf);
	while (n > 1 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
	cells_set(cells, c, "%s", buf);
}

void row_set_num(struct row *r, enum column c, double v)
{
	cells_set_num(r->cell, c, v);
}

void cells_free(char **cells, int n)
{
	for (int i = 0; i < n; i++) {
		free(cells[i]);
		cells[i] = NULL;
	}
}

void row_free(struct row *r)
{
	cells_free(r->cell, NCOLUMNS);
}

/* Would a spreadsheet take @s for a formula? */
static int formula_like(const char *s)
{
	return *s && strchr("=+-@", *s);
}

/*
 * A text cell is one line of UTF-8 (the schema's "text"): a control
 * character becomes a space, a byte that is not UTF-8 a '?' (an error text
 * quotes what fio printed, and that is not always clean).
 */
static void one_line(char *s)
{
	for (char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	if (sink_utf8(s))
		return;
	for (char *p = s; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
}

void cells_protect_text(char **cells, const struct table_info *t)
{
	for (int i = 0; i < t->ncols; i++) {
		if (t->cols[i].type != COL_STR || !cells[i])
			continue;
		one_line(cells[i]);
		if (formula_like(cells[i]))
			cells_set(cells, i, "'%s", cells[i]);
	}
}

void row_protect_text(struct row *r)
{
	cells_protect_text(r->cell, &table_results);
}

const char *row_text(const char *cell)
{
	return cell[0] == '\'' && formula_like(cell + 1) ? cell + 1 : cell;
}
