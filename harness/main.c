// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep: plans and runs read/write-ratio sweeps with fio on NFS mounts
 * and writes the results as CSV (see nfsweep.1).
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "schema.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} cmds[] = {
	{ "run", cmd_run, "run a sweep, one CSV row per point" },
	{ "curve", cmd_curve, "a SPEC-style load curve: peak, then 10 %..100 % of it, the ORT" },
	{ "plan", cmd_plan, "print the points of a sweep without running them" },
	{ "validate", cmd_validate, "check a results CSV against the schema" },
	{ "ort", cmd_ort, "the Overall Response Time of a load curve (SPEC SFS)" },
	{ "mounts", cmd_mounts, "list NFS mounts with options and transports" },
	{ "summary", cmd_summary, "a table of read % x target per profile" },
	{ "compare", cmd_compare, "ratios between targets (nc8/nc1), headline gains" },
	{ "plot", cmd_plot, "charts (PNG, SVG) with gnuplot, published figures beside" },
	{ "schema", cmd_schema, "print the results columns" },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: nfsweep COMMAND [options]   (nfsweep COMMAND --help)\n\n");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(out, "  %-9s %s\n", cmds[i].name, cmds[i].help);
	fprintf(out, "\nresults schema %s; see man nfsweep\n", schema_version());
}

int main(int argc, char **argv)
{
	/* '.' decimals whatever the user's locale: the CSV must not change with it. */
	setlocale(LC_ALL, "C");
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "nfsweep: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
