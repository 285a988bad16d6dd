// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep run: the points of the plan one by one (sweep/point.c does each),
 * the targets interleaved, or target by target (--order by-target, and
 * always with managed mounts, so that a variant is mounted once for its
 * points). A failing point becomes a row and the sweep goes on; SIGINT and
 * SIGTERM keep every whole row and print the command that resumes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "cmd/sweep_cmd.h"
#include "nfs/managed_mount.h"
#include "sweep/point.h"
#include "sweep/run_record.h"
#include "util/sink.h"
#include "util/strbuf.h"

/*
 * The sweep's own command line with --resume, for after an interruption:
 * each word quoted for a POSIX shell (run_command_line), so that the line
 * runs as printed, whatever a path or a note holds.
 */
static void print_resume(int argc, char **argv)
{
	struct strbuf sb = { 0 };

	/* as it was started: by its path when it is not on PATH */
	run_command_line(&sb, nfsweep_invoked_as, argc, argv, 1);
	fprintf(stderr,
		"nfsweep run: stopped; every completed row is in the file. To finish:\n"
		"  %s\n",
		sb.oom ? "nfsweep ... (out of memory)" : sb_str(&sb));
	sb_free(&sb);
}

/* --mount needs root and a directory to mount in. EXIT_OK or the status. */
static int check_mount_variants(const struct sweep_opts *o)
{
	char why[512];

	if (!o->nmounts)
		return EXIT_OK;
	if (geteuid()) {
		fprintf(stderr, "nfsweep run: --mount needs root (it runs mount(8)); or mount the "
				"variants yourself and give --target label=path\n");
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < o->nmounts; i++)
		if (mount_spec_resolves(&o->mounts[i], why, sizeof(why))) {
			fprintf(stderr, "nfsweep run: %s\n", why);
			return EXIT_USAGE;
		}
	/* before the mkdir: a directory fio cannot take is not made (checked again later) */
	if (sink_fio_value("--mount-dir", o->mount_dir, why, sizeof(why))) {
		fprintf(stderr, "nfsweep run: %s\n", why);
		return EXIT_USAGE;
	}
	if (mkdir(o->mount_dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "nfsweep run: --mount-dir %s: %s\n", o->mount_dir, strerror(errno));
		return EXIT_SETUP;
	}
	return EXIT_OK;
}

/*
 * The plan's points, those with an ok row in a resumed file marked done
 * (index 0). NULL if out of memory; @todo: how many are left to run.
 */
static struct point *plan_points(const struct sweep *s, const struct done_set *done, size_t *n,
				 size_t *todo)
{
	const struct sweep_opts *o = s->o;
	struct point *points =
		calloc(plan_count(s->prof.plan, o->nprofiles, &o->depths, o->ntargets, o->repeat),
		       sizeof(*points));

	if (!points)
		return NULL;
	*n = plan_build(s->prof.plan, o->nprofiles, &o->depths, o->targets, o->ntargets, o->repeat,
			o->order, points);
	*todo = 0;
	for (size_t i = 0; i < *n; i++) {
		const struct profile_info *pi = sweep_profile_info(&s->prof, o, points[i].profile);
		char key[512], pct[8], rep[8], nj[16], qd[16];

		/* the key its row will have: the depth as recorded (a profile's own, where it has one) */
		snprintf(pct, sizeof(pct), "%d", points[i].read_pct);
		snprintf(rep, sizeof(rep), "%d", points[i].repeat);
		snprintf(nj, sizeof(nj), "%d", point_numjobs(o, &points[i]));
		snprintf(qd, sizeof(qd), "%d",
			 pi->iodepth ? pi->iodepth : point_iodepth(o, &points[i]));
		results_point_key(points[i].profile, points[i].target->label, pct, nj, qd, rep, key,
				  sizeof(key));
		if (done_set_has(done, key))
			points[i].index = 0;
		*todo += points[i].index != 0;
	}
	return points;
}

/* Where the points are, and which managed variant is mounted for them. */
struct variant {
	const struct target *current; /* the target of the points now running */
	const struct target *mounted; /* its variant, when mounted */
	char failed[1200];	      /* why its variant could not be mounted, "" */
};

