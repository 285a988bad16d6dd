/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_NUMA_PLACE_H
#define NFSWEEP_NUMA_PLACE_H

#include <stddef.h>

/*
 * Move an already allocated I/O buffer to NUMA node @node (MPOL_BIND, with
 * the pages it already has migrated). fio allocates the buffers itself, so
 * binding the range keeps every fio mem= option working.
 *
 * Returns 0, or -errno: -ENOSYS when the kernel has no NUMA support,
 * -ENODEV when @node does not exist, or what mbind(2) returned.
 */
int nfsweep_numa_bind(void *buf, size_t len, int node);

/* Highest NUMA node number on this machine, or -1 without NUMA support. */
int nfsweep_numa_max_node(void);

#endif
