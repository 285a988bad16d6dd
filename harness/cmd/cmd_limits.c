// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep limits FILE.csv: what limited each point of a results file, judged again from its
 * rows by today's rules (limits/limit.h), with the figures that decided and what would lift it.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "limits/limit.h"
#include "results/rows.h"

/* One row's lines; 1 when judged, 0 when not (said). */
static int print_row(const struct rows *t, size_t i)
{
	struct limit_verdict v;
	const char *stored = res_at(t, i, COL_limit);
	const char *load = res_at(t, i, COL_load_point);

	printf("%s %s read=%s%% %s %s: ", res_at(t, i, COL_profile), res_at(t, i, COL_target),
	       res_at(t, i, COL_read_pct), *load ? "load point" : "repeat",
	       *load ? load : res_at(t, i, COL_repeat));
	if (limit_judge_rows(t, i, &v)) {
		printf("not judged: no transport figures (not a kernel NFS mount, --hosts, or a "
		       "file older than schema 1.7)\n");
		return 0;
	}
	printf("%s (%.2fx its thresholds)\n  %s\n", limit_name(v.id), v.margin, v.evidence);
	if (v.id != LIMIT_unknown)
		printf("  %s; what would lift it: %s\n", limit_what(v.id), limit_lift(v.id));
	else
		printf("  %s\n", limit_lift(v.id));
	if (*stored && strcmp(stored, limit_name(v.id)))
		printf("  (the run said %s: the rules have changed since)\n", stored);
	return 1;
}

static int cmd_limits_main(const struct command *cmd, int argc, char **argv)
{
	struct rows t;
	char dir[PATH_MAX];
	const char *path;
	size_t failed = 0, judged = 0;
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, NULL, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	ret = cmd_results_arg("limits", argv[argi], dir, sizeof(dir), &path);
	if (ret)
		return ret;
	ret = rows_load(path, &table_results, &t);
	if (ret) {
		fprintf(stderr, "nfsweep limits: %s: %s\n", path,
			ret == -EPROTO ? "not a results file (no header nfsweep wrote)" :
					 strerror(-ret));
		return EXIT_SETUP;
	}
	for (size_t i = 0; i < t.n; i++) {
		if (strcmp(res_at(&t, i, COL_status), "ok")) {
			failed++;
			continue;
		}
		judged += (size_t)print_row(&t, i);
	}
	printf("\n%zu of %zu ok rows judged (docs/limits.md: the rules)", judged, t.n - failed);
	printf(failed ? "; %zu failed rows not judged\n" : "\n", failed);
	for (size_t k = 0; k < t.nunused; k++)
		fprintf(stderr,
			"nfsweep limits: %s:%zu: not a row of the header's columns: not used\n",
			path, t.unused[k]);
	ret = t.nunused ? EXIT_FAILED : EXIT_OK;
	rows_free(&t);
	return ret;
}

const struct command command_limits = {
	.name = "limits",
	.summary = "what limited each point, and what would lift it",
	.args = "FILE.csv",
	.min_args = 1,
	.max_args = 1,
	.about = "Each ok row of FILE.csv judged by today's rules (docs/limits.md): the limit it "
		 "ran into\n(rpc-slots, client-cpu, shared-path, per-connection) or unknown, the "
		 "figures that decided,\nand what would lift it.\nRows without the transports' "
		 "figures (not a kernel NFS mount, --hosts, files older\nthan schema 1.7) are said "
		 "not judged.",
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL },
					    { EXIT_FAILED,
					      "some lines could not be used (each named)" },
					    { EXIT_USAGE, NULL },
					    { EXIT_SETUP, "not a readable results file" },
					    { -1, NULL } },
	.run = cmd_limits_main,
};
