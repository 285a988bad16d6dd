/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FUZZ_INPUT_H
#define NFSWEEP_FUZZ_INPUT_H
/*
 * Helpers shared by the fuzz targets: libFuzzer hands over bytes, the
 * parsers want a C string, a FILE or a path.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* @data as a NUL-terminated string (malloc'd; an embedded NUL ends it early). */
char *fuzz_strdup(const uint8_t *data, size_t size);

/*
 * @data as a file the parser opens by name: a memfd, reached through
 * /proc/self/fd so that no disk is touched. Returns the fd (close it when
 * done) and fills @path, or -1.
 */
int fuzz_memfd(const uint8_t *data, size_t size, char *path, size_t len);

#endif
