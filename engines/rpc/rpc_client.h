/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RPC_CLIENT_H
#define NFSWEEP_RPC_CLIENT_H

/*
 * nfsweep-rpc's NFSv3 client, with no fio here: MOUNT's MNT of the export for its root
 * handle, one NFSv3 connection (libnfs's raw RPC context), FSINFO for the server's maximum
 * transfers, and the job's file set laid out under the export one call at a time (untimed),
 * or found as the plan made it and reused. Every RPC sent is counted per NFSv3 procedure, the
 * layout's and housekeeping's apart.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <nfsc/libnfs.h>
#include <nfsc/libnfs-raw.h>
#include <nfsc/libnfs-raw-nfs.h>

#include "rpc/rpc_set.h"

#define RPC_FHSIZE 64 /* NFSv3's largest file handle (NFS3_FHSIZE) */
#define RPC_NFS3_PROCS 22

/* NFSv3's procedures by number, lower case ("getattr"): the statistics' names */
extern const char *const rpc_proc_names[RPC_NFS3_PROCS];
/* the NFSv3 procedure of each operation */
extern const unsigned char rpc_op_proc[RPC_NOPS];

struct rpc_fh {
	uint32_t len;
	char val[RPC_FHSIZE];
};

struct rpc_file {
	struct rpc_fh fh;
	uint64_t size;
};

enum {
	RPC_SPARE_PRESENT = 1,
	RPC_SPARE_BUSY = 2
};

struct rpc_dir {
	struct rpc_fh fh;
	struct rpc_file *files;
	struct rpc_fh *links;
	unsigned char *spare; /* RPC_SPARE_* per spare name: CREATE and REMOVE take turns on them */
	unsigned int changing, listing; /* its CREATEs and REMOVEs in flight; its READDIRs */
};

/* What a job's file set is: the plan its names and sizes come from. */
struct rpc_shape {
	unsigned int dirs, files, links, spares; /* per directory but dirs */
	uint64_t seed;
};

struct rpc_client {
	struct rpc_context *rpc;
	struct rpc_shape shape;
	struct rpc_fh root, top;
	char topname[256];
	struct rpc_dir *dirs;
	uint32_t rtmax, wtmax;
	char *wbuf; /* what WRITEs send: the larger of wtmax and RPC_XFER_MAX, zeros */
	bool setup; /* the RPCs now are the layout's, counted apart */
	uint64_t sent[RPC_NFS3_PROCS], setup_sent[RPC_NFS3_PROCS], hk_sent[RPC_NFS3_PROCS];
};

/*
 * Connect to @server's @export (MNT, NFSv3, FSINFO) and lay out or find the set @shape under
 * the directory @topname of the export. 0, or -errno with @msg saying which call failed and
 * what the server or the network said (an export refused names its likely reasons).
 */
int rpc_client_open(struct rpc_client *c, const char *server, const char *export,
		    const struct rpc_shape *shape, const char *topname, char *msg, size_t len);
void rpc_client_close(struct rpc_client *c);

/* One RPC of procedure @proc sent: counted, as housekeeping's if @hk (or the layout's). */
void rpc_client_count(struct rpc_client *c, unsigned int proc, bool hk);

uint64_t rpc_now_ns(void);

/* @f as libnfs's arguments take a handle (pointing into @f) */
/* libnfs's text of @rpc's last error; it has none when the server closed the connection. */
static inline const char *rpc_error_text(struct rpc_context *rpc)
{
	const char *e = rpc_get_error(rpc);

	return e && *e ? e : "the server closed the connection";
}

static inline nfs_fh3 rpc_fh3(const struct rpc_fh *f)
{
	return (nfs_fh3){ .data = { .data_len = f->len, .data_val = (char *)f->val } };
}

/* attributes that set the mode only */
static inline sattr3 rpc_mode_attr(unsigned int mode)
{
	sattr3 s;

	memset(&s, 0, sizeof(s));
	s.mode.set_it = 1;
	s.mode.set_mode3_u.mode = mode;
	return s;
}

#endif
