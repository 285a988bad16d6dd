// SPDX-License-Identifier: GPL-2.0
/*
 * --steady's criterion (see steady.h).
 *
 * The default, iops_slope:0.1% over 30 s: a least-squares slope of the
 * per-second IOPS under 0.1 % of their mean per second, so that the
 * window's start and end differ by under 3 % (0.1 % x 30 s), the bound the
 * steady figure is held to against a full-length point. A slope rather than
 * a deviation: a noisy but level target (a network path, a cloud volume's
 * jitter) has large per-second deviations and a flat line, and fio's
 * deviation criterion would never call it steady. IOPS rather than
 * bandwidth: the two are proportional at one block size, and an op-mix
 * profile has IOPS (operations) only.
 *
 * With --hosts each fio server judges its own jobs, and ends them when they are steady
 * (fio_mark_td_terminate); fio's "All clients" has no steadystate at all. Left alone, the
 * first host to be steady would stop while the others ran on against a server with less
 * load: their windows would cover other seconds, under another load, and a sum of them no
 * one load's figure. So nfsweep ends every host when the first one is steady (point_hosts.c,
 * through fio's --trigger-file), and every host's last window covers the same seconds, give
 * or take the trigger's fraction of a second and the hosts' start skew (start_skew_ms). The
 * point is steady when every host was steady over that shared window: the first by fio's
 * own verdict, each other by fio's last measure of its window (taken each second, up to the
 * stop), and only over a full window without an idle second. Otherwise the row says the
 * point was not steady (steady_attained=0), names the host, and keeps the figures: it ended
 * when the first host was steady, as fio had decided for that host, and no rerun can undo
 * that. The row's window figures are the hosts' sums over the shared window.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/steady.h"

/* fio's names of the four criteria: METRIC[_slope] */
static const struct {
	const char *name;
	enum steady_metric metric;
	int slope;
} criteria[] = {
	{ "iops", STEADY_IOPS, 0 },
	{ "iops_slope", STEADY_IOPS, 1 },
	{ "bw", STEADY_BW, 0 },
	{ "bw_slope", STEADY_BW, 1 },
};

int steady_parse(const char *text, struct steady_spec *sp, char *err, size_t len)
{
	const char *colon = strchr(text, ':');
	size_t n = colon ? (size_t)(colon - text) : 0;
	char *end;
	double v;

	for (size_t i = 0; colon && i < sizeof(criteria) / sizeof(criteria[0]); i++) {
		if (strlen(criteria[i].name) != n || strncmp(text, criteria[i].name, n))
			continue;
		v = strtod(colon + 1, &end);
		if (end == colon + 1 || !isfinite(v)) {
			snprintf(err, len, "'%.80s': no threshold after '%.*s:' (e.g. %s)", text,
				 (int)n, text, STEADY_DEFAULT);
			return -1;
		}
		if (strcmp(end, "%")) {
			snprintf(err, len,
				 "'%.80s': the threshold must be a percentage of the mean "
				 "(%.*s:N%%): an absolute one depends on the target's speed",
				 text, (int)n, text);
			return -1;
		}
		if (!(v > 0 && v <= 50)) {
			snprintf(err, len,
				 "'%.80s': the threshold must be above 0 and at most 50 %%", text);
			return -1;
		}
		*sp = (struct steady_spec){ criteria[i].metric, criteria[i].slope, v };
		return 0;
	}
	snprintf(err, len,
		 "'%.80s': not a criterion: iops_slope:N%%, iops:N%%, bw_slope:N%% or bw:N%% "
		 "(fio's steadystate; latency criteria need fio 3.42 and are not taken)",
		 text);
	return -1;
}

void steady_format(const struct steady_spec *sp, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s:%g%%", sp->metric == STEADY_IOPS ? "iops" : "bw",
		 sp->slope ? "_slope" : "", sp->limit);
}

int steady_fio_ramp(int ramp_s)
{
	return ramp_s + 1;
}

int steady_first_sample_s(int ramp_s)
{
	return steady_fio_ramp(ramp_s) + 1;
}

int steady_check_ran(const struct steady_result *r, const struct steady_spec *asked, int window_s,
		     char *err, size_t len)
{
	struct steady_spec ran;
	char why[160], a[48], b[48];

	if (!r->reported) {
		snprintf(err, len,
			 "fio's report has no steadystate object (--steady asked for one)");
		return -1;
	}
	if (steady_parse(r->ss, &ran, why, sizeof(why))) {
		snprintf(err, len, "fio's steadystate criterion %s", why);
		return -1;
	}
	steady_format(asked, a, sizeof(a));
	steady_format(&ran, b, sizeof(b));
	/* fio keeps the threshold as a float: compare at its precision */
	if (ran.metric != asked->metric || ran.slope != asked->slope ||
	    fabs(ran.limit - asked->limit) > 1e-6 * asked->limit + 1e-9 ||
	    r->window_s != window_s) {
		snprintf(err, len, "fio ran steadystate %s over %d s; %s over %d s was asked", b,
			 r->window_s, a, window_s);
		return -1;
	}
	return 0;
}

int steady_host_steady(const struct steady_result *h, const struct steady_spec *asked)
{
	return h->attained || (h->iops_min > 0 && fabs(h->measure) < asked->limit);
}

int steady_hosts(const struct steady_result *hosts, const char *const *names, size_t n,
		 const struct steady_spec *asked, int window_s, struct steady_result *total,
		 char *note, size_t nlen, char *err, size_t elen)
{
	size_t first = n, unsteady = n;
	char why[200];

	memset(total, 0, sizeof(*total));
	note[0] = '\0';
	if (!n) {
		snprintf(err, elen, "no host's figures in fio's report");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct steady_result *h = &hosts[i];

		if (steady_check_ran(h, asked, window_s, why, sizeof(why))) {
			snprintf(err, elen, "host %s: %s", names[i], why);
			return -1;
		}
		if (h->attained && first == n)
			first = i;
		if (!steady_host_steady(h, asked) && unsteady == n)
			unsteady = i;
		if (!i || fabs(h->measure) > fabs(total->measure))
			total->measure = h->measure;
		total->iops_mean += h->iops_mean;
		total->bw_mean += h->bw_mean;
		if (!i || h->samples < total->samples)
			total->samples = h->samples;
	}
	total->reported = 1;
	snprintf(total->ss, sizeof(total->ss), "%s", hosts[0].ss);
	total->window_s = window_s;
	total->attained = first < n && unsteady == n;
	if (first < n && unsteady < n)
		snprintf(note, nlen,
			 "host %s was steady and fio ended it, host %s was not (measure %.3g %%, "
			 "the limit %g %%): every host ended then",
			 names[first], names[unsteady], hosts[unsteady].measure, asked->limit);
	return 0;
}
