// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep-aio: fio external engine on libaio, the fair baseline for
 * nfsweep-uring. Asynchronous only with direct=1 (buffered libaio runs
 * synchronously inside io_submit, which init() says once).
 *
 *   fio --ioengine=external:/usr/local/lib/x86_64-linux-gnu/nfsweep/nfsweep-aio.so --direct=1 ...
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "optgroup.h"

#include "aio/aio_core.h"
#include "common/fio_glue.h"
#include "common/numa_place.h"

#define ENGINE "nfsweep-aio"

/* The core's option struct, embedded: fio fills it in place (see nfsweep-uring.c). */
struct nfsweep_aio_options {
	void *pad; /* fio's option parser wants a pointer first */
	struct aio_opts o;
	char *live; /* live=: the --hosts live record (common/live_log.h) */
};
#define OPT_OFF(field) offsetof(struct nfsweep_aio_options, o.field)

struct nfsweep_aio_data {
	struct aio_queue q;
	struct aio_opts o;
	struct thread_data *td;
	bool fill_issue_time;
	struct live_log live;
};

static struct fio_option options[] = {
	{
		.name = "aio_nowait",
		.alias = "nowait", /* fio's libaio engine calls it so */
		.lname = "nfsweep-aio RWF_NOWAIT",
		.type = FIO_OPT_BOOL,
		.off1 = OPT_OFF(nowait),
		.help = "Set RWF_NOWAIT: fail with EAGAIN instead of blocking",
		.def = "0",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_LIBAIO,
	},
	{
		.name = "aio_userspace_reap",
		.alias = "userspace_reap", /* fio's libaio engine calls it so */
		.lname = "nfsweep-aio userspace reap",
		.type = FIO_OPT_BOOL,
		.off1 = OPT_OFF(userspace_reap),
		.help = "Take the completions the kernel's ring holds without io_getevents, which waits only for the rest (fio's libaio does only when it polls: default 0)",
		.def = "1",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_LIBAIO,
	},
	{
		.name = "aio_numa_node",
		.lname = "nfsweep-aio buffer NUMA node",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(numa_node),
		.help = "Bind the I/O buffers to this NUMA node, e.g. the NIC's (-1: leave them alone)",
		.def = "-1",
		/* No minval: fio would print an error yet run with the default. */
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_LIBAIO,
	},
	NFSWEEP_LIVE_OPTION(struct nfsweep_aio_options, live),
	{
		.name = NULL,
	},
};

extern NFSWEEP_EXPORT struct ioengine_ops ioengine;

/* init(): required. Check the fio and the options, create the context. */
static int fio_nfsweep_aio_init(struct thread_data *td)
{
	struct nfsweep_aio_data *ld;
	const char *call = "";
	char msg[160];
	int ret;

	if (nfsweep_fio_guard(td, ENGINE, &ioengine))
		return 1;

	ld = calloc(1, sizeof(*ld));
	if (!ld) {
		nfsweep_err(td, ENGINE, "init", "calloc", ENOMEM, NULL);
		return 1;
	}
	ld->td = td;
	ld->o = ((struct nfsweep_aio_options *)td->eo)->o;

	ret = aio_opts_validate(&ld->o, td->o.iodepth, nfsweep_numa_max_node(), msg, sizeof(msg));
	if (ret) {
		log_err("%s: init(): invalid options: %s\n", ENGINE, msg);
		td_vmsg(td, EINVAL, msg, "init");
		goto out_free;
	}
	ret = aio_queue_open(&ld->q, td->o.iodepth, &call);
	if (ret) {
		nfsweep_err(td, ENGINE, "init", call, -ret,
			    "iodepth=%u; see /proc/sys/fs/aio-max-nr", td->o.iodepth);
		goto out_free;
	}
	if (!td->o.odirect)
		dprint(FD_IO, "%s: direct=0: buffered libaio completes inside io_submit\n", ENGINE);
	ld->fill_issue_time = fio_fill_issue_time(td);
	nfsweep_live_start(td, ENGINE, &ld->live, ((struct nfsweep_aio_options *)td->eo)->live);
	td->io_ops_data = ld;
	return 0;

out_free:
	free(ld);
	return 1;
}

/* post_init(): optional. Buffers exist now: place them if asked. */
static int fio_nfsweep_aio_post_init(struct thread_data *td)
{
	struct nfsweep_aio_data *ld = td->io_ops_data;

	return nfsweep_place_buffers(td, ENGINE, "aio_numa_node", ld->o.numa_node);
}

/*
 * queue(): required. Stage; commit() submits. Linux has no async fsync for
 * most files, so a sync waits for the queue to drain and runs inline.
 */
