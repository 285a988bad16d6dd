/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_SWEEP_PREPARE_H
#define NFSWEEP_SWEEP_SWEEP_PREPARE_H

#include "results/results_file.h"
#include "sweep/sweep.h"

/*
 * Why a sweep cannot start, each a class of its own exit status, which only cmd/ chooses
 * (cli/exit_status.def): the user's input (an option, a target, a results file measured
 * otherwise), this machine's set-up (fio, an engine, a file that cannot be written), a results
 * file or target another nfsweep holds, a --hosts host refused by the pre-flight.
 */
enum prepare_fail {
	PREPARE_OK,
	PREPARE_USAGE,
	PREPARE_SETUP,
	PREPARE_BUSY,
	PREPARE_HOSTS
};

/*
 * What run and curve (@cmd: "run", "curve", in messages) do before their first point: the
 * options' last checks and the targets (PREPARE_USAGE), fio and the engine (PREPARE_SETUP),
 * io_uring refused (PREPARE_SETUP), --nfs (PREPARE_USAGE for a target that is not NFS,
 * PREPARE_SETUP for statistics that cannot be read), the fio/ directory and the results file
 * (created, or scanned into @done for --resume), the --hosts pre-flight (PREPARE_HOSTS), the
 * targets' locks (PREPARE_BUSY). PREPARE_OK, or why not (said on stderr).
 */
enum prepare_fail sweep_prepare(const char *cmd, struct sweep_opts *o, struct sweep *s,
				struct done_set *done);

#endif
