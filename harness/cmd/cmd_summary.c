// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep summary FILE.csv: per profile, a table of read % x target with the
 * headline figure of each point (MiB/s for 64 KiB and larger blocks, IOPS
 * below), the mean of its ok rows.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "results/results_table.h"

static void print_profile(const struct results_table *t, int p)
{
	int mib = rt_is_throughput(t, p);

	printf("\n%s: total %s (mean of ok rows)\n%-7s", t->profiles[p], mib ? "MiB/s" : "IOPS",
	       "read %");
	for (int tg = 0; tg < t->ntargets; tg++)
		printf(" %12s", t->targets[tg]);
	printf("\n");
	for (int pct = 100; pct >= 0; pct--) {
		if (!rt_has_pct(t, p, pct))
			continue;
		printf("%-7d", pct);
		for (int tg = 0; tg < t->ntargets; tg++) {
			int have;
			double v = rt_mean(t, p, pct, tg, mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS, &have);

			if (have)
				printf(" %12.*f", mib ? 1 : 0, v);
			else
				printf(" %12s", "-");
		}
		printf("\n");
	}
}

static int cmd_summary_main(const struct command *cmd, int argc, char **argv)
{
	struct results_table *t;
	char why[512];
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, NULL, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	t = results_table_read(argv[argi], why, sizeof(why));
	if (!t) {
		fprintf(stderr, "nfsweep summary: %s\n", why);
		return EXIT_SETUP;
	}
	for (int p = 0; p < t->nprofiles; p++)
		print_profile(t, p);
	if (t->failed)
		printf("\n%d failed row%s not counted (status column)\n", t->failed,
		       t->failed > 1 ? "s" : "");
	free(t);
	return EXIT_OK;
}

const struct command command_summary = {
	.name = "summary",
	.summary = "a table of read % x target per profile",
	.args = "FILE.csv",
	.min_args = 1, .max_args = 1,
	.about = "Per profile, read % x target: total MiB/s (blocks of 64 KiB and more) or total "
		 "IOPS, the\nmean of the ok rows.",
	.exit_status = "0, 2 usage, 3 not a readable results file",
	.run = cmd_summary_main,
};
