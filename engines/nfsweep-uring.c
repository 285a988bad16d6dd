// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep-uring: fio external engine on io_uring (liburing), for the kernel
 * path VFS -> kernel NFS client. The hooks below adapt fio to the fio-free
 * core in uring/uring_core.c; what the kernel was asked and what it granted shows
 * with fio's --debug=io.
 *
 *   fio --ioengine=external:/usr/local/lib/x86_64-linux-gnu/nfsweep/nfsweep-uring.so ...
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "fio.h"
#include "optgroup.h"

#include "common/fio_glue.h"
#include "common/numa_place.h"
#include "uring/uring_core.h"

#define ENGINE "nfsweep-uring"
#define PROBES 8

/*
 * fio fills the core's own option struct, embedded here: each option's
 * offset reaches into it (fio's libaio engine does the same with its
 * cmdprio options), so nothing is copied field by field.
 */
struct nfsweep_uring_options {
	void *pad; /* fio's option parser wants a pointer first */
	struct uring_opts o;
	char *live; /* live=: the --hosts live record (common/live_log.h) */
};
#define OPT_OFF(field) offsetof(struct nfsweep_uring_options, o.field)

struct nfsweep_uring_data {
	struct uring_ring r;
	struct uring_opts o;
	struct uring_job job;
	struct thread_data *td;
	enum uring_path fallback_path; /* for files that could not be probed */
	unsigned int async_count;      /* for uring_force_async */
	bool fill_issue_time;
	bool buffers_registered;
	bool defer_submit; /* commit() may leave requests for getevents() */
	struct live_log live;
};

