// SPDX-License-Identifier: GPL-2.0
/* What was run, as the rows say it (see facts.h). */
#include "report/facts.h"

const struct run_fact run_facts[] = {
	{ "client (uname -n)", COL_host }, { "kernel", COL_kernel_release },
	{ "fio", COL_fio_version },	   { "nfsweep", COL_nfsweep_version },
	{ "engine", COL_engine },	   { "note (lab backend and shaping)", COL_note },
};
const size_t nrun_facts = sizeof(run_facts) / sizeof(run_facts[0]);

const struct run_fact target_facts[] = {
	{ "path", COL_path },
	{ "file system", COL_fs_type },
	{ "server", COL_server },
	{ "mount options (as the kernel reports them)", COL_mount_options },
	{ "nconnect asked", COL_nconnect_asked },
	{ "transports seen", COL_transports },
};
const size_t ntarget_facts = sizeof(target_facts) / sizeof(target_facts[0]);
