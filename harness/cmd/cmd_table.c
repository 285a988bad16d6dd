// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep table FILE.csv: the chart-ready tables beside a results file
 * (results/chart_table.h), for a file written before run and plot wrote
 * them, or after its rows were edited.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "plot/chart_table.h"
#include "util/paths.h"

struct table_opts {
	const char *reference;
};

static const struct opt o_reference = {
	.name = "reference",
	.arg = "DIR",
	.type = OPT_STR,
	.off = offsetof(struct table_opts, reference),
	.help = "the published figures (default: results-schema/reference, or the installed copy)",
	.complete = OPT_COMPLETE_DIR,
	.example = "results-schema/reference",
};
static const struct opt *const table_opts[] = { &o_reference, NULL };

int tables_after_run(const char *cmd, const char *csv)
{
	struct reference ref = { 0 };
	struct results_table *t;
	char why[512];
	int ret;

	t = results_table_read(csv, why, sizeof(why));
	if (!t) {
		fprintf(stderr, "nfsweep %s: no chart-ready tables: %s\n", cmd, why);
		return -1;
	}
	/* (the published figures are optional here: a table without them is still right) */
	if (reference_load_dir(nfsweep_default_reference_dir(), &ref, why, sizeof(why)))
		reference_free(&ref);
	ret = t->nprofiles || t->curve_rows ? ct_write_all(t, &ref, csv, cmd, NULL) : 0;
	reference_free(&ref);
	free(t);
	return ret;
}

static int cmd_table_main(const struct command *cmd, int argc, char **argv)
{
	const char *csv, *refdir;
	struct table_opts o = { 0 };
	struct reference ref = { 0 };
	struct results_table *t;
	char why[512];
	int ret, argi, unused;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	csv = argv[argi];
	refdir = o.reference ? o.reference : nfsweep_default_reference_dir();
	t = results_table_read(csv, why, sizeof(why));
	if (!t) {
		fprintf(stderr, "nfsweep table: %s\n", why);
		return EXIT_SETUP;
	}
	unused = rt_report_unused(t, "table", csv);
	if (!t->nprofiles && !t->curve_rows) {
		fprintf(stderr, "nfsweep table: %s has no ok rows to put in a table\n", csv);
		free(t);
		return EXIT_SETUP;
	}
	if (reference_load_dir(refdir, &ref, why, sizeof(why)))
		fprintf(stderr, "nfsweep table: the tables without published figures: %s\n", why);
	ret = ct_write_all(t, &ref, csv, "table", stdout) ? EXIT_SETUP :
	      unused					  ? EXIT_FAILED :
							    EXIT_OK;
	reference_free(&ref);
	free(t);
	return ret;
}

const struct command command_table = {
	.name = "table",
	.summary = "chart-ready tables beside a results file",
	.args = "FILE.csv",
	.min_args = 1,
	.max_args = 1,
	.about =
		"Writes, beside FILE.csv, the tables a spreadsheet's chart wants (run, curve and "
		"plot write\nthem too): FILE.PROFILE.table.csv per profile, one row per read share "
		"and one column\nper figure and target (total MiB/s or IOPS, p50 and p99 of reads "
		"and writes in ms,\nthe rows they are the mean of, the published figure); "
		"FILE.nconnect.table.csv with\nthe published nconnect gains beside the measured "
		"ones; FILE.curve.table.csv with each\ntarget's load curve. Their columns are in "
		"results-schema/README.md. Prints each\npath written.",
	.opts = table_opts,
	.exits =
		(const struct exit_use[]){
			{ EXIT_OK, NULL },
			{ EXIT_FAILED, "some lines could not be used (each named)" },
			{ EXIT_USAGE, NULL },
			{ EXIT_SETUP, "unreadable results, or a table not written" },
			{ -1, NULL } },
	.run = cmd_table_main,
};
