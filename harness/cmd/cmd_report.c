// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep report FILE.csv: one page per run, FILE.html beside FILE.csv
 * (report/): what was run, the figures against the published ones, the
 * charts, the tables, what went wrong and the files, in one HTML file that
 * carries itself. run and curve write it as they end (report_after_run).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "report/report.h"
#include "util/paths.h"

struct report_opts {
	const char *reference, *resume_with;
};

/* clang-format off */
static const struct opt
o_reference = { .name = "reference", .arg = "DIR", .type = OPT_STR,
	.off = offsetof(struct report_opts, reference),
	.help = "the published figures (default: results-schema/reference, or the installed copy)",
	.complete = OPT_COMPLETE_DIR, .example = "results-schema/reference" },
o_resume_with = { .name = "resume-with", .arg = "COMMAND", .type = OPT_STR,
	.off = offsetof(struct report_opts, resume_with),
	.help = "the command that finishes the file, as the user started it (make sweep's)",
	.more = "Shown beside the run record's nfsweep run --resume when points are left. Text "
		"only: the page shows it, nothing runs it.",
	.example = "make sweep RESUME=results/20261201T120000Z" };
/* clang-format on */
static const struct opt *const report_opts[] = { &o_reference, &o_resume_with, NULL };

int report_after_run(const char *cmd, const char *csv)
{
	struct report_in in = { .csv = csv, .refdir = nfsweep_default_reference_dir(), .cmd = cmd };
	char out[4096], why[1024];
	int problems, missing,
		err = report_run(&in, out, sizeof(out), &problems, &missing, why, sizeof(why));

	if (err) {
		fprintf(stderr, "nfsweep %s: no report: %s\n", cmd, why);
		return -1;
	}
	fprintf(stderr, "nfsweep %s: report in %s\n", cmd, out);
	return 0;
}

static int cmd_report_main(const struct command *cmd, int argc, char **argv)
{
	struct report_opts o = { 0 };
	struct report_in in = { 0 };
	char out[4096], why[1024], file[PATH_MAX];
	int ret, argi, err, problems, missing;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	ret = cmd_results_arg("report", argv[argi], file, sizeof(file), &in.csv);
	if (ret)
		return ret;
	in.refdir = o.reference ? o.reference : nfsweep_default_reference_dir();
	in.resume_with = o.resume_with;
	err = report_run(&in, out, sizeof(out), &problems, &missing, why, sizeof(why));
	if (err) {
		fprintf(stderr, "nfsweep report: %s\n", why);
		return EXIT_SETUP;
	}
	printf("%s\n", out);
	if (problems) {
		fprintf(stderr,
			"nfsweep report: %s: %d problem%s (nfsweep validate %s lists them; the page "
			"says so at its top)\n",
			in.csv, problems, problems > 1 ? "s" : "", in.csv);
		return EXIT_FAILED;
	}
	return missing ? EXIT_CHARTS : EXIT_OK;
}

const struct command command_report = {
	.name = "report",
	.summary = "one HTML page of a run, to open or send: setup, figures, charts, problems",
	.args = "FILE.csv",
	.min_args = 1,
	.max_args = 1,
	.about = "Writes FILE.html beside FILE.csv, one self-contained page (its charts inside it, "
		 "nothing\nfetched, A4 when printed): what was run (from FILE.run.csv and the "
		 "rows), the nconnect\nratios, a curve's ORT or an op mix against the published "
		 "figures, every chart of plot\n(drawn again beside the file), every row per "
		 "profile and target, what went wrong with\nthe command that finishes the file, "
		 "and links to the files beside it. A file that does\nnot validate gets its page, "
		 "which says so at the top.",
	.opts = report_opts,
	.exits =
		(const struct exit_use[]){
			{ EXIT_OK, "the page is written (its path on stdout)" },
			{ EXIT_FAILED, "written, but some lines do not validate (each named)" },
			{ EXIT_USAGE, NULL },
			{ EXIT_SETUP, "the results file unreadable, or the page not written" },
			{ EXIT_CHARTS,
			  "written, but gnuplot could not draw some chart (each named)" },
			{ -1, NULL } },
	.run = cmd_report_main,
};
