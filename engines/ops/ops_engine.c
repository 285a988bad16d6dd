// SPDX-License-Identifier: GPL-2.0
/* The core of nfsweep-ops (see ops_engine.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ops/ops_engine.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static struct ops_req *req_get(struct ops_engine *e)
{
	struct ops_req *r = e->free_reqs;

	if (r) {
		e->free_reqs = r->next;
		e->requests++;
	}
	return r;
}

static void req_put(struct ops_engine *e, struct ops_req *r)
{
	if (r->buf)
		e->free_bufs[e->nfree_bufs++] = r->buf;
	r->buf = NULL;
	r->next = e->free_reqs;
	e->free_reqs = r;
	e->requests--;
}

#ifdef NFSWEEP_TEST_HOOKS
int ops_test_arm_fail;
#endif

/* The first failure of the ring: kept, and returned by every reap from then on. */
static void ring_failed(struct ops_engine *e, int err, const char *call)
{
	if (!e->ring_error) {
		e->ring_error = err;
		e->ring_error_call = call;
	}
}

/* Hand the call of @r to where it is made; in sync mode it is made here (true: answered). */
static bool dispatch(struct ops_engine *e, struct ops_req *r)
{
	if (r->timed && !r->timed_started) {
		r->start_ns = now_ns();
		r->timed_started = true;
	}
	if (e->exec == OPS_EXEC_SYNC) {
		ops_call_sync(&r->a);
		return true;
	}
	if (e->ring_has[r->a.call]) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&e->ring);

		if (!sqe) {
			/* the SQ ring is full of staged calls: send them, then there is room */
			int ret = io_uring_submit(&e->ring);

			if (ret < 0 && ret != -EBUSY && ret != -EAGAIN)
				ring_failed(e, ret, "io_uring_submit (a full SQ ring)");
			sqe = io_uring_get_sqe(&e->ring);
		}
		if (sqe) {
			ops_call_prep(sqe, &r->a, r);
			return false;
		}
	}
	if (e->workers_on) {
		ops_workers_submit(&e->workers, r);
		return false;
	}
	ops_call_sync(&r->a);
	return true;
}

/* An evicted cached fd: closed apart from any operation (or here, if no request is free). */
static void close_detached(struct ops_engine *e, int fd)
{
	struct ops_req *r = e->exec == OPS_EXEC_SYNC ? NULL : req_get(e);

	if (!r) {
		close(fd);
		return;
	}
	ops_req_start_close(r, fd);
	if (ops_req_next(&e->ctx, r) == OPS_NEXT_CALL && !dispatch(e, r))
		return;
	req_put(e, r);
}

static void timed_end(struct ops_engine *e, struct ops_req *r)
{
	struct ops_done *d;

	if (r->slot < 0)
		return;
	e->inflight--;
	d = &e->done[e->ndone++];
	d->user = r->user;
	d->op = r->op;
	d->ns = now_ns() - r->start_ns;
	d->bytes = r->bytes;
	d->error = r->error;
	d->err_call = r->err_call;
	snprintf(d->err_name, sizeof(d->err_name), "%s", r->err_name);
}

/* Step @r until it waits for a call's answer, or is done. */
static void drive(struct ops_engine *e, struct ops_req *r)
{
	for (;;) {
		enum ops_next n = ops_req_next(&e->ctx, r);

		if (r->evict_fd >= 0) {
			int fd = r->evict_fd;

			r->evict_fd = -1;
			close_detached(e, fd);
		}
		switch (n) {
		case OPS_NEXT_CALL:
			if (!dispatch(e, r))
				return;
			continue;
		case OPS_NEXT_TIMED_END:
			timed_end(e, r);
			continue;
		case OPS_NEXT_DONE:
			if (r->hk_error && !e->hk_error) {
				e->hk_error = r->hk_error;
				snprintf(e->hk_error_text, sizeof(e->hk_error_text),
					 "%s after %s of slot %d (%s): %s",
					 ops_call_name(r->err_call), ops_ops[r->op].name, r->slot,
					 r->err_name, strerror(r->hk_error));
			}
			if (r->slot >= 0)
				ops_tree_release(&e->tree, (unsigned int)r->slot);
			req_put(e, r);
			return;
		}
	}
}

