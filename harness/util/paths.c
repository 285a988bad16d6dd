// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "paths.h"

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

static const char *pick(char *buf, size_t len, const char *rel, const char *probe,
			const char *installed)
{
	char test[PATH_MAX];

	if (snprintf(buf, len, "%s/%s", exe_dir(), rel) >= (int)len ||
	    snprintf(test, sizeof(test), "%s/%s", buf, probe) >= (int)sizeof(test))
		return installed;
	return access(test, F_OK) ? installed : buf;
}

const char *nfsweep_default_profiles_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../../profiles", "global.fioinc", NFSWEEP_DATADIR "/profiles");
}

const char *nfsweep_default_engine_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../engines", "nfsweep-uring.so", NFSWEEP_LIBDIR);
}

const char *nfsweep_default_reference_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../../results-schema/reference", "README.md",
		    NFSWEEP_DATADIR "/reference");
}
