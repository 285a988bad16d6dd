/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CLI_VERSION_H
#define NFSWEEP_CLI_VERSION_H

/*
 * nfsweep's version: the VERSION file, plus "+g<commit>" (and ".dirty")
 * when built from a git checkout, so that a row records the exact code
 * that measured it.
 */
const char *nfsweep_version(void);

#endif
