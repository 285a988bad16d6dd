// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep curve: a SPEC-style load curve of one profile, read % and target.
 * An unthrottled run finds the peak IOPS; then the points run at 1/N, 2/N,
 * .. N/N of it (--points), throttled with fio's own rate control, each a
 * row of the results schema with its load point, offered and achieved IOPS
 * and response time. It stops early when a point's response time passes
 * --stop-rt-ms (as SPEC's and vdbench's runs do), then prints the curve,
 * the Overall Response Time (curve/ort.c, as SPEC computes it) and the knee.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "cmd/sweep_cmd.h"
#include "curve/curve.h"
#include "sweep/point.h"
#include "sweep/run_record.h"

/* The measured load points 1..N in load order, and what was offered. */
struct measured {
	struct ort_point p[101];
	double offered[101];
	size_t n;
};

/*
 * Load points 1..N at k/N of @peak. EXIT_OK (failed points are rows and the
 * curve goes on), EXIT_SETUP when a row could not be written.
 */
static int run_loads(struct sweep *s, struct point *p, double peak, struct measured *m)
{
	const struct sweep_opts *o = s->o;

	double set_ops = point_set_ops(&s->prof.info[0]);

	for (int k = 1; k <= o->points && !stop_signal; k++) {
		struct point_load load = { .load_point = k, .offered_iops = peak * k / o->points };
		struct fio_result res;
		int ret;

		/* a profile of job sets (eda) steps whole sets, each job at its own rate */
		if (set_ops > 0) {
			load.job_sets = (int)(load.offered_iops / set_ops + 0.5);
			if (load.job_sets < 1)
				load.job_sets = 1;
			load.offered_iops = load.job_sets * set_ops;
		}
		p->index = (size_t)k + 1;
		ret = run_point(s, p, (size_t)o->points + 1, &load, NULL, &res);
		if (ret < 0)
			return EXIT_SETUP;
		if (ret > 0 || stop_signal)
			continue;
		m->offered[m->n] = load.offered_iops;
		m->p[m->n].ops_s = curve_as_recorded(res.rd.iops + res.wr.iops);
		m->p[m->n].rt_ms = curve_as_recorded(fio_result_response_ms(&res));
		m->n++;
		if (o->stop_rt_ms > 0 && m->p[m->n - 1].rt_ms > o->stop_rt_ms) {
			fprintf(stderr,
				"nfsweep curve: response time %.3f ms passed --stop-rt-ms %g: "
				"stopping at load point %d\n",
				m->p[m->n - 1].rt_ms, o->stop_rt_ms, k);
			break;
		}
	}
	return EXIT_OK;
}

/* The table, the knee and, last, the ORT. EXIT_OK, or EXIT_FAILED with no ORT. */
static int report(const struct sweep *s, const struct measured *m)
{
	const struct sweep_opts *o = s->o;
	struct ort_point sorted[101];
	char why[256];
	double ort;
	size_t knee;

	printf("load curve: %s, read %d%%, %s (%s)\n%-6s %12s %12s %8s %10s\n", o->profiles[0],
	       s->prof.plan[0].pcts[0], o->targets[0].label, o->targets[0].path, "point", "offered",
	       "achieved", "of offer", "rt ms");
	for (size_t i = 0; i < m->n; i++)
		printf("%-6zu %12.0f %12.0f %7.1f%% %10.3f\n", i + 1, m->offered[i], m->p[i].ops_s,
		       100 * m->p[i].ops_s / m->offered[i], m->p[i].rt_ms);
	/* The ORT takes the points in order of achieved throughput, as `nfsweep ort` does. */
	memcpy(sorted, m->p, sizeof(m->p[0]) * m->n);
	ort_sort(sorted, m->n);
	if (ort_compute(sorted, m->n, &ort, why, sizeof(why))) {
		fprintf(stderr, "nfsweep curve: no ORT: %s\n", why);
		return EXIT_FAILED;
	}
	knee = curve_knee(m->p, m->n);
	if (knee < m->n)
		printf("knee: load point %zu (%.0f IOPS, %.3f ms): beyond it the response time is more "
		       "than twice that at the lightest load\n",
		       knee, m->p[knee - 1].ops_s, m->p[knee - 1].rt_ms);
	else
		printf("knee: none within the curve (the response time stays within twice that at "
		       "the lightest load)\n");
	printf("overall response time (ms):\n%.2f\n", ort);
	return EXIT_OK;
}

