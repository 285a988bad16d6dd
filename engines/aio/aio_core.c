// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep-aio's core, free of fio: see aio_core.h. Buffered libaio is
 * synchronous inside io_submit(); the baseline is meant for direct=1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aio/aio_core.h"

#ifdef NFSWEEP_TEST_HOOKS
int (*aio_test_submit)(io_context_t ctx, long nr, struct iocb *iocbs[]);
#define aio_submit_call(ctx, nr, iocbs) \
	(aio_test_submit ? aio_test_submit : io_submit)(ctx, nr, iocbs)
#else
#define aio_submit_call io_submit
#endif

int aio_opts_validate(const struct aio_opts *o, unsigned int iodepth, int numa_max_node, char *msg,
		      size_t msglen)
{
	const char *why = NULL;

	if (!iodepth)
		why = "iodepth must be at least 1";
	else if (o->numa_node < -1)
		why = "aio_numa_node must be -1 (leave alone) or a node number";
	else if (o->numa_node >= 0 && numa_max_node < 0)
		why = "aio_numa_node is set but this kernel has no NUMA support";
	else if (o->numa_node >= 0 && o->numa_node > numa_max_node)
		why = "aio_numa_node names a node this machine does not have";
	if (!why)
		return 0;
	if (msg && msglen)
		snprintf(msg, msglen, "%s", why);
	return -EINVAL;
}

int aio_queue_open(struct aio_queue *q, unsigned int depth, const char **call)
{
	int ret;

	memset(q, 0, sizeof(*q));
	q->depth = depth ? depth : 1;
	q->events = calloc(q->depth, sizeof(*q->events));
	if (stage_ring_init(&q->stage, q->depth) || !q->events) {
		*call = "calloc";
		ret = -ENOMEM;
		goto out_free;
	}
	ret = io_queue_init((int)q->depth, &q->ctx);
	if (ret) {
		*call = "io_queue_init";
		goto out_free;
	}
	return 0;

out_free:
	stage_ring_free(&q->stage);
	free(q->events);
	memset(q, 0, sizeof(*q));
	return ret;
}

void aio_queue_close(struct aio_queue *q)
{
	if (q->ctx)
		io_destroy(q->ctx);
	stage_ring_free(&q->stage);
	free(q->events);
	memset(q, 0, sizeof(*q));
}

int aio_stage(struct aio_queue *q, struct iocb *iocb)
{
	if (q->staged + q->inflight >= q->depth)
		return -EBUSY;
	stage_ring_push(&q->stage, q->staged++, iocb);
	return 0;
}

int aio_submit(struct aio_queue *q, aio_submitted_fn submitted, void *ctx)
{
	int total = 0;

	while (q->staged) {
		/* A contiguous run of the ring: io_submit takes an array. */
		unsigned int run;
		struct iocb **iocbs = (struct iocb **)stage_ring_run(&q->stage, q->staged, &run);
		int ret;

		ret = aio_submit_call(q->ctx, (long)run, iocbs);
		if (ret == -EINTR)
			continue;
		if (ret <= 0)
			return total ? total : (ret ? ret : -EAGAIN);
		if (submitted)
			submitted(ctx, iocbs, (unsigned int)ret);
		stage_ring_drop(&q->stage, ret);
		q->staged -= ret;
		q->inflight += ret;
		total += ret;
	}
	return total;
}

int aio_submit_all(struct aio_queue *q, aio_submitted_fn submitted, void *ctx)
{
	unsigned int idle = 0;
	int total = 0, ret;

	while (q->staged) {
		ret = aio_submit(q, submitted, ctx);
		if (ret > 0) {
			total += ret;
			idle = 0;
			continue;
		}
		if (ret != -EAGAIN && ret != -ENOMEM)
			return ret;
		/* With requests in flight, reaping frees some: the caller's getevents(). */
		if (q->inflight)
			return total;
		if (++idle > 10000)
			return ret;
		usleep(100);
	}
	return total;
}

/* The kernel's completion ring, as mapped at the context's address. */
struct aio_ring_hdr {
	unsigned int id;
	unsigned int nr;
	unsigned int head;
	unsigned int tail;
	unsigned int magic;
	unsigned int compat_features;
	unsigned int incompat_features;
	unsigned int header_length;
	struct io_event events[];
};
#define AIO_RING_MAGIC 0xa10a10a1

static unsigned int reap_user(struct aio_queue *q, unsigned int max)
{
	struct aio_ring_hdr *ring = (struct aio_ring_hdr *)q->ctx;
	unsigned int n = 0, head = ring->head;

	/* acquire: the events up to tail are written before tail moves. */
	while (n < max && head != __atomic_load_n(&ring->tail, __ATOMIC_ACQUIRE)) {
		q->events[n++] = ring->events[head];
		head = (head + 1) % ring->nr;
	}
	/* release: our copies are done before the kernel may reuse the slots. */
	if (n)
		__atomic_store_n(&ring->head, head, __ATOMIC_RELEASE);
	return n;
}

int aio_reap(struct aio_queue *q, unsigned int min, unsigned int max, bool userspace)
{
	unsigned int got = 0;
	int ret;

	if (max > q->depth)
		max = q->depth;
	/*
	 * fio counts staged requests as in flight after commit(); when an
	 * EAGAIN left some staged, waiting for more than the kernel holds
	 * would never end.
	 */
	if (min > q->inflight)
		min = q->inflight;
	/*
	 * What the ring already holds costs no syscall, whatever @min is: only
	 * the rest is waited for in io_getevents. We are the ring's only
	 * reader, and the kernel reads the head we move (as fio's libaio
	 * userspace_reap relies on).
	 */
	if (userspace && ((struct aio_ring_hdr *)q->ctx)->magic == AIO_RING_MAGIC) {
		got = reap_user(q, max);
		if (got >= min) {
			ret = (int)got;
			goto out;
		}
	}
	do {
		ret = io_getevents(q->ctx, (long)(min - got), (long)(max - got), q->events + got,
				   NULL);
	} while (ret == -EINTR);
	if (ret < 0) {
		if (!got)
			return ret;
		ret = 0; /* the events already taken must not be lost */
	}
	ret += (int)got;
out:
	q->inflight -= ret;
	return ret;
}
