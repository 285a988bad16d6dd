/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_STAGE_RING_H
#define NFSWEEP_STAGE_RING_H

/*
 * The requests an engine has staged and not yet submitted, oldest first:
 * a FIFO of pointers in a power-of-two ring indexed with a mask (as fio's
 * libaio engine and t/io_uring keep theirs). nfsweep-uring keeps the io_u
 * of each staged SQE here, nfsweep-aio the iocbs it hands to io_submit(),
 * which takes a contiguous run of them. The engine counts the entries
 * (its "staged"), and keeps that count within the ring's size.
 */
#include <errno.h>
#include <stdlib.h>

struct stage_ring {
	void **slot;
	unsigned int mask; /* size - 1 */
	unsigned int head; /* the oldest entry */
};

/* Room for at least @min entries. 0, or -ENOMEM. */
static inline int stage_ring_init(struct stage_ring *r, unsigned int min)
{
	unsigned int size = 1;

	while (size < min)
		size <<= 1;
	r->slot = calloc(size, sizeof(*r->slot));
	r->mask = size - 1;
	r->head = 0;
	return r->slot ? 0 : -ENOMEM;
}

static inline void stage_ring_free(struct stage_ring *r)
{
	free(r->slot);
	r->slot = NULL;
}

/* Entry @i, counted from the oldest. */
static inline void *stage_ring_at(const struct stage_ring *r, unsigned int i)
{
	return r->slot[(r->head + i) & r->mask];
}

/* A new entry after the @count already staged. */
static inline void stage_ring_push(struct stage_ring *r, unsigned int count, void *p)
{
	r->slot[(r->head + count) & r->mask] = p;
}

/* Of @count staged, the oldest that lie one after another in memory; how many in @n. */
static inline void **stage_ring_run(const struct stage_ring *r, unsigned int count, unsigned int *n)
{
	unsigned int to_end = r->mask + 1 - r->head;

	*n = count < to_end ? count : to_end;
	return &r->slot[r->head];
}

/* The @n oldest entries are gone (submitted). */
static inline void stage_ring_drop(struct stage_ring *r, unsigned int n)
{
	r->head = (r->head + n) & r->mask;
}

#endif
