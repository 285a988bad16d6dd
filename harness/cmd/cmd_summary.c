// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep summary FILE.csv: per profile, a table of read % x target with the
 * headline figure of each point (MiB/s for 64 KiB and larger blocks, IOPS
 * below), the mean of its ok rows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "results_table.h"

int cmd_summary(int argc, char **argv)
{
	struct results_table *t;
	char why[512];

	if (argc != 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc == 2 ? stdout : stderr,
			"usage: nfsweep summary FILE.csv\n\nPer profile, read %% x target: MiB/s "
			"(blocks of 64 KiB and more) or IOPS, the mean of the ok rows.\n\n"
			"exit status: 0, 2 usage, 3 not a readable results file\n");
		return argc == 2 ? 0 : 2;
	}
	t = malloc(sizeof(*t));
	if (!t || results_table_load(argv[1], t, why, sizeof(why))) {
		fprintf(stderr, "nfsweep summary: %s\n", t ? why : "out of memory");
		free(t);
		return 3;
	}
	for (int p = 0; p < t->nprofiles; p++) {
		int mib = rt_is_throughput(t, p);

		printf("\n%s: total %s (mean of ok rows)\n%-7s", t->profiles[p],
		       mib ? "MiB/s" : "IOPS", "read %");
		for (int tg = 0; tg < t->ntargets; tg++)
			printf(" %12s", t->targets[tg]);
		printf("\n");
		for (int pct = 100; pct >= 0; pct--) {
			int have;

			if (!rt_has_pct(t, p, pct))
				continue;
			printf("%-7d", pct);
			for (int tg = 0; tg < t->ntargets; tg++) {
				double v = rt_mean(t, p, pct, tg, mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS, &have);

				if (have)
					printf(" %12.*f", mib ? 1 : 0, v);
				else
					printf(" %12s", "-");
			}
			printf("\n");
		}
	}
	if (t->failed)
		printf("\n%d failed row%s not counted (status column)\n", t->failed,
		       t->failed > 1 ? "s" : "");
	free(t);
	return 0;
}
