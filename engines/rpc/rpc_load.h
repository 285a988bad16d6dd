/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RPC_LOAD_H
#define NFSWEEP_RPC_LOAD_H

/*
 * nfsweep-rpc's load, with no fio here: logical operations in flight on an rpc_client's
 * connection, each the RPC of its name on a file, directory, symlink or spare name of the set
 * drawn at random (READ and WRITE split into RPCs of the server's maximum), sent and ended on
 * the wire (rpc_wire.h: the RPCs started since the last call sent in one send(), the replies
 * read in bulk) while rpc_load_service() serves the connection. Each operation's time runs from
 * the send() of its RPCs (of its timed part's) to the recv() that brought its last reply.
 */
#include <stdbool.h>
#include <stdint.h>

#include "rpc/rpc_client.h"
#include "rpc/rpc_wire.h"

/* one logical operation in flight, in a slot of its own */
struct rpc_req {
	struct rpc_load *l;
	void *user;
	int op;
	unsigned int parts; /* its RPCs still out */
	unsigned int rpcs;  /* the RPCs of its timed part */
	int error;	    /* an errno, 0 */
	uint64_t bytes;
	uint64_t start_ns, end_ns;
	struct rpc_dir *dir;	/* CREATE, REMOVE: the spare name's */
	struct rpc_dir *listed; /* READDIR, READDIRPLUS: the directory listed */
	unsigned int spare;
	bool hk; /* the spare name is not as the operation needs: the other one first, untimed */
};

struct rpc_load {
	struct rpc_client *c;
	struct rpc_req *reqs;
	unsigned int depth;
	struct rpc_req **done; /* ended, not yet taken */
	unsigned int ndone;
	struct rpc_req **unsent; /* started since the last flush: stamped by the next */
	unsigned int nunsent;
	struct rpc_wire w;
	uint64_t rng;
	char why[RPC_NOPS][160]; /* each operation's first error, as the server or the wire said */
};

/*
 * @depth slots on @c's connection (opened: its setup calls answered, its maximum transfers
 * known), the draws seeded by @seed, the wire's @flags (RPC_WIRE_PLAIN). 0 or -ENOMEM.
 */
int rpc_load_init(struct rpc_load *l, struct rpc_client *c, unsigned int depth, uint64_t seed,
		  int flags);
void rpc_load_free(struct rpc_load *l);

/* A random 32 bits of the load's own sequence. */
uint32_t rpc_load_draw(struct rpc_load *l);

/*
 * Start operation @op in slot @slot for @user: 0 (it ends in done[]), -EBUSY when no spare name
 * is free for a CREATE or REMOVE, -EIO when its first RPC could not be encoded (l->w.err).
 * Its RPCs leave at the next rpc_load_service().
 */
int rpc_load_start(struct rpc_load *l, unsigned int slot, int op, void *user);

/* no operation ended in this long while one is awaited: the server is taken for gone */
#define RPC_STALL_MS 60000

/*
 * Serve the connection until at least @min operations have ended (done[]): send what has been
 * started, take what has arrived, and wait 100 ms at a time while fewer than @min have ended
 * (rpc_wire_serve); at least once. 0, or -errno with @msg: the connection failed,
 * or nothing ended in RPC_STALL_MS (-ETIMEDOUT).
 */
int rpc_load_service(struct rpc_load *l, unsigned int min, char *msg, size_t len);

#endif
