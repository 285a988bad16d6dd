// SPDX-License-Identifier: GPL-2.0
/* Finds the mount of a path (see mounts.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mounts.h"

/* mountinfo escapes space, tab, newline and backslash as \ooo. */
static void unescape(char *s)
{
	char *o = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*o++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 4;
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
}

static int contains(const char *mnt, const char *path)
{
	size_t n = strlen(mnt);

	if (!strcmp(mnt, "/"))
		return 1;
	return !strncmp(mnt, path, n) && (path[n] == '/' || path[n] == '\0');
}

int mount_of_path(const char *path, const char *mountinfo, struct mount_of *out)
{
	char real[PATH_MAX], *line = NULL;
	size_t cap = 0, best = 0;
	FILE *f;
	int found = 0;

	if (!realpath(path, real))
		return -errno;
	f = fopen(mountinfo ? mountinfo : "/proc/self/mountinfo", "r");
	if (!f)
		return -errno;
	while (getline(&line, &cap, f) > 0) {
		char mnt[512], fstype[32], source[256];
		const char *sep = strstr(line, " - ");

		/* id parent major:minor root MOUNTPOINT options ... - FSTYPE SOURCE ... */
		if (!sep || sscanf(line, "%*s %*s %*s %*s %511s", mnt) != 1 ||
		    sscanf(sep + 3, "%31s %255s", fstype, source) != 2)
			continue;
		unescape(mnt);
		unescape(source);
		/* >=: a later mount on the same point hides the earlier one */
		if (contains(mnt, real) && strlen(mnt) >= best) {
			best = strlen(mnt);
			snprintf(out->mountpoint, sizeof(out->mountpoint), "%s", mnt);
			snprintf(out->fstype, sizeof(out->fstype), "%s", fstype);
			snprintf(out->source, sizeof(out->source), "%s", source);
			found = 1;
		}
	}
	free(line);
	fclose(f);
	return found ? 0 : -ENOENT;
}

int mount_is_nfs(const struct mount_of *m)
{
	return !strcmp(m->fstype, "nfs") || !strcmp(m->fstype, "nfs4");
}
