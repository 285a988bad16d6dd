// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of nfsweep-rpc's wire (engines/rpc/rpc_wire.c) over a real socket pair, the test
 * the server: it decodes the calls and encodes its replies with libnfs's own XDR routines. Calls
 * queued together leave in one send(); replies written together, in any order, end
 * together, each in its call's callback with its result decoded; a reply cut anywhere ends once
 * whole; a reply larger than the read buffer grows it; what is no reply to a call awaiting one,
 * a call the server did not accept and a closed connection are errors in words. Each test
 * twice: the plain wire (send(), recv(), poll()) and io_uring's.
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nfsc/libnfs-raw-nfs.h>

#include "rpc/rpc_wire.h"
#include "helpers.h"

struct got {
	int calls, status;
	uint32_t nfs_status;
	uint64_t size;	/* GETATTR's */
	uint32_t count; /* READ's */
	char text[160];
};

static void got_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
	struct got *g = priv;

	(void)rpc;
	g->calls++;
	g->status = status;
	if (status != RPC_STATUS_SUCCESS) {
		snprintf(g->text, sizeof(g->text), "%s", (char *)data);
		return;
	}
	g->nfs_status = *(uint32_t *)data;
	g->size = ((GETATTR3res *)data)->GETATTR3res_u.resok.obj_attributes.size;
}

static void read_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
	struct got *g = priv;

	(void)rpc;
	g->calls++;
	g->status = status;
	if (status == RPC_STATUS_SUCCESS)
		g->count = ((READ3res *)data)->READ3res_u.resok.data.data_len;
}

struct pair {
	int srv;
	struct rpc_context *rpc;
	struct rpc_wire w;
};

/* _i of the loop tests: 0 the plain wire, 1 io_uring */
static void pair_open(struct pair *p, unsigned int calls, int ring)
{
	int sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	p->srv = sv[1];
	p->rpc = rpc_init_context();
	ck_assert_ptr_nonnull(p->rpc);
	rpc_set_fd(p->rpc, sv[0]);
	ck_assert_int_eq(rpc_wire_init(&p->w, p->rpc, calls, 8192, ring ? 0 : RPC_WIRE_PLAIN), 0);
	ck_assert_msg(!!p->w.ring == ring, "io_uring: %s", p->w.ring_why);
}

/* The wire served until it has ended a reply or failed (at most 2 s). */
static int serve_until(struct pair *p)
{
	int ret = 0;

	for (int i = 0; i < 20 && !ret; i++)
		ret = rpc_wire_serve(&p->w, 100);
	return ret == -ETIME ? 0 : ret;
}

static void pair_close(struct pair *p)
{
	rpc_wire_free(&p->w);
	rpc_destroy_context(p->rpc); /* closes the client's end */
	if (p->srv >= 0)
		close(p->srv);
}

static uint32_t get32(const char *b)
{
	uint32_t v;

	memcpy(&v, b, 4);
	return ntohl(v);
}

/* The server reads @n calls: their xids and procedures, the handles (@fh: GETATTR's). */
static void srv_calls(struct pair *p, int n, uint32_t *xid, uint32_t *proc, char (*fh)[16])
{
	size_t cap = 1u << 16, len = 0, at = 0;
	char *buf = malloc(cap);

	ck_assert_ptr_nonnull(buf);
	for (int i = 0; i < n; i++) {
		uint32_t mark;
		struct rpc_msg m;
		GETATTR3args a;
		ZDR z;

		/* the record mark, then the record, whole */
		while (len - at < 4 || len - at < 4 + (get32(buf + at) & 0x7fffffffu)) {
			ssize_t r = read(p->srv, buf + len, cap - len);

			ck_assert_int_gt(r, 0);
			len += (size_t)r;
		}
		mark = get32(buf + at);
		ck_assert_msg(mark & 0x80000000u, "call %d: not one whole record", i);
		mark &= 0x7fffffffu;
		memset(&m, 0, sizeof(m));
		memset(&a, 0, sizeof(a));
		zdrmem_create(&z, buf + at + 4, mark, ZDR_DECODE);
		ck_assert(zdr_callmsg(p->rpc, &z, &m));
		ck_assert_uint_eq(m.direction, CALL);
		ck_assert_uint_eq(m.body.cbody.prog, NFS_PROGRAM);
		ck_assert_uint_eq(m.body.cbody.vers, NFS_V3);
		ck_assert_uint_eq(m.body.cbody.cred.oa_flavor, AUTH_UNIX);
		xid[i] = m.xid;
		proc[i] = m.body.cbody.proc;
		if (fh && proc[i] == NFS3_GETATTR) {
			ck_assert(zdr_GETATTR3args(&z, &a));
			ck_assert_uint_eq(a.object.data.data_len, 16);
			memcpy(fh[i], a.object.data.data_val, 16);
			ck_assert_uint_eq(zdr_getpos(&z), mark); /* the record is the call, whole */
		}
		zdr_destroy(&z);
		at += 4 + mark;
	}
	ck_assert_uint_eq(at, len); /* nothing more was sent */
	free(buf);
}