int ops_engine_start(struct ops_engine *e, enum ops_op op, void *user)
{
	struct ops_req *r;
	int slot;

	if (!e->nfree_bufs)
		return -EBUSY;
	slot = ops_tree_pick(&e->tree, ops_rand(&e->ctx));
	if (slot < 0)
		return -EBUSY;
	r = req_get(e);
	if (!r) {
		ops_tree_release(&e->tree, (unsigned int)slot);
		return -EBUSY;
	}
	ops_req_start(&e->ctx, r, op, slot, e->free_bufs[--e->nfree_bufs]);
	r->user = user;
	e->inflight++;
	drive(e, r);
	return 0;
}

int ops_engine_submit(struct ops_engine *e)
{
	return e->ring_open ? io_uring_submit(&e->ring) : 0;
}

/* A read of the workers' eventfd on the ring: its answer wakes a wait for CQEs. */
static int arm_eventfd(struct ops_engine *e)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(&e->ring);
	int ret;

#ifdef NFSWEEP_TEST_HOOKS
	if (ops_test_arm_fail) {
		ret = ops_test_arm_fail;
		ops_test_arm_fail = 0;
		return ret;
	}
#endif
	if (!sqe) {
		ret = io_uring_submit(&e->ring);
		if (ret < 0)
			return ret;
		sqe = io_uring_get_sqe(&e->ring);
		if (!sqe)
			return -EBUSY;
	}
	io_uring_prep_read(sqe, e->workers.efd, &e->efd_val, sizeof(e->efd_val), 0);
	io_uring_sqe_set_data(sqe, &e->efd_val);
	return 0;
}

/*
 * Answers that are there now: 1 if any was taken. A worker adds its answer
 * to the done list, then writes the eventfd: when the eventfd's read comes
 * back, the list is taken again, or an answer added after the first look
 * would wait for a wake-up that has already been spent (a job hung with
 * one operation done and nothing in flight to wake it).
 */
static int take_answers(struct ops_engine *e)
{
	struct io_uring_cqe *cqes[64];
	struct ops_req *list;
	unsigned int n;
	int any = 0, woken;

again:
	woken = 0;
	if (e->workers_on && (list = ops_workers_take_done(&e->workers))) {
		while (list) {
			struct ops_req *r = list;

			list = r->next;
			drive(e, r);
		}
		any = 1;
	}
	if (!e->ring_open)
		return any;
	while ((n = io_uring_peek_batch_cqe(&e->ring, cqes, 64)) > 0) {
		for (unsigned int i = 0; i < n; i++) {
			void *data = io_uring_cqe_get_data(cqes[i]);
			int res = cqes[i]->res;

			io_uring_cqe_seen(&e->ring, cqes[i]);
			if (data == &e->efd_val) {
				int ret = arm_eventfd(e);

				if (ret)
					ring_failed(e, ret,
						    "io_uring_get_sqe (re-arming the read of the "
						    "workers' eventfd)");
				woken = 1;
			} else {
				struct ops_req *r = data;

				r->a.res = res;
				drive(e, r);
			}
		}
		any = 1;
	}
	if (woken)
		goto again;
	return any;
}

/* Step what answers until @min timed ends are in, or none can come (@all: until nothing is in flight). */
static int wait_for(struct ops_engine *e, unsigned int min, bool all)
{
	for (;;) {
		struct io_uring_cqe *cqe;
		int ret;

		take_answers(e);
		if (e->ring_error)
			return e->ring_error;
		ret = ops_engine_submit(e);
		if (ret < 0 && ret != -EBUSY && ret != -EAGAIN) {
			ring_failed(e, ret, "io_uring_submit");
			return ret;
		}
		if (all ? !e->requests : e->ndone >= min || !e->inflight)
			return 0;
		if (e->exec == OPS_EXEC_SYNC)
			return 0; /* nothing waits in sync mode */
		ret = io_uring_wait_cqe(&e->ring, &cqe);
		if (ret < 0 && ret != -EINTR && ret != -ETIME) {
			ring_failed(e, ret, "io_uring_wait_cqe");
			return ret;
		}
	}
}

int ops_engine_reap(struct ops_engine *e, unsigned int min)
{
	return wait_for(e, min, false);
}

/* Raise io-wq's bounded workers to @want: path operations run there, min(SQ, 4 x CPUs) by default. */
static void raise_iowq(struct ops_engine *e, unsigned int want)
{
	unsigned int vals[2] = { want, want };

	if (!io_uring_register_iowq_max_workers(&e->ring, vals)) {
		vals[0] = vals[1] = 0; /* 0: only read back what is set */
		if (!io_uring_register_iowq_max_workers(&e->ring, vals))
			e->iowq_bounded = vals[0];
	}
}

