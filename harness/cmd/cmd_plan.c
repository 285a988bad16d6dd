// SPDX-License-Identifier: GPL-2.0
/* nfsweep plan: the points a run with the same options would measure. */
#include <stdio.h>
#include <stdlib.h>

#include "cmds.h"
#include "sweep_opts.h"

int cmd_plan(int argc, char **argv)
{
	struct sweep_opts o;
	struct point *points;
	size_t n, i;
	int ret = sweep_opts_parse("plan", argc, argv, &o);

	if (ret)
		return ret == 1 ? 0 : ret;
	points = calloc(o.nprofiles * o.npcts * o.ntargets * (size_t)o.repeat, sizeof(*points));
	if (!points) {
		perror("nfsweep plan: calloc");
		return 3;
	}
	n = plan_build(o.profiles, o.nprofiles, o.pcts, o.npcts, o.targets, o.ntargets, o.repeat,
		       points);
	printf("%-6s %-12s %-12s %-8s %-6s %s\n", "point", "profile", "target", "read_pct",
	       "repeat", "path");
	for (i = 0; i < n; i++)
		printf("%-6zu %-12s %-12s %-8d %-6d %s\n", points[i].index, points[i].profile,
		       points[i].target->label, points[i].read_pct, points[i].repeat,
		       points[i].target->path);
	printf("%zu points, about %.0f min at %d s ramp + %d s runtime each\n", n,
	       (double)n * (o.ramp + o.runtime) / 60.0, o.ramp, o.runtime);
	free(points);
	sweep_opts_free(&o);
	return 0;
}
