/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_PROBLEMS_H
#define NFSWEEP_RESULTS_PROBLEMS_H

/*
 * What the validators of the results file and its detail files report:
 * "PREFIX: PATH:WHAT" lines on @errs, the first @max of them; every one is
 * counted in @n.
 */
#include <stdio.h>

struct problems {
	FILE *errs;
	const char *prefix, *path;
	int max, n;
};

void problem(struct problems *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
