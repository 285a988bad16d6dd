/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_NFS_MOUNTINFO_H
#define NFSWEEP_NFS_MOUNTINFO_H

/*
 * Which mount a directory is on, from /proc/self/mountinfo, read with
 * util-linux's libmount (the parser mount(8) and findmnt use: it knows
 * mountinfo's escapes and optional fields better than anything written
 * here would).
 */
#include <stdbool.h>
#include <stddef.h>

struct mount_of {
	char mountpoint[512];
	char fstype[32];
	char source[256];
};

/*
 * The mount holding @path (resolved with realpath): the longest mount point
 * that contains it, the last one mounted when several stack. 0, or -errno
 * (-ENOENT when @path does not exist or no mount holds it). @mountinfo:
 * NULL for the real one.
 */
int mount_of_path(const char *path, const char *mountinfo, struct mount_of *out);

/* nfs or nfs4 */
bool mount_is_nfs(const struct mount_of *m);

#endif