static enum fio_q_status fio_nfsweep_aio_queue(struct thread_data *td, struct io_u *io_u)
{
	struct nfsweep_aio_data *ld = td->io_ops_data;
	struct iocb *iocb = &io_u->iocb;
	int fd = io_u->file->fd;

	fio_ro_check(td, io_u);

	if (!ddir_rw(io_u->ddir)) {
		if (ld->q.staged || ld->q.inflight)
			return FIO_Q_BUSY;
		return nfsweep_queue_inline(td, io_u, ld->fill_issue_time);
	}
	if (io_u->ddir == DDIR_READ)
		io_prep_pread(iocb, fd, io_u->xfer_buf, io_u->xfer_buflen, io_u->offset);
	else
		io_prep_pwrite(iocb, fd, io_u->xfer_buf, io_u->xfer_buflen, io_u->offset);
	if (ld->o.nowait)
		iocb->aio_rw_flags |= RWF_NOWAIT;
	iocb->data = io_u;

	if (aio_stage(&ld->q, iocb))
		return FIO_Q_BUSY;
	return FIO_Q_QUEUED;
}

/* After io_submit took @n iocbs: their issue time (nfsweep_issued_now). */
static void stamp_submitted(void *ctx, struct iocb **iocbs, unsigned int n)
{
	struct nfsweep_aio_data *ld = ctx;
	struct timespec now;

	nfsweep_issued_now(ld->td, &now);
	for (unsigned int i = 0; i < n; i++) {
		struct io_u *io_u = iocbs[i]->data;

		io_u->issue_time = now;
		io_u_queued(ld->td, io_u);
	}
}

/*
 * commit(): submit the batch. fio counts everything as in flight after it;
 * what an EAGAIN leaves staged, getevents() submits after reaping (aio_reap
 * waits only for what the kernel holds).
 */
static int fio_nfsweep_aio_commit(struct thread_data *td)
{
	struct nfsweep_aio_data *ld = td->io_ops_data;
	int ret;

	if (!ld->q.staged)
		return 0;
	ret = aio_submit_all(&ld->q, ld->fill_issue_time ? stamp_submitted : NULL, ld);
	if (ret > 0)
		io_u_mark_submit(td, ret);
	if (ret < 0) {
		nfsweep_err(td, ENGINE, "commit", "io_submit", -ret, "%u staged", ld->q.staged);
		return ret;
	}
	return 0;
}

static int fio_nfsweep_aio_getevents(struct thread_data *td, unsigned int min, unsigned int max,
				     const struct timespec *t)
{
	struct nfsweep_aio_data *ld = td->io_ops_data;
	unsigned int actual_min = td->o.iodepth_batch_complete_min == 0 ? 0 : min;
	int ret;

	(void)t;
	/* Requests left staged by an EAGAIN in commit() go out first. */
	if (ld->q.staged)
		fio_nfsweep_aio_commit(td);
	ret = aio_reap(&ld->q, actual_min, max, ld->o.userspace_reap);
	if (ret < 0)
		nfsweep_err(td, ENGINE, "getevents", "io_getevents", -ret, "min=%u max=%u",
			    actual_min, max);
	return ret;
}

static struct io_u *fio_nfsweep_aio_event(struct thread_data *td, int event)
{
	struct nfsweep_aio_data *ld = td->io_ops_data;
	struct io_event *ev = &ld->q.events[event];
	struct io_u *io_u = ev->data;

	/* res is unsigned long in the ABI but carries -errno. */
	nfsweep_io_u_result(io_u, (long)ev->res);
	return io_u;
}

/* Up to fio 3.40 only (fio_compat.h): later releases wait for what is in flight. */
NFSWEEP_MAYBE_UNUSED static int fio_nfsweep_aio_cancel(struct thread_data *td, struct io_u *io_u)
{
	struct nfsweep_aio_data *ld = td->io_ops_data;
	struct io_event ev;

	return io_cancel(ld->q.ctx, &io_u->iocb, &ev);
}

/* open_file(): fio's generic open, but a trim of a file is refused at once. */
static int fio_nfsweep_aio_open_file(struct thread_data *td, struct fio_file *f)
{
	if (nfsweep_check_trim(td, ENGINE, f))
		return 1;
	return generic_open_file(td, f);
}

static void fio_nfsweep_aio_cleanup(struct thread_data *td)
{
	struct nfsweep_aio_data *ld = td->io_ops_data;

	if (!ld)
		return;
	live_log_stop(&ld->live);
	aio_queue_close(&ld->q);
	free(ld);
	td->io_ops_data = NULL;
}

NFSWEEP_EXPORT struct ioengine_ops ioengine = {
	NFSWEEP_RING_ENGINE(fio_nfsweep_aio, nfsweep_aio_options),
	NFSWEEP_OPS_CANCEL(fio_nfsweep_aio_cancel).close_file = generic_close_file,
};
