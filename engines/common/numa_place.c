// SPDX-License-Identifier: GPL-2.0
/*
 * Buffer placement with libnuma: the engines' buffers can be put on the node
 * of the NIC that carries the NFS traffic, so that the copy into or out of
 * the socket buffers stays on one node.
 */
#include <errno.h>
#include <numa.h>
#include <numaif.h>
#include <stdint.h>
#include <unistd.h>

#include "numa_place.h"

int nfsweep_numa_max_node(void)
{
	if (numa_available() < 0)
		return -1;
	return numa_max_node();
}

int nfsweep_numa_bind(void *buf, size_t len, int node)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start, end;
	struct bitmask *mask;
	int ret = 0;

	if (numa_available() < 0)
		return -ENOSYS;
	if (node < 0 || node > numa_max_node())
		return -ENODEV;
	if (!buf || !len)
		return 0;

	/* mbind() wants a page-aligned start; cover every page the buffer touches. */
	start = (uintptr_t)buf & ~(page - 1);
	end = ((uintptr_t)buf + len + page - 1) & ~(page - 1);

	mask = numa_allocate_nodemask();
	if (!mask)
		return -ENOMEM;
	numa_bitmask_setbit(mask, (unsigned int)node);
	if (mbind((void *)start, end - start, MPOL_BIND, mask->maskp, mask->size + 1,
		  MPOL_MF_MOVE | MPOL_MF_STRICT))
		ret = -errno;
	numa_bitmask_free(mask);
	return ret;
}
