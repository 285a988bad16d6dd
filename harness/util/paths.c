// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/paths.h"

/* the installed paths as the program's make was told (harness/Makefile); the tests have none */
#if __has_include("nfsweep-paths.h")
#include "nfsweep-paths.h"
#endif
#ifndef NFSWEEP_DATADIR
#define NFSWEEP_DATADIR "/usr/local/share/nfsweep"
#endif
#ifndef NFSWEEP_LIBSUBDIR
#define NFSWEEP_LIBSUBDIR "lib/nfsweep"
#endif
#ifndef NFSWEEP_LIBDIR
#define NFSWEEP_LIBDIR "/usr/local/" NFSWEEP_LIBSUBDIR
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

	char path[PATH_MAX];

	for (int i = 0; i < 2; i++)
		if (snprintf(path, sizeof(path), "%s/%s", exe_dir(), cand[i]) < (int)sizeof(path) &&
		    has(path, probe) && len >= PATH_MAX && realpath(path, buf))
			return buf; /* without "bin/..": it goes into rows and job files */
	return installed;
}

const char *nfsweep_default_profiles_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../../profiles", "../share/nfsweep/profiles",
		    "global.fioinc", NFSWEEP_DATADIR "/profiles");
}

const char *nfsweep_default_engine_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../engines", "../" NFSWEEP_LIBSUBDIR, "nfsweep-uring.so",
		    NFSWEEP_LIBDIR);
}

const char *nfsweep_default_reference_dir(void)
{
	static char buf[PATH_MAX];

	return pick(buf, sizeof(buf), "../../results-schema/reference",
		    "../share/nfsweep/reference", "README.md", NFSWEEP_DATADIR "/reference");
}

int path_beside(const char *csv, const char *ext, char *buf, size_t len)
{
	size_t n = strlen(csv);

	if (n > 4 && !strcmp(csv + n - 4, ".csv"))
		n -= 4;
	return snprintf(buf, len, "%.*s%s", (int)n, csv, ext) >= (int)len ? -ENAMETOOLONG : 0;
}

int path_replaceable(const char *path)
{
	struct stat st;

	if (lstat(path, &st) || S_ISREG(st.st_mode))
		return 0;
	return S_ISDIR(st.st_mode) ? -EISDIR : -EEXIST;
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

int path_mkdir_p(const char *dir, char *failed, size_t len)
{
	char path[PATH_MAX];
	size_t n = strlen(dir);

	if (n >= sizeof(path)) {
		snprintf(failed, len, "%s", dir);
		return -ENAMETOOLONG;
	}
	memcpy(path, dir, n + 1);
	/* Each prefix at a '/', then the whole: existing ones are fine. */
	for (size_t i = 1; i <= n; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			int ret = -errno;

			snprintf(failed, len, "%s", path);
			return ret;
		}
		if (i < n)
			path[i] = '/';
	}
	return 0;
}

const char *path_absolute(const char *path, char *buf, size_t len)
{
	char here[PATH_MAX];

	if (path[0] == '/')
		return path;
	if (!getcwd(here, sizeof(here)) || snprintf(buf, len, "%s/%s", here, path) >= (int)len)
		return NULL;
	return buf;
}
