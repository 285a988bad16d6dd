// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep-uring's core, free of fio: see uring_core.h.
 *
 * Why the submission path is chosen per file: a request that the kernel
 * cannot complete inline either goes to an io-wq worker (tmpfs reads on
 * 6.18) or is issued asynchronously from the submitter (NFS O_DIRECT on
 * 6.1); either way the submitter sleeps until the completion. At iodepth 1
 * that is two context switches per request for nothing to overlap: fio's
 * own io_uring engine runs at about a tenth of psync's rate there. The
 * open-time probe measures what the kernel really does with this file
 * instead of guessing from the kernel version or the file system type.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "uring/uring_core.h"

#ifdef NFSWEEP_TEST_HOOKS
int (*uring_test_enter)(struct io_uring *ring);
#define uring_enter(r, wait)                               \
	(uring_test_enter ? uring_test_enter(&(r)->ring) : \
			    io_uring_submit_and_wait(&(r)->ring, wait))
#else
#define uring_enter(r, wait) io_uring_submit_and_wait(&(r)->ring, wait)
#endif

#define PROBE_BLOCK 4096u

const char *uring_path_name(enum uring_path path)
{
	static const char *const names[] = {
		[URING_PATH_AUTO] = "auto",
		[URING_PATH_RING] = "ring",
		[URING_PATH_ASYNC] = "async",
		[URING_PATH_INLINE] = "inline",
	};
	_Static_assert(sizeof(names) / sizeof(names[0]) == URING_PATH_INLINE + 1,
		       "every submission path has a name");

	if ((unsigned int)path > URING_PATH_INLINE)
		return "?";
	return names[path];
}

int uring_opts_validate(const struct uring_opts *o, const struct uring_job *job, int numa_max_node,
			char *msg, size_t msglen)
{
	const char *why = NULL;

	if (o->sqpoll_cpu < -1)
		why = "uring_sqpoll_cpu must be -1 (any CPU) or a CPU number";
	else if (o->numa_node < -1)
		why = "uring_numa_node must be -1 (leave alone) or a node number";
	else if (o->sqpoll_cpu >= 0 && !o->sqpoll)
		why = "uring_sqpoll_cpu is set but uring_sqpoll=0: the CPU is for the SQPOLL thread";
	else if (o->sqpoll && job->offload)
		why = "uring_sqpoll=1 with io_submit_mode=offload: two submitters for one SQPOLL ring";
	else if (o->sqpoll && o->submit == URING_PATH_INLINE)
		why = "uring_sqpoll=1 with uring_submit=inline: inline issue never uses the ring";
	else if (o->hipri && !job->direct)
		why = "uring_hipri=1 needs direct=1: polled completion exists only for O_DIRECT";
	else if (o->hipri && o->submit == URING_PATH_INLINE)
		why = "uring_hipri=1 with uring_submit=inline: polled completion needs the ring";
	else if (o->nowait && o->submit == URING_PATH_ASYNC)
		why = "uring_nowait=1 with uring_submit=async: an io-wq worker may always block";
	else if (o->submit == URING_PATH_INLINE && job->iodepth > 1)
		why = "uring_submit=inline with iodepth > 1: inline issue runs one request at a time";
	else if (o->numa_node >= 0 && numa_max_node < 0)
		why = "uring_numa_node is set but this kernel has no NUMA support";
	else if (o->numa_node > numa_max_node && o->numa_node >= 0)
		why = "uring_numa_node names a node this machine does not have";

	if (!why)
		return 0;
	if (msg && msglen)
		snprintf(msg, msglen, "%s", why);
	return -EINVAL;
}

