// SPDX-License-Identifier: GPL-2.0
/* nfsweep-rpc's NFSv3 client: the connection and the file set (see rpc_client.h). */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nfsc/libnfs-raw-mount.h>

#include "rpc/rpc_client.h"

/* a setup call (mount, layout) that has no answer in this long fails the job */
#define SETUP_TIMEOUT_MS 60000

_Static_assert(NFS3_COMMIT == RPC_NFS3_PROCS - 1, "rpc_proc_names: NFSv3's procedures, in order");
_Static_assert(RPC_FHSIZE == NFS3_FHSIZE, "a handle as large as NFSv3's largest");

const char *const rpc_proc_names[RPC_NFS3_PROCS] = {
	"null",	   "getattr",	  "setattr", "lookup", "access",   "readlink", "read",	 "write",
	"create",  "mkdir",	  "symlink", "mknod",  "remove",   "rmdir",    "rename", "link",
	"readdir", "readdirplus", "fsstat",  "fsinfo", "pathconf", "commit",
};

/* libnfs's number of each operation's procedure */
const unsigned char rpc_op_proc[RPC_NOPS] = {
#define RPC_OP(id, name, cls, proc, sfs2008) [RPC_##id] = NFS3_##id,
#include "rpc/rpc_ops.def"
#undef RPC_OP
};

uint64_t rpc_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void fh_copy(struct rpc_fh *to, const nfs_fh3 *from)
{
	to->len = from->data.data_len <= RPC_FHSIZE ? from->data.data_len : RPC_FHSIZE;
	memcpy(to->val, from->data.data_val, to->len);
}

void rpc_client_count(struct rpc_client *c, unsigned int proc, bool hk)
{
	c->sent[proc]++;
	if (c->setup)
		c->setup_sent[proc]++;
	else if (hk)
		c->hk_sent[proc]++;
}

/* a waiter's proc besides NFSv3's: a connection being made, MOUNT's MNT */
#define W_CONNECT 100
#define W_MNT 101

struct waiter {
	unsigned int proc; /* the NFSv3 procedure whose result this is, or W_* */
	int done, rpc_status, nfs_status;
	struct rpc_fh fh;
	bool have_fh;
	uint64_t size;
	uint32_t rtmax, wtmax;
	char msg[256];
};

static void take_attr(struct waiter *w, const post_op_attr *a)
{
	if (a->attributes_follow)
		w->size = a->post_op_attr_u.attributes.size;
}

static void take_fh(struct waiter *w, const post_op_fh3 *f, const post_op_attr *a)
{
	if (f->handle_follows) {
		fh_copy(&w->fh, &f->post_op_fh3_u.handle);
		w->have_fh = true;
	}
	take_attr(w, a);
}

static void wait_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
	struct waiter *w = priv;

	(void)rpc;
	w->done = 1;
	w->rpc_status = status;
	if (status == RPC_STATUS_SUCCESS && w->proc == W_CONNECT)
		return;
	if (status != RPC_STATUS_SUCCESS || !data) {
		snprintf(w->msg, sizeof(w->msg), "%s",
			 status == RPC_STATUS_ERROR && data ? (char *)data :
							      "cancelled or timed out");
		if (status == RPC_STATUS_SUCCESS)
			w->rpc_status = RPC_STATUS_ERROR;
		return;
	}
	if (w->proc == W_MNT) {
		mountres3 *r = data;

		w->nfs_status = r->fhs_status;
		if (r->fhs_status == MNT3_OK) {
			w->fh.len = r->mountres3_u.mountinfo.fhandle.fhandle3_len;
			if (w->fh.len > RPC_FHSIZE)
				w->fh.len = RPC_FHSIZE;
			memcpy(w->fh.val, r->mountres3_u.mountinfo.fhandle.fhandle3_val, w->fh.len);
			w->have_fh = true;
		}
		return;
	}
	/* every NFSv3 result begins with its status */
	w->nfs_status = *(nfsstat3 *)data;
	if (w->nfs_status != NFS3_OK)
		return;
	switch (w->proc) {
	case NFS3_LOOKUP: {
		LOOKUP3resok *ok = &((LOOKUP3res *)data)->LOOKUP3res_u.resok;

		fh_copy(&w->fh, &ok->object);
		w->have_fh = true;
		take_attr(w, &ok->obj_attributes);
		break;
	}
	case NFS3_CREATE: {
		CREATE3resok *ok = &((CREATE3res *)data)->CREATE3res_u.resok;

		take_fh(w, &ok->obj, &ok->obj_attributes);
		break;
	}
	case NFS3_MKDIR: {
		MKDIR3resok *ok = &((MKDIR3res *)data)->MKDIR3res_u.resok;

		take_fh(w, &ok->obj, &ok->obj_attributes);
		break;
	}
	case NFS3_SYMLINK: {
		SYMLINK3resok *ok = &((SYMLINK3res *)data)->SYMLINK3res_u.resok;

		take_fh(w, &ok->obj, &ok->obj_attributes);
		break;
	}
	case NFS3_FSINFO: {
		FSINFO3resok *ok = &((FSINFO3res *)data)->FSINFO3res_u.resok;

		w->rtmax = ok->rtmax;
		w->wtmax = ok->wtmax;
		break;
	}
	default:
		break;
	}
}

