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

struct aio_opts {
	unsigned int nowait;		/* aio_nowait */
	unsigned int userspace_reap;	/* aio_userspace_reap */
	int numa_node;			/* aio_numa_node, -1 = leave alone */
};

int aio_opts_validate(const struct aio_opts *o, unsigned int iodepth,
		      int numa_max_node, char *msg, size_t msglen);

struct aio_queue {
	io_context_t ctx;
	unsigned int depth;
	unsigned int mask;		/* staging ring size - 1 */
	unsigned int head;		/* next free staging slot */
	unsigned int tail;		/* oldest staged, not yet submitted */
	unsigned int staged;
	unsigned int inflight;
	struct iocb **iocbs;		/* staging ring */
	struct io_event *events;	/* depth entries, filled by aio_reap */
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
 * allows; @submitted is called for each one the kernel took. Returns the
 * number taken, or -errno (-EAGAIN: reap first).
 */
typedef void (*aio_submitted_fn)(void *ctx, struct iocb *iocb);
int aio_submit(struct aio_queue *q, aio_submitted_fn submitted, void *ctx);

/*
 * Reap between @min and @max completions into q->events. With
 * @userspace and @min == 0, reads the kernel's completion ring directly
 * (no syscall). Returns the number reaped, or -errno.
 */
int aio_reap(struct aio_queue *q, unsigned int min, unsigned int max,
	     bool userspace);

#endif
