/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_NFS_MANAGED_MOUNT_H
#define NFSWEEP_NFS_MANAGED_MOUNT_H

/*
 * Managed mounts (nfsweep run --mount label=server:/export:options): mount a
 * variant, verify that the kernel gave what was asked, unmount after its
 * points. The kernel shares one NFS client, and the first mount's nconnect,
 * between mounts of one server address, and NFSv4 merges clients with the
 * same owner id: a variant is refused while another mount of its server
 * exists, and an NFSv4 variant is mounted under a hostname of its own.
 */
#include <stddef.h>

#include "nfs/mountstats.h"
#include "util/label.h"

struct mount_spec {
	char label[LABEL_MAX];
	char server[256];
	char export[512];
	char opts[512];
};

/* "label=server:/export:options" (options may be empty). 0, or -1 with @err. */
int mount_spec_parse(const char *spec, struct mount_spec *m, char *err, size_t len);

/*
 * Does @m's server name resolve? mount.nfs would retry a name that does
 * not for minutes, per variant. 0, or -1 with @err naming the variant,
 * the name and the resolver's answer.
 */
int mount_spec_resolves(const struct mount_spec *m, char *err, size_t len);

/*
 * Another NFS mount of @server's address in @mounts (the mountstats "addr="
 * option, the server name resolved): its mount point in @conflict, 1; else 0.
 */
int mount_find_conflict(const struct mount_spec *m, const struct ms_mount *mounts, size_t n,
			char *conflict, size_t len);

/*
 * Does the mount @got give what @opts asked? Checks the transports against
 * nconnect, and vers, rsize, wsize, proto. 0, or -1 with @err naming what
 * was asked and what was found.
 */
int mount_verify(const char *opts, const struct ms_mount *got, char *err, size_t len);

/*
 * Mount @m at @mountpoint (created), after the conflict check, and verify
 * it; unmounted again when not as asked. 0, or -1 with @err.
 */
int mount_variant(const struct mount_spec *m, const char *mountpoint, char *err, size_t len);
int unmount_variant(const char *mountpoint, char *err, size_t len);

#endif
