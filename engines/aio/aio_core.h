/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_AIO_CORE_H
#define NFSWEEP_AIO_CORE_H

/*
 * The fio-free core of nfsweep-aio, the libaio baseline: a power-of-two
 * staging ring of iocbs submitted in batches with io_submit(), and reaping
 * through io_getevents() or straight from the kernel's completion ring.
 */
#include <libaio.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/stage_ring.h"

struct aio_opts {
	unsigned int nowait;	     /* aio_nowait */
	unsigned int userspace_reap; /* aio_userspace_reap */
	int numa_node;		     /* aio_numa_node, -1 = leave alone */
};

int aio_opts_validate(const struct aio_opts *o, unsigned int iodepth, int numa_max_node, char *msg,
		      size_t msglen);

struct aio_queue {
	io_context_t ctx;
	unsigned int depth;
	unsigned int staged; /* iocbs staged, not yet submitted */
	unsigned int inflight;
	struct stage_ring stage; /* the staged iocbs, oldest first */
	struct io_event *events; /* depth entries, filled by aio_reap */
};

int aio_queue_open(struct aio_queue *q, unsigned int depth, const char **call);

#ifdef NFSWEEP_TEST_HOOKS
/* The unit tests' build only: replaces io_submit (NULL: the real one). */
extern int (*aio_test_submit)(io_context_t ctx, long nr, struct iocb *iocbs[]);
#endif
void aio_queue_close(struct aio_queue *q);

/* Stage @iocb (its data pointer already set); -EBUSY when depth is reached. */
int aio_stage(struct aio_queue *q, struct iocb *iocb);

/*
 * Submit staged iocbs with as few io_submit calls as the ring's wrap
 * allows; after each, @submitted gets the iocbs the kernel took (fio stamps
 * their issue time then, as its libaio engine does). Returns the number
 * taken, or -errno (-EAGAIN: reap first).
 */
typedef void (*aio_submitted_fn)(void *ctx, struct iocb **iocbs, unsigned int n);
int aio_submit(struct aio_queue *q, aio_submitted_fn submitted, void *ctx);

/*
 * Submit what is staged, as fio's commit() must. The kernel may take none
 * with -EAGAIN or -ENOMEM (out of requests): with requests in flight, that
 * is the cue to reap, so the number submitted so far comes back (the rest
 * stays staged and getevents() submits it); with nothing in flight, retry
 * for about a second, then give up with the error rather than spin.
 * Returns how many were submitted, or -errno; none is lost.
 */
int aio_submit_all(struct aio_queue *q, aio_submitted_fn submitted, void *ctx);

/*
 * Reap between @min and @max completions into q->events. With
 * @userspace, first takes what the kernel's completion ring holds directly
 * (no syscall), and calls io_getevents only for the rest of @min. Returns
 * the number reaped, or -errno.
 */
int aio_reap(struct aio_queue *q, unsigned int min, unsigned int max, bool userspace);

#endif
