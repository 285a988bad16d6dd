/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_HOSTS_PREFLIGHT_H
#define NFSWEEP_SWEEP_HOSTS_PREFLIGHT_H

/*
 * Before the first point of a --hosts sweep, each host in turn: a TCP
 * connect within 3 s (fio's own connect to a host that drops SYNs waits
 * 135 s), then a probe job through `fio --client` alone to that host: 64
 * KiB written with the sweep's engine (and nfsweep-ops, for an op-mix
 * profile) in every target directory, bounded at 30 s. fio refuses a
 * server of another version; the probe's figures and output show an
 * engine that does not load or a directory that is not there. Each host's
 * own name (its output's "<name>" prefix) is learnt here.
 */
#include <stddef.h>

#include "sweep/sweep.h"

/*
 * 0 when every host passed; -1 with @err naming the first host that did
 * not and why (its fio output kept in the fio directory).
 */
int hosts_preflight(struct sweep *s, struct host_list *l, char *err, size_t len);

#endif
