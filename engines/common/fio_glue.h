/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FIO_GLUE_H
#define NFSWEEP_FIO_GLUE_H

#include "fio.h"
#include "fio_compat.h"
#include "common/live_log.h"

/* Only the engine's ops table leaves the .so (built with -fvisibility=hidden). */
#define NFSWEEP_EXPORT __attribute__((visibility("default")))

/*
 * The ioengine of an engine over a kernel ring, nfsweep-uring's and nfsweep-aio's alike: fio's
 * asynchronous engine whose issue time the engine sets, a trim done synchronously; its hooks
 * PFX_init, PFX_post_init, PFX_queue, PFX_commit, PFX_getevents, PFX_event, PFX_cleanup and
 * PFX_open_file (one it lacks does not compile); its options, `options`, into struct OPTS. The
 * engine adds what is its own (close_file, cancel).
 */
#define NFSWEEP_RING_ENGINE(pfx, opts)                                                            \
	.name = ENGINE, .version = FIO_IOOPS_VERSION,                                             \
	.flags = FIO_ASYNCIO_SYNC_TRIM | FIO_ASYNCIO_SETS_ISSUE_TIME, .init = pfx##_init,         \
	.post_init = pfx##_post_init, .queue = pfx##_queue, .commit = pfx##_commit,               \
	.getevents = pfx##_getevents, .event = pfx##_event, .cleanup = pfx##_cleanup,             \
	.open_file = pfx##_open_file, .get_file_size = generic_get_file_size, .options = options, \
	.option_struct_size = sizeof(struct opts)

/*
 * fio checks only FIO_IOOPS_VERSION when it loads an external engine, and
 * that number does not move when struct thread_data or struct io_u do. So
 * each engine's init() calls this first: it refuses a fio whose version
 * string differs from the source tree the engine was compiled against, and
 * checks one pointer whose position depends on the layout (td->io_ops must
 * be the engine's own table). In offload mode of a fio before 3.42 it then
 * waits out fio's start race (nfsweep_offload_start_wait, fio_compat.h).
 * Returns 0, or 1 with td's error set.
 */
int nfsweep_fio_guard(struct thread_data *td, const char *engine, const struct ioengine_ops *self);

/*
 * Log one error that names where and what: the engine, the hook, the
 * failing call, the errno text and (via @fmt) the option or path involved.
 * Also records it as the job's error so that fio's summary and exit code
 * carry it. @err is a positive errno.
 */
void nfsweep_err(struct thread_data *td, const char *engine, const char *hook, const char *call,
		 int err, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/*
 * fio trims with BLKDISCARD, which only a block device takes: on a file
 * (NFS, a local file system) every trim would fail with "Inappropriate
 * ioctl for device". Refuse it when fio opens such a file, naming the
 * option and the file. Returns 0, or 1 with the error logged.
 */
int nfsweep_check_trim(struct thread_data *td, const char *engine, struct fio_file *f);

/*
 * Bind fio's I/O buffers to NUMA node @node (no-op for -1). Returns 0, or
 * 1 with the error logged naming @hook and @option.
 */
int nfsweep_place_buffers(struct thread_data *td, const char *engine, const char *option, int node);

/*
 * The issue time of what the kernel just took, into @now: fio's own async
 * engines read the clock once per batch after io_submit/io_uring_enter
 * returned, so that slat covers the submit call and clat what follows, and
 * the engines stamp it on each io_u (FIO_ASYNCIO_SETS_ISSUE_TIME). fio
 * leaves td->last_issue to such engines too, and its read_iolog replay
 * waits from it: without it, a captured trace replays at full speed.
 */
static inline void nfsweep_issued_now(struct thread_data *td, struct timespec *now)
{
	fio_gettime(now, NULL);
	if (td->o.read_iolog_file)
		td->last_issue = *now;
}

/*
 * A sync or trim io_u, done here and now (the engine's queue has drained
 * first: fio counts it after the writes before it): issue time stamped
 * before the call, as fio's sync engines do. Returns FIO_Q_COMPLETED.
 */
enum fio_q_status nfsweep_queue_inline(struct thread_data *td, struct io_u *io_u,
				       bool fill_issue_time);

/*
 * A completion's result onto its io_u, as fio expects it: a negative
 * result is the errno, a short transfer is a residual count, not an error.
 */
static inline void nfsweep_io_u_result(struct io_u *io_u, long long res)
{
	if (res < 0)
		io_u->error = (unsigned int)-res;
	else if (ddir_rw(io_u->ddir) && (unsigned long long)res < io_u->xfer_buflen)
		io_u->resid = io_u->xfer_buflen - res;
	else
		io_u->error = 0;
}

/*
 * Append @line (@len bytes) to @path whole: one write() under an exclusive flock, so that the
 * jobs of a run, each appending its line at its end, never interleave (stdio writes a long
 * line in pieces; O_APPEND is not atomic on every file system: hostfs, NFS). 0 or an errno.
 */
int nfsweep_append_line(const char *path, const char *line, size_t len);

/*
 * An op-mix engine's read share: the job's rwmixread, or @mix_pct (the mix's own) when the job
 * sets none (rw=randrw); a job that only reads or only writes keeps its one class.
 */
unsigned int nfsweep_settle_read_pct(struct thread_data *td, unsigned int mix_pct);

/*
 * The job's live record (common/live_log.h) when live=@stem is set: its count of I/Os and bytes
 * written once a second to STEM.HOSTNAME.live.N for the --hosts live view. A record that cannot
 * be started is said on the job's output, named, and the job runs on without it.
 */
void nfsweep_live_start(struct thread_data *td, const char *engine, struct live_log *l,
			const char *stem);

/* open_file and close_file of an engine with no files of fio's (FIO_DISKLESSIO). */
int nfsweep_no_file(struct thread_data *td, struct fio_file *f);

/*
 * How many jobs @td's section made (numjobs): fio gives its clones numjobs=1, so the jobs of the
 * same group and name are counted in fio's table of jobs.
 */
unsigned int nfsweep_section_jobs(struct thread_data *td);

#endif
