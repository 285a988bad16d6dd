// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>

#include "results/problems.h"

void problem(struct problems *p, const char *fmt, ...)
{
	va_list ap;

	if (p->n++ >= p->max)
		return;
	fprintf(p->errs, "%s: %s:", p->prefix, p->path);
	va_start(ap, fmt);
	vfprintf(p->errs, fmt, ap);
	va_end(ap);
	fputc('\n', p->errs);
}
