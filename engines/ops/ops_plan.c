// SPDX-License-Identifier: GPL-2.0
/* The operations of nfsweep-ops, call by call (see ops_plan.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "ops/ops_plan.h"

enum ops_step {
	S_TIMED_START, /* the timed part begins (after any untimed preparation) */
	S_END_TIMED,   /* the timed part is over */
	S_END_ALL,     /* housekeeping is over */
	/* timed */
	S_STATX_E,
	S_STATX_N,
	S_ACCESS_E,
	S_CHMOD_E,
	S_READLINK_L,
	S_STATFS,
	S_READDIR,
	S_LOCK_E,
	S_OPEN_C, /* openat(cI, O_CREAT|O_EXCL) */
	S_CLOSE,  /* close the fd the step before opened */
	S_UNLINK_E,
	S_UNLINK_F,
	S_MKDIR_M,
	S_RENAME_ER,
	S_OPEN_F, /* fI from the fd cache, or openat */
	S_READ_ONE,
	S_WRITE_ONE,
	S_READ_ALL,
	S_WRITE_ALL,
	S_SEQ_READ,
	S_SEQ_WRITE,
	S_FSYNC_MAYBE, /* fsync, ops_commit_pct of the time */
	/* untimed */
	S_CLOSE_CACHED, /* close fI's cached fd: unlinking an open file would be a rename on NFS */
	S_UNLINK_C,
	S_CREATE_E,
	S_CREATE_F,
	S_FILL_F,
	S_RMDIR_M,
	S_RENAME_RE,
};

#define T S_TIMED_START
#define E S_END_TIMED
#define X S_END_ALL
static const unsigned char prog_stat[] = { T, S_STATX_E, E, X };
static const unsigned char prog_neg_stat[] = { T, S_STATX_N, E, X };
static const unsigned char prog_access[] = { T, S_ACCESS_E, E, X };
static const unsigned char prog_chmod[] = { T, S_CHMOD_E, E, X };
static const unsigned char prog_readlink[] = { T, S_READLINK_L, E, X };
static const unsigned char prog_statfs[] = { T, S_STATFS, E, X };
static const unsigned char prog_readdir[] = { T, S_READDIR, E, X };
static const unsigned char prog_lock[] = { T, S_LOCK_E, E, X };
static const unsigned char prog_create[] = { T, S_OPEN_C, S_CLOSE, E, S_UNLINK_C, X };
static const unsigned char prog_unlink[] = { T, S_UNLINK_E, E, S_CREATE_E, S_CLOSE, X };
static const unsigned char prog_unlink2[] = { S_CLOSE_CACHED, T,	S_UNLINK_F, E,
					      S_CREATE_F,     S_FILL_F, S_CLOSE,    X };
static const unsigned char prog_mkdir[] = { T, S_MKDIR_M, E, S_RMDIR_M, X };
static const unsigned char prog_rename[] = { T, S_RENAME_ER, E, S_RENAME_RE, X };
static const unsigned char prog_read[] = { T, S_OPEN_F, S_READ_ONE, E, X };
static const unsigned char prog_write[] = { T, S_OPEN_F, S_WRITE_ONE, S_FSYNC_MAYBE, E, X };
static const unsigned char prog_read_file[] = { T, S_OPEN_F, S_READ_ALL, E, X };
static const unsigned char prog_write_file[] = { T, S_OPEN_F, S_WRITE_ALL, S_FSYNC_MAYBE, E, X };
static const unsigned char prog_seq_read[] = { T, S_OPEN_F, S_SEQ_READ, E, X };
static const unsigned char prog_seq_write[] = { T, S_OPEN_F, S_SEQ_WRITE, S_FSYNC_MAYBE, E, X };
static const unsigned char prog_close[] = { S_CLOSE, X };
#undef T
#undef E
#undef X

