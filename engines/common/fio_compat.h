/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FIO_COMPAT_H
#define NFSWEEP_FIO_COMPAT_H
/*
 * Every difference between the fio releases nfsweep supports (3.33 to 3.42)
 * that the engines meet, decided here and nowhere else. The engines compile
 * against the source tree of the fio that loads them, so a difference is a
 * compile-time choice: the build passes fio's own version, read from that
 * tree's FIO-VERSION-FILE (engines/Makefile), and what fio's configure found
 * comes in with its config-host.h. An engine names the wrapper below, never
 * a version.
 *
 * What did not change in that range, checked by compiling and running the
 * engines against each release (tests/integration/t_fio_matrix.sh): the
 * struct io_u and thread_data members the engines use, the hooks other than
 * the two below, io_u_mark_submit()/io_u_mark_complete(), do_io_u_sync(),
 * do_io_u_trim(), fio_gettime(), generic_*_file(), the option types.
 *
 * Also differing, and not touched: errdetails() takes the thread_data from
 * 3.38 (no nfsweep engine has one); FIO_IOOPS_VERSION (31 in 3.33, 33 in
 * 3.36, 36 in 3.38 and 3.39, 37 in 3.40, 39 in 3.41 and 3.42) is fio's
 * own, compiled in from its header.
 */
#include <unistd.h>

#include "fio.h"

#if !defined(NFSWEEP_FIO_MAJOR) || !defined(NFSWEEP_FIO_MINOR)
#error "NFSWEEP_FIO_MAJOR/MINOR must be defined by the build (from FIO-VERSION-FILE)"
#endif

#define NFSWEEP_FIO_AT_LEAST(major, minor) \
	(NFSWEEP_FIO_MAJOR > (major) ||    \
	 (NFSWEEP_FIO_MAJOR == (major) && NFSWEEP_FIO_MINOR >= (minor)))

#if NFSWEEP_FIO_MAJOR < 3 || (NFSWEEP_FIO_MAJOR == 3 && NFSWEEP_FIO_MINOR < 33)
#error "nfsweep's engines need fio 3.33 or later (the FIO_SRC tree is older)"
#endif

/*
 * The cancel hook: fio up to 3.40 calls it for each io_u still in flight
 * when a job ends; 3.41 dropped it from struct ioengine_ops and waits for
 * those completions instead. An engine's table names its hook through
 * this macro; the hook itself is marked NFSWEEP_MAYBE_UNUSED.
 */
#if NFSWEEP_FIO_AT_LEAST(3, 41)
#define NFSWEEP_OPS_CANCEL(fn)
#else
#define NFSWEEP_OPS_CANCEL(fn) .cancel = (fn),
#endif
#define NFSWEEP_MAYBE_UNUSED __attribute__((unused))

/*
 * Whether the job is still in its ramp (ramp_time): fio 3.42 renamed
 * in_ramp_time() to in_ramp_period() (the ramp may end on a size too). An
 * engine built against 3.42 that called the old name would load and die
 * at its first completion (an undefined symbol), so the build makes an
 * implicit declaration an error (engines/Makefile).
 */
static inline bool nfsweep_in_ramp(struct thread_data *td)
{
#if NFSWEEP_FIO_AT_LEAST(3, 42)
	return in_ramp_period(td);
#else
	return in_ramp_time(td);
#endif
}

/*
 * fio 3.33 to 3.41 can hang for ever at a job's start in offload mode
 * (io_submit_mode=offload), whatever the engine: start_worker() sets a new
 * submit worker's flags to SW_F_IDLE after pthread_create(), by assignment,
 * and a worker that was quicker (it runs its engine's init() first) has
 * already set SW_F_RUNNING there, which is lost; workqueue_init() then waits
 * for it for ever (axboe/fio#2053, fixed in 3.42 by an |=). The worker's
 * init is the engine's: it waits NFSWEEP_OFFLOAD_START_WAIT_MS first, so
 * that the job's thread, which needs a few microseconds of CPU, is past
 * that assignment before the worker can set its flag. Measured with fio
 * 3.33's t0013 (8 jobs in offload mode) on 2 loaded cores: fio's own
 * engines hung in most runs, ours in none (docs/CONTRIBUTING.md, fio's own
 * suite). The job's own thread waits too (it cannot tell itself from a
 * worker before init returns): 50 ms once per job, before its files are
 * laid out.
 */
#define NFSWEEP_OFFLOAD_START_WAIT_MS 50
static inline void nfsweep_offload_start_wait(struct thread_data *td)
{
#if !NFSWEEP_FIO_AT_LEAST(3, 42)
	if (td->o.io_submit_mode == IO_MODE_OFFLOAD)
		usleep(NFSWEEP_OFFLOAD_START_WAIT_MS * 1000);
#else
	(void)td;
#endif
}

#endif
