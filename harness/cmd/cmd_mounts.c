// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep mounts: the NFS mounts, with the options the kernel reports and
 * the transports counted in mountstats (nconnect asked vs. granted).
 */
#include <stdio.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "nfs/mount_opts.h"
#include "nfs/mountstats.h"

struct mounts_opts {
	const char *mountstats;
};

/* clang-format off */
static const struct opt o_mountstats = {
	.name = "mountstats", .arg = "FILE", .type = OPT_STR,
	.off = offsetof(struct mounts_opts, mountstats), .def = "/proc/self/mountstats",
	.help = "where NFS statistics are read (another mount namespace: /proc/PID/mountstats)",
	.complete = OPT_COMPLETE_FILE, .example = "/proc/self/mountstats",
};
/* clang-format on */
static const struct opt *const mounts_opts[] = { &o_mountstats, NULL };

static int cmd_mounts_main(const struct command *cmd, int argc, char **argv)
{
	struct mounts_opts o = { 0 };
	struct ms_mount *m;
	size_t n, shown = 0;
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	ret = mountstats_read(o.mountstats, &m, &n);
	if (ret) {
		fprintf(stderr, "nfsweep mounts: read %s: %s\n", o.mountstats, strerror(-ret));
		return EXIT_SETUP;
	}
	printf("%-28s %-20s %-5s %-8s %-10s %s\n", "device", "mounted on", "vers", "nconnect",
	       "transports", "options");
	for (size_t i = 0; i < n; i++) {
		char vers[16];

		/* NFS clients only: not nfsd's /proc/fs/nfsd, nor rpc_pipefs */
		if (strcmp(m[i].fstype, "nfs") && strcmp(m[i].fstype, "nfs4"))
			continue;
		if (!mount_opt(m[i].opts, "vers", vers, sizeof(vers)))
			snprintf(vers, sizeof(vers), "?");
		printf("%-28s %-20s %-5s %-8ld %-10u %s\n", m[i].device, m[i].mountpoint, vers,
		       mount_opt_long(m[i].opts, "nconnect", 1), m[i].xprts, m[i].opts);
		shown++;
	}
	if (!shown)
		printf("(no NFS mounts)\n");
	mountstats_free(m, n);
	return EXIT_OK;
}

const struct command command_mounts = {
	.name = "mounts",
	.summary = "list NFS mounts with options and transports",
	.about =
		"Lists NFS mounts: device, mount point, version, nconnect asked, transports seen "
		"(xprt:\nlines in mountstats), and the options the kernel reports. A transports "
		"count below\nnconnect means the kernel reused another mount's client (same server "
		"address; NFSv4:\nsame client owner).",
	.opts = mounts_opts,
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL },
					    { EXIT_USAGE, NULL },
					    { EXIT_SETUP, "mountstats unreadable" },
					    { -1, NULL } },
	.run = cmd_mounts_main,
};
