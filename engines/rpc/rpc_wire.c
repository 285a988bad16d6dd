// SPDX-License-Identifier: GPL-2.0
/* nfsweep-rpc's load on the wire: calls batched, replies read in bulk (see rpc_wire.h). */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <nfsc/libnfs-raw-nfs.h>

#include "rpc/rpc_wire.h"

#define NPROCS (NFS3_COMMIT + 1)
/* the most a call's header and arguments take beside a WRITE's data (AUTH_UNIX with 16 groups,
 * a 64-byte handle, a 255-byte name, a symlink's target of 1024) */
#define CALL_MAX 2048
/* a record larger than this is no reply to these calls (libnfs's own limit is 1 MiB + 4 KiB) */
#define RECORD_MAX (4u << 20)
#define LAST_FRAGMENT 0x80000000u

/* the procedures the load speaks: their arguments' and results' ZDR routines */
static const struct {
	zdrproc_t args, res;
} procs[NPROCS] = {
#define P(n, t) [NFS3_##n] = { (zdrproc_t)zdr_##t##3args, (zdrproc_t)zdr_##t##3res }
	P(GETATTR, GETATTR), P(SETATTR, SETATTR),	  P(LOOKUP, LOOKUP),
	P(ACCESS, ACCESS),   P(READLINK, READLINK),	  P(READ, READ),
	P(WRITE, WRITE),     P(CREATE, CREATE),		  P(REMOVE, REMOVE),
	P(READDIR, READDIR), P(READDIRPLUS, READDIRPLUS), P(FSSTAT, FSSTAT),
#undef P
};

/* a result of any of them */
union res3 {
	GETATTR3res getattr;
	SETATTR3res setattr;
	LOOKUP3res lookup;
	ACCESS3res access;
	READLINK3res readlink;
	READ3res read;
	WRITE3res write;
	CREATE3res create;
	REMOVE3res remove;
	READDIR3res readdir;
	READDIRPLUS3res readdirplus;
	FSSTAT3res fsstat;
};

