// SPDX-License-Identifier: GPL-2.0
/* nfsweep plan: the points a run with the same options would measure. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "sweep/sweep_opts.h"
#include "sweep/sweep_profiles.h"

static int cmd_plan_main(const struct command *cmd, int argc, char **argv)
{
	struct sweep_opts o = { 0 };
	struct sweep_profiles sp;
	struct point *points = NULL;
	char err[1024];
	size_t n, i;
	int ret, argi;
	double soonest;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		goto out;
	if (sweep_opts_finish(&o, err, sizeof(err)) ||
	    sweep_profiles_read(&o, &sp, err, sizeof(err))) {
		fprintf(stderr, "nfsweep plan: %s\n", err);
		ret = EXIT_USAGE;
		goto out;
	}
	points = calloc(plan_count(sp.plan, o.nprofiles, &o.depths, o.ntargets, o.repeat),
			sizeof(*points));
	if (!points) {
		perror("nfsweep plan: calloc");
		ret = EXIT_SETUP;
		goto out;
	}
	n = plan_build(sp.plan, o.nprofiles, &o.depths, o.targets, o.ntargets, o.repeat, o.order,
		       points);
	/* a depth sweep's points: numjobs x iodepth, a column of their own */
	printf("%-6s %-12s %-12s %-8s %s%-6s %s\n", "point", "profile", "target", "read_pct",
	       o.depths.n ? "jobs x qd  " : "", "repeat", "path");
	for (i = 0; i < n; i++) {
		char depth[40] = "", d[24];

		snprintf(d, sizeof(d), "%dx%d", points[i].depth.numjobs, points[i].depth.iodepth);
		if (o.depths.n)
			snprintf(depth, sizeof(depth), "%-10s ", d);
		printf("%-6zu %-12s %-12s %-8d %s%-6d %s\n", points[i].index, points[i].profile,
		       points[i].target->label, points[i].read_pct, depth, points[i].repeat,
		       points[i].target->path);
	}
	/* --steady: each point's least is the ramp, fio's wait after it and one full window */
	soonest = (double)o.ramp + steady_first_sample_s(o.ramp) + o.steady_window;
	if (o.steady)
		printf("%zu points, at most %.0f min at %d s ramp + %d s runtime each; --steady ends "
		       "each when it is steady, at %.0f s at the soonest (%.0f min in all)\n",
		       n, (double)n * ((double)o.ramp + o.runtime) / 60.0, o.ramp, o.runtime,
		       soonest, (double)n * soonest / 60.0);
	else
		printf("%zu points, about %.0f min at %d s ramp + %d s runtime each\n", n,
		       (double)n * ((double)o.ramp + o.runtime) / 60.0, o.ramp, o.runtime);
	ret = EXIT_OK;
out:
	free(points);
	sweep_opts_free(&o);
	return ret;
}

const struct command command_plan = {
	.name = "plan",
	.summary = "print the points of a sweep without running them",
	.about = "Prints the points that `nfsweep run` with the same options would measure, in the "
		 "order it\nwould run them, and how long that would take. Runs nothing, writes "
		 "nothing.",
	.opts = sweep_plan_opts,
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL },
					    { EXIT_USAGE, "usage error" },
					    { EXIT_SETUP, "out of memory" },
					    { -1, NULL } },
	.run = cmd_plan_main,
};
