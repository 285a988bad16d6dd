/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_REFERENCE_H
#define NFSWEEP_REFERENCE_H

/* Published figures kept as CSV in results-schema/reference/ (see its README). */
#include <stddef.h>
#include <stdio.h>

struct ref_value {
	char source[128], figure[64], workload[32], metric[32], unit[16];
	int read_pct;
	double value;
};

struct reference {
	struct ref_value *v;
	size_t n;
};

/*
 * The published method's depth: the vendor's fio settings of such tests run --numjobs=4
 * --iodepth=128 (results-schema/reference/README.md, "The published method"). run's
 * --published-depth adds it to a depth sweep; summary and the report set it beside the knee.
 */
#define REFERENCE_METHOD_NUMJOBS 4
#define REFERENCE_METHOD_IODEPTH 128

/* Load every *.csv in @dir. 0, or -1 with @why. */
int reference_load_dir(const char *dir, struct reference *r, char *why, size_t len);
void reference_free(struct reference *r);

/* The value of (figure, workload, read_pct, metric), or NULL. */
const struct ref_value *reference_find(const struct reference *r, const char *figure,
				       const char *workload, int read_pct, const char *metric);

/* Check a reference file; problems to @errs as "PREFIX: FILE:LINE: why". */
int reference_validate(const char *path, FILE *errs, const char *prefix, size_t *rows);

/* results-schema/reference next to the program, or the installed copy. */
const char *reference_default_dir(void);

#endif