/*
 * A reply to @xid encoded at @buf (record mark included): accepted with @accept, its result
 * @res by @proc (NULL: none). Its length.
 */
static size_t srv_reply(struct pair *p, char *buf, size_t cap, uint32_t xid, uint32_t accept,
			void *res, zdrproc_t proc)
{
	struct rpc_msg m;
	uint32_t mark;
	size_t len;
	ZDR z;

	memset(&m, 0, sizeof(m));
	m.xid = xid;
	m.direction = REPLY;
	m.body.rbody.stat = MSG_ACCEPTED;
	m.body.rbody.reply.areply.stat = accept;
	m.body.rbody.reply.areply.reply_data.results.where = res;
	m.body.rbody.reply.areply.reply_data.results.proc = proc;
	zdrmem_create(&z, buf + 4, (uint32_t)(cap - 4), ZDR_ENCODE);
	ck_assert(zdr_replymsg(p->rpc, &z, &m));
	len = zdr_getpos(&z);
	zdr_destroy(&z);
	mark = htonl(0x80000000u | (uint32_t)len);
	memcpy(buf, &mark, 4);
	return 4 + len;
}

static size_t getattr_reply(struct pair *p, char *buf, size_t cap, uint32_t xid, uint32_t status,
			    uint64_t size)
{
	GETATTR3res r;

	memset(&r, 0, sizeof(r));
	r.status = status;
	r.GETATTR3res_u.resok.obj_attributes.size = size;
	return srv_reply(p, buf, cap, xid, SUCCESS, &r, (zdrproc_t)zdr_GETATTR3res);
}

static void getattr_call(struct pair *p, unsigned char tag, struct got *g)
{
	char fh[16];
	GETATTR3args a;

	memset(fh, tag, sizeof(fh));
	a.object.data.data_len = sizeof(fh);
	a.object.data.data_val = fh;
	ck_assert_int_eq(rpc_wire_call(&p->w, NFS3_GETATTR, &a, got_cb, g), 0);
}

/* Three calls in one send(); their replies, in another order, in one recv(). */
START_TEST(test_wire_batch)
{
	struct pair p;
	struct got g[3] = { 0 };
	uint32_t xid[3], proc[3];
	char fh[3][16], buf[4096];
	size_t len = 0;

	pair_open(&p, 4, _i);
	for (int i = 0; i < 3; i++)
		getattr_call(&p, (unsigned char)('a' + i), &g[i]);
	ck_assert_uint_eq(p.w.waiting, 3);
	ck_assert(rpc_wire_unsent(&p.w));
	ck_assert_int_eq(rpc_wire_serve(&p.w, 0), 0);
	ck_assert_uint_eq(p.w.sends, 1);
	srv_calls(&p, 3, xid, proc, fh);
	ck_assert(!rpc_wire_unsent(&p.w));
	for (int i = 0; i < 3; i++) {
		ck_assert_uint_eq(proc[i], NFS3_GETATTR);
		ck_assert_int_eq(fh[i][0], 'a' + i);
		for (int j = 0; j < i; j++)
			ck_assert_uint_ne(xid[i], xid[j]);
	}
	/* 2, 0, 1; call 0's an NFS error */
	len += getattr_reply(&p, buf + len, sizeof(buf) - len, xid[2], NFS3_OK, 302);
	len += getattr_reply(&p, buf + len, sizeof(buf) - len, xid[0], NFS3ERR_STALE, 0);
	len += getattr_reply(&p, buf + len, sizeof(buf) - len, xid[1], NFS3_OK, 301);
	ck_assert_int_eq(write(p.srv, buf, len), (ssize_t)len);
	ck_assert_int_eq(serve_until(&p), 3);
	ck_assert_uint_eq(p.w.waiting, 0);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(g[i].calls, 1);
		ck_assert_int_eq(g[i].status, RPC_STATUS_SUCCESS);
	}
	ck_assert_uint_eq(g[0].nfs_status, NFS3ERR_STALE);
	ck_assert_uint_eq(g[1].size, 301);
	ck_assert_uint_eq(g[2].size, 302);
	/* nothing more has arrived: no reply, no error; a wait for one ends empty */
	ck_assert_int_eq(rpc_wire_serve(&p.w, 0), 0);
	ck_assert_int_eq(rpc_wire_serve(&p.w, 10), -ETIME);
	ck_assert_uint_eq(p.w.sends, 1);
	pair_close(&p);
}
END_TEST

