/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_UTIL_PATHS_H
#define NFSWEEP_UTIL_PATHS_H

#include <stddef.h>

/*
 * Where profiles, engines and the published figures are: next to the
 * program in a build tree (build/harness/nfsweep -> profiles/,
 * build/engines/), else where `make install` put them beside its bin/
 * (PREFIX/share/nfsweep, PREFIX/lib/nfsweep, also under a DESTDIR), else
 * the PREFIX it was built for.
 */
const char *nfsweep_default_profiles_dir(void);
const char *nfsweep_default_engine_dir(void);
const char *nfsweep_default_reference_dir(void);

/*
 * The directory part of @file ("." when it has none) into @buf. 0, or
 * -ENAMETOOLONG.
 */
int path_dir_of(const char *file, char *buf, size_t len);

/* @path as seen from another working directory: itself when absolute, else nfsweep's working
 * directory before it, in @buf. NULL when that does not fit (or getcwd fails). */
const char *path_absolute(const char *path, char *buf, size_t len);

/*
 * @dir and every missing directory above it (mkdir -p), mode 0755. 0, or
 * -errno with the directory that could not be made in @failed.
 */
int path_mkdir_p(const char *dir, char *failed, size_t len);

/*
 * The file beside the results file @csv named by its stem and @ext
 * ("sweep.csv", ".html" -> "sweep.html"; ".hosts.csv" -> "sweep.hosts.csv"):
 * every file nfsweep writes beside a results file is named so. 0, or
 * -ENAMETOOLONG.
 */
int path_beside(const char *csv, const char *ext, char *buf, size_t len);

/*
 * May a file written whole (to a temporary name, then renamed) take the
 * name @path? 0 when it is free or a regular file; -EISDIR or -EEXIST when
 * it is a directory or something else (a device, a FIFO given as --out),
 * which a rename would replace.
 */
int path_replaceable(const char *path);

#endif
