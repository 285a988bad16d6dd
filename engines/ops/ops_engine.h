/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_ENGINE_H
#define NFSWEEP_OPS_ENGINE_H

/*
 * The core of nfsweep-ops, without fio: operations started on the tree,
 * their calls made on the ring, on workers or in this thread (ops_exec),
 * and the timed ends handed back for the caller to complete its io_us.
 * nfsweep-ops.c adapts it to fio's hooks; the unit tests drive it alone.
 */
#include <liburing.h>
#include <stdbool.h>
#include <stdint.h>

#include "ops/ops_plan.h"
#include "ops/ops_workers.h"

enum ops_exec {
	OPS_EXEC_URING,
	OPS_EXEC_SYNC
};

/* An operation whose timed part is over. */
struct ops_done {
	void *user;
	enum ops_op op;
	uint64_t ns; /* its timed part's latency */
	uint64_t bytes;
	int error; /* unexpected errno, 0 none */
	enum ops_call err_call;
	char err_name[24];
};

struct ops_engine {
	struct ops_conf conf;
	struct ops_tree tree;
	struct ops_ctx ctx;
	enum ops_exec exec;
	struct io_uring ring;
	bool ring_open;
	bool ring_has[OPS_NCALLS]; /* the calls this kernel's ring has an opcode for */
	unsigned int iowq_bounded; /* io-wq's bounded workers after raising them */
	struct ops_workers workers;
	bool workers_on;
	uint64_t efd_val; /* the ring's read of the workers' eventfd */
	struct ops_req *reqs, *free_reqs;
	unsigned int nreqs;
	char *bufs;
	void **free_bufs;
	unsigned int nfree_bufs;
	size_t buf_size;
	struct ops_done *done; /* timed ends not yet taken */
	unsigned int ndone, done_cap;
	unsigned int inflight; /* operations whose timed part is not over */
	unsigned int requests; /* requests in use, housekeeping and closes included */
	int hk_error;	       /* first housekeeping error (logged by the caller) */
	char hk_error_text[160];
	int ring_error;		     /* the ring failed: reap returns it from then on */
	const char *ring_error_call; /* what failed, for the message */
};

#ifdef NFSWEEP_TEST_HOOKS
/*
 * The unit tests' build only, a named mock of a fault that cannot be caused
 * for real: when set, the next re-arm of the workers' eventfd read fails
 * with it (a full SQ ring that a submit could not empty).
 */
extern int ops_test_arm_fail;
#endif

struct ops_engine_setup {
	const char *root; /* the tree's directory */
	struct ops_tree_shape shape;
	enum ops_exec exec;
	unsigned int iodepth;
	unsigned int workers; /* 0: as many as iodepth */
	uint64_t seed;
};

/*
 * Lay out (or reuse) the tree and open the ring and the workers. @conf is
 * copied. 0, or -errno with @err naming the call and what it was for.
 */
int ops_engine_open(struct ops_engine *e, const struct ops_conf *conf,
		    const struct ops_engine_setup *setup, char *err, size_t len);

/*
 * Start operation @op for @user: a free slot, a request and a buffer, then
 * its first calls (staged on the ring: ops_engine_submit sends them; in
 * sync mode, the whole operation runs here). -EBUSY when no slot or
 * buffer is free: reap first.
 */
int ops_engine_start(struct ops_engine *e, enum ops_op op, void *user);

/* Send the staged SQEs. The count sent, or -errno. */
int ops_engine_submit(struct ops_engine *e);

/*
 * Take answers (ring and workers) and step the operations until at least
 * @min timed ends are in e->done (fewer if nothing is in flight). 0, or
 * -errno from the ring; once the ring has failed (e->ring_error, the call
 * in e->ring_error_call), that error at every call: a worker's answer
 * could no longer wake a wait, and waiting would hang the job.
 */
int ops_engine_reap(struct ops_engine *e, unsigned int min);

/*
 * Wait for every request (housekeeping included), then close everything.
 * e->conf and e->hk_error stay readable.
 */
void ops_engine_close(struct ops_engine *e);

#endif