/* The points run target by target: (un)mount at each change of variant. */
static void variant_switch(const struct sweep_opts *o, struct variant *v, const struct target *tg)
{
	char err[1024];

	if (v->current == tg)
		return;
	if (v->mounted && unmount_variant(v->mounted->path, err, sizeof(err)))
		fprintf(stderr, "nfsweep run: %s\n", err);
	v->mounted = NULL;
	v->failed[0] = '\0';
	v->current = tg;
	if (!tg || tg->mount < 0)
		return;
	fprintf(stderr, "nfsweep run: mounting %s: %s:%s -o %s at %s\n", tg->label,
		o->mounts[tg->mount].server, o->mounts[tg->mount].export, o->mounts[tg->mount].opts,
		tg->path);
	if (mount_variant(&o->mounts[tg->mount], tg->path, err, sizeof(err))) {
		snprintf(v->failed, sizeof(v->failed), "--mount %s: %s", tg->label, err);
		fprintf(stderr, "nfsweep run: %s\n", v->failed);
	} else {
		v->mounted = tg;
	}
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Every point not done, with an ETA; @ran counts them. EXIT_OK, EXIT_SETUP
 * when a row could not be written (@stopped set); a stop signal ends the
 * loop early.
 */
static int run_points(struct sweep *s, const struct point *points, size_t n, size_t todo,
		      size_t *ran_out, int *stopped)
{
	const struct sweep_opts *o = s->o;
	struct variant v = { 0 };
	size_t ran = 0;
	double spent = 0;
	int ret = EXIT_OK;

	for (size_t i = 0; i < n && !stop_signal; i++) {
		const struct point *p = &points[i];
		double start;
		int r;

		if (!p->index)
			continue;
		variant_switch(o, &v, p->target);
		if (ran) {
			long eta = (long)(spent / (double)ran * (double)(todo - ran) + 0.5);

			snprintf(s->eta, sizeof(s->eta), "(eta %ldm%02lds) ", eta / 60, eta % 60);
		}
		start = now_s();
		r = run_point(s, p, n, NULL, v.failed[0] ? v.failed : NULL, NULL);
		spent += now_s() - start;
		ran++;
		if (r < 0) {
			ret = EXIT_SETUP;
			*stopped = 1;
			break;
		}
		if (r > 0 && o->stop_on_error) {
			fprintf(stderr, "nfsweep run: --stop-on-error: stopping after point %zu\n",
				p->index);
			break;
		}
	}
	variant_switch(o, &v, NULL); /* unmounts the last variant */
	*ran_out = ran;
	return ret;
}

static int cmd_run_main(const struct command *cmd, int argc, char **argv)
{
	struct sweep_opts o = { 0 };
	struct done_set done = { 0 };
	struct sweep s;
	struct point *points = NULL;
	struct run_record rec = { .invoked_as = nfsweep_invoked_as,
				  .argc = argc,
				  .argv = argv,
				  .started = time(NULL),
				  .resumable = 1 };
	size_t n, todo, ran = 0;
	int ret, argi, stopped = 0;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		goto out;
	ret = check_mount_variants(&o);
	if (ret)
		goto out;
	ret = sweep_start(cmd, &o, &s, &done);
	if (ret)
		goto out;
	points = plan_points(&s, &done, &n, &todo);
	if (!points) {
		fprintf(stderr, "nfsweep run: calloc: %s\n", strerror(ENOMEM));
		ret = EXIT_SETUP;
		goto out_close;
	}
	if (todo < n)
		fprintf(stderr, "nfsweep run: --resume: %zu of %zu points already done\n", n - todo,
			n);

	sweep_catch_signals();
	ret = run_points(&s, points, n, todo, &ran, &stopped);
	if (stop_signal || stopped)
		print_resume(argc, argv);
	if (stop_signal) {
		ret = exit_signalled(stop_signal);
	} else if (!ret) {
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		fprintf(stderr,
			"nfsweep run: %zu points, %d failed; results in %s (harness peak RSS "
			"%ld KiB)\n",
			ran, s.failed, o.out, ru.ru_maxrss);
		ret = s.failed ? EXIT_FAILED : EXIT_OK;
	}
	rec.planned = n;
	rec.done_before = n - todo;
	ret = sweep_finish(cmd, &s, &rec, ret);
out_close:
	close(s.csv_fd);
out:
	free(points);
	done_set_free(&done);
	sweep_opts_free(&o);
	return ret;
}

const struct command command_run = {
	.name = "run",
	.summary = "run a sweep, one CSV row per point",
	.about =
		"Plans the points profiles x read % x targets x repeats and runs them one by one "
		"with fio,\nwriting one CSV row per point (results-schema/README.md). A failing "
		"point becomes a row\nwith its status and error, and the sweep goes on. SIGINT and "
		"SIGTERM keep every whole\nrow and print the command that resumes.",
	.opts = sweep_run_opts,
	.exits =
		(const struct exit_use[]){
			{ EXIT_OK, "every point ok" },
			{ EXIT_FAILED, "some point failed" },
			{ EXIT_USAGE, "usage error" },
			{ EXIT_SETUP, "setup error (fio or an engine missing, results file not "
				      "writable, mountstats unreadable)" },
			{ EXIT_BUSY, "another nfsweep holds the results file or a target" },
			{ EXIT_HOSTS, "a --hosts host failed the pre-flight (named)" },
			{ EXIT_SIGINT, NULL },
			{ EXIT_SIGTERM, NULL },
			{ -1, NULL } },
	.run = cmd_run_main,
};