/* clang-format off */
static const unsigned char *const programs[OPS_NOPS] = {
	[OP_STAT] = prog_stat, [OP_NEG_STAT] = prog_neg_stat, [OP_ACCESS] = prog_access,
	[OP_READLINK] = prog_readlink, [OP_READDIR] = prog_readdir, [OP_STATFS] = prog_statfs,
	[OP_READ] = prog_read, [OP_READ_FILE] = prog_read_file, [OP_SEQ_READ] = prog_seq_read,
	[OP_WRITE] = prog_write, [OP_WRITE_FILE] = prog_write_file,
	[OP_SEQ_WRITE] = prog_seq_write, [OP_CREATE] = prog_create, [OP_UNLINK] = prog_unlink,
	[OP_UNLINK2] = prog_unlink2, [OP_MKDIR] = prog_mkdir, [OP_RENAME] = prog_rename,
	[OP_CHMOD] = prog_chmod, [OP_LOCK] = prog_lock,
};
/* clang-format on */

void ops_req_start(struct ops_ctx *c, struct ops_req *r, enum ops_op op, int slot, void *buf)
{
	(void)c;
	memset(r, 0, sizeof(*r));
	r->op = op;
	r->slot = slot;
	r->prog = programs[op];
	r->buf = buf;
	r->evict_fd = -1;
	r->a.fd = -1;
}

void ops_req_start_close(struct ops_req *r, int fd)
{
	memset(r, 0, sizeof(*r));
	r->slot = -1;
	r->prog = prog_close;
	r->evict_fd = -1;
	r->a.fd = fd;
}

/* Set up call @call on name kind @k of the request's slot. */
static void on_name(struct ops_ctx *c, struct ops_req *r, enum ops_call call, char k)
{
	struct ops_tree *t = c->tree;
	int fd = r->a.fd;

	memset(&r->a, 0, sizeof(r->a));
	r->a.call = call;
	r->a.fd = fd;
	if (r->slot < 0)
		return; /* a detached close */
	r->a.dirfd = t->dir_fd[ops_tree_dir(t, (unsigned int)r->slot)];
	if (k)
		ops_tree_name(k, ops_tree_idx(t, (unsigned int)r->slot), r->a.name,
			      sizeof(r->a.name));
}

/* A data call on fI's cached fd: @len bytes at @off. */
static void on_data(struct ops_ctx *c, struct ops_req *r, enum ops_call call, uint64_t off,
		    uint64_t len)
{
	on_name(c, r, call, 0);
	r->a.fd = c->tree->fd[r->slot];
	r->a.buf = r->buf;
	r->a.len = (size_t)len;
	r->a.off = off;
}

/* fI's fd into the cache; past ops_fd_cache, the least recently used idle one goes. */
static void cache_fd(struct ops_ctx *c, struct ops_req *r, int fd)
{
	struct ops_tree *t = c->tree;
	int victim = -1;

	t->fd[r->slot] = fd;
	t->fd_used[r->slot] = ++c->clock;
	if (++t->nfds <= c->conf->fd_cache)
		return;
	for (unsigned int s = 0; s < t->nslots; s++)
		if (t->fd[s] >= 0 && !t->busy[s] &&
		    (victim < 0 || t->fd_used[s] < t->fd_used[victim]))
			victim = (int)s;
	if (victim < 0)
		return; /* every cached file is in use: over the cap for a while */
	r->evict_fd = t->fd[victim];
	t->fd[victim] = -1;
	t->nfds--;
}

static uint64_t file_size(const struct ops_ctx *c)
{
	return c->tree->shape.file_size;
}

/* A transfer that fits the file and the buffer. */
static uint64_t pick_xfer(struct ops_ctx *c, const struct ops_xfer *x)
{
	uint64_t len = ops_xfer_pick(x, ops_rand(c));

	return len > file_size(c) ? file_size(c) : len;
}

/* Is @res what the step's call may answer? (housekeeping finds things as they should be) */
static bool expected(unsigned char step, long res)
{
	if (res >= 0)
		return true;
	switch (step) {
	case S_STATX_N:
		return res == -ENOENT; /* neg_stat: the name is not there */
	case S_UNLINK_C:
	case S_RMDIR_M:
	case S_RENAME_RE:
	case S_CREATE_E:
		return res == -ENOENT || res == -EEXIST;
	default:
		return false;
	}
}