static struct fio_option options[] = {
	{
		.name	= "uring_fixedbufs",
		.alias	= "fixedbufs",	/* fio's io_uring engine calls it so */
		.lname	= "nfsweep-uring registered buffers",
		.type	= FIO_OPT_BOOL,
		.off1	= OPT_OFF(fixedbufs),
		.help	= "Register fio's I/O buffers with the ring (READ/WRITE_FIXED)",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_registerfiles",
		.alias	= "registerfiles",	/* fio's io_uring engine calls it so */
		.lname	= "nfsweep-uring registered files",
		.type	= FIO_OPT_BOOL,
		.off1	= OPT_OFF(registerfiles),
		.help	= "Register each file with the ring when fio opens it",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_sqpoll",
		.alias	= "sqthread_poll",	/* fio's io_uring engine calls it so */
		.lname	= "nfsweep-uring SQPOLL",
		.type	= FIO_OPT_BOOL,
		.off1	= OPT_OFF(sqpoll),
		.help	= "A kernel thread polls the submission queue (no submit syscall)",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_sqpoll_cpu",
		.alias	= "sqthread_poll_cpu",	/* fio's io_uring engine calls it so */
		.lname	= "nfsweep-uring SQPOLL CPU",
		.type	= FIO_OPT_INT,
		.off1	= OPT_OFF(sqpoll_cpu),
		.help	= "CPU to pin the SQPOLL thread to (-1: let the kernel choose)",
		.def	= "-1",
		/* No minval: fio would print an error yet run with the default. */
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_max_workers",
		.lname	= "nfsweep-uring io-wq worker cap",
		.type	= FIO_OPT_INT,
		.off1	= OPT_OFF(max_workers),
		.help	= "Cap on io-wq workers per ring, for requests the kernel punts to them (0: kernel default)",
		.def	= "0",
		.minval	= 0,
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_force_async",
		.alias	= "force_async",	/* fio's io_uring engine calls it so */
		.lname	= "nfsweep-uring force async every Nth",
		.type	= FIO_OPT_INT,
		.off1	= OPT_OFF(async_every),
		.help	= "Send every Nth request straight to io-wq with IOSQE_ASYNC (0: never)",
		.def	= "0",
		.minval	= 0,
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_nowait",
		.alias	= "nowait",	/* fio's io_uring engine calls it so */
		.lname	= "nfsweep-uring RWF_NOWAIT",
		.type	= FIO_OPT_BOOL,
		.off1	= OPT_OFF(nowait),
		.help	= "Set RWF_NOWAIT: fail with EAGAIN instead of blocking",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_hipri",
		.alias	= "hipri",	/* fio's io_uring engine calls it so */
		.lname	= "nfsweep-uring polled completion",
		.type	= FIO_OPT_BOOL,
		.off1	= OPT_OFF(hipri),
		.help	= "Polled completion (IORING_SETUP_IOPOLL); needs direct=1 and a file that supports it",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_defer_submit",
		.lname	= "nfsweep-uring deferred submission",
		.type	= FIO_OPT_BOOL,
		.off1	= OPT_OFF(defer),
		.help	= "Requests committed while others are in flight go to the kernel with the "
			  "next reap, in the same io_uring_enter (0: one io_uring_enter per commit, as fio's io_uring)",
		.def	= "1",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_numa_node",
		.lname	= "nfsweep-uring buffer NUMA node",
		.type	= FIO_OPT_INT,
		.off1	= OPT_OFF(numa_node),
		.help	= "Bind the I/O buffers to this NUMA node, e.g. the NIC's (-1: leave them alone)",
		.def	= "-1",
		/* No minval: fio would print an error yet run with the default. */
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uring_submit",
		.lname	= "nfsweep-uring submission path",
		.type	= FIO_OPT_STR,
		.off1	= OPT_OFF(submit),
		.help	= "How requests reach the kernel: auto, ring, async or inline",
		.def	= "auto",
		.posval	= {
			{ .ival = "auto", .oval = URING_PATH_AUTO,
			  .help = "Probe each file at open, pick the fastest correct path (ring if slat is logged)" },
			{ .ival = "ring", .oval = URING_PATH_RING,
			  .help = "Plain SQEs: the kernel tries to complete inline first" },
			{ .ival = "async", .oval = URING_PATH_ASYNC,
			  .help = "IOSQE_ASYNC: straight to an io-wq worker (never chosen by auto)" },
			{ .ival = "inline", .oval = URING_PATH_INLINE,
			  .help = "Issue in the caller with pread/pwrite (preadv2/pwritev2 with uring_nowait; iodepth=1 only)" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	NFSWEEP_LIVE_OPTION(struct nfsweep_uring_options, live),
	{
		.name	= NULL,
	},
};

extern NFSWEEP_EXPORT struct ioengine_ops ioengine;

/*
 * init(): required. Runs in the job's own process or thread, before buffers
 * exist: check the fio, the options, and create the ring here so that a
 * refusal comes before any file is laid out.
 */
static int fio_nfsweep_uring_init(struct thread_data *td)
{
	struct nfsweep_uring_data *ld;
	const char *call = "";
	char msg[160], fl[128];
	int ret;

	if (nfsweep_fio_guard(td, ENGINE, &ioengine))
		return 1;

	ld = calloc(1, sizeof(*ld));
	if (!ld) {
		nfsweep_err(td, ENGINE, "init", "calloc", ENOMEM, NULL);
		return 1;
	}
	ld->td = td;
	ld->o = ((struct nfsweep_uring_options *)td->eo)->o;
	ld->job.iodepth = td->o.iodepth;
	ld->job.direct = td->o.odirect;
	ld->job.offload = td->o.io_submit_mode == IO_MODE_OFFLOAD;

	ret = uring_opts_validate(&ld->o, &ld->job, nfsweep_numa_max_node(), msg, sizeof(msg));
	if (ret) {
		log_err("%s: init(): invalid options: %s\n", ENGINE, msg);
		td_vmsg(td, EINVAL, msg, "init");
		goto out_free;
	}

	ret = uring_ring_open(&ld->r, &ld->o, &ld->job, NULL, &call);
	if (ret) {
		nfsweep_err(
			td, ENGINE, "init", call, -ret,
			"iodepth=%u uring_sqpoll=%u uring_hipri=%u uring_max_workers=%u%s",
			ld->job.iodepth, ld->o.sqpoll, ld->o.hipri, ld->o.max_workers,
			ret == -EPERM || ret == -ENOSYS ?
				"; io_uring is refused here (sysctl kernel.io_uring_disabled, or a seccomp "
				"filter as in containers): use ioengine=external:nfsweep-aio.so" :
				"");
		goto out_free;
	}
	dprint(FD_IO, "%s: ring of %u, setup flags %s, ring fd registered %s\n", ENGINE,
	       ld->job.iodepth, uring_setup_flags_str(ld->r.setup_flags, fl, sizeof(fl)),
	       ld->r.ring_fd_registered ? "yes" : "no");

	/* Files fio opens before the probe can run take this path. */
	ld->fallback_path = ld->o.submit == URING_PATH_AUTO ? URING_PATH_RING :
							      (enum uring_path)ld->o.submit;
	ld->fill_issue_time = fio_fill_issue_time(td);
	/*
	 * An SQPOLL ring submits without a syscall, so there is nothing to
	 * save; with offload, getevents() runs in another thread than commit().
	 */
	ld->defer_submit = ld->o.defer && !(ld->r.setup_flags & IORING_SETUP_SQPOLL) &&
			   !ld->job.offload;
	nfsweep_live_start(td, ENGINE, &ld->live, ((struct nfsweep_uring_options *)td->eo)->live);
	td->io_ops_data = ld;
	return 0;

out_free:
	free(ld);
	return 1;
}

/*
 * post_init(): optional. fio's buffers exist now: place them on the NUMA
 * node asked for, and register them with the ring if asked.
 */
static int fio_nfsweep_uring_post_init(struct thread_data *td)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;
	struct iovec *iov;
	unsigned int i, nr = td->io_u_all.nr;
	int ret;

	if (nfsweep_place_buffers(td, ENGINE, "uring_numa_node", ld->o.numa_node))
		return 1;

	if (!ld->o.fixedbufs)
		return 0;
	iov = calloc(nr, sizeof(*iov));
	if (!iov) {
		nfsweep_err(td, ENGINE, "post_init", "calloc", ENOMEM, NULL);
		return 1;
	}
	/* Buffer index i is io_u->index i: READ/WRITE_FIXED refer to it. */
	for (i = 0; i < nr; i++) {
		struct io_u *io_u = td->io_u_all.io_us[i];

		iov[io_u->index].iov_base = io_u->buf;
		iov[io_u->index].iov_len = td_max_bs(td);
	}
	ret = uring_register_buffers(&ld->r, iov, nr);
	free(iov);
	if (ret) {
		nfsweep_err(td, ENGINE, "post_init", "io_uring_register_buffers", -ret,
			    "uring_fixedbufs=1, %u buffers of %llu bytes; RLIMIT_MEMLOCK?", nr,
			    (unsigned long long)td_max_bs(td));
		return 1;
	}
	ld->buffers_registered = true;
	return 0;
}

/*
 * open_file(): fio's generic open, then register the file and choose its
 * submission path from a probe of what the kernel does with its reads.
 */
static int fio_nfsweep_uring_open_file(struct thread_data *td, struct fio_file *f)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;
	enum uring_path path;
	unsigned int probes = 0;
	int ret, hits;