static int cmd_curve_main(const struct command *cmd, int argc, char **argv)
{
	struct sweep_opts o = { 0 };
	struct done_set done = { 0 };
	struct measured m = { .n = 0 };
	struct fio_result res;
	struct sweep s;
	struct point p;
	struct run_record rec = {
		.invoked_as = nfsweep_invoked_as, .argc = argc, .argv = argv, .started = time(NULL)
	};
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		goto out;
	ret = sweep_start(cmd, &o, &s, &done);
	if (ret)
		goto out;
	sweep_catch_signals();
	/* clang-format off */
	p = (struct point){ .index = 1, .profile = o.profiles[0], .target = &o.targets[0],
			    .read_pct = s.prof.plan[0].pcts[0], .repeat = 1 };
	/* clang-format on */

	fprintf(stderr, "nfsweep curve: finding the peak (unthrottled)\n");
	ret = run_point(&s, &p, (size_t)o.points + 1, &(struct point_load){ .load_point = 0 }, NULL,
			&res);
	if (ret || stop_signal) {
		fprintf(stderr, "nfsweep curve: the peak run failed; no curve\n");
		ret = stop_signal ? exit_signalled(stop_signal) :
		      ret < 0	  ? EXIT_SETUP :
				    EXIT_FAILED;
		goto out_close;
	}
	fprintf(stderr, "nfsweep curve: peak %.0f IOPS at %.3f ms\n", res.rd.iops + res.wr.iops,
		fio_result_response_ms(&res));
	ret = run_loads(&s, &p, res.rd.iops + res.wr.iops, &m);
	if (ret)
		goto out_close;
	if (stop_signal) {
		fprintf(stderr, "nfsweep curve: stopped; the rows so far are in %s\n", o.out);
		ret = exit_signalled(stop_signal);
		goto out_close;
	}
	ret = report(&s, &m);
	if (!ret && s.failed)
		ret = EXIT_FAILED;
out_close:
	rec.planned = (size_t)o.points + 1;
	ret = sweep_finish(cmd, &s, &rec, ret);
	close(s.csv_fd);
out:
	done_set_free(&done);
	sweep_opts_free(&o);
	return ret;
}

const struct command command_curve = {
	.name = "curve",
	.summary = "a SPEC-style load curve: peak, then 1/N .. N/N of it, the ORT",
	.about =
		"Measures a load curve of one profile, read % and target, as SPEC SFS results "
		"summarise a\nsystem: an unthrottled run (load point 0) finds the peak IOPS, then "
		"load points 1..N run\nat 1/N .. N/N of it, throttled with fio's rate_iops. Each is "
		"a row of the results schema\n(load_point, offered_iops, total_iops, rt_ms). "
		"Prints the curve, the knee and, last, the\nOverall Response Time.",
	.opts = sweep_curve_opts,
	.exits =
		(const struct exit_use[]){
			{ EXIT_OK, "every point ok" },
			{ EXIT_FAILED, "some point failed or no ORT" },
			{ EXIT_USAGE, "usage error" },
			{ EXIT_SETUP, "setup error" },
			{ EXIT_BUSY, "another nfsweep holds the results file or the target" },
			{ EXIT_HOSTS, "a --hosts host failed the pre-flight (named)" },
			{ EXIT_SIGINT, NULL },
			{ EXIT_SIGTERM, NULL },
			{ -1, NULL } },
	.run = cmd_curve_main,
};
