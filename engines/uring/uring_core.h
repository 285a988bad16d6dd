/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_URING_CORE_H
#define NFSWEEP_URING_CORE_H

/*
 * The fio-free core of nfsweep-uring: ring setup with fallbacks, option
 * validation, the per-file choice of submission path, staging and batched
 * reaping. nfsweep-uring.c adapts it to fio's hooks; tests/unit drives it
 * directly.
 */
#include <liburing.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/stage_ring.h"

/* How a request reaches the kernel (option uring_submit). */
enum uring_path {
	URING_PATH_AUTO = 0, /* probe each file at open, then pick */
	URING_PATH_RING,     /* plain SQE: the kernel tries inline first */
	URING_PATH_ASYNC,    /* IOSQE_ASYNC: straight to an io-wq worker */
	URING_PATH_INLINE,   /* issued by the caller with pread/pwrite */
};

const char *uring_path_name(enum uring_path path);

/* The engine options, as plain values (fio's option table fills them). */
struct uring_opts {
	unsigned int fixedbufs;	    /* uring_fixedbufs */
	unsigned int registerfiles; /* uring_registerfiles */
	unsigned int sqpoll;	    /* uring_sqpoll */
	int sqpoll_cpu;		    /* uring_sqpoll_cpu, -1 = any */
	unsigned int max_workers;   /* uring_max_workers, 0 = kernel default */
	unsigned int async_every;   /* uring_force_async, 0 = never */
	unsigned int nowait;	    /* uring_nowait */
	unsigned int hipri;	    /* uring_hipri (IOPOLL) */
	int numa_node;		    /* uring_numa_node, -1 = leave alone */
	unsigned int submit;	    /* uring_submit, enum uring_path */
	unsigned int defer;	    /* uring_defer_submit */
};

/* What the job around the engine looks like, for validation. */
struct uring_job {
	unsigned int iodepth;
	bool direct;
	bool offload; /* another thread submits (fio io_submit_mode=offload) */
};

/*
 * Check option combinations that cannot work. Returns 0, or -EINVAL with a
 * message in @msg naming the options involved.
 */
int uring_opts_validate(const struct uring_opts *o, const struct uring_job *job, int numa_max_node,
			char *msg, size_t msglen);

/*
 * Ring setup flags to try, newest and fastest first; each later entry drops
 * what an older kernel may refuse. Returns how many were written to @flags.
 */
#define URING_SETUP_MAX_CANDIDATES 4
unsigned int uring_setup_candidates(const struct uring_opts *o, const struct uring_job *job,
				    unsigned int flags[URING_SETUP_MAX_CANDIDATES]);

/* Names the IORING_SETUP_* bits of @flags into @buf ("none" if none). */
const char *uring_setup_flags_str(unsigned int flags, char *buf, size_t len);

/* One completion, copied out of the CQ ring so that the ring can advance. */
struct uring_event {
	void *user;
	int res;
};

struct uring_ring {
	struct io_uring ring;
	unsigned int setup_flags; /* what the kernel granted */
	bool ring_fd_registered;
	bool files_registered; /* sparse file table in place */
	unsigned int depth;
	unsigned int staged;	    /* SQEs prepared, not yet submitted */
	unsigned int inflight;	    /* submitted, not yet reaped */
	unsigned int nr_events;	    /* filled by the last uring_reap_* */
	struct uring_event *events; /* depth entries */
	struct stage_ring stage;    /* the staged SQEs' user data, oldest first */
	void *probe_buf;	    /* one aligned block for the open-time probe */
};

/* The call that creates a ring; tests substitute it to play an old kernel. */
typedef int (*uring_init_fn)(unsigned int entries, struct io_uring *ring,
			     struct io_uring_params *p);

/*
 * Create the ring for @job, trying uring_setup_candidates() in order with
 * @init (NULL: io_uring_queue_init_params). Then registers the ring fd (a
 * saving per io_uring_enter, optional), caps io-wq workers if asked, and
 * prepares a sparse file table if files are to be registered. Returns 0 or
 * -errno with @call naming the call that failed.
 */
int uring_ring_open(struct uring_ring *r, const struct uring_opts *o, const struct uring_job *job,
		    uring_init_fn init, const char **call);
void uring_ring_close(struct uring_ring *r);

/* Register @nr buffers for IORING_OP_{READ,WRITE}_FIXED. */
int uring_register_buffers(struct uring_ring *r, const struct iovec *iov, unsigned int nr);