/* Serve @rpc until @w is answered; 0, or -errno with @msg. */
static int wait_for(struct rpc_context *rpc, struct waiter *w, char *msg, size_t len)
{
	uint64_t end = rpc_now_ns() + SETUP_TIMEOUT_MS * 1000000ull;

	while (!w->done) {
		struct pollfd p = { .fd = rpc_get_fd(rpc), .events = (short)rpc_which_events(rpc) };
		int n = poll(&p, 1, 100);

		if (n < 0 && errno != EINTR) {
			snprintf(msg, len, "poll: %s", strerror(errno));
			return -errno;
		}
		if (rpc_service(rpc, n > 0 ? p.revents : 0) < 0) {
			snprintf(msg, len, "the connection failed: %s", rpc_error_text(rpc));
			return -EIO;
		}
		if (!w->done && rpc_now_ns() > end) {
			snprintf(msg, len, "no answer in %d s", SETUP_TIMEOUT_MS / 1000);
			return -ETIMEDOUT;
		}
	}
	if (w->rpc_status != RPC_STATUS_SUCCESS) {
		snprintf(msg, len, "%s", w->msg);
		return -EIO;
	}
	return 0;
}

/*
 * One setup call, @queued the libnfs call's result (0: it is queued; < 0: libnfs could not),
 * waited for. 0 with @w's answer (its nfs_status may be an NFS error: the caller decides), or
 * -errno with @msg naming @what.
 */
