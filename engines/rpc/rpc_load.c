// SPDX-License-Identifier: GPL-2.0
/* nfsweep-rpc's load: logical operations in flight (see rpc_load.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rpc/rpc_load.h"

/* xorshift64*: the load's own draws (files, operations within a class, offsets) */
uint32_t rpc_load_draw(struct rpc_load *l)
{
	l->rng ^= l->rng >> 12;
	l->rng ^= l->rng << 25;
	l->rng ^= l->rng >> 27;
	return (uint32_t)((l->rng * 0x2545f4914f6cdd1dull) >> 32);
}

static unsigned int below(struct rpc_load *l, unsigned int n)
{
	return (unsigned int)(((uint64_t)rpc_load_draw(l) * n) >> 32);
}

static void finish_part(struct rpc_req *q);

/* @q's spare name and directory free for other operations again. */
static void release(struct rpc_req *q)
{
	if (q->dir) {
		q->dir->spare[q->spare] &= (unsigned char)~RPC_SPARE_BUSY;
		q->dir->changing--;
	}
	if (q->listed)
		q->listed->listing--;
}

static void op_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
	struct rpc_req *q = priv;
	int nfs_status;

	(void)rpc;
	if (status != RPC_STATUS_SUCCESS || !data) {
		if (!q->error)
			q->error = status == RPC_STATUS_TIMEOUT ? ETIMEDOUT : EIO;
		if (!q->l->why[q->op][0])
			snprintf(q->l->why[q->op], sizeof(q->l->why[q->op]), "%s",
				 status == RPC_STATUS_ERROR && data ? (char *)data :
				 status == RPC_STATUS_TIMEOUT	    ? "no answer (timed out)" :
								      "cancelled");
		finish_part(q);
		return;
	}
	nfs_status = *(nfsstat3 *)data;
	if (nfs_status != NFS3_OK) {
		int e = -nfsstat3_to_errno(nfs_status);

		if (!q->error)
			q->error = e > 0 ? e : EIO;
		if (!q->l->why[q->op][0])
			snprintf(q->l->why[q->op], sizeof(q->l->why[q->op]), "%s",
				 nfsstat3_to_str(nfs_status));
	} else if (q->op == RPC_READ)
		q->bytes += ((READ3res *)data)->READ3res_u.resok.count;
	else if (q->op == RPC_WRITE)
		q->bytes += ((WRITE3res *)data)->WRITE3res_u.resok.count;
	finish_part(q);
}

static int send_op(struct rpc_req *q);

/* @q's RPCs leave at the next flush, which stamps its start (rpc_wire.h, "Times") */
static void unsent(struct rpc_load *l, struct rpc_req *q)
{
	q->start_ns = 0;
	l->unsent[l->nunsent++] = q;
}

/*
 * A part's end: the operation's when it was the last. A housekeeping CREATE or REMOVE (the
 * spare name was not as the timed one needs) is followed by the timed operation, timed from
 * its own start.
 */
static void finish_part(struct rpc_req *q)
{
	struct rpc_load *l = q->l;

	if (--q->parts)
		return;
	if (q->hk && !q->error) {
		q->dir->spare[q->spare] ^= RPC_SPARE_PRESENT;
		q->hk = false;
		q->rpcs = 0;
		if (!send_op(q)) {
			unsent(l, q);
			return;
		}
		q->error = EIO;
	}
	if (!q->error && (q->op == RPC_CREATE || q->op == RPC_REMOVE))
		q->dir->spare[q->spare] ^= RPC_SPARE_PRESENT;
	release(q);
	q->end_ns = l->w.read_ns;
	l->done[l->ndone++] = q;
}

static struct rpc_file *any_file(struct rpc_load *l, struct rpc_dir **dir, unsigned int *i)
{
	*dir = &l->c->dirs[below(l, l->c->shape.dirs)];
	*i = below(l, l->c->shape.files);
	return &(*dir)->files[*i];
}

/*
 * The first spare name from @at not in use, in state @present if one is (*@exact), else in
 * either; in a directory no READDIR lists unless @listed. Its index, or n when none.
 */