	if (nfsweep_check_trim(td, ENGINE, f))
		return 1;
	ret = generic_open_file(td, f);
	if (ret)
		return ret;
	if (!ld)
		return 0;

	if (ld->o.registerfiles) {
		ret = uring_set_file(&ld->r, f->fileno, f->fd);
		if (ret) {
			nfsweep_err(td, ENGINE, "open_file", "io_uring_register_files_update", -ret,
				    "uring_registerfiles=1, file %s", f->file_name);
			return 1;
		}
	}

	path = ld->fallback_path;
	/*
	 * The inline path's pread/pwrite have no submission latency (fio's psync
	 * logs none): a job that writes a slat log (write_lat_log) gets the ring
	 * at any depth, or its log would be empty (fio's own t0034 says so).
	 */
	if (ld->o.submit == URING_PATH_AUTO && td->slat_log) {
		path = URING_PATH_RING;
	} else if (ld->o.submit == URING_PATH_AUTO) {
		enum uring_nowait nw = uring_probe_nowait(&ld->r, f->fd, f->real_file_size);

		hits = uring_probe_inline(&ld->r, f->fd, f->real_file_size, td->o.odirect, PROBES,
					  &probes);
		if (hits < 0)
			probes = 0;
		if (nw != URING_NOWAIT_UNKNOWN || probes) {
			path = uring_choose_path(URING_PATH_AUTO, nw, hits < 0 ? 0 : hits, probes,
						 ld->job.iodepth);
			ld->fallback_path = path;
		}
		dprint(FD_IO,
		       "%s: %s: RWF_NOWAIT read %s, %d of %u ring reads "
		       "completed inline%s%s: submission path %s\n",
		       ENGINE, f->file_name,
		       nw == URING_NOWAIT_YES ? "supported" :
		       nw == URING_NOWAIT_NO  ? "not supported" :
						"inconclusive",
		       hits < 0 ? 0 : hits, probes, hits < 0 ? ", ring probe: " : "",
		       hits < 0 ? strerror(-hits) : "", uring_path_name(path));
	}
	f->engine_pos = path;
	return 0;
}

static int fio_nfsweep_uring_close_file(struct thread_data *td, struct fio_file *f)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;