struct rpc_wire_call {
	uint32_t xid;
	unsigned char proc, busy;
	rpc_cb cb;
	void *priv;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A ring of our own for the SEND and the RECV, or none: w->ring_why says why. */
static void ring_init(struct rpc_wire *w)
{
	struct io_uring *ring = calloc(1, sizeof(*ring));
	int ret;

	if (!ring) {
		snprintf(w->ring_why, sizeof(w->ring_why), "out of memory");
		return;
	}
	ret = io_uring_queue_init(8, ring, 0);
	if (ret) {
		snprintf(w->ring_why, sizeof(w->ring_why), "io_uring_queue_init: %s",
			 strerror(-ret));
		free(ring);
		return;
	}
	w->ring = ring;
}

int rpc_wire_init(struct rpc_wire *w, struct rpc_context *rpc, unsigned int calls,
		  uint32_t max_reply, int flags)
{
	memset(w, 0, sizeof(*w));
	w->rpc = rpc;
	w->fd = rpc_get_fd(rpc);
	w->clock = now_ns;
	while ((1u << w->bits) < calls)
		w->bits++;
	w->cap = calls;
	/* two of the largest replies and a margin: a read takes more than one whole */
	w->in_cap = 2 * ((size_t)max_reply + CALL_MAX);
	if (w->in_cap < 256 * 1024)
		w->in_cap = 256 * 1024;
	w->calls = calloc(calls, sizeof(*w->calls));
	w->free = calloc(calls, sizeof(*w->free));
	w->in = malloc(w->in_cap);
	w->auth = libnfs_authunix_create_default();
	for (int i = 0; i < 2; i++) {
		w->out[i].cap = 64 * 1024;
		w->out[i].p = malloc(w->out[i].cap);
	}
	if (!w->calls || !w->free || !w->in || !w->auth || !w->out[0].p || !w->out[1].p) {
		rpc_wire_free(w);
		return -ENOMEM;
	}
	for (unsigned int i = 0; i < calls; i++)
		w->free[w->free_top++] = calls - 1 - i;
	/*
	 * The xids start where no other run's did, as libnfs's do: a server's duplicate request
	 * cache keys a reply by xid, client address and port, procedure and the request's bytes,
	 * and runs that started at 1 send the same calls with the same xids (fio's draws are
	 * seeded): a run that reused an earlier one's port could be answered from the cache for
	 * a CREATE the server never made.
	 */
	if (getrandom(&w->gen, sizeof(w->gen), GRND_NONBLOCK) != sizeof(w->gen))
		w->gen = (uint32_t)now_ns() ^ ((uint32_t)getpid() << 16);
	if (flags & RPC_WIRE_PLAIN)
		snprintf(w->ring_why, sizeof(w->ring_why), "asked for send(), recv() and poll()");
	else
		ring_init(w);
	return 0;
}

void rpc_wire_free(struct rpc_wire *w)
{
	/* the ring first: its standing RECV is cancelled before the buffer goes */
	if (w->ring) {
		io_uring_queue_exit(w->ring);
		free(w->ring);
	}
	free(w->calls);
	free(w->free);
	free(w->out[0].p);
	free(w->out[1].p);
	free(w->in);
	if (w->auth)
		libnfs_auth_destroy(w->auth);
	memset(w, 0, sizeof(*w));
}

/* *@p grown to hold @want bytes (*@cap at least that): 0 or -ENOMEM. */
static int grow(char **p, size_t *cap, size_t want)
{
	char *n;

	if (*cap >= want)
		return 0;
	n = realloc(*p, want);
	if (!n)
		return -ENOMEM;
	*p = n;
	*cap = want;
	return 0;
}

/* Room for @need more bytes of calls in the buffer that fills (never the one being sent). */
static int out_room(struct rpc_wire *w, size_t need)
{
	struct rpc_wire_out *o = &w->out[w->fill];

	if (o->cap - o->len >= need)
		return 0;
	return grow(&o->p, &o->cap, 2 * o->cap > o->len + need ? 2 * o->cap : o->len + need);
}

int rpc_wire_call(struct rpc_wire *w, unsigned int proc, void *args, rpc_cb cb, void *priv)
{
	size_t need = CALL_MAX;
	struct rpc_wire_out *o;
	struct rpc_wire_call *c;
	struct rpc_msg m;
	uint32_t len, mark;
	unsigned int i;
	ZDR z;
	bool_t ok;

	if (proc >= NPROCS || !procs[proc].args)
		return -EINVAL;
	if (!w->free_top)
		return -EBUSY;
	if (proc == NFS3_WRITE)
		need += ((WRITE3args *)args)->data.data_len;
	if (out_room(w, need))
		return -ENOMEM;
	i = w->free[w->free_top - 1];
	memset(&m, 0, sizeof(m));
	m.xid = (++w->gen << w->bits) | i;
	m.direction = CALL;
	m.body.cbody.rpcvers = RPC_MSG_VERSION;
	m.body.cbody.prog = NFS_PROGRAM;
	m.body.cbody.vers = NFS_V3;
	m.body.cbody.proc = proc;
	m.body.cbody.cred = w->auth->ah_cred;
	m.body.cbody.verf = w->auth->ah_verf;
	/* the record mark first, its length known once the call is encoded after it */
	o = &w->out[w->fill];
	zdrmem_create(&z, o->p + o->len + 4, (uint32_t)(o->cap - o->len - 4), ZDR_ENCODE);
	ok = zdr_callmsg(w->rpc, &z, &m) && procs[proc].args(&z, args);
	len = zdr_getpos(&z);
	zdr_destroy(&z);
	if (!ok) {
		snprintf(w->err, sizeof(w->err),
			 "the call of NFSv3 procedure %u could not be encoded", proc);
		return -EINVAL;
	}
	mark = htonl(LAST_FRAGMENT | len);
	memcpy(o->p + o->len, &mark, 4);
	o->len += 4 + len;
	w->free_top--;
	c = &w->calls[i];
	*c = (struct rpc_wire_call){
		.xid = m.xid, .proc = (unsigned char)proc, .busy = 1, .cb = cb, .priv = priv
	};
	w->waiting++;
	return 0;
}

/* The buffer to send from: the one being sent, or when it is all sent, the one that filled. */
static struct rpc_wire_out *to_send(struct rpc_wire *w)
{
	struct rpc_wire_out *s = &w->out[!w->fill], *f = &w->out[w->fill];

