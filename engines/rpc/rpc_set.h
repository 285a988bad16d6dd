/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RPC_SET_H
#define NFSWEEP_RPC_SET_H

/*
 * nfsweep-rpc's operations, its mix and its file set, with no fio and no
 * libnfs here (unit-tested alone): which RPC a logical operation is, how
 * large each file of the set is, and how a logical READ or WRITE becomes
 * RPCs of the server's maximum transfer.
 *
 * Where SPEC's public documents are silent (the file sizes and transfer
 * sizes of SFS 2008 are not in them), the choices are ours, written in
 * profiles/sfs2008-wire.fio and here:
 *  - file sizes: 1, 2, 4, 8, 16, 32, 64, 128, 256 KiB and 1 MiB with
 *    shares 33, 21, 13, 10, 8, 5, 4, 3, 2, 1 % (a mean of 26.7 KiB: mostly
 *    small files, as SPEC described SFS's file set), each file's size
 *    fixed by its place in the set;
 *  - a logical READ or WRITE moves the whole file when it is at most
 *    64 KiB, else 64 KiB at a random 8 KiB-aligned offset: one RPC where the
 *    server's maximum transfer is 64 KiB or more (the lab's is 1 MiB), else
 *    split, each part an RPC.
 */
#include <stddef.h>
#include <stdint.h>

#include "common/ops_mix.h"

enum rpc_op {
#define RPC_OP(id, name, cls, proc, sfs2008) RPC_##id,
#include "rpc/rpc_ops.def"
#undef RPC_OP
	RPC_NOPS
};

/* The operations (name, class, the NFSv3 procedure) and the published mix, sfs2008. */
extern const struct ops_mix_table rpc_mix_table;

#define RPC_XFER_MAX (64u * 1024)
#define RPC_XFER_ALIGN (8u * 1024)

/*
 * The operations of one class of a mix as a deck of cards: each operation's weight in cards
 * (the class's weights over their greatest common divisor), shuffled, dealt without
 * replacement and shuffled again when dealt out. Over every whole deck each operation has its
 * exact share, in random order, so that the server's count over a 20 s point is SPEC's mix within a
 * few tenths of a point (fio's own draw of each io_u's class is the rest), where independent
 * draws would wander by half a point (SFS 2008 drew each
 * operation at random; a deck keeps its randomness of order and loses only the sampling noise).
 */
#define RPC_DECK_MAX 10000 /* a class's weights in hundredths of a percent: at most 10000 cards */
struct rpc_deck {
	unsigned char card[RPC_DECK_MAX];
	unsigned int n, next;
};

/* The deck of @mix's operations of class @cls (n 0: the mix has none of that class). */
void rpc_deck_init(struct rpc_deck *k, const struct ops_mix *mix, enum ops_class cls);

/* The next operation, @draw giving random 32 bits for each shuffle's swaps; -1 for no cards. */
int rpc_deck_deal(struct rpc_deck *k, uint32_t (*draw)(void *), void *arg);

/* The size of file @file of directory @dir in a set made with @seed. */
uint64_t rpc_file_size(uint64_t seed, unsigned int dir, unsigned int file);

/* The bytes of a set of @dirs x @files files made with @seed. */
uint64_t rpc_set_bytes(uint64_t seed, unsigned int dirs, unsigned int files);

/* A logical READ or WRITE of a file of @size bytes, placed by a random @r: offset and length. */
void rpc_xfer(uint64_t size, uint32_t r, uint64_t *off, uint32_t *len);

/* The RPCs a transfer of @len bytes takes at the server's maximum @max (>= 1). */
unsigned int rpc_xfer_rpcs(uint32_t len, uint32_t max);

/*
 * An nfs:// URL into its server and export ("nfs://server/export/path": "server",
 * "/export/path"). 0, or -EINVAL with @err saying what is wrong: another scheme, no server,
 * no export, a query or port part (not taken), a name too long.
 */
int rpc_url_parse(const char *url, char *server, size_t slen, char *export, size_t elen, char *err,
		  size_t len);

#endif