static unsigned int find_spare(struct rpc_load *l, unsigned int at, bool present, bool listed,
			       bool *exact)
{
	unsigned int n = l->c->shape.dirs * l->c->shape.spares, other = n;

	for (unsigned int k = 0; k < n; k++) {
		unsigned int i = (at + k) % n;
		struct rpc_dir *d = &l->c->dirs[i / l->c->shape.spares];
		unsigned char s = d->spare[i % l->c->shape.spares];

		if ((s & RPC_SPARE_BUSY) || (!listed && d->listing))
			continue;
		if (!!(s & RPC_SPARE_PRESENT) == present) {
			*exact = true;
			return i;
		}
		if (other == n)
			other = i;
	}
	*exact = false;
	return other;
}

/*
 * A spare name for CREATE (@present false) or REMOVE: one in that state, or any not in use;
 * in a directory no READDIR is listing where there is one. SPEC's load generators never change
 * a directory one of them is listing (each process its own, one operation at a time), and
 * NFS-Ganesha answered a READDIR racing a CREATE or REMOVE in its directory with NFS3ERR_NOENT
 * now and then (t_rpc_ganesha: about one run in six).
 */
static bool pick_spare(struct rpc_load *l, struct rpc_req *q, bool present)
{
	unsigned int n = l->c->shape.dirs * l->c->shape.spares, at = below(l, n), i;
	bool exact;

	i = find_spare(l, at, present, false, &exact);
	if (i == n)
		i = find_spare(l, at, present, true, &exact);
	if (i == n)
		return false;
	/* none in the state the operation needs: the other operation first, untimed */
	q->hk = !exact;
	q->dir = &l->c->dirs[i / l->c->shape.spares];
	q->spare = i % l->c->shape.spares;
	q->dir->spare[q->spare] |= RPC_SPARE_BUSY;
	q->dir->changing++;
	return true;
}

/* A directory for READDIR or READDIRPLUS, none of its names being made or removed if one is. */
static struct rpc_dir *quiet_dir(struct rpc_req *q)
{
	struct rpc_load *l = q->l;
	unsigned int n = l->c->shape.dirs, at = below(l, n);
	struct rpc_dir *d = &l->c->dirs[at];

	for (unsigned int k = 0; k < n && d->changing; k++)
		if (!l->c->dirs[(at + k) % n].changing)
			d = &l->c->dirs[(at + k) % n];
	q->listed = d;
	d->listing++;
	return d;
}

/* @q's directory RPC @op (READLINK, READDIR, READDIRPLUS, FSSTAT) encoded: the wire's answer. */
static int send_dir(struct rpc_req *q, int op)
{
	struct rpc_load *l = q->l;
	struct rpc_wire *w = &l->w;
	struct rpc_dir *dir;
	int ret = -1;

	switch (op) {
	case RPC_READLINK: {
		READLINK3args a;

		dir = &l->c->dirs[below(l, l->c->shape.dirs)];
		a.symlink = rpc_fh3(&dir->links[below(l, l->c->shape.links)]);
		ret = rpc_wire_call(w, NFS3_READLINK, &a, op_cb, q);
		break;
	}
	case RPC_READDIR: {
		READDIR3args a;

		memset(&a, 0, sizeof(a));
		a.dir = rpc_fh3(&quiet_dir(q)->fh);
		a.count = 8192;
		ret = rpc_wire_call(w, NFS3_READDIR, &a, op_cb, q);
		break;
	}
	case RPC_READDIRPLUS: {
		READDIRPLUS3args a;

		memset(&a, 0, sizeof(a));
		a.dir = rpc_fh3(&quiet_dir(q)->fh);
		a.dircount = 4096;
		a.maxcount = 8192;
		ret = rpc_wire_call(w, NFS3_READDIRPLUS, &a, op_cb, q);
		break;
	}
	case RPC_FSSTAT: {
		FSSTAT3args a = { .fsroot = rpc_fh3(&l->c->root) };

		ret = rpc_wire_call(w, NFS3_FSSTAT, &a, op_cb, q);
		break;
	}
	default:
		break;
	}
	return ret;
}