	if (s->sent < s->len || !f->len)
		return s;
	s->len = s->sent = 0;
	w->fill = !w->fill;
	return f;
}

/* What @n bytes sent of @o leave. */
static void sent(struct rpc_wire_out *o, size_t n)
{
	o->sent += n;
	if (o->sent == o->len)
		o->len = o->sent = 0;
}

/* Why an accepted reply carries no result, in words. */
static const char *accept_text(uint32_t stat)
{
	switch (stat) {
	case PROG_UNAVAIL:
		return "the server answered: program not available";
	case PROG_MISMATCH:
		return "the server answered: program version mismatch";
	case PROC_UNAVAIL:
		return "the server answered: procedure not available";
	case GARBAGE_ARGS:
		return "the server answered: garbage arguments";
	case SYSTEM_ERR:
		return "the server answered: system error";
	default:
		return "the server answered with an unknown accept status";
	}
}

/* The whole reply @rec (@size bytes, past its record mark) decoded and ended: 0 or -EPROTO. */
static int end_reply(struct rpc_wire *w, char *rec, uint32_t size)
{
	struct rpc_wire_call *c;
	union res3 res;
	struct rpc_msg m;
	uint32_t xid, i;
	rpc_cb cb;
	void *priv;
	ZDR z;
	bool_t ok;

	if (size < 8) {
		snprintf(w->err, sizeof(w->err), "a record of %u bytes: too short for a reply",
			 size);
		return -EPROTO;
	}
	memcpy(&xid, rec, 4);
	xid = ntohl(xid);
	i = xid & ((1u << w->bits) - 1);
	if (i >= w->cap || !w->calls[i].busy || w->calls[i].xid != xid) {
		snprintf(w->err, sizeof(w->err), "a reply to xid %#x, which no call awaits", xid);
		return -EPROTO;
	}
	c = &w->calls[i];
	memset(&res, 0, sizeof(res));
	memset(&m, 0, sizeof(m));
	m.body.rbody.reply.areply.reply_data.results.where = (caddr_t)&res;
	m.body.rbody.reply.areply.reply_data.results.proc = procs[c->proc].res;
	zdrmem_create(&z, rec, size, ZDR_DECODE);
	ok = zdr_replymsg(w->rpc, &z, &m);
	/* the call's place free before its callback, which may make a call of its own */
	cb = c->cb;
	priv = c->priv;
	c->busy = 0;
	w->free[w->free_top++] = i;
	w->waiting--;
	if (!ok)
		cb(w->rpc, RPC_STATUS_ERROR, "the reply could not be decoded", priv);
	else if (m.direction != REPLY || m.body.rbody.stat != MSG_ACCEPTED)
		cb(w->rpc, RPC_STATUS_ERROR, "the server denied the call", priv);
	else if (m.body.rbody.reply.areply.stat != SUCCESS)
		cb(w->rpc, RPC_STATUS_ERROR, (void *)accept_text(m.body.rbody.reply.areply.stat),
		   priv);
	else
		cb(w->rpc, RPC_STATUS_SUCCESS, &res, priv);
	zdr_destroy(&z);
	return 0;
}

/* Room in the in buffer for a record of @size bytes from in_start: 0 or -ENOMEM. */
static int in_room(struct rpc_wire *w, size_t size)
{
	if (w->in_start) {
		memmove(w->in, w->in + w->in_start, w->in_len);
		w->in_start = 0;
	}
	return grow(&w->in, &w->in_cap, size);
}

/* Every whole record from in_start ended: their number, or -errno with w->err. */
static int end_records(struct rpc_wire *w)
{
	int ended = 0, ret;
	uint32_t mark;

	while (w->in_len >= 4) {
		memcpy(&mark, w->in + w->in_start, 4);
		mark = ntohl(mark);
		if (!(mark & LAST_FRAGMENT) || (mark & ~LAST_FRAGMENT) > RECORD_MAX) {
			snprintf(w->err, sizeof(w->err),
				 "a record mark of %#x: not one whole reply of at most %u bytes",
				 mark, RECORD_MAX);
			return -EPROTO;
		}
		mark &= ~LAST_FRAGMENT;
		if (w->in_len < 4 + (size_t)mark) {
			/* its rest still to come: room for it whole */
			if (in_room(w, 4 + (size_t)mark)) {
				snprintf(w->err, sizeof(w->err),
					 "out of memory for a reply of %u bytes", mark);
				return -ENOMEM;
			}
			break;
		}
		ret = end_reply(w, w->in + w->in_start + 4, mark);
		if (ret)
			return ret;
		w->in_start += 4 + (size_t)mark;
		w->in_len -= 4 + (size_t)mark;
		ended++;
	}
	if (!w->in_len)
		w->in_start = 0;
	return ended;
}

/* Where the next read goes: the free end of the in buffer. 0, or -EPROTO. */
static int read_room(struct rpc_wire *w, char **at, size_t *len)
{
	if (w->in_start + w->in_len == w->in_cap)
		in_room(w, w->in_cap); /* a partial record at the end: moved to the front */
	if (w->in_len == w->in_cap) {  /* not reached: end_records makes room for a record */
		snprintf(w->err, sizeof(w->err), "no room to read a reply into");
		return -EPROTO;
	}
	*at = w->in + w->in_start + w->in_len;
	*len = w->in_cap - w->in_start - w->in_len;
	return 0;
}

/* @n bytes read (a recv()'s result, or -errno): the replies they complete ended. */
static int took(struct rpc_wire *w, long n)
{
	if (n < 0) {
		snprintf(w->err, sizeof(w->err), "the connection failed: recv: %s",
			 strerror((int)-n));
		return (int)n;
	}
	if (n == 0) {
		snprintf(w->err, sizeof(w->err),
			 "the connection failed: the server closed it (%u calls awaiting replies)",
			 w->waiting);
		return -EPIPE;
	}
	w->read_ns = w->clock();
	w->in_len += (size_t)n;
	return end_records(w);
}

/* ---- send(), recv(), poll() ---- */

/* One send() of what is encoded: 0, or -errno with w->err. */
static int flush_plain(struct rpc_wire *w)
{
	struct rpc_wire_out *o = to_send(w);
	uint64_t t;
	ssize_t n;

	if (o->sent == o->len)
		return 0;
	t = w->clock();
	n = send(w->fd, o->p + o->sent, o->len - o->sent, MSG_NOSIGNAL | MSG_DONTWAIT);
	if (n < 0) {
		if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
			return 0;
		snprintf(w->err, sizeof(w->err), "the connection failed: send: %s",
			 strerror(errno));
		return -errno;
	}
	w->sent_ns = t;
	w->sends++;
	sent(o, (size_t)n);
	return 0;
}

/* One recv() without waiting: the replies ended, 0 with *@got 0 when nothing had arrived. */
static int read_plain(struct rpc_wire *w, int *got)
{
	size_t len;
	ssize_t n;
	char *at;
	int ret = read_room(w, &at, &len);

	*got = 0;
	if (ret)
		return ret;
	n = recv(w->fd, at, len, MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return 0;
	*got = 1;
	return took(w, n < 0 ? -errno : n);
}

static int serve_plain(struct rpc_wire *w, int wait_ms)
{
	struct pollfd p = { .fd = w->fd };
	int ret = flush_plain(w), got, ready;

	if (ret)
		return ret;
	ret = read_plain(w, &got);
	if (ret || got || wait_ms <= 0)
		return ret;
	p.events = (short)(POLLIN | (rpc_wire_unsent(w) ? POLLOUT : 0));
	ready = poll(&p, 1, wait_ms);
	if (ready < 0 && errno != EINTR) {
		snprintf(w->err, sizeof(w->err), "poll: %s", strerror(errno));
		return -errno;
	}
	if (ready <= 0)
		return ready < 0 ? 0 : -ETIME;
	if (!(p.revents & ~POLLOUT))
		return flush_plain(w);
	ret = flush_plain(w);
	return ret ? ret : read_plain(w, &got);
}

/* ---- io_uring ---- */

enum {
	SEND_DATA = 1,
	RECV_DATA = 2
};

/* The SEND of what is encoded and the standing RECV, where not in flight: 0 or -errno. */
static int prep_ring(struct rpc_wire *w, unsigned int *sends)
{
	struct io_uring_sqe *sqe;
	struct rpc_wire_out *o;
	size_t len;
	char *at;
	int ret;

	*sends = 0;
	o = w->send_busy ? NULL : to_send(w);
	if (o && o->sent < o->len && (sqe = io_uring_get_sqe(w->ring))) {
		io_uring_prep_send(sqe, w->fd, o->p + o->sent, o->len - o->sent, MSG_NOSIGNAL);
		io_uring_sqe_set_data64(sqe, SEND_DATA);
		w->send_busy = true;
		w->sent_ns = w->clock();
		w->sends++;
		*sends = 1;
	}
	if (!w->recv_armed) {
		ret = read_room(w, &at, &len);
		if (ret)
			return ret;
		sqe = io_uring_get_sqe(w->ring);
		if (!sqe) {
			snprintf(w->err, sizeof(w->err), "io_uring_get_sqe: the ring is full");
			return -EBUSY;
		}
		io_uring_prep_recv(sqe, w->fd, at, len, 0);
		io_uring_sqe_set_data64(sqe, RECV_DATA);
		w->recv_armed = true;
	}
	return 0;
}

/* Every completion there: the SEND's bytes sent, the RECV's replies ended. */
static int reap_ring(struct rpc_wire *w, int *got)
{
	struct io_uring_cqe *cqe;
	unsigned int head, seen = 0;
	int ended = 0, ret = 0;

	io_uring_for_each_cqe(w->ring, head, cqe)
	{
		seen++;
		if (ret < 0)
			continue;
		if (io_uring_cqe_get_data64(cqe) == SEND_DATA) {
			w->send_busy = false;
			if (cqe->res < 0) {
				snprintf(w->err, sizeof(w->err), "the connection failed: send: %s",
					 strerror(-cqe->res));
				ret = cqe->res;
			} else
				sent(&w->out[!w->fill], (size_t)cqe->res);
			continue;
		}
		w->recv_armed = false;
		*got = 1;
		ret = took(w, cqe->res);
		if (ret > 0)
			ended += ret;
	}
	io_uring_cq_advance(w->ring, seen);
	return ret < 0 ? ret : ended;
}

static int serve_ring(struct rpc_wire *w, int wait_ms)
{
	struct __kernel_timespec ts = { .tv_sec = wait_ms / 1000,
					.tv_nsec = (long long)(wait_ms % 1000) * 1000000 };
	struct io_uring_cqe *cqe;
	unsigned int sends;
	int ret = prep_ring(w, &sends), got = 0;

	if (ret)
		return ret;
	/* a SEND completes at once: wait for it and for a reply, in the same call */
	if (wait_ms > 0)
		ret = io_uring_submit_and_wait_timeout(w->ring, &cqe, 1 + sends, &ts, NULL);
	else if (io_uring_sq_ready(w->ring))
		ret = io_uring_submit(w->ring);
	if (ret < 0 && ret != -ETIME && ret != -EINTR) {
		snprintf(w->err, sizeof(w->err), "io_uring_enter: %s", strerror(-ret));
		return ret;
	}
	ret = reap_ring(w, &got);
	if (ret == 0 && !got && wait_ms > 0)
		return -ETIME;
	return ret;
}

int rpc_wire_serve(struct rpc_wire *w, int wait_ms)
{
	return w->ring ? serve_ring(w, wait_ms) : serve_plain(w, wait_ms);
}
