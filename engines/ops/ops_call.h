/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_CALL_H
#define NFSWEEP_OPS_CALL_H

/*
 * One system call of an nfsweep-ops operation, and the three ways it is
 * made: an io_uring SQE for the calls that have an opcode, or the call
 * itself, in the job's thread (ops_exec=sync) or on a worker thread (the
 * calls io_uring has no opcode for: access, chmod, readlink, statfs,
 * getdents64, fcntl locks).
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

enum ops_call {
	/* io_uring has an opcode */
	CALL_STATX,
	CALL_OPENAT,
	CALL_CLOSE,
	CALL_READ,
	CALL_WRITE,
	CALL_FSYNC,
	CALL_UNLINKAT,
	CALL_MKDIRAT,
	CALL_RENAMEAT,
	/* a worker's */
	CALL_ACCESS,
	CALL_CHMOD,
	CALL_READLINK,
	CALL_STATFS,
	CALL_READDIR,
	CALL_LOCK,
	OPS_NCALLS
};

/* The arguments and result of one call. */
struct ops_callargs {
	enum ops_call call;
	int dirfd;		  /* the *at() calls, statfs, readdir */
	char name[24], name2[24]; /* under dirfd; name2: rename's new name */
	int flags;		  /* openat's, unlinkat's (AT_REMOVEDIR) */
	mode_t mode;
	int fd; /* close, read, write, fsync */
	void *buf;
	size_t len;
	uint64_t off;
	struct statx stx; /* statx's answer */
	long res;	  /* >= 0, or -errno */
};

/* The call's name for messages ("statx", "openat", ..). */
const char *ops_call_name(enum ops_call c);

/* Make the call here, in this thread; its result in @a->res. */
void ops_call_sync(struct ops_callargs *a);

/* io_uring's opcode for @c, or -1 when it has none. */
int ops_call_opcode(enum ops_call c);

struct io_uring_sqe;
/* Fill @sqe for @a (ops_call_opcode(a->call) >= 0); @user_data is the request. */
void ops_call_prep(struct io_uring_sqe *sqe, struct ops_callargs *a, void *user_data);

#endif