unsigned int uring_setup_candidates(const struct uring_opts *o, const struct uring_job *job,
				    unsigned int flags[URING_SETUP_MAX_CANDIDATES])
{
	unsigned int base = o->hipri ? IORING_SETUP_IOPOLL : 0;
	unsigned int n = 0;

	if (o->sqpoll) {
		base |= IORING_SETUP_SQPOLL;
		if (o->sqpoll_cpu >= 0)
			base |= IORING_SETUP_SQ_AFF;
		/* DEFER_TASKRUN and COOP_TASKRUN are not for SQPOLL rings. */
		if (!job->offload)
			flags[n++] = base | IORING_SETUP_SINGLE_ISSUER;
		flags[n++] = base;
		return n;
	}
	/*
	 * One task submits and reaps, so completions can wait for it to ask
	 * (DEFER_TASKRUN) instead of interrupting it; TASKRUN_FLAG lets the
	 * CQ peek notice that deferred work is pending. Not with offload,
	 * where another thread submits.
	 */
	if (!job->offload)
		flags[n++] = base | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN |
			     IORING_SETUP_TASKRUN_FLAG;
	flags[n++] = base | IORING_SETUP_COOP_TASKRUN | IORING_SETUP_TASKRUN_FLAG;
	flags[n++] = base;
	return n;
}

const char *uring_setup_flags_str(unsigned int flags, char *buf, size_t len)
{
	static const struct {
		unsigned int bit;
		const char *name;
	} names[] = {
		{ IORING_SETUP_IOPOLL, "IOPOLL" },
		{ IORING_SETUP_SQPOLL, "SQPOLL" },
		{ IORING_SETUP_SQ_AFF, "SQ_AFF" },
		{ IORING_SETUP_COOP_TASKRUN, "COOP_TASKRUN" },
		{ IORING_SETUP_TASKRUN_FLAG, "TASKRUN_FLAG" },
		{ IORING_SETUP_SINGLE_ISSUER, "SINGLE_ISSUER" },
		{ IORING_SETUP_DEFER_TASKRUN, "DEFER_TASKRUN" },
	};
	size_t used = 0;
	unsigned int i;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!(flags & names[i].bit))
			continue;
		used += snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? "|" : "",
				 names[i].name);
	}
	if (!used)
		snprintf(buf, len, "none");
	return buf;
}

int uring_ring_open(struct uring_ring *r, const struct uring_opts *o, const struct uring_job *job,
		    uring_init_fn init, const char **call)
{
	unsigned int cand[URING_SETUP_MAX_CANDIDATES];
	unsigned int n, i;
	int ret = -EINVAL;

	memset(r, 0, sizeof(*r));
	if (!init)
		init = io_uring_queue_init_params;
	r->depth = job->iodepth ? job->iodepth : 1;

	n = uring_setup_candidates(o, job, cand);
	for (i = 0; i < n; i++) {
		struct io_uring_params p = { .flags = cand[i] };

		if (o->sqpoll_cpu >= 0)
			p.sq_thread_cpu = (unsigned int)o->sqpoll_cpu;
		ret = init(r->depth, &r->ring, &p);
		if (!ret) {
			r->setup_flags = cand[i];
			break;
		}
		/* Only "this kernel does not know that flag" is worth a retry. */
		if (ret != -EINVAL)
			break;
	}
	if (ret) {
		*call = "io_uring_queue_init_params";
		return ret;
	}

	r->events = calloc(r->depth, sizeof(*r->events));
	if (!r->events || stage_ring_init(&r->stage, r->depth) ||
	    posix_memalign(&r->probe_buf, PROBE_BLOCK, PROBE_BLOCK)) {
		*call = "calloc";
		ret = -ENOMEM;
		goto out_close_ring;
	}

	/* Saves an fget/fput per io_uring_enter; old kernels lack it, fine. */
	r->ring_fd_registered = io_uring_register_ring_fd(&r->ring) == 1;

	if (o->max_workers) {
		/* [0] bounded (regular files), [1] unbounded (sockets, pipes) */
		unsigned int vals[2] = { o->max_workers, o->max_workers };

		ret = io_uring_register_iowq_max_workers(&r->ring, vals);
		if (ret) {
			*call = "io_uring_register_iowq_max_workers";
			goto out_close_ring;
		}
	}
	return 0;

out_close_ring:
	uring_ring_close(r);
	return ret;
}

void uring_ring_close(struct uring_ring *r)
{
	if (r->ring.ring_fd > 0 || r->ring.sq.ring_sz)
		io_uring_queue_exit(&r->ring);
	free(r->events);
	stage_ring_free(&r->stage);
	free(r->probe_buf);
	memset(r, 0, sizeof(*r));
}

