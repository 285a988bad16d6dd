// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/paths.h"

#ifndef NFSWEEP_DATADIR
#define NFSWEEP_DATADIR "/usr/local/share/nfsweep"
#endif
#ifndef NFSWEEP_LIBDIR
#define NFSWEEP_LIBDIR "/usr/local/lib/nfsweep"
#endif

/* The directory of the running program, "" if unknown. */
static const char *exe_dir(void)
{
	static char dir[PATH_MAX];
	ssize_t n;
	char *slash;

	if (dir[0])
		return dir;
	n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (n <= 0)
		return "";
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	return dir;
}

/* @dir/@probe exists? */
static int has(const char *dir, const char *probe)
{
	char test[PATH_MAX];

	return snprintf(test, sizeof(test), "%s/%s", dir, probe) < (int)sizeof(test) &&
	       !access(test, F_OK);
}

/*
 * The first of: @build (relative to the program in a build tree), @rel
 * (relative to an installed bin/, wherever the tree was installed or
 * staged: DESTDIR), @installed (the PREFIX the program was built for)
 * that holds @probe; @installed if none does.
 */
static const char *pick(char *buf, size_t len, const char *build, const char *rel,
			const char *probe, const char *installed)
{
	const char *cand[2] = { build, rel };

	for (int i = 0; i < 2; i++)
		if (snprintf(buf, len, "%s/%s", exe_dir(), cand[i]) < (int)len && has(buf, probe))
			return buf;
	return installed;
}

const char *nfsweep_default_profiles_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../../profiles", "../share/nfsweep/profiles", "global.fioinc",
		    NFSWEEP_DATADIR "/profiles");
}

const char *nfsweep_default_engine_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../engines", "../lib/nfsweep", "nfsweep-uring.so",
		    NFSWEEP_LIBDIR);
}

const char *nfsweep_default_reference_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../../results-schema/reference", "../share/nfsweep/reference",
		    "README.md", NFSWEEP_DATADIR "/reference");
}

int path_dir_of(const char *file, char *buf, size_t len)
{
	const char *slash = strrchr(file, '/');
	int n;

	if (!slash)
		n = snprintf(buf, len, ".");
	else if (slash == file)
		n = snprintf(buf, len, "/");
	else
		n = snprintf(buf, len, "%.*s", (int)(slash - file), file);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}
