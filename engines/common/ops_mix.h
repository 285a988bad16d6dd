/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_MIX_H
#define NFSWEEP_OPS_MIX_H

/*
 * The operations nfsweep-ops runs, and a mix of them: a weight per
 * operation. Every operation is of fio's read class or of its write class:
 * fio chooses READ or WRITE for each io_u (rwmixread), and the mix picks
 * the operation inside that class, by the weights of the class's
 * operations. With rwmixread set to the mix's own read share (ops_mix_read_pct)
 * the operations come out in the mix's shares. No fio here: unit-tested alone.
 */
#include <stddef.h>
#include <stdint.h>

enum ops_op {
	/* read class */
	OP_STAT,      /* statx of an empty file: GETATTR */
	OP_NEG_STAT,  /* statx of a name that does not exist: LOOKUP */
	OP_ACCESS,    /* faccessat(R_OK): ACCESS */
	OP_READLINK,  /* readlinkat of a symlink: READLINK */
	OP_READDIR,   /* open, getdents64 to the end, close: READDIR(PLUS) */
	OP_STATFS,    /* statfs: FSSTAT */
	OP_READ,      /* one transfer at a random aligned offset: READ */
	OP_READ_FILE, /* the whole file, in transfers */
	OP_SEQ_READ,  /* the next transfer at the file's cursor */
	/* write class */
	OP_WRITE, /* one transfer at a random aligned offset, fsync'd ops_commit_pct of the time */
	OP_WRITE_FILE, /* the whole file, in transfers, then the same fsync share */
	OP_SEQ_WRITE,  /* the next transfer at the file's cursor */
	OP_CREATE,     /* openat(O_CREAT|O_EXCL) + close: CREATE; the name is removed after */
	OP_UNLINK,     /* unlinkat of an empty file: REMOVE; it is made again after */
	OP_UNLINK2,    /* unlinkat of a full file; it is made and filled again after */
	OP_MKDIR,      /* mkdirat: MKDIR; removed after */
	OP_RENAME,     /* renameat of an empty file: RENAME; renamed back after */
	OP_CHMOD,      /* fchmodat, the mode toggled: SETATTR */
	OP_LOCK,       /* open, fcntl write lock of the whole file, unlock, close: LOCK/LOCKU */
	OPS_NOPS
};

enum ops_class {
	OPS_READ_CLASS,
	OPS_WRITE_CLASS
};

struct ops_op_info {
	const char *name;
	enum ops_class cls;
	const char *rpc; /* what the kernel NFS client sends for it, caches permitting */
};
extern const struct ops_op_info ops_ops[OPS_NOPS];

/*
 * The operations a mix is of: nfsweep-ops's (ops_mix_fs, the file-system calls above), or
 * another engine's (nfsweep-rpc's NFSv3 RPCs), each with its published mixes by name. A mix
 * names its table: its weights are the table's operations, in the table's order.
 */
#define OPS_MIX_MAX 24
struct ops_named_mix {
	const char *name;
	const char *spec;	    /* "OP:PCT,..", or */
	const unsigned int *weight; /* a weight per operation of the table, in hundredths */
};
struct ops_mix_table {
	const struct ops_op_info *ops;
	unsigned int nops;
	const struct ops_named_mix *named;
	unsigned int nnamed;
};
extern const struct ops_mix_table ops_mix_fs;

/* The op named @name in @t, or -1. */
int ops_mix_find(const struct ops_mix_table *t, const char *name);
/* The op named @name of nfsweep-ops, or -1. */
int ops_op_find(const char *name);

struct ops_mix {
	const struct ops_mix_table *t;
	unsigned int weight[OPS_MIX_MAX]; /* in hundredths of a percent: 100.00 % = 10000 */
	unsigned int class_total[2];
};

/*
 * A published mix of @t by name ("sfs2008", ..), or "OP:PCT,OP:PCT,.." (PCT with up to two
 * decimals, summing to 100). 0, or -EINVAL with @err naming what is wrong and, for an unknown
 * name, the valid ones. ops_mix_parse: of nfsweep-ops (sfs2008, eda_frontend, eda_backend).
 */
int ops_mix_parse_in(const struct ops_mix_table *t, const char *spec, struct ops_mix *mix,
		     char *err, size_t len);
int ops_mix_parse(const char *spec, struct ops_mix *mix, char *err, size_t len);

/* The mix's read-class share, in percent, rounded: fio's rwmixread for it. */
unsigned int ops_mix_read_pct(const struct ops_mix *mix);

/*
 * The op (an index into the mix's table) for a random 32-bit @r, by the weights of the whole
 * mix, or of class @cls only (-1 when the mix has none of that class).
 */
int ops_mix_pick(const struct ops_mix *mix, uint32_t r);
int ops_mix_pick_in_class(const struct ops_mix *mix, enum ops_class cls, uint32_t r);

/*
 * The share (percent) op @op is asked to have when fio sends @read_pct % of
 * its io_us as reads: its weight within its class times the class's share
 * (a mix of one class only takes every io_u: its weight in the mix).
 */
double ops_mix_asked_pct(const struct ops_mix *mix, int op, unsigned int read_pct);

/* The names of every op of @t, for messages: "stat, neg_stat, ..". */
void ops_mix_names(const struct ops_mix_table *t, char *buf, size_t len);
/* The names of nfsweep-ops's ops. */
void ops_op_names(char *buf, size_t len);

#endif
