/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_WORKERS_H
#define NFSWEEP_OPS_WORKERS_H

/*
 * Worker threads for the calls io_uring has no opcode for (access, chmod,
 * readlink, statfs, getdents64, fcntl locks), so that they are in flight
 * alongside the ring's. A finished request goes on the done list and the
 * eventfd is written: the job's thread keeps a read of the eventfd on its
 * ring, so one wait (io_uring_wait_cqe) wakes for either.
 */
#include <pthread.h>
#include <stdbool.h>

#include "ops/ops_plan.h"

struct ops_workers {
	pthread_t *threads;
	unsigned int n;
	pthread_mutex_t lock;
	pthread_cond_t more;
	struct ops_req *todo, *todo_tail, *done;
	unsigned int busy; /* requests handed out and not yet taken back */
	int efd;	   /* written (+1) per finished request */
	bool stop;
};

/* @n threads. 0, or -errno (nothing left running). */
int ops_workers_start(struct ops_workers *w, unsigned int n);

/* Make @r's call (r->a) on a worker. */
void ops_workers_submit(struct ops_workers *w, struct ops_req *r);

/* The requests done since the last call, as a list (r->next), or NULL. Never blocks. */
struct ops_req *ops_workers_take_done(struct ops_workers *w);

/* Stop after the calls in hand (waits for them); the done list is dropped. */
void ops_workers_stop(struct ops_workers *w);

#endif
