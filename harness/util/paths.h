/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_PATHS_H
#define NFSWEEP_PATHS_H

/*
 * Where profiles and engines are: next to the program in a build tree
 * (build/harness/nfsweep -> profiles/, build/engines/), else where
 * `make install` put them.
 */
const char *nfsweep_default_profiles_dir(void);
const char *nfsweep_default_engine_dir(void);
const char *nfsweep_default_reference_dir(void);

#endif
