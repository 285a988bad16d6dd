// SPDX-License-Identifier: GPL-2.0
/* Finds the mount of a path with libmount (see mountinfo.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libmount.h>

#include "nfs/mountinfo.h"

/* A line libmount cannot parse is skipped, as the kernel never writes one. */
static int skip_bad_line(struct libmnt_table *tb, const char *file, int line)
{
	(void)tb;
	(void)file;
	(void)line;
	return 1;
}

int mount_of_path(const char *path, const char *mountinfo, struct mount_of *out)
{
	struct libmnt_table *tb;
	struct libmnt_fs *fs;
	char real[PATH_MAX];
	int ret;

	if (!realpath(path, real))
		return -errno;
	tb = mnt_new_table();
	if (!tb)
		return -ENOMEM;
	mnt_table_set_parser_errcb(tb, skip_bad_line);
	ret = mnt_table_parse_file(tb, mountinfo ? mountinfo : "/proc/self/mountinfo");
	if (ret) {
		mnt_unref_table(tb);
		return ret < 0 ? ret : -EINVAL;
	}
	/* Backward: of mounts stacked on one point, the last mounted is the one seen. */
	fs = mnt_table_find_mountpoint(tb, real, MNT_ITER_BACKWARD);
	if (!fs) {
		mnt_unref_table(tb);
		return -ENOENT;
	}
	snprintf(out->mountpoint, sizeof(out->mountpoint), "%s", mnt_fs_get_target(fs) ?: "");
	snprintf(out->fstype, sizeof(out->fstype), "%s", mnt_fs_get_fstype(fs) ?: "");
	snprintf(out->source, sizeof(out->source), "%s", mnt_fs_get_source(fs) ?: "");
	mnt_unref_table(tb);
	return 0;
}

bool mount_is_nfs(const struct mount_of *m)
{
	return !strcmp(m->fstype, "nfs") || !strcmp(m->fstype, "nfs4");
}
