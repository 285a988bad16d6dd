/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_PLAN_H
#define NFSWEEP_OPS_PLAN_H

/*
 * What each operation of nfsweep-ops does, call by call: its timed calls,
 * then the untimed housekeeping that puts its slot of the tree back as it
 * was (SPEC's benchmarks do the same). An operation in flight is a request
 * that steps through its program: ops_req_next() looks at the result of
 * the call just made and says what to do next. Where a call is made (the
 * ring, a worker, this thread) is the caller's business: the same program
 * runs in every ops_exec mode.
 */
#include <stdbool.h>
#include <stdint.h>

#include "ops/ops_call.h"
#include "common/ops_mix.h"
#include "ops/ops_tree.h"
#include "ops/ops_xfer.h"

/* How a job runs its operations: what ops_* options say. */
struct ops_conf {
	struct ops_mix mix;
	struct ops_xfer read_xfer, write_xfer;
	unsigned int commit_pct; /* writes followed by fsync, percent */
	unsigned int fd_cache;	 /* full files kept open at most */
	bool direct;		 /* O_DIRECT on the full files */
};

struct ops_ctx {
	const struct ops_conf *conf;
	struct ops_tree *tree;
	uint64_t rng;	/* xorshift64 state */
	uint64_t clock; /* the fd cache's LRU clock */
};

enum ops_step;

struct ops_req {
	enum ops_op op;
	int slot;		   /* -1: a detached close of an evicted fd */
	void *user;		   /* the caller's (fio's io_u) */
	const unsigned char *prog; /* the op's steps, ending with S_END_ALL */
	unsigned int pc;
	bool in_call; /* a call was handed out and has not been answered */
	bool timed;   /* in the timed part */
	bool timed_started;
	uint64_t done_bytes, bytes; /* whole-file I/O: progress; bytes moved */
	uint64_t xfer;		    /* this op's transfer size */
	int error;		    /* the timed part's first unexpected errno, 0 none */
	int hk_error;		    /* housekeeping's (the tree may need repair) */
	enum ops_call err_call;	    /* where the first of them came from */
	char err_name[24];
	int evict_fd;	       /* an fd the cache let go: close it (detached), or -1 */
	struct ops_callargs a; /* the call to make now */
	void *buf;	       /* the request's data buffer (max transfer) */
	uint64_t start_ns;     /* when the timed part's first call went out */
	struct ops_req *next;  /* on the caller's lists */
};

/* xorshift64: cheap, and good enough to pick ops, slots and offsets. */
static inline uint32_t ops_rand(struct ops_ctx *c)
{
	c->rng ^= c->rng << 13;
	c->rng ^= c->rng >> 7;
	c->rng ^= c->rng << 17;
	return (uint32_t)(c->rng >> 32);
}

/* Start op @op on slot @slot (picked busy by the caller) with buffer @buf. */
void ops_req_start(struct ops_ctx *c, struct ops_req *r, enum ops_op op, int slot, void *buf);

/* A detached close of @fd (an evicted cached fd): its only call. */
void ops_req_start_close(struct ops_req *r, int fd);

enum ops_next {
	OPS_NEXT_CALL,	    /* make r->a's call, then ops_req_next() again */
	OPS_NEXT_TIMED_END, /* the timed part is over (r->error says how); call again */
	OPS_NEXT_DONE,	    /* housekeeping done: release the slot, free the request */
};

/*
 * After ops_req_start() or after the call handed out last has its result
 * in r->a.res: what to do next. A call's unexpected error ends the timed
 * part with r->error set; housekeeping then restores what the op changed.
 */
enum ops_next ops_req_next(struct ops_ctx *c, struct ops_req *r);

#endif