/* A reply cut at every byte ends once, when whole; the calls' places are reused. */
START_TEST(test_wire_partial)
{
	struct pair p;
	char buf[512];

	pair_open(&p, 1, _i);
	for (size_t cut = 1; cut < 120; cut += 7) {
		struct got g = { 0 };
		uint32_t xid, proc;
		size_t len;
		int ret;

		getattr_call(&p, 'x', &g);
		/* one place only: a second call waits for it */
		ck_assert_int_eq(rpc_wire_call(&p.w, NFS3_GETATTR, &(GETATTR3args){ 0 }, got_cb,
					       &g),
				 -EBUSY);
		ck_assert_int_eq(rpc_wire_serve(&p.w, 0), 0);
		srv_calls(&p, 1, &xid, &proc, NULL);
		len = getattr_reply(&p, buf, sizeof(buf), xid, NFS3_OK, cut);
		ck_assert_uint_lt(cut, len);
		ck_assert_int_eq(write(p.srv, buf, cut), (ssize_t)cut);
		ret = rpc_wire_serve(&p.w, 100);
		ck_assert_msg(ret == 0 || ret == -ETIME, "%d: %s", ret, p.w.err);
		ck_assert_int_eq(g.calls, 0);
		ck_assert_int_eq(write(p.srv, buf + cut, len - cut), (ssize_t)(len - cut));
		ck_assert_int_eq(serve_until(&p), 1);
		ck_assert_int_eq(g.calls, 1);
		ck_assert_uint_eq(g.size, cut);
	}
	pair_close(&p);
}
END_TEST

/* A READ's reply of 1 MiB, four times the read buffer, arrives in pieces and ends whole. */
START_TEST(test_wire_large)
{
	size_t cap = (1u << 20) + 4096, len, at = 0;
	char *buf = malloc(cap), *data = calloc(1, 1u << 20);
	struct pair p;
	struct got g = { 0 };
	READ3args a = { .count = 1u << 20 };
	READ3res r;
	uint32_t xid, proc;
	int ended = 0;

	ck_assert_ptr_nonnull(buf);
	ck_assert_ptr_nonnull(data);
	pair_open(&p, 2, _i);
	ck_assert_int_eq(rpc_wire_call(&p.w, NFS3_READ, &a, read_cb, &g), 0);
	ck_assert_int_eq(rpc_wire_serve(&p.w, 0), 0);
	srv_calls(&p, 1, &xid, &proc, NULL);
	ck_assert_uint_eq(proc, NFS3_READ);
	memset(&r, 0, sizeof(r));
	r.READ3res_u.resok.count = 1u << 20;
	r.READ3res_u.resok.data.data_len = 1u << 20;
	r.READ3res_u.resok.data.data_val = data;
	len = srv_reply(&p, buf, cap, xid, SUCCESS, &r, (zdrproc_t)zdr_READ3res);
	ck_assert_uint_gt(len, p.w.in_cap);
	while (at < len) {
		ssize_t n = send(p.srv, buf + at, len - at, MSG_DONTWAIT);

		int r;

		if (n > 0)
			at += (size_t)n;
		r = rpc_wire_serve(&p.w, 0);
		ck_assert_msg(r >= 0, "%s", p.w.err);
		ended += r;
	}
	if (!ended)
		ended = serve_until(&p);
	ck_assert_int_eq(ended, 1);
	ck_assert_int_eq(g.calls, 1);
	ck_assert_uint_eq(g.count, 1u << 20);
	pair_close(&p);
	free(buf);
	free(data);
}
END_TEST