static int open_ring(struct ops_engine *e, unsigned int entries, unsigned int iodepth, char *err,
		     size_t len)
{
	struct io_uring_probe *probe;
	int ret = io_uring_queue_init(entries, &e->ring, 0);

	if (ret) {
		snprintf(err, len, "io_uring_queue_init(%u): %s", entries, strerror(-ret));
		return ret;
	}
	e->ring_open = true;
	probe = io_uring_get_probe_ring(&e->ring);
	for (int c = 0; c < OPS_NCALLS; c++) {
		int op = ops_call_opcode((enum ops_call)c);

		e->ring_has[c] = op >= 0 && probe && io_uring_opcode_supported(probe, op);
	}
	if (probe)
		io_uring_free_probe(probe);
	raise_iowq(e, iodepth + 8);
	return 0;
}

int ops_engine_open(struct ops_engine *e, const struct ops_conf *conf,
		    const struct ops_engine_setup *setup, char *err, size_t len)
{
	unsigned int nbufs = 2 * setup->iodepth + 8;
	int ret;

	memset(e, 0, sizeof(*e));
	e->conf = *conf;
	e->exec = setup->exec;
	e->ctx.conf = &e->conf;
	e->ctx.tree = &e->tree;
	e->ctx.rng = setup->seed | 1;
	ret = ops_tree_init(&e->tree, setup->root, &setup->shape);
	if (ret) {
		snprintf(err, len, "ops_tree_init: %s", strerror(-ret));
		return ret;
	}
	ret = ops_tree_layout(&e->tree, err, len);
	if (ret)
		goto fail;
	e->nreqs = e->tree.nslots + setup->iodepth + 16;
	e->reqs = calloc(e->nreqs, sizeof(*e->reqs));
	e->done_cap = setup->iodepth + e->tree.nslots;
	e->done = calloc(e->done_cap, sizeof(*e->done));
	e->buf_size = ops_xfer_max(&conf->read_xfer) > ops_xfer_max(&conf->write_xfer) ?
			      ops_xfer_max(&conf->read_xfer) :
			      ops_xfer_max(&conf->write_xfer);
	e->free_bufs = calloc(nbufs, sizeof(*e->free_bufs));
	if (!e->reqs || !e->done || !e->free_bufs ||
	    posix_memalign((void **)&e->bufs, 4096, nbufs * e->buf_size)) {
		ret = -ENOMEM;
		snprintf(err, len, "calloc: %s", strerror(ENOMEM));
		goto fail;
	}
	for (unsigned int i = 0; i < nbufs; i++)
		e->free_bufs[e->nfree_bufs++] = e->bufs + i * e->buf_size;
	for (unsigned int i = 0; i < e->nreqs; i++) {
		e->reqs[i].next = e->free_reqs;
		e->free_reqs = &e->reqs[i];
	}
	if (e->exec == OPS_EXEC_SYNC)
		return 0;
	ret = open_ring(e, e->nreqs + 1, setup->iodepth, err, len);
	if (ret)
		goto fail;
	ret = ops_workers_start(&e->workers, setup->workers ? setup->workers : setup->iodepth);
	if (ret) {
		snprintf(err, len, "pthread_create (%u workers): %s",
			 setup->workers ? setup->workers : setup->iodepth, strerror(-ret));
		goto fail;
	}
	e->workers_on = true;
	ret = arm_eventfd(e);
	if (!ret)
		ret = io_uring_submit(&e->ring) < 0 ? -EIO : 0;
	if (ret) {
		snprintf(err, len, "io_uring_submit (the workers' eventfd): %s", strerror(-ret));
		goto fail;
	}
	return 0;
fail:
	ops_engine_close(e);
	return ret;
}

void ops_engine_close(struct ops_engine *e)
{
	/* housekeeping and closes still in flight finish first: the tree stays whole */
	if (e->requests) {
		e->ndone = 0;
		wait_for(e, 0, true);
	}
	if (e->workers_on)
		ops_workers_stop(&e->workers);
	if (e->ring_open)
		io_uring_queue_exit(&e->ring);
	e->ring_open = e->workers_on = false;
	ops_tree_free(&e->tree);
	free(e->reqs);
	free(e->done);
	free(e->bufs);
	free(e->free_bufs);
	/* conf and the housekeeping error stay: the caller reports from them */
	e->reqs = e->free_reqs = NULL;
	e->done = NULL;
	e->bufs = NULL;
	e->free_bufs = NULL;
	e->nfree_bufs = e->ndone = e->requests = e->inflight = 0;
}