/* Put @fd in slot @slot of the registered file table (-1 clears it). */
int uring_set_file(struct uring_ring *r, unsigned int slot, int fd);

/*
 * Probe the path the kernel gives reads of @fd: submit up to @probes reads
 * of one block spread over the first @size bytes and count how many had
 * completed by the time io_uring_enter() returned. Returns that count (0 ..
 * probes), or -errno; @done receives the number of probes issued (0 when
 * the file is too small to probe).
 */
int uring_probe_inline(struct uring_ring *r, int fd, unsigned long long size, bool direct,
		       unsigned int probes, unsigned int *done);

/* Whether a file takes non-blocking reads at all (FMODE_NOWAIT). */
enum uring_nowait {
	URING_NOWAIT_UNKNOWN = 0, /* the probe could not tell */
	URING_NOWAIT_YES,	  /* RWF_NOWAIT read worked or said EAGAIN */
	URING_NOWAIT_NO,	  /* EOPNOTSUPP: every ring request is punted */
};

/*
 * One preadv2(RWF_NOWAIT) of a block of @fd: EOPNOTSUPP means the kernel can
 * never complete this file's requests inline (NFS; tmpfs on some kernels),
 * EAGAIN only that the data is not cached yet (fio invalidates the cache at
 * open by default), which the ring probe alone cannot tell apart.
 */
enum uring_nowait uring_probe_nowait(struct uring_ring *r, int fd, unsigned long long size);

/*
 * The submission path for a file, from what the probes measured:
 * - at iodepth 1, the caller's own synchronous issue unless most probe
 *   reads completed inline: nothing to overlap, and a request punted to
 *   io-wq costs two context switches (files that refuse RWF_NOWAIT never
 *   complete inline);
 * - above it, plain SQEs, never IOSQE_ASYNC: a file that refuses RWF_NOWAIT
 *   is not always punted. On kernel 6.1, io_uring issues NFS O_DIRECT reads
 *   from the submitter, asynchronously, with no worker at all; IOSQE_ASYNC
 *   sent each to a worker (1.9 worker context switches per I/O) and was
 *   no faster where the kernel does punt (engines/PERFORMANCE.md).
 * @forced wins unless AUTO.
 */
enum uring_path uring_choose_path(enum uring_path forced, enum uring_nowait nowait,
				  unsigned int inline_hits, unsigned int probes,
				  unsigned int iodepth);

/*
 * uring_sqe_get() hands out the next SQE, already tagged with @user and
 * counted as staged (NULL when @depth requests are staged or in flight).
 * uring_submit() submits every staged SQE with one io_uring_enter and, when
 * it returns, calls @submitted with the user data of the requests the
 * kernel took, oldest first (twice when they wrap around the staging ring):
 * fio stamps their issue time then, after the syscall, as its own engines
 * do. Returns their number, or -errno (-EAGAIN/-EBUSY: reap, then retry).
 */
struct io_uring_sqe *uring_sqe_get(struct uring_ring *r, void *user);
typedef void (*uring_submitted_fn)(void *ctx, void *const *users, unsigned int n);
int uring_submit(struct uring_ring *r, uring_submitted_fn submitted, void *ctx);

/*
 * Submit until nothing is staged; the first io_uring_enter also waits until
 * @wait completions are in the CQ (0: no wait), so that a reap that follows
 * a deferred submission costs one syscall, not two. The kernel may take
 * fewer than were staged, or none with -EAGAIN (no memory for requests) or -EBUSY (the CQ
 * overflowed): then wait for a completion, which stays in the CQ for
 * uring_reap(), and go on. With nothing in flight to wait for, retry for
 * about a second before giving up. Returns how many were submitted, or
 * -errno; requests not submitted stay staged, none is lost.
 */
int uring_submit_all(struct uring_ring *r, unsigned int wait, uring_submitted_fn submitted,
		     void *ctx);

#ifdef NFSWEEP_TEST_HOOKS
/*
 * The unit tests' build only: replaces the call that submits (NULL: the
 * real io_uring_submit). Not in struct uring_ring: a field there measurably
 * slowed depth-32 submission (engines/PERFORMANCE.md).
 */
extern int (*uring_test_enter)(struct io_uring *ring);
#endif

/*
 * Copy up to @max completions into r->events (peek a batch, advance the CQ
 * once). With @min > 0, waits until at least @min have been copied. Returns
 * the number copied (also in r->nr_events), or -errno.
 */
int uring_reap(struct uring_ring *r, unsigned int min, unsigned int max);

#endif
