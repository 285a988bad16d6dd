// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep ort FILE.csv: the Overall Response Time of a load curve given as
 * a CSV with the columns ops_s and rt_ms, one row per load point in
 * ascending throughput (results-schema/reference/curves/ has the published
 * SPEC SFS 2008 curves in that form), or a results file of nfsweep curve.
 */
#include <errno.h>
#include <stdio.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "curve/curve.h"

static int cmd_ort_main(const struct command *cmd, int argc, char **argv)
{
	struct curve c;
	char why[512];
	double ort;
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, NULL, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	ret = curve_read(argv[argi], NULL, &c, why, sizeof(why));
	if (ret) {
		fprintf(stderr, "nfsweep ort: %s\n", why);
		return ret == -EINVAL ? EXIT_FAILED : EXIT_SETUP;
	}
	if (ort_compute(c.p, c.n, &ort, why, sizeof(why))) {
		fprintf(stderr, "nfsweep ort: %s: %s\n", argv[argi], why);
		curve_free(&c);
		return EXIT_FAILED;
	}
	printf("%-6s %12s %10s\n", "point", "ops/s", "rt ms");
	for (size_t i = 0; i < c.n; i++)
		printf("%-6zu %12.0f %10.3f\n", i + 1, c.p[i].ops_s, c.p[i].rt_ms);
	printf("peak %.0f ops/s; overall response time (ms):\n%.2f\n", c.p[c.n - 1].ops_s, ort);
	curve_free(&c);
	return EXIT_OK;
}

const struct command command_ort = {
	.name = "ort",
	.summary = "the Overall Response Time of a load curve (SPEC SFS)",
	.args = "FILE.csv",
	.min_args = 1,
	.max_args = 1,
	.about =
		"The Overall Response Time of a load curve, as SPEC SFS computes it: the area "
		"under\nresponse time against throughput from the origin through each point, "
		"divided by the\npeak throughput. FILE has the columns ops_s and rt_ms, one row per "
		"load point, in\nascending throughput; or it is a results file written by nfsweep "
		"curve (its ok load\npoints, achieved IOPS against rt_ms). The last line printed is "
		"the ORT in ms with two\ndecimals.",
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL },
					    { EXIT_FAILED, "not a valid curve" },
					    { EXIT_USAGE, NULL },
					    { EXIT_SETUP, "unreadable file or columns missing" },
					    { -1, NULL } },
	.run = cmd_ort_main,
};
