/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_NFS_MOUNT_OPTS_H
#define NFSWEEP_NFS_MOUNT_OPTS_H

/* Mount options as a comma list ("rw,vers=3,nconnect=8,hard"). */
#include <stdbool.h>
#include <stddef.h>

/*
 * The value of option @key: true with its value in @out, "1" for a flag
 * that has none ("hard"); false with "" when absent. A key matches whole:
 * "vers" does not match "nfsvers".
 */
bool mount_opt(const char *opts, const char *key, char *out, size_t len);

/* The whole-number value of option @key, or @dflt when absent. */
long mount_opt_long(const char *opts, const char *key, long dflt);

#endif
