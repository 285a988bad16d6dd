/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RPC_LOAD_H
#define NFSWEEP_RPC_LOAD_H

/*
 * nfsweep-rpc's load, with no fio here: logical operations in flight on an rpc_client's
 * connection, each the RPC of its name on a file, directory, symlink or spare name of the set
 * drawn at random (READ and WRITE split into RPCs of the server's maximum), ended in libnfs's
 * callbacks while rpc_load_service() serves the connection.
 */
#include <stdbool.h>
#include <stdint.h>

#include "rpc/rpc_client.h"

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
	struct rpc_dir *dir; /* CREATE, REMOVE: the spare name's */
	unsigned int spare;
	bool hk; /* the spare name is not as the operation needs: the other one first, untimed */
};

struct rpc_load {
	struct rpc_client *c;
	struct rpc_req *reqs;
	unsigned int depth;
	struct rpc_req **done; /* ended, not yet taken */
	unsigned int ndone;
	uint64_t rng;
	char why[RPC_NOPS][160]; /* each operation's first error, as the server or libnfs said */
};

/* @depth slots on @c's connection, the draws seeded by @seed. 0 or -ENOMEM. */
int rpc_load_init(struct rpc_load *l, struct rpc_client *c, unsigned int depth, uint64_t seed);
void rpc_load_free(struct rpc_load *l);

/* A random 32 bits of the load's own sequence. */
uint32_t rpc_load_draw(struct rpc_load *l);

/*
 * Start operation @op in slot @slot for @user: 0 (it ends in done[]), -EBUSY when no spare name
 * is free for a CREATE or REMOVE, -EIO when libnfs could not queue its first RPC.
 */
int rpc_load_start(struct rpc_load *l, unsigned int slot, int op, void *user);

/* no operation ended in this long while one is awaited: the server is taken for gone */
#define RPC_STALL_MS 60000

/*
 * Serve the connection until at least @min operations have ended (done[]), polling 100 ms at
 * a time, and at least once without waiting. 0, or -errno with @msg: the connection failed,
 * or nothing ended in RPC_STALL_MS (-ETIMEDOUT).
 */
int rpc_load_service(struct rpc_load *l, unsigned int min, char *msg, size_t len);

#endif