/* No reply to a call awaiting one; a call not accepted; the server gone. */
START_TEST(test_wire_errors)
{
	struct pair p;
	struct got g = { 0 };
	uint32_t xid, proc;
	char buf[512];
	size_t len;

	pair_open(&p, 2, _i);
	ck_assert_int_eq(rpc_wire_call(&p.w, NFS3_COMMIT, &(GETATTR3args){ 0 }, got_cb, &g),
			 -EINVAL);
	getattr_call(&p, 'e', &g);
	ck_assert_int_eq(rpc_wire_serve(&p.w, 0), 0);
	srv_calls(&p, 1, &xid, &proc, NULL);
	len = srv_reply(&p, buf, sizeof(buf), xid, PROC_UNAVAIL, NULL, NULL);
	ck_assert_int_eq(write(p.srv, buf, len), (ssize_t)len);
	ck_assert_int_eq(serve_until(&p), 1);
	ck_assert_int_eq(g.status, RPC_STATUS_ERROR);
	ck_assert_str_eq(g.text, "the server answered: procedure not available");
	/* the same xid again: its call has its reply already */
	len = getattr_reply(&p, buf, sizeof(buf), xid, NFS3_OK, 1);
	ck_assert_int_eq(write(p.srv, buf, len), (ssize_t)len);
	ck_assert_int_eq(serve_until(&p), -EPROTO);
	ck_assert_msg(strstr(p.w.err, "which no call awaits"), "%s", p.w.err);
	pair_close(&p);

	pair_open(&p, 2, _i);
	getattr_call(&p, 'c', &g);
	ck_assert_int_eq(rpc_wire_serve(&p.w, 0), 0);
	srv_calls(&p, 1, &xid, &proc, NULL);
	close(p.srv);
	p.srv = -1;
	ck_assert_int_eq(serve_until(&p), -EPIPE);
	ck_assert_msg(strstr(p.w.err, "the server closed it (1 calls"), "%s", p.w.err);
	pair_close(&p);
}
END_TEST

/* Two runs' wires start their xids apart: a server's reply cache keys by xid (and port). */
START_TEST(test_wire_xids)
{
	struct pair a, b;
	struct got g = { 0 };
	uint32_t xa, xb, proc;

	pair_open(&a, 2, 0);
	pair_open(&b, 2, 0);
	getattr_call(&a, 'a', &g);
	getattr_call(&b, 'b', &g);
	ck_assert_int_eq(rpc_wire_serve(&a.w, 0), 0);
	ck_assert_int_eq(rpc_wire_serve(&b.w, 0), 0);
	srv_calls(&a, 1, &xa, &proc, NULL);
	srv_calls(&b, 1, &xb, &proc, NULL);
	ck_assert_uint_ne(xa, xb);
	pair_close(&a);
	pair_close(&b);
}
END_TEST

Suite *make_rpc_wire_suite(void)
{
	Suite *s = suite_create("rpc_wire");
	TCase *tc = tcase_create("wire");

	/* each serve_until() waits up to 2 s: Check's 4-s default is no bound on a loaded host */
	tcase_set_timeout(tc, 30);
	/* each with the plain wire (_i 0) and with io_uring (1) */
	tcase_add_loop_test(tc, test_wire_batch, 0, 2);
	tcase_add_loop_test(tc, test_wire_partial, 0, 2);
	tcase_add_loop_test(tc, test_wire_large, 0, 2);
	tcase_add_loop_test(tc, test_wire_errors, 0, 2);
	tcase_add_test(tc, test_wire_xids);
	suite_add_tcase(s, tc);
	return s;
}
