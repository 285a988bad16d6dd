/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RPC_WIRE_H
#define NFSWEEP_RPC_WIRE_H

/*
 * nfsweep-rpc's load on the wire, with no fio here: NFSv3 calls encoded with libnfs's XDR
 * (its ZDR routines, the same bytes its own calls carry) into one buffer and sent together,
 * one send() for every call queued since the last; replies read in bulk, one recv() of all
 * that has arrived, every whole record in it decoded and ended in its callback. libnfs's
 * service loop cannot batch (one send() per call, two recv() per reply: the record marker,
 * then the rest), so the load's connection is libnfs's, taken over once its setup calls are
 * answered (nothing of libnfs's own in flight), and served here.
 *
 * Times: calls sent together leave in one send(), so one clock read stamps them all; replies
 * read together were seen together, so one clock read after the recv() stamps them all, as a
 * clock read per reply would (it would differ only by the decoding between them).
 *
 * System calls: with io_uring, one io_uring_enter() per round (the SEND of the calls started
 * since the last, the RECV standing, waiting for a reply); without it (RPC_WIRE_PLAIN, or a
 * kernel that refuses a ring), a send() and a recv() per round and a poll() when nothing had
 * arrived.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <liburing.h>

#include <nfsc/libnfs.h>
#include <nfsc/libnfs-raw.h>

struct rpc_wire_call; /* one call awaiting its reply */

/* calls encoded: one buffer fills while the other is sent (io_uring reads it meanwhile) */
struct rpc_wire_out {
	char *p;
	size_t len, sent, cap;
};

struct rpc_wire {
	struct rpc_context *rpc; /* libnfs's: the socket, and its callbacks' first argument */
	int fd;
	struct AUTH *auth;
	struct rpc_wire_out out[2];
	unsigned int fill; /* out[fill] takes the calls, out[!fill] is sent */
	char *in;	   /* bytes received, not yet a whole record's, from in_start */
	size_t in_start, in_len, in_cap;
	struct rpc_wire_call *calls; /* cap of them, a call's xid's low bits its index */
	unsigned int cap, bits, free_top, waiting;
	unsigned int *free; /* indexes of calls not in use */
	uint32_t gen;
	/* io_uring: one SEND and one RECV at a time, submitted and waited for in one call */
	struct io_uring *ring;
	bool send_busy, recv_armed;
	/* the stamps' clock, in ns: CLOCK_MONOTONIC's unless the caller sets another (fio's) */
	uint64_t (*clock)(void);
	uint64_t sent_ns, read_ns; /* the last send's and read's clock */
	uint64_t sends;		   /* send()s, or SENDs submitted: rpc_load stamps at each */
	char err[160];
	char ring_why[96]; /* why the wire does not use io_uring, when it does not */
};

/* rpc_wire_init's flags */
#define RPC_WIRE_PLAIN 1 /* send(), recv() and poll(), not io_uring */

/*
 * The wire on @rpc's connection (connected, with nothing of libnfs's in flight), for up to
 * @calls calls awaiting their replies and replies of up to @max_reply bytes (larger ones grow
 * the buffer). With io_uring where the kernel allows it (w->ring; w->ring_why says why not),
 * unless @flags has RPC_WIRE_PLAIN. 0 or -ENOMEM.
 */
int rpc_wire_init(struct rpc_wire *w, struct rpc_context *rpc, unsigned int calls,
		  uint32_t max_reply, int flags);
void rpc_wire_free(struct rpc_wire *w);

/*
 * NFSv3 procedure @proc (NFS3_GETATTR ...) with @args (its ZDR type, e.g. GETATTR3args)
 * encoded, to be sent at the next rpc_wire_serve(); its reply decoded into the procedure's
 * result type and passed to @cb (status RPC_STATUS_SUCCESS with the result, RPC_STATUS_ERROR
 * with the text of a reply that was not accepted). 0, -EINVAL for a procedure the wire does
 * not speak (or arguments it cannot encode: w->err), -EBUSY when @calls await replies already,
 * -ENOMEM.
 */
int rpc_wire_call(struct rpc_wire *w, unsigned int proc, void *args, rpc_cb cb, void *priv);

/* Calls encoded and not yet sent whole. */
static inline bool rpc_wire_unsent(const struct rpc_wire *w)
{
	return w->out[0].sent < w->out[0].len || w->out[1].sent < w->out[1].len;
}

/*
 * Serve the connection once: send what is encoded (one send; the calls in it stamped by
 * w->sent_ns, w->sends counting), end every whole reply that has arrived, and when none had
 * and @wait_ms > 0, wait up to @wait_ms for one. With io_uring all of it is one system call:
 * the SEND and the standing RECV submitted, and the call waits for the reply. The replies
 * ended (0: none whole yet), -ETIME when the wait passed with nothing arriving, or -errno with
 * w->err: -EPIPE when the server closed the connection, -EPROTO for bytes that are no reply to
 * a call awaiting one.
 */
int rpc_wire_serve(struct rpc_wire *w, int wait_ms);

#endif