int uring_register_buffers(struct uring_ring *r, const struct iovec *iov, unsigned int nr)
{
	return io_uring_register_buffers(&r->ring, iov, nr);
}

int uring_set_file(struct uring_ring *r, unsigned int slot, int fd)
{
	int ret;

	if (!r->files_registered) {
		/* A sparse table sized for fio's file numbers, filled at open. */
		ret = io_uring_register_files_sparse(&r->ring, slot + 1 > 1024 ? slot + 1 : 1024);
		if (ret)
			return ret;
		r->files_registered = true;
	}
	ret = io_uring_register_files_update(&r->ring, slot, &fd, 1);
	return ret == 1 ? 0 : (ret < 0 ? ret : -EIO);
}

/*
 * Hand the SQEs got since the last call to the kernel; returns how many of
 * the @n it took, or -errno. For an SQPOLL ring liburing answers how many are
 * still unconsumed (tail - khead), and the poll thread may have taken them all
 * before it looked: its 0 then means "all". Counted as "none", they would be
 * submitted and completed twice (fio spins on the CQ, or frees a verify
 * entry twice). Once the tail is published they are the kernel's: all @n.
 */
static int ring_publish(struct uring_ring *r, unsigned int n, unsigned int wait)
{
	int ret = uring_enter(r, wait);

	if (!(r->setup_flags & IORING_SETUP_SQPOLL))
		return ret;
	if (ret < 0 && ret != -EAGAIN && ret != -EBUSY && ret != -EINTR)
		return ret; /* the wake-up failed for real */
	return (int)n;
}

int uring_probe_inline(struct uring_ring *r, int fd, unsigned long long size, bool direct,
		       unsigned int probes, unsigned int *done)
{
	unsigned long long span = size, step;
	unsigned int i, hits = 0;
	int ret;

	*done = 0;
	/* The probe must not swallow completions of requests of the job. */
	if (r->staged || r->inflight)
		return -EBUSY;
	if (size < PROBE_BLOCK || !probes)
		return 0;
	if (span > (1ULL << 20))
		span = 1ULL << 20;
	step = (span - PROBE_BLOCK) / probes;
	if (direct)
		step &= ~(unsigned long long)(PROBE_BLOCK - 1);

	for (i = 0; i < probes; i++) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&r->ring);
		struct io_uring_cqe *cqe;

		if (!sqe)
			return -EBUSY;
		io_uring_prep_read(sqe, fd, r->probe_buf, PROBE_BLOCK, i * step);
		io_uring_sqe_set_data(sqe, NULL);
		ret = ring_publish(r, 1, 0);
		if (ret != 1)
			return ret < 0 ? ret : -EIO;
		/* A completion present now was made inside io_uring_enter(). */
		if (io_uring_cq_ready(&r->ring))
			hits++;
		ret = io_uring_wait_cqe(&r->ring, &cqe);
		if (ret)
			return ret;
		ret = cqe->res;
		io_uring_cqe_seen(&r->ring, cqe);
		if (ret < 0)
			return ret;
		(*done)++;
	}
	return (int)hits;
}

enum uring_nowait uring_probe_nowait(struct uring_ring *r, int fd, unsigned long long size)
{
	struct iovec iov = { .iov_base = r->probe_buf, .iov_len = PROBE_BLOCK };

	if (size < PROBE_BLOCK)
		return URING_NOWAIT_UNKNOWN;
	if (preadv2(fd, &iov, 1, 0, RWF_NOWAIT) >= 0 || errno == EAGAIN)
		return URING_NOWAIT_YES;
	return errno == EOPNOTSUPP ? URING_NOWAIT_NO : URING_NOWAIT_UNKNOWN;
}

enum uring_path uring_choose_path(enum uring_path forced, enum uring_nowait nowait,
				  unsigned int inline_hits, unsigned int probes,
				  unsigned int iodepth)
{
	if (forced != URING_PATH_AUTO)
		return forced;
	if (iodepth > 1)
		return URING_PATH_RING;
	if (nowait == URING_NOWAIT_NO)
		return URING_PATH_INLINE;
	if (!probes || 2 * inline_hits >= probes)
		return URING_PATH_RING;
	return URING_PATH_INLINE;
}

