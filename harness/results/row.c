// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/row.h"

void row_set(struct row *r, enum column c, const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	free(r->cell[c]);
	r->cell[c] = s;
}

void row_set_num(struct row *r, enum column c, double v)
{
	char buf[64];
	size_t n;

	/* %f never uses an exponent or a locale separator in the C locale. */
	snprintf(buf, sizeof(buf), "%.3f", v);
	n = strlen(buf);
	while (n > 1 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
	row_set(r, c, "%s", buf);
}

void row_free(struct row *r)
{
	for (int i = 0; i < NCOLUMNS; i++) {
		free(r->cell[i]);
		r->cell[i] = NULL;
	}
}

/* Would a spreadsheet take @s for a formula? */
static int formula_like(const char *s)
{
	return *s && strchr("=+-@\t\r", *s);
}

void row_protect_text(struct row *r)
{
	for (int i = 0; i < NCOLUMNS; i++)
		if (columns[i].type == COL_STR && r->cell[i] && formula_like(r->cell[i]))
			row_set(r, (enum column)i, "'%s", r->cell[i]);
}

const char *row_text(const char *cell)
{
	return cell[0] == '\'' && formula_like(cell + 1) ? cell + 1 : cell;
}