	if (ld && ld->o.registerfiles && ld->r.files_registered)
		uring_set_file(&ld->r, f->fileno, -1);
	return generic_close_file(td, f);
}

/* The caller's own synchronous issue, for files whose requests would be punted. */
static enum fio_q_status queue_inline(struct thread_data *td, struct nfsweep_uring_data *ld,
				      struct io_u *io_u)
{
	struct iovec iov = { .iov_base = io_u->xfer_buf, .iov_len = io_u->xfer_buflen };
	int flags = ld->o.nowait ? RWF_NOWAIT : 0;
	ssize_t ret;

	/*
	 * fio leaves issue_time to engines that set FIO_ASYNCIO_SETS_ISSUE_TIME:
	 * before the call, as fio's own sync engines stamp it.
	 */
	if (ld->fill_issue_time)
		nfsweep_issued_now(td, &io_u->issue_time);

	/*
	 * pread/pwrite unless RWF_NOWAIT is asked for: the vector calls copy
	 * in an iovec, which a local 4 KiB read measurably pays (psync's calls).
	 */
	if (flags)
		ret = io_u->ddir == DDIR_READ ?
			      preadv2(io_u->file->fd, &iov, 1, io_u->offset, flags) :
			      pwritev2(io_u->file->fd, &iov, 1, io_u->offset, flags);
	else
		ret = io_u->ddir == DDIR_READ ? pread(io_u->file->fd, io_u->xfer_buf,
						      io_u->xfer_buflen, io_u->offset) :
						pwrite(io_u->file->fd, io_u->xfer_buf,
						       io_u->xfer_buflen, io_u->offset);
	nfsweep_io_u_result(io_u, ret < 0 ? -errno : ret);
	io_u_mark_submit(td, 1);
	io_u_mark_complete(td, 1);
	return FIO_Q_COMPLETED;
}

/* A read or write of @io_u on @fd (an index when the files are registered). */
static void prep_rw(struct io_uring_sqe *sqe, const struct nfsweep_uring_data *ld,
		    struct io_u *io_u, int fd)
{
	bool rd = io_u->ddir == DDIR_READ;

	if (ld->buffers_registered) {
		if (rd)
			io_uring_prep_read_fixed(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen,
						 io_u->offset, io_u->index);
		else
			io_uring_prep_write_fixed(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen,
						  io_u->offset, io_u->index);
	} else if (rd) {
		io_uring_prep_read(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen, io_u->offset);
	} else {
		io_uring_prep_write(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen, io_u->offset);
	}
	if (ld->o.nowait)
		sqe->rw_flags = RWF_NOWAIT;
}

/*
 * queue(): required. Stage only; commit() submits the batch. Returns
 * FIO_Q_QUEUED, FIO_Q_BUSY (ring full: fio reaps and retries) or
 * FIO_Q_COMPLETED for requests issued inline.
 */
static enum fio_q_status fio_nfsweep_uring_queue(struct thread_data *td, struct io_u *io_u)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;
	enum uring_path path = (enum uring_path)io_u->file->engine_pos;
	struct io_uring_sqe *sqe;
	int fd = io_u->file->fd;

	fio_ro_check(td, io_u);

	/*
	 * fsync, fdatasync and trim, once the ring is empty, in this thread,
	 * as fio's libaio does them. An fsync on the ring would be as ordered
	 * (IOSQE_IO_DRAIN) but would complete later, and until it does fio
	 * asks for another one for the same writes: --fsync=4 sent 4 times
	 * as many as fio's libaio does, each a COMMIT on NFS.
	 */
	if (io_u->ddir == DDIR_TRIM || ddir_sync(io_u->ddir)) {
		if (ld->r.staged || ld->r.inflight)
			return FIO_Q_BUSY;
		return nfsweep_queue_inline(td, io_u, ld->fill_issue_time);
	}
	if (path == URING_PATH_INLINE)
		return queue_inline(td, ld, io_u);

	sqe = uring_sqe_get(&ld->r, io_u);
	if (!sqe)
		return FIO_Q_BUSY;

	if (ld->o.registerfiles)
		fd = io_u->file->fileno;
	prep_rw(sqe, ld, io_u, fd);
	/* After the prep: io_uring_prep_*() clear sqe->flags. */
	if (ld->o.registerfiles)
		sqe->flags |= IOSQE_FIXED_FILE;
	if (path == URING_PATH_ASYNC ||
	    (ld->o.async_every && ++ld->async_count % ld->o.async_every == 0))
		sqe->flags |= IOSQE_ASYNC;
	return FIO_Q_QUEUED;
}