/* The waiter's NFSv3 procedure as RFC 1813 writes it ("WRITE"), for messages. */
static const char *proc_name(const struct waiter *w, char *buf, size_t len)
{
	size_t i = 0;

	if (w->proc >= RPC_NFS3_PROCS)
		return w->proc == W_MNT ? "MNT" : "connect";
	for (const char *p = rpc_proc_names[w->proc]; *p && i + 1 < len; p++)
		buf[i++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
	buf[i] = '\0';
	return buf;
}

static int setup_call(struct rpc_client *c, struct waiter *w, int queued, const char *what,
		      char *msg, size_t len)
{
	char why[300], proc[16];
	int ret;

	if (queued < 0) {
		snprintf(msg, len, "%s %s: %s", proc_name(w, proc, sizeof(proc)), what,
			 rpc_error_text(c->rpc));
		return -EIO;
	}
	rpc_client_count(c, w->proc, false);
	ret = wait_for(c->rpc, w, why, sizeof(why));
	if (ret)
		snprintf(msg, len, "%s %s: %s", proc_name(w, proc, sizeof(proc)), what, why);
	return ret;
}

/* An NFS error answer to a setup call: "WRITE f00012: NFS3ERR_NOSPC" in @msg, -errno. */
static int nfs_error(const struct waiter *w, const char *what, char *msg, size_t len)
{
	char proc[16];

	snprintf(msg, len, "%s %s: %s", proc_name(w, proc, sizeof(proc)), what,
		 nfsstat3_to_str(w->nfs_status));
	return nfsstat3_to_errno(w->nfs_status) < 0 ? nfsstat3_to_errno(w->nfs_status) : -EIO;
}

/* LOOKUP of @name in @dir: 0 and @w's handle, -ENOENT, or another -errno with @msg. */
static int lookup(struct rpc_client *c, const struct rpc_fh *dir, const char *name,
		  struct waiter *w, char *msg, size_t len)
{
	LOOKUP3args a = { .what = { .dir = rpc_fh3(dir), .name = (char *)name } };
	int ret;

	*w = (struct waiter){ .proc = NFS3_LOOKUP };
	ret = setup_call(c, w, rpc_nfs3_lookup_async(c->rpc, wait_cb, &a, w), name, msg, len);
	if (ret)
		return ret;
	if (w->nfs_status == NFS3ERR_NOENT)
		return -ENOENT;
	if (w->nfs_status != NFS3_OK)
		return nfs_error(w, name, msg, len);
	return 0;
}

/* The directory @name in @parent, made if it is not there: its handle into @out. */
static int need_dir(struct rpc_client *c, const struct rpc_fh *parent, const char *name,
		    struct rpc_fh *out, char *msg, size_t len)
{
	MKDIR3args a = { .where = { .dir = rpc_fh3(parent), .name = (char *)name },
			 .attributes = rpc_mode_attr(0755) };
	struct waiter w;
	int ret = lookup(c, parent, name, &w, msg, len);

	if (ret == -ENOENT) {
		w = (struct waiter){ .proc = NFS3_MKDIR };
		ret = setup_call(c, &w, rpc_nfs3_mkdir_async(c->rpc, wait_cb, &a, &w), name, msg,
				 len);
		if (!ret && w.nfs_status != NFS3_OK)
			ret = nfs_error(&w, name, msg, len);
		if (!ret && !w.have_fh)
			ret = lookup(c, parent, name, &w, msg, len);
	}
	if (!ret)
		*out = w.fh;
	return ret;
}

/* WRITE @len bytes at @off of @f, FILE_SYNC, in transfers of the server's maximum. */
static int write_sync(struct rpc_client *c, const struct rpc_fh *f, uint64_t off, uint64_t len,
		      const char *name, char *msg, size_t mlen)
{
	while (len) {
		uint32_t n = len < c->wtmax ? (uint32_t)len : c->wtmax;
		WRITE3args a = { .file = rpc_fh3(f),
				 .offset = off,
				 .count = n,
				 .stable = FILE_SYNC,
				 .data = { .data_len = n, .data_val = c->wbuf } };
		struct waiter w = { .proc = NFS3_WRITE };
		int ret = setup_call(c, &w, rpc_nfs3_write_async(c->rpc, wait_cb, &a, &w), name,
				     msg, mlen);

		if (!ret && w.nfs_status != NFS3_OK)
			ret = nfs_error(&w, name, msg, mlen);
		if (ret)
			return ret;
		off += n;
		len -= n;
	}
	return 0;
}

/*
 * The file @name of @dir with @size bytes: looked up, and made or written again unless it is
 * there with that size (a file set is reused between runs: its RPCs are not the load's).
 */
static int need_file(struct rpc_client *c, const struct rpc_fh *dir, const char *name,
		     uint64_t size, struct rpc_fh *out, char *msg, size_t len)
{
	struct waiter w;
	int ret = lookup(c, dir, name, &w, msg, len);

	if (!ret && w.size == size) {
		*out = w.fh;
		return 0;
	}
	if (ret == -ENOENT) {
		CREATE3args a = { .where = { .dir = rpc_fh3(dir), .name = (char *)name } };

		a.how.mode = UNCHECKED;
		a.how.createhow3_u.obj_attributes = rpc_mode_attr(0644);
		w = (struct waiter){ .proc = NFS3_CREATE };
		ret = setup_call(c, &w, rpc_nfs3_create_async(c->rpc, wait_cb, &a, &w), name, msg,
				 len);
		if (!ret && w.nfs_status != NFS3_OK)
			ret = nfs_error(&w, name, msg, len);
		if (!ret && !w.have_fh)
			ret = lookup(c, dir, name, &w, msg, len);
	}
	if (ret)
		return ret;
	*out = w.fh;
	return write_sync(c, out, 0, size, name, msg, len);
}

static int need_link(struct rpc_client *c, const struct rpc_fh *dir, const char *name,
		     const char *target, struct rpc_fh *out, char *msg, size_t len)
{
	struct waiter w;
	int ret = lookup(c, dir, name, &w, msg, len);

	if (ret == -ENOENT) {
		SYMLINK3args a = { .where = { .dir = rpc_fh3(dir), .name = (char *)name } };

		a.symlink.symlink_attributes = rpc_mode_attr(0777);
		a.symlink.symlink_data = (char *)target;
		w = (struct waiter){ .proc = NFS3_SYMLINK };
		ret = setup_call(c, &w, rpc_nfs3_symlink_async(c->rpc, wait_cb, &a, &w), name, msg,
				 len);
		if (!ret && w.nfs_status != NFS3_OK)
			ret = nfs_error(&w, name, msg, len);
		if (!ret && !w.have_fh)
			ret = lookup(c, dir, name, &w, msg, len);
	}
	if (!ret)
		*out = w.fh;
	return ret;
}

/* Whether spare @name of @dir is there now (LOOKUP), made at layout for one name in two. */
static int spare_state(struct rpc_client *c, struct rpc_dir *dir, unsigned int i, bool fresh,
		       char *msg, size_t len)
{
	char name[32];
	struct rpc_fh unused;
	struct waiter w;
	int ret;

	snprintf(name, sizeof(name), "s%04u", i);
	if (fresh && i % 2 == 0) {
		ret = need_file(c, &dir->fh, name, 0, &unused, msg, len);
		dir->spare[i] = ret ? 0 : RPC_SPARE_PRESENT;
		return ret;
	}
	ret = lookup(c, &dir->fh, name, &w, msg, len);
	if (ret && ret != -ENOENT)
		return ret;
	dir->spare[i] = ret ? 0 : RPC_SPARE_PRESENT;
	return 0;
}

/*
 * The job's file set under the export: nfsweep-rpc.JOB.N/dDDDD/{fFFFFF, lLLLL, sSSSS}, laid out
 * where it is not there as planned (names, sizes), its handles looked up.
 */
static int lay_out(struct rpc_client *c, char *msg, size_t len)
{
	char name[32], target[32];
	struct rpc_fh unused;
	struct waiter w;
	bool fresh;
	int ret;

	ret = need_dir(c, &c->root, c->topname, &c->top, msg, len);
	if (ret)
		return ret;
	/* the plan's marker: made last, so a set cut short is checked file by file next time */
	snprintf(name, sizeof(name), "plan.%ux%u.%u.%u.%llx", c->shape.dirs, c->shape.files,
		 c->shape.links, c->shape.spares, (unsigned long long)c->shape.seed);
	ret = lookup(c, &c->top, name, &w, msg, len);
	if (ret && ret != -ENOENT)
		return ret;
	fresh = ret == -ENOENT;
	for (unsigned int i = 0; i < c->shape.dirs; i++) {
		struct rpc_dir *dir = &c->dirs[i];

		snprintf(name, sizeof(name), "d%04u", i);
		ret = need_dir(c, &c->top, name, &dir->fh, msg, len);
		for (unsigned int f = 0; !ret && f < c->shape.files; f++) {
			dir->files[f].size = rpc_file_size(c->shape.seed, i, f);
			snprintf(name, sizeof(name), "f%05u", f);
			ret = need_file(c, &dir->fh, name, dir->files[f].size, &dir->files[f].fh,
					msg, len);
		}
		for (unsigned int l = 0; !ret && l < c->shape.links; l++) {
			snprintf(name, sizeof(name), "l%04u", l);
			snprintf(target, sizeof(target), "f%05u", l % c->shape.files);
			ret = need_link(c, &dir->fh, name, target, &dir->links[l], msg, len);
		}
		for (unsigned int s = 0; !ret && s < c->shape.spares; s++)
			ret = spare_state(c, dir, s, fresh, msg, len);
		if (ret)
			return ret;
	}
	if (fresh) {
		snprintf(name, sizeof(name), "plan.%ux%u.%u.%u.%llx", c->shape.dirs, c->shape.files,
			 c->shape.links, c->shape.spares, (unsigned long long)c->shape.seed);
		ret = need_file(c, &c->top, name, 0, &unused, msg, len);
	}
	return ret;
}

/* MOUNT's MNT of the export for its root handle, then the NFSv3 connection and FSINFO. */
static int connect_export(struct rpc_client *c, const char *server, const char *export, char *msg,
			  size_t len)
{
	struct rpc_context *mnt = rpc_init_context();
	struct waiter w = { .proc = W_CONNECT };
	FSINFO3args fa;
	int ret;

	if (!mnt || !(c->rpc = rpc_init_context())) {
		snprintf(msg, len, "rpc_init_context: out of memory");
		if (mnt)
			rpc_destroy_context(mnt);
		return -ENOMEM;
	}
	if (rpc_connect_program_async(mnt, server, MOUNT_PROGRAM, MOUNT_V3, wait_cb, &w) < 0) {
		snprintf(msg, len, "MOUNT v3 at %s: %s", server, rpc_error_text(mnt));
		ret = -EIO;
	} else
		ret = wait_for(mnt, &w, msg, len);
	if (!ret) {
		w = (struct waiter){ .proc = W_MNT };
		if (rpc_mount3_mnt_async(mnt, wait_cb, (char *)export, &w) < 0) {
			snprintf(msg, len, "MNT %s: %s", export, rpc_error_text(mnt));
			ret = -EIO;
		} else
			ret = wait_for(mnt, &w, msg, len);
		if (!ret && w.nfs_status != MNT3_OK) {
			snprintf(msg, len, "MNT %s:%s refused (mount status %d%s)", server, export,
				 w.nfs_status,
				 w.nfs_status == MNT3ERR_ACCES ?
					 ": not exported to this client, or it needs a privileged "
					 "source port (the export's 'secure'; run as root)" :
					 "");
			ret = -EACCES;
		}
	}
	rpc_destroy_context(mnt);
	if (ret)
		return ret;
	c->root = w.fh;
	w = (struct waiter){ .proc = W_CONNECT };
	if (rpc_connect_program_async(c->rpc, server, NFS_PROGRAM, NFS_V3, wait_cb, &w) < 0) {
		snprintf(msg, len, "NFSv3 at %s: %s", server, rpc_error_text(c->rpc));
		return -EIO;
	}
	ret = wait_for(c->rpc, &w, msg, len);
	if (ret)
		return ret;
	fa.fsroot = rpc_fh3(&c->root);
	w = (struct waiter){ .proc = NFS3_FSINFO };
	ret = setup_call(c, &w, rpc_nfs3_fsinfo_async(c->rpc, wait_cb, &fa, &w),
			 "of the export's root", msg, len);
	if (!ret && w.nfs_status != NFS3_OK)
		ret = nfs_error(&w, "of the export's root", msg, len);
	if (ret)
		return ret;
	c->rtmax = w.rtmax ? w.rtmax : 32768;
	c->wtmax = w.wtmax ? w.wtmax : 32768;
	return 0;
}

int rpc_client_open(struct rpc_client *c, const char *server, const char *export,
		    const struct rpc_shape *shape, const char *topname, char *msg, size_t len)
{
	int ret = 0;

	memset(c, 0, sizeof(*c));
	c->shape = *shape;
	snprintf(c->topname, sizeof(c->topname), "%s", topname);
	c->dirs = calloc(shape->dirs, sizeof(*c->dirs));
	for (unsigned int i = 0; c->dirs && i < shape->dirs && !ret; i++) {
		c->dirs[i].files = calloc(shape->files, sizeof(*c->dirs[i].files));
		c->dirs[i].links = calloc(shape->links, sizeof(*c->dirs[i].links));
		c->dirs[i].spare = calloc(shape->spares, 1);
		ret = !c->dirs[i].files || !c->dirs[i].links || !c->dirs[i].spare;
	}
	if (!c->dirs || ret) {
		snprintf(msg, len, "calloc: out of memory for %u directories", shape->dirs);
		return -ENOMEM;
	}
	c->setup = true;
	ret = connect_export(c, server, export, msg, len);
	if (!ret) {
		c->wbuf = calloc(1, c->wtmax > RPC_XFER_MAX ? c->wtmax : RPC_XFER_MAX);
		if (!c->wbuf) {
			snprintf(msg, len, "calloc: out of memory for a %u-byte transfer",
				 c->wtmax);
			ret = -ENOMEM;
		}
	}
	if (!ret)
		ret = lay_out(c, msg, len);
	c->setup = false;
	return ret;
}

void rpc_client_close(struct rpc_client *c)
{
	if (c->rpc)
		rpc_destroy_context(c->rpc);
	c->rpc = NULL;
	for (unsigned int i = 0; c->dirs && i < c->shape.dirs; i++) {
		free(c->dirs[i].files);
		free(c->dirs[i].links);
		free(c->dirs[i].spare);
	}
	free(c->dirs);
	c->dirs = NULL;
	free(c->wbuf);
	c->wbuf = NULL;
}