/* Take the answer of the call made for step prog[pc]. Returns true to stay on the step. */
static bool answered(struct ops_ctx *c, struct ops_req *r, unsigned char step)
{
	struct ops_tree *t = c->tree;
	long res = r->a.res;

	if (!expected(step, res)) {
		if (!r->error && !r->hk_error) {
			r->err_call = r->a.call;
			snprintf(r->err_name, sizeof(r->err_name), "%s", r->a.name);
		}
		if (!r->timed) {
			/* housekeeping goes on: the next steps restore what they can */
			if (!r->hk_error)
				r->hk_error = (int)-res;
			return false;
		}
		if (!r->error)
			r->error = (int)-res;
		/* the op failed: what it was to do next is not done; housekeeping is */
		while (r->prog[r->pc] != S_END_TIMED && r->prog[r->pc] != S_END_ALL)
			r->pc++;
		return true;
	}
	switch (step) {
	case S_OPEN_C:
	case S_CREATE_E:
	case S_CREATE_F:
		r->a.fd = res >= 0 ? (int)res : -1;
		return false;
	case S_OPEN_F:
		cache_fd(c, r, (int)res);
		return false;
	case S_CLOSE_CACHED:
	case S_CLOSE:
		r->a.fd = -1;
		return false;
	case S_READ_ONE:
	case S_WRITE_ONE:
	case S_SEQ_READ:
	case S_SEQ_WRITE:
		r->bytes += (uint64_t)res;
		return false;
	case S_READ_ALL:
	case S_WRITE_ALL:
	case S_FILL_F:
		r->bytes += step == S_FILL_F ? 0 : (uint64_t)res;
		r->done_bytes += (uint64_t)res;
		/* again until the whole file is done (a read of 0 bytes: the file ended) */
		return res > 0 && r->done_bytes < file_size(c);
	case S_CHMOD_E:
		t->mode_toggle[r->slot] ^= 1;
		return false;
	default:
		return false;
	}
}

/* Set up the call of a data step (a transfer, a fill, a commit); false when it needs none. */
static bool setup_data(struct ops_ctx *c, struct ops_req *r, unsigned char step)
{
	struct ops_tree *t = c->tree;
	const struct ops_conf *conf = c->conf;
	uint64_t off, len;

	switch (step) {
	case S_READ_ONE:
	case S_WRITE_ONE:
		len = pick_xfer(c, step == S_READ_ONE ? &conf->read_xfer : &conf->write_xfer);
		off = (ops_rand(c) % (file_size(c) / len)) * len;
		on_data(c, r, step == S_READ_ONE ? CALL_READ : CALL_WRITE, off, len);
		return true;
	case S_SEQ_READ:
	case S_SEQ_WRITE:
		len = pick_xfer(c, step == S_SEQ_READ ? &conf->read_xfer : &conf->write_xfer);
		off = t->cursor[r->slot];
		if (off + len > file_size(c))
			off = 0;
		t->cursor[r->slot] = off + len;
		on_data(c, r, step == S_SEQ_READ ? CALL_READ : CALL_WRITE, off, len);
		return true;
	case S_READ_ALL:
	case S_WRITE_ALL:
		if (!r->xfer)
			r->xfer = pick_xfer(c, step == S_READ_ALL ? &conf->read_xfer :
								    &conf->write_xfer);
		len = file_size(c) - r->done_bytes < r->xfer ? file_size(c) - r->done_bytes :
							       r->xfer;
		on_data(c, r, step == S_READ_ALL ? CALL_READ : CALL_WRITE, r->done_bytes, len);
		return true;
	case S_FILL_F: {
		int fd = r->a.fd;

		if (fd < 0)
			return false;
		len = ops_xfer_max(&conf->write_xfer);
		if (file_size(c) - r->done_bytes < len)
			len = file_size(c) - r->done_bytes;
		if (!len)
			return false;
		on_name(c, r, CALL_WRITE, 0);
		r->a.fd = fd;
		r->a.buf = r->buf;
		r->a.len = (size_t)len;
		r->a.off = r->done_bytes;
		return true;
	}
	case S_FSYNC_MAYBE:
		if (ops_rand(c) % 100 >= conf->commit_pct)
			return false;
		on_name(c, r, CALL_FSYNC, 0);
		r->a.fd = t->fd[r->slot];
		return true;
	default:
		return false;
	}
}

