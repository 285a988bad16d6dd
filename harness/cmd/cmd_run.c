// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep run: the points of the plan one by one (sweep_run.c does each),
 * target by target so that a managed mount variant is mounted once for its
 * points. A failing point becomes a row and the sweep goes on; SIGINT and
 * SIGTERM keep every whole row and print the command that resumes.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmds.h"
#include "mount_manage.h"
#include "sweep_run.h"

/* The sweep's own command line with --resume, for after an interruption. */
static void print_resume(int argc, char **argv)
{
	int has = 0;

	fprintf(stderr, "nfsweep run: stopped; every completed row is in the file. To finish:\n  nfsweep");
	for (int i = 0; i < argc; i++) {
		has |= !strcmp(argv[i], "--resume");
		if (strpbrk(argv[i], " '\"$\\"))
			fprintf(stderr, " '%s'", argv[i]);
		else
			fprintf(stderr, " %s", argv[i]);
	}
	fprintf(stderr, "%s\n", has ? "" : " --resume");
}

int cmd_run(int argc, char **argv)
{
	struct sweep_opts o;
	struct sweep s;
	struct done_set done = { 0 };
	struct point *points;
	const struct target *mounted = NULL, *current = NULL;
	char mount_err[1024], mount_failed[1200] = "";
	size_t n, i, todo = 0, ran = 0;
	double spent = 0;
	int ret, stopped = 0;

	ret = sweep_opts_parse("run", argc, argv, &o);
	if (ret)
		return ret == 1 ? 0 : ret;

	if (o.nmounts && geteuid()) {
		fprintf(stderr, "nfsweep run: --mount needs root (it runs mount(8)); or mount the "
			"variants yourself and give --target label=path\n");
		ret = 2;
		goto refused;
	}
	if (o.nmounts && mkdir(o.mount_dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "nfsweep run: --mount-dir %s: %s\n", o.mount_dir, strerror(errno));
		ret = 3;
		goto refused;
	}
	for (i = 0; i < o.ntargets; i++) {
		struct stat st;

		if (o.targets[i].mount >= 0)
			continue;	/* made when mounted */
		if (stat(o.targets[i].path, &st) || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "nfsweep run: --target %s=%s: %s\n", o.targets[i].label,
				o.targets[i].path, errno ? strerror(errno) : "not a directory");
			ret = 2;
			goto refused;
		}
	}
	ret = sweep_setup(&s, "run", &o, &done);
	if (ret)
		goto refused;

	points = calloc(o.nprofiles * o.npcts * o.ntargets * (size_t)o.repeat, sizeof(*points));
	if (!points) {
		fprintf(stderr, "nfsweep run: calloc: %s\n", strerror(errno));
		close(s.csv_fd);
		ret = 3;
		goto refused;
	}
	n = plan_build(o.profiles, o.nprofiles, o.pcts, o.npcts, o.targets, o.ntargets, o.repeat,
		       points);

	sweep_catch_signals();
	for (i = 0; i < n; i++) {
		char key[512], pct[8], rep[8];

		snprintf(pct, sizeof(pct), "%d", points[i].read_pct);
		snprintf(rep, sizeof(rep), "%d", points[i].repeat);
		plan_point_key(points[i].profile, points[i].target->label, pct, rep, key, sizeof(key));
		points[i].index = done_set_has(&done, key) ? 0 : points[i].index;
		todo += points[i].index != 0;
	}
	if (todo < n)
		fprintf(stderr, "nfsweep run: --resume: %zu of %zu points already done\n", n - todo, n);

	ret = 0;
	for (i = 0; i < n && !stop_signal; i++) {
		const struct target *tg = points[i].target;
		struct timespec a, b;
		int r;

		if (!points[i].index)
			continue;
		/* Points run target by target: (un)mount at each change of variant. */
		if (mounted != tg) {
			if (mounted && unmount_variant(mounted->path, mount_err, sizeof(mount_err)))
				fprintf(stderr, "nfsweep run: %s\n", mount_err);
			mounted = NULL;
			mount_failed[0] = '\0';
			if (tg->mount >= 0) {
				fprintf(stderr, "nfsweep run: mounting %s: %s:%s -o %s at %s\n", tg->label,
					o.mounts[tg->mount].server, o.mounts[tg->mount].export,
					o.mounts[tg->mount].opts, tg->path);
				if (mount_variant(&o.mounts[tg->mount], tg->path, mount_err,
						  sizeof(mount_err))) {
					snprintf(mount_failed, sizeof(mount_failed), "--mount %s: %s",
						 tg->label, mount_err);
					fprintf(stderr, "nfsweep run: %s\n", mount_failed);
				} else {
					mounted = tg;
				}
			}
			current = tg;
		}
		if (ran) {
			long eta = (long)(spent / (double)ran * (double)(todo - ran) + 0.5);

			fprintf(stderr, "(eta %ldm%02lds) ", eta / 60, eta % 60);
		}
		clock_gettime(CLOCK_MONOTONIC, &a);
		r = run_point(&s, &points[i], n, NULL,
			      current->mount >= 0 && mount_failed[0] ? mount_failed : NULL, NULL);
		clock_gettime(CLOCK_MONOTONIC, &b);
		spent += (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
		ran++;
		if (r < 0) {
			ret = 3;
			stopped = 1;
			break;
		}
		if (r > 0 && o.stop_on_error) {
			fprintf(stderr, "nfsweep run: --stop-on-error: stopping after point %zu\n",
				points[i].index);
			break;
		}
	}
	if (mounted && unmount_variant(mounted->path, mount_err, sizeof(mount_err)))
		fprintf(stderr, "nfsweep run: %s\n", mount_err);
	close(s.csv_fd);
	free(points);
	done_set_free(&done);
	sweep_opts_free(&o);
	if (stop_signal || stopped)
		print_resume(argc, argv);
	if (stop_signal)
		return 128 + stop_signal;
	if (ret)
		return ret;
	{
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		fprintf(stderr, "nfsweep run: %zu points, %d failed; results in %s (harness peak RSS %ld KiB)\n",
			ran, s.failed, o.out, ru.ru_maxrss);
	}
	return s.failed ? 1 : 0;

refused:	/* before the first point: nothing ran */
	done_set_free(&done);
	sweep_opts_free(&o);
	return ret;
}
