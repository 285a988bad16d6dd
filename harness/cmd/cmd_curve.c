// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep curve: a SPEC-style load curve of one profile, read % and target.
 * An unthrottled run finds the peak IOPS; then the points run at 10 %, 20 %,
 * .. 100 % of it (--points), throttled with fio's own rate control, each a
 * row of the results schema with its load point, offered and achieved IOPS
 * and response time. It stops early when a point's response time passes
 * --stop-rt-ms (as SPEC's and vdbench's runs do), then prints the curve, the
 * Overall Response Time (ort.c, as SPEC computes it) and the knee.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "ort.h"
#include "sweep_run.h"

/*
 * A figure as its row records it (row_set_num: %.3f). The ORT printed here
 * must be the one `nfsweep ort` recomputes from the rows: computing it from
 * unrounded values moved its second decimal when it lay near a boundary.
 */
static double as_recorded(double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.3f", v);
	return strtod(buf, NULL);
}

int cmd_curve(int argc, char **argv)
{
	struct sweep_opts o;
	struct sweep s;
	struct done_set done = { 0 };
	struct ort_point curve[101], sorted[101];
	double offered[101], peak, ort;
	struct fio_result res;
	struct point p;
	char why[256];
	int ret, n = 0, knee = 0;

	ret = sweep_opts_parse("curve", argc, argv, &o);
	if (ret)
		return ret == 1 ? 0 : ret;
	if (o.npcts != 1) {
		fprintf(stderr, "nfsweep curve: --mix takes one read %% (e.g. --mix 70)\n");
		sweep_opts_free(&o);
		return 2;
	}
	if (o.resume) {
		fprintf(stderr, "nfsweep curve: --resume is for sweeps; a curve is measured in one go\n");
		sweep_opts_free(&o);
		return 2;
	}
	ret = sweep_setup(&s, "curve", &o, &done);
	if (ret) {
		sweep_opts_free(&o);
		return ret;
	}
	sweep_catch_signals();
	p = (struct point){ .index = 1, .profile = o.profiles[0], .target = &o.targets[0],
			    .read_pct = o.pcts[0], .repeat = 1 };

	/* Load point 0: unthrottled, to find the peak. */
	fprintf(stderr, "nfsweep curve: finding the peak (unthrottled)\n");
	ret = run_point(&s, &p, (size_t)o.points + 1, &(struct point_load){ 0, 0 }, NULL, &res);
	if (ret || stop_signal) {
		fprintf(stderr, "nfsweep curve: the peak run failed; no curve\n");
		ret = stop_signal ? 128 + stop_signal : (ret < 0 ? 3 : 1);
		goto out;
	}
	peak = res.rd.iops + res.wr.iops;
	fprintf(stderr, "nfsweep curve: peak %.0f IOPS at %.3f ms\n", peak, fio_result_response_ms(&res));

	for (int k = 1; k <= o.points && !stop_signal; k++) {
		struct point_load load = { k, peak * k / o.points };

		p.index = (size_t)k + 1;
		ret = run_point(&s, &p, (size_t)o.points + 1, &load, NULL, &res);
		if (ret < 0) {
			ret = 3;
			goto out;
		}
		if (ret > 0)
			continue;	/* a failed row; the curve goes on */
		offered[n] = load.offered_iops;
		curve[n].ops_s = as_recorded(res.rd.iops + res.wr.iops);
		curve[n].rt_ms = as_recorded(fio_result_response_ms(&res));
		n++;
		if (o.stop_rt_ms > 0 && curve[n - 1].rt_ms > o.stop_rt_ms) {
			fprintf(stderr, "nfsweep curve: response time %.3f ms passed --stop-rt-ms %g: "
				"stopping at load point %d\n", curve[n - 1].rt_ms, o.stop_rt_ms, k);
			break;
		}
	}
	if (stop_signal) {
		fprintf(stderr, "nfsweep curve: stopped; the rows so far are in %s\n", o.out);
		ret = 128 + stop_signal;
		goto out;
	}

	printf("load curve: %s, read %d%%, %s (%s)\n%-6s %12s %12s %8s %10s\n", o.profiles[0],
	       o.pcts[0], o.targets[0].label, o.targets[0].path, "point", "offered", "achieved",
	       "of offer", "rt ms");
	for (int i = 0; i < n; i++)
		printf("%-6d %12.0f %12.0f %7.1f%% %10.3f\n", i + 1, offered[i], curve[i].ops_s,
		       100 * curve[i].ops_s / offered[i], curve[i].rt_ms);
	/*
	 * Past the peak, achieved throughput can dip while the offer grows: the
	 * ORT takes the points in order of achieved throughput, as `nfsweep ort`
	 * does with a results file.
	 */
	memcpy(sorted, curve, sizeof(curve[0]) * (size_t)n);
	ort_sort(sorted, (size_t)n);
	if (ort_compute(sorted, (size_t)n, &ort, why, sizeof(why))) {
		fprintf(stderr, "nfsweep curve: no ORT: %s\n", why);
		ret = 1;
		goto out;
	}
	/* The knee: the last point whose response time is within twice the lightest load's. */
	for (int i = 0; i < n; i++)
		if (curve[i].rt_ms <= 2 * curve[0].rt_ms)
			knee = i + 1;
	if (knee < n)
		printf("knee: load point %d (%.0f IOPS, %.3f ms): beyond it the response time is more "
		       "than twice that at the lightest load\n", knee, curve[knee - 1].ops_s,
		       curve[knee - 1].rt_ms);
	else
		printf("knee: none within the curve (the response time stays within twice that at "
		       "the lightest load)\n");
	printf("overall response time (ms):\n%.2f\n", ort);
	ret = s.failed ? 1 : 0;
out:
	close(s.csv_fd);
	done_set_free(&done);
	sweep_opts_free(&o);
	return ret;
}