/* setup's steps of opening and closing files (the others: setup_data's). */
static bool setup_files(struct ops_ctx *c, struct ops_req *r, unsigned char step)
{
	struct ops_tree *t = c->tree;
	const struct ops_conf *conf = c->conf;

	switch (step) {
	case S_OPEN_C:
	case S_CREATE_E:
	case S_CREATE_F:
		on_name(c, r, CALL_OPENAT, step == S_OPEN_C ? 'c' : step == S_CREATE_E ? 'e' : 'f');
		r->a.flags = O_WRONLY | O_CREAT | (step == S_OPEN_C ? O_EXCL : 0) |
			     (step == S_CREATE_F ? O_TRUNC : 0);
		r->a.mode = 0644;
		r->done_bytes = 0;
		return true;
	case S_CLOSE:
		if (r->a.fd < 0)
			return false; /* the open before it failed */
		on_name(c, r, CALL_CLOSE, 0);
		return true;
	case S_CLOSE_CACHED:
		if (t->fd[r->slot] < 0)
			return false;
		on_name(c, r, CALL_CLOSE, 0);
		r->a.fd = t->fd[r->slot];
		t->fd[r->slot] = -1;
		t->nfds--;
		return true;
	case S_OPEN_F:
		if (t->fd[r->slot] >= 0) {
			t->fd_used[r->slot] = ++c->clock;
			return false;
		}
		on_name(c, r, CALL_OPENAT, 'f');
		r->a.flags = O_RDWR | (conf->direct ? O_DIRECT : 0);
		return true;
	default:
		return setup_data(c, r, step);
	}
}

/* Set up the call of step @step; false when the step needs none. */
static bool setup(struct ops_ctx *c, struct ops_req *r, unsigned char step)
{
	struct ops_tree *t = c->tree;

	switch (step) {
	case S_STATX_E:
		on_name(c, r, CALL_STATX, 'e');
		return true;
	case S_STATX_N:
		on_name(c, r, CALL_STATX, 'n');
		return true;
	case S_ACCESS_E:
		on_name(c, r, CALL_ACCESS, 'e');
		return true;
	case S_READLINK_L:
		on_name(c, r, CALL_READLINK, 'l');
		return true;
	case S_STATFS:
		on_name(c, r, CALL_STATFS, 0);
		return true;
	case S_READDIR:
		on_name(c, r, CALL_READDIR, 0);
		return true;
	case S_LOCK_E:
		on_name(c, r, CALL_LOCK, 'e');
		return true;
	case S_UNLINK_E:
		on_name(c, r, CALL_UNLINKAT, 'e');
		return true;
	case S_UNLINK_F:
		on_name(c, r, CALL_UNLINKAT, 'f');
		return true;
	case S_UNLINK_C:
		on_name(c, r, CALL_UNLINKAT, 'c');
		return true;
	case S_CHMOD_E:
		on_name(c, r, CALL_CHMOD, 'e');
		r->a.mode = t->mode_toggle[r->slot] ? 0644 : 0640;
		return true;
	case S_MKDIR_M:
		on_name(c, r, CALL_MKDIRAT, 'm');
		r->a.mode = 0755;
		return true;
	case S_RMDIR_M:
		on_name(c, r, CALL_UNLINKAT, 'm');
		r->a.flags = AT_REMOVEDIR;
		return true;
	case S_RENAME_ER:
	case S_RENAME_RE:
		on_name(c, r, CALL_RENAMEAT, step == S_RENAME_ER ? 'e' : 'r');
		ops_tree_name(step == S_RENAME_ER ? 'r' : 'e',
			      ops_tree_idx(t, (unsigned int)r->slot), r->a.name2,
			      sizeof(r->a.name2));
		return true;
	default:
		return setup_files(c, r, step);
	}
}

enum ops_next ops_req_next(struct ops_ctx *c, struct ops_req *r)
{
	if (r->in_call) {
		r->in_call = false;
		if (!answered(c, r, r->prog[r->pc]))
			r->pc++;
	}
	for (;;) {
		unsigned char step = r->prog[r->pc];

		switch (step) {
		case S_TIMED_START:
			r->timed = true;
			r->pc++;
			continue;
		case S_END_TIMED:
			r->timed = false;
			r->pc++;
			return OPS_NEXT_TIMED_END;
		case S_END_ALL:
			return OPS_NEXT_DONE;
		default:
			if (setup(c, r, step)) {
				r->in_call = true;
				return OPS_NEXT_CALL;
			}
			r->pc++;
		}
	}
}
