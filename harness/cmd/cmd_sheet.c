// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep sheet FILE.csv [--out FILE.xlsx]: the workbook of a results
 * file (sheet/workbook.h), its charts the spreadsheet's own.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "sheet/workbook.h"
#include "util/paths.h"

struct sheet_opts {
	const char *out, *reference;
};

/* clang-format off */
static const struct opt
o_out = { .name = "out", .arg = "FILE.xlsx", .type = OPT_STR,
	.off = offsetof(struct sheet_opts, out),
	.help = "where the workbook goes (default: FILE.xlsx beside FILE.csv)",
	.complete = OPT_COMPLETE_FILE, .example = "results/sweep.xlsx" },
o_reference = { .name = "reference", .arg = "DIR", .type = OPT_STR,
	.off = offsetof(struct sheet_opts, reference),
	.help = "the published figures (default: results-schema/reference, or the installed copy)",
	.complete = OPT_COMPLETE_DIR, .example = "results-schema/reference" };
/* clang-format on */
static const struct opt *const sheet_opts[] = { &o_out, &o_reference, NULL };

static int cmd_sheet_main(const struct command *cmd, int argc, char **argv)
{
	struct sheet_opts o = { 0 };
	struct reference ref = { 0 };
	struct workbook_in in = { 0 };
	struct results_table *t;
	char why[1024], path[4096], file[PATH_MAX];
	int ret, argi, unused;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	ret = cmd_results_arg("sheet", argv[argi], file, sizeof(file), &in.csv);
	if (ret)
		return ret;
	in.out = o.out;
	t = results_table_read(in.csv, why, sizeof(why));
	if (!t) {
		fprintf(stderr, "nfsweep sheet: %s\n", why);
		return EXIT_SETUP;
	}
	unused = rt_report_unused(t, "sheet", in.csv);
	if (reference_load_dir(o.reference ? o.reference : nfsweep_default_reference_dir(), &ref,
			       why, sizeof(why)))
		fprintf(stderr, "nfsweep sheet: the workbook without published figures: %s\n", why);
	in.t = t;
	in.ref = &ref;
	if (workbook_write(&in, path, sizeof(path), why, sizeof(why))) {
		fprintf(stderr, "nfsweep sheet: %s\n", why);
		ret = EXIT_SETUP;
	} else {
		printf("%s\n", path);
		ret = unused ? EXIT_FAILED : EXIT_OK;
	}
	reference_free(&ref);
	free(t);
	return ret;
}

const struct command command_sheet = {
	.name = "sheet",
	.summary = "a workbook (xlsx) whose charts are the spreadsheet's own",
	.args = "FILE.csv",
	.min_args = 1,
	.max_args = 1,
	.about =
		"Writes FILE.xlsx (Excel, LibreOffice, Google Sheets): per profile the "
		"chart-ready table\n(nfsweep table) with two native charts drawn from its cells "
		"(throughput or IOPS, and\np99 latency, against read share per target) and the "
		"published figures beside; an\nnconnect sheet (measured gains against published); a "
		"curve sheet for a curve file\n(response time against achieved throughput, the ORT); "
		"every row of the results, of\nFILE.hosts.csv, FILE.ops.csv and FILE.rpc.csv, numbers "
		"as numbers, the header frozen\nand filtered; and what was run. Edit a cell and its "
		"chart follows. Prints the path.",
	.opts = sheet_opts,
	.exits =
		(const struct exit_use[]){
			{ EXIT_OK, NULL },
			{ EXIT_FAILED, "some lines could not be used (each named)" },
			{ EXIT_USAGE, NULL },
			{ EXIT_SETUP, "unreadable results, or the workbook not written" },
			{ -1, NULL } },
	.run = cmd_sheet_main,
};