struct io_uring_sqe *uring_sqe_get(struct uring_ring *r, void *user)
{
	struct io_uring_sqe *sqe;

	if (r->staged + r->inflight >= r->depth)
		return NULL;
	sqe = io_uring_get_sqe(&r->ring);
	if (!sqe)
		return NULL;
	io_uring_sqe_set_data(sqe, user);
	stage_ring_push(&r->stage, r->staged++, user);
	return sqe;
}

/* uring_submit(), and in the same io_uring_enter wait for @wait completions. */
static int submit_wait(struct uring_ring *r, unsigned int wait, uring_submitted_fn submitted,
		       void *ctx)
{
	unsigned int i, n;
	int ret;

	if (!r->staged)
		return 0;
	ret = ring_publish(r, r->staged, wait);
	if (ret <= 0)
		return ret;
	/* The kernel consumes SQEs in order: the oldest @ret are gone. */
	for (i = 0; i < (unsigned int)ret; i += n) {
		void **run = stage_ring_run(&r->stage, (unsigned int)ret - i, &n);

		if (submitted)
			submitted(ctx, run, n);
		stage_ring_drop(&r->stage, n);
	}
	r->staged -= ret;
	r->inflight += ret;
	return ret;
}

int uring_submit(struct uring_ring *r, uring_submitted_fn submitted, void *ctx)
{
	return submit_wait(r, 0, submitted, ctx);
}

int uring_submit_all(struct uring_ring *r, unsigned int wait, uring_submitted_fn submitted,
		     void *ctx)
{
	unsigned int idle = 0;
	int total = 0, ret;

	while (r->staged) {
		ret = submit_wait(r, wait, submitted, ctx);
		if (ret > 0) {
			total += ret;
			idle = 0;
			wait = 0; /* waited once already */
			continue;
		}
		if (ret && ret != -EAGAIN && ret != -EBUSY && ret != -EINTR)
			return ret;
		if (r->inflight) {
			struct io_uring_cqe *cqe;

			/* A completion frees a request; it stays for uring_reap(). */
			ret = io_uring_wait_cqe(&r->ring, &cqe);
			if (ret < 0 && ret != -EINTR && ret != -EAGAIN)
				return ret;
		} else if (++idle > 10000) {
			return ret ? ret : -EAGAIN;
		} else {
			usleep(100);
		}
	}
	return total;
}

/* Copy what is ready now, advance the CQ head once for the whole batch. */
static unsigned int reap_ready(struct uring_ring *r, unsigned int max)
{
	struct io_uring_cqe *cqes[64];
	unsigned int got = 0;

	while (got < max) {
		unsigned int want = max - got, n, i;

		if (want > 64)
			want = 64;
		n = io_uring_peek_batch_cqe(&r->ring, cqes, want);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			r->events[r->nr_events + got + i].user = io_uring_cqe_get_data(cqes[i]);
			r->events[r->nr_events + got + i].res = cqes[i]->res;
		}
		io_uring_cq_advance(&r->ring, n);
		got += n;
	}
	return got;
}

int uring_reap(struct uring_ring *r, unsigned int min, unsigned int max)
{
	struct io_uring_cqe *cqe;
	int ret;

	if (max > r->depth)
		max = r->depth;
	if (min > max)
		min = max;
	r->nr_events = 0;
	for (;;) {
		/*
		 * liburing's batch peek enters the kernel by itself when the
		 * ring says deferred task work is pending (TASKRUN_FLAG), so
		 * polling with min 0 costs no syscall when nothing is there.
		 */
		r->nr_events += reap_ready(r, max - r->nr_events);
		if (r->nr_events >= min)
			break;
		/* One io_uring_enter(GETEVENTS) that also runs task work. */
		ret = io_uring_wait_cqes(&r->ring, &cqe, min - r->nr_events, NULL, NULL);
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -ETIME)
			return ret;
	}
	r->inflight -= r->nr_events;
	return (int)r->nr_events;
}
