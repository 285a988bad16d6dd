// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep mounts: the NFS mounts, with the options the kernel reports and
 * the transports counted in mountstats (nconnect asked vs. granted).
 */
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "mountstats.h"

int cmd_mounts(int argc, char **argv)
{
	const char *path = "/proc/self/mountstats";
	struct ms_mount *m;
	size_t n, shown = 0;
	int ret;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: nfsweep mounts [--mountstats FILE]\n\n"
		       "Lists NFS mounts: device, mount point, version, nconnect asked, transports\n"
		       "seen (xprt: lines in mountstats), and the options the kernel reports.\n"
		       "A transports count below nconnect means the kernel reused another mount's\n"
		       "client (same server address; NFSv4: same client owner).\n\n"
		       "exit status: 0, 3 mountstats unreadable\n");
		return 0;
	}
	if (argc > 2 && !strcmp(argv[1], "--mountstats"))
		path = argv[2];
	else if (argc > 1) {
		fprintf(stderr, "nfsweep mounts: unexpected argument '%s'\n", argv[1]);
		return 2;
	}
	ret = mountstats_read(path, &m, &n);
	if (ret) {
		fprintf(stderr, "nfsweep mounts: read %s: %s\n", path, strerror(-ret));
		return 3;
	}
	printf("%-28s %-20s %-5s %-8s %-10s %s\n", "device", "mounted on", "vers", "nconnect",
	       "transports", "options");
	for (size_t i = 0; i < n; i++) {
		char vers[16] = "?";
		const char *v;

		if (strncmp(m[i].fstype, "nfs", 3))
			continue;
		v = strstr(m[i].opts, "vers=");
		if (v)
			sscanf(v + 5, "%15[^,]", vers);
		printf("%-28s %-20s %-5s %-8ld %-10u %s\n", m[i].device, m[i].mountpoint, vers,
		       ms_opt_long(m[i].opts, "nconnect", 1), m[i].xprts, m[i].opts);
		shown++;
	}
	if (!shown)
		printf("(no NFS mounts)\n");
	mountstats_free(m, n);
	return 0;
}