/* After io_uring_enter took @n requests: their issue time (nfsweep_issued_now). */
static void stamp_submitted(void *ctx, void *const *users, unsigned int n)
{
	struct nfsweep_uring_data *ld = ctx;
	struct timespec now;

	nfsweep_issued_now(ld->td, &now);
	for (unsigned int i = 0; i < n; i++) {
		struct io_u *io_u = users[i];

		io_u->issue_time = now;
		io_u_queued(ld->td, io_u);
	}
}

/*
 * Submit every staged request, the first io_uring_enter also waiting for
 * @wait completions. fio counts them all as in flight once commit() was
 * called, so nothing may stay behind: uring_submit_all() waits out EAGAIN
 * and EBUSY instead of returning with requests still staged.
 */
static int submit_staged(struct thread_data *td, struct nfsweep_uring_data *ld, unsigned int wait,
			 const char *hook)
{
	unsigned int before = ld->r.inflight;
	int ret;

	ret = uring_submit_all(&ld->r, wait, ld->fill_issue_time ? stamp_submitted : NULL, ld);
	/* Completions are reaped only in getevents(), so inflight only grew. */
	if (ld->r.inflight > before)
		io_u_mark_submit(td, ld->r.inflight - before);
	if (ret < 0) {
		nfsweep_err(td, ENGINE, hook, "io_uring_enter", -ret, "%u staged, waiting for %u",
			    ld->r.staged, wait);
		return ret;
	}
	return 0;
}

/*
 * commit(): while others are in flight, a completion is sure to come and
 * fio will ask for it: the requests wait here for that getevents(), which
 * submits them and waits in one io_uring_enter, so that a batch of them
 * costs one syscall, not one each. Their issue time is stamped when the
 * kernel takes them, so latencies stay true. With nothing in flight they
 * go now: nothing else would make progress.
 */
static int fio_nfsweep_uring_commit(struct thread_data *td)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;

	if (!ld->r.staged || (ld->defer_submit && ld->r.inflight))
		return 0;
	return submit_staged(td, ld, 0, "commit");
}

/* getevents(): required for async engines. At least @min, at most @max. */
static int fio_nfsweep_uring_getevents(struct thread_data *td, unsigned int min, unsigned int max,
				       const struct timespec *t)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;
	unsigned int actual_min = td->o.iodepth_batch_complete_min == 0 ? 0 : min;
	int ret;

	(void)t;
	/* The kernel's wait counts what is already in the CQ: one syscall for both. */
	if (ld->r.staged) {
		ret = submit_staged(td, ld, actual_min, "getevents");
		if (ret < 0)
			return ret;
	}
	ret = uring_reap(&ld->r, actual_min, max);
	if (ret < 0)
		nfsweep_err(td, ENGINE, "getevents", "io_uring_enter", -ret, "min=%u max=%u",
			    actual_min, max);
	return ret;
}

/* event(): the io_u of completion @event of the last getevents(). */
static struct io_u *fio_nfsweep_uring_event(struct thread_data *td, int event)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;
	struct uring_event *ev = &ld->r.events[event];
	struct io_u *io_u = ev->user;

	nfsweep_io_u_result(io_u, ev->res);
	return io_u;
}

static void fio_nfsweep_uring_cleanup(struct thread_data *td)
{
	struct nfsweep_uring_data *ld = td->io_ops_data;

	if (!ld)
		return;
	live_log_stop(&ld->live);
	uring_ring_close(&ld->r);
	free(ld);
	td->io_ops_data = NULL;
}

NFSWEEP_EXPORT struct ioengine_ops ioengine = {
	NFSWEEP_RING_ENGINE(fio_nfsweep_uring, nfsweep_uring_options),
	.close_file = fio_nfsweep_uring_close_file,
};
