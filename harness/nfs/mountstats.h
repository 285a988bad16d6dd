/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_NFS_MOUNTSTATS_H
#define NFSWEEP_NFS_MOUNTSTATS_H

/*
 * /proc/self/mountstats, as the kernel's NFS client prints it: per mount
 * the device, mount point, options, one "xprt:" line per transport
 * (nconnect=8: eight), and per-op RPC counters that belong to the client
 * as a whole. Transport counters are summed over every xprt line (keeping
 * only the last is nfsiostat's old bug).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ms_op {
	char name[24];
	uint64_t ops, trans, timeouts, bytes_sent, bytes_recv;
	uint64_t queue_ms, rtt_ms, exe_ms, errors;
	int has_errors; /* statvers 1.1 kernels print a ninth field */
};

/*
 * One transport's counters, as its "xprt: tcp" line prints them (net/sunrpc/xprtsock.c,
 * xs_tcp_print_stats). At each send the kernel adds to the *_u sums the queues' lengths then
 * (net/sunrpc/xprt.c, xprt_request_transmit): req_u the requests in flight (sends - recvs, the
 * one sent included), bklog_u those waiting for an RPC slot, sending_u those waiting for the
 * transport (its socket full), pending_u those waiting for a reply; so a sum's change divided by
 * the sends' change is the mean queue a request met. max_slots is a high-water mark: the most
 * slots the transport ever had in use since it was made, not a counter.
 */
struct ms_xprt {
	uint64_t sends, recvs, bad_xids, req_u, bklog_u, max_slots, sending_u, pending_u;
};

/* nconnect's limit is 16 (fs/nfs/client.c, NFS_MAX_CONNECTIONS) */
#define MS_MAX_XPRTS 16

struct ms_mount {
	char device[256];
	char mountpoint[512];
	char fstype[16];
	char statvers[8];
	char opts[1024];
	unsigned int xprts;		 /* transports: xprt: lines */
	uint64_t xprt_sends, xprt_recvs; /* summed over the transports */
	/* the first MS_MAX_XPRTS tcp transports' counters (a kernel's statvers 1.0 line has
	 * fewer fields: those left 0), in the order mountstats lists them */
	struct ms_xprt xprt[MS_MAX_XPRTS];
	unsigned int tcp_xprts; /* the entries of xprt[] filled */
	struct ms_op *ops;
	size_t nops;
};

/* Parse @f. Returns 0 with an array of mounts (NFS or not), or -errno. */
int mountstats_parse(FILE *f, struct ms_mount **mounts, size_t *n);
int mountstats_read(const char *path, struct ms_mount **mounts, size_t *n);
void mountstats_free(struct ms_mount *mounts, size_t n);

const struct ms_mount *mountstats_find(const struct ms_mount *mounts, size_t n,
				       const char *mountpoint);
const struct ms_op *ms_find_op(const struct ms_mount *m, const char *name);

/*
 * The transports' queues between two snapshots of one mount, per send over every tcp transport
 * (so per connection): the mean requests in flight (the one sent included), waiting for a slot,
 * waiting for the socket; and the most slots any of them had in use (at @after).
 */
struct ms_xprt_figs {
	uint64_t sends;
	double in_flight, backlog, sending;
	uint64_t max_slots;
};
/* 0, or -ENODATA when no tcp transport sent between them (or they differ in transports). */
int ms_xprt_delta(const struct ms_mount *before, const struct ms_mount *after,
		  struct ms_xprt_figs *f);

/* The change of one op's counters between two snapshots, per RPC. */
struct ms_delta {
	uint64_t ops, retrans, errors;
	double avg_rtt_ms, avg_exe_ms, avg_queue_ms;
	int has_errors;
};
void ms_op_delta(const struct ms_op *before, const struct ms_op *after, struct ms_delta *d);

#endif
