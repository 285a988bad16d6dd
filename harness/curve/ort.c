// SPDX-License-Identifier: GPL-2.0
/* The Overall Response Time of a load curve (see ort.h). */
#include <stdio.h>
#include <stdlib.h>

#include "curve/ort.h"

int ort_compute(const struct ort_point *p, size_t n, double *ort, char *why, size_t len)
{
	double area = 0, x0 = 0, y0 = 0;

	if (n < 2) {
		snprintf(why, len, "%zu load point%s: a curve needs at least two", n,
			 n == 1 ? "" : "s");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (!(p[i].ops_s > 0) || !(p[i].rt_ms > 0)) {
			snprintf(why, len, "load point %zu: ops_s %g and rt_ms %g must both be > 0",
				 i + 1, p[i].ops_s, p[i].rt_ms);
			return -1;
		}
		if (i && p[i].ops_s <= p[i - 1].ops_s) {
			snprintf(why, len,
				 "load point %zu: %g ops/s after %g: the points must be in "
				 "ascending throughput",
				 i + 1, p[i].ops_s, p[i - 1].ops_s);
			return -1;
		}
		/* The trapezoid from the previous point (the origin first). */
		area += (p[i].ops_s - x0) * (p[i].rt_ms + y0) / 2;
		x0 = p[i].ops_s;
		y0 = p[i].rt_ms;
	}
	*ort = area / p[n - 1].ops_s;
	return 0;
}

static int by_ops(const void *a, const void *b)
{
	const struct ort_point *x = a, *y = b;

	return (x->ops_s > y->ops_s) - (x->ops_s < y->ops_s);
}

void ort_sort(struct ort_point *p, size_t n)
{
	qsort(p, n, sizeof(*p), by_ops);
}
