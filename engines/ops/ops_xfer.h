/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_XFER_H
#define NFSWEEP_OPS_XFER_H

/*
 * Transfer sizes of nfsweep-ops's reads and writes, in fio's bssplit
 * syntax: "4k/25:8k/25:16k/50" (sizes with k/m suffixes, shares in percent
 * summing to 100; a share left empty takes what remains, shared equally).
 */
#include <stddef.h>
#include <stdint.h>

#define OPS_XFER_MAX 16

struct ops_xfer {
	unsigned int n;
	uint64_t size[OPS_XFER_MAX];
	unsigned int pct[OPS_XFER_MAX];
};

/* 0, or -EINVAL with @err naming what is wrong. */
int ops_xfer_parse(const char *spec, struct ops_xfer *x, char *err, size_t len);

/* A size for a random 32-bit @r. */
uint64_t ops_xfer_pick(const struct ops_xfer *x, uint32_t r);

uint64_t ops_xfer_max(const struct ops_xfer *x);

#endif
