// SPDX-License-Identifier: GPL-2.0
/* What was run, as the rows say it (see facts.h). */
#include "report/facts.h"

const struct run_fact run_facts[] = {
	{ "client (uname -n)", "host" }, { "kernel", "kernel_release" },
	{ "fio", "fio_version" },	 { "nfsweep", "nfsweep_version" },
	{ "engine", "engine" },		 { "note (lab backend and shaping)", "note" },
};
const size_t nrun_facts = sizeof(run_facts) / sizeof(run_facts[0]);

const struct run_fact target_facts[] = {
	{ "path", "path" },
	{ "file system", "fs_type" },
	{ "server", "server" },
	{ "mount options (as the kernel reports them)", "mount_options" },
	{ "nconnect asked", "nconnect_asked" },
	{ "transports seen", "transports" },
};
const size_t ntarget_facts = sizeof(target_facts) / sizeof(target_facts[0]);