/* @q's metadata RPC @op (GETATTR to FSSTAT) encoded: the wire's answer (< 0: refused). */
static int send_meta(struct rpc_req *q, int op)
{
	struct rpc_load *l = q->l;
	struct rpc_wire *w = &l->w;
	struct rpc_dir *dir;
	struct rpc_file *f;
	unsigned int i;
	char name[32];
	int ret = -1;

	switch (op) {
	case RPC_GETATTR: {
		GETATTR3args a;

		f = any_file(l, &dir, &i);
		a.object = rpc_fh3(&f->fh);
		ret = rpc_wire_call(w, NFS3_GETATTR, &a, op_cb, q);
		break;
	}
	case RPC_LOOKUP: {
		LOOKUP3args a;

		any_file(l, &dir, &i);
		snprintf(name, sizeof(name), "f%05u", i);
		a.what.dir = rpc_fh3(&dir->fh);
		a.what.name = name;
		ret = rpc_wire_call(w, NFS3_LOOKUP, &a, op_cb, q);
		break;
	}
	case RPC_ACCESS: {
		ACCESS3args a;

		f = any_file(l, &dir, &i);
		a.object = rpc_fh3(&f->fh);
		a.access = ACCESS3_READ | ACCESS3_LOOKUP | ACCESS3_MODIFY | ACCESS3_EXTEND |
			   ACCESS3_DELETE | ACCESS3_EXECUTE;
		ret = rpc_wire_call(w, NFS3_ACCESS, &a, op_cb, q);
		break;
	}
	case RPC_SETATTR: {
		SETATTR3args a;

		memset(&a, 0, sizeof(a));
		f = any_file(l, &dir, &i);
		a.object = rpc_fh3(&f->fh);
		a.new_attributes = rpc_mode_attr(rpc_load_draw(l) & 1 ? 0644 : 0664);
		ret = rpc_wire_call(w, NFS3_SETATTR, &a, op_cb, q);
		break;
	}
	default:
		return send_dir(q, op);
	}
	return ret;
}

/*
 * @q's READ or WRITE (@op): as many RPCs as the server's maximum transfer makes of it, each
 * counted as sent. 0, or -1 if the wire refused the first (the parts queued end in their
 * callbacks).
 */
static int send_xfer(struct rpc_req *q, int op)
{
	struct rpc_load *l = q->l;
	struct rpc_wire *w = &l->w;
	struct rpc_dir *dir;
	struct rpc_file *f;
	unsigned int i;
	int ret = -1;
	uint64_t off;
	uint32_t len, max = op == RPC_READ ? l->c->rtmax : l->c->wtmax;

	f = any_file(l, &dir, &i);
	rpc_xfer(f->size, rpc_load_draw(l), &off, &len);
	q->parts = rpc_xfer_rpcs(len, max);
	for (unsigned int p = 0, sent = 0; p < q->parts; p++) {
		uint32_t n = len - sent < max ? len - sent : max;

		if (op == RPC_READ) {
			READ3args a = { .file = rpc_fh3(&f->fh), .offset = off + sent, .count = n };

			ret = rpc_wire_call(w, NFS3_READ, &a, op_cb, q);
		} else {
			/* FILE_SYNC: SFS 2008's mix has no COMMIT, and each WRITE is stable */
			WRITE3args a = { .file = rpc_fh3(&f->fh),
					 .offset = off + sent,
					 .count = n,
					 .stable = FILE_SYNC,
					 .data = { .data_len = n, .data_val = l->c->wbuf } };

			ret = rpc_wire_call(w, NFS3_WRITE, &a, op_cb, q);
		}
		if (ret < 0) { /* the parts sent end in their callbacks */
			q->parts = p;
			q->error = EIO;
			if (p)
				ret = 0;
			break;
		}
		rpc_client_count(l->c, rpc_op_proc[op], false);
		q->rpcs++;
		sent += n;
	}
	return ret < 0 ? -1 : 0;
}

/* @q's CREATE or REMOVE (@op) of its spare name encoded: the wire's answer (< 0: refused). */
static int send_name(struct rpc_req *q, int op)
{
	struct rpc_wire *w = &q->l->w;
	char name[32];
	int ret = -1;

	switch (op) {
	case RPC_CREATE: {
		CREATE3args a;

		memset(&a, 0, sizeof(a));
		snprintf(name, sizeof(name), "s%04u", q->spare);
		a.where.dir = rpc_fh3(&q->dir->fh);
		a.where.name = name;
		a.how.mode = GUARDED;
		a.how.createhow3_u.obj_attributes = rpc_mode_attr(0644);
		ret = rpc_wire_call(w, NFS3_CREATE, &a, op_cb, q);
		break;
	}
	case RPC_REMOVE: {
		REMOVE3args a;

		snprintf(name, sizeof(name), "s%04u", q->spare);
		a.object.dir = rpc_fh3(&q->dir->fh);
		a.object.name = name;
		ret = rpc_wire_call(w, NFS3_REMOVE, &a, op_cb, q);
		break;
	}
	default:
		break;
	}
	return ret;
}

