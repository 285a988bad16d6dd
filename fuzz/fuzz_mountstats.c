// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/self/mountstats: the kernel writes it, but the harness also reads
 * captures and --mountstats files that a user names.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_input.h"
#include "nfs/managed_mount.h"
#include "nfs/mount_opts.h"
#include "nfs/mountstats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fmemopen((void *)data, size, "r");
	struct ms_mount *mounts = NULL;
	size_t n = 0;
	char err[256];

	if (!size || !f)
		goto out;
	if (mountstats_parse(f, &mounts, &n))
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct ms_delta d;
		const struct ms_op *rd = ms_find_op(&mounts[i], "READ");
		const struct ms_op *wr = ms_find_op(&mounts[i], "WRITE");

		struct ms_xprt_figs x;

		if (rd && wr)
			ms_op_delta(rd, wr, &d);
		/* the transports' queues between two mounts' counters (any two: a delta's guards) */
		(void)ms_xprt_delta(&mounts[i ? i - 1 : 0], &mounts[i], &x);
		(void)mountstats_find(mounts, n, mounts[i].mountpoint);
		(void)mount_opt_long(mounts[i].opts, "nconnect", 1);
		(void)mount_verify("vers=4.2,nconnect=8,rsize=1048576,wsize=65536,proto=tcp",
				   &mounts[i], err, sizeof(err));
	}
	mountstats_free(mounts, n);
out:
	if (f)
		fclose(f);
	return 0;
}
