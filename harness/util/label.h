/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_UTIL_LABEL_H
#define NFSWEEP_UTIL_LABEL_H

/*
 * A label names a target (--target LABEL=path, --mount LABEL=..) or a
 * profile: it goes into every row and into file names, so it is letters,
 * digits, '_', '.' and '-', at most LABEL_MAX - 1 of them, and begins with
 * a letter, a digit or '_' (no file name that looks like an option, no cell
 * that a spreadsheet takes for a formula).
 */
#include <stdbool.h>
#include <stddef.h>

#define LABEL_MAX 64

/* Are the @len characters at @s a label? */
bool label_valid(const char *s, size_t len);

#endif