/* Queue @q's RPCs (its housekeeping one first if it has one); 0, or -1 if the wire refused. */
static int send_op(struct rpc_req *q)
{
	struct rpc_load *l = q->l;
	int op = q->op, ret;
	bool hk = q->hk;

	if (hk)
		op = q->op == RPC_CREATE ? RPC_REMOVE : RPC_CREATE;
	q->parts = 1;
	if (op == RPC_READ || op == RPC_WRITE)
		return send_xfer(q, op);
	ret = op == RPC_CREATE || op == RPC_REMOVE ? send_name(q, op) : send_meta(q, op);
	if (ret < 0)
		return -1;
	rpc_client_count(l->c, rpc_op_proc[op], hk);
	if (!hk)
		q->rpcs++;
	return 0;
}

int rpc_load_init(struct rpc_load *l, struct rpc_client *c, unsigned int depth, uint64_t seed,
		  int flags)
{
	uint32_t max = c->rtmax < c->wtmax ? c->rtmax : c->wtmax;
	/* a READ or WRITE takes as many RPCs as the server's maximum transfer makes of it */
	unsigned int parts = rpc_xfer_rpcs(RPC_XFER_MAX, max);
	uint32_t reply = c->rtmax < RPC_XFER_MAX ? c->rtmax : RPC_XFER_MAX;

	memset(l, 0, sizeof(*l));
	l->c = c;
	l->depth = depth;
	l->rng = seed ? seed : 1;
	l->reqs = calloc(depth, sizeof(*l->reqs));
	l->done = calloc(depth, sizeof(*l->done));
	l->unsent = calloc(depth, sizeof(*l->unsent));
	if (!l->reqs || !l->done || !l->unsent ||
	    rpc_wire_init(&l->w, c->rpc, depth * parts, reply > 8192 ? reply : 8192, flags)) {
		rpc_load_free(l);
		return -ENOMEM;
	}
	return 0;
}

void rpc_load_free(struct rpc_load *l)
{
	free(l->reqs);
	free(l->done);
	free(l->unsent);
	l->reqs = NULL;
	l->done = NULL;
	l->unsent = NULL;
	if (l->w.calls)
		rpc_wire_free(&l->w);
}

int rpc_load_start(struct rpc_load *l, unsigned int slot, int op, void *user)
{
	struct rpc_req *q = &l->reqs[slot];

	*q = (struct rpc_req){ .l = l, .user = user, .op = op };
	if ((op == RPC_CREATE || op == RPC_REMOVE) && !pick_spare(l, q, op == RPC_REMOVE))
		return -EBUSY;
	if (send_op(q)) {
		release(q);
		return -EIO;
	}
	unsent(l, q);
	return 0;
}

int rpc_load_service(struct rpc_load *l, unsigned int min, char *msg, size_t len)
{
	unsigned int idle_ms = 0;

	for (;;) {
		uint64_t sends = l->w.sends;
		int ret = rpc_wire_serve(&l->w, l->ndone < min ? 100 : 0);

		/* the operations started since the last send left in this one */
		if (l->w.sends != sends) {
			for (unsigned int i = 0; i < l->nunsent; i++)
				if (!l->unsent[i]->start_ns)
					l->unsent[i]->start_ns = l->w.sent_ns;
			l->nunsent = 0;
		}
		if (ret == -ETIME) {
			/* a server gone quiet (counted in the waits that found nothing) */
			if ((idle_ms += 100) < RPC_STALL_MS)
				continue;
			snprintf(msg, len,
				 "no answer from the server in %d s (%u operations waiting)",
				 RPC_STALL_MS / 1000, min - l->ndone);
			return -ETIMEDOUT;
		}
		if (ret < 0) {
			snprintf(msg, len, "%s", l->w.err);
			return ret;
		}
		if (ret > 0)
			idle_ms = 0;
		if (l->ndone >= min)
			return 0;
	}
}
