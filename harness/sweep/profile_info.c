// SPDX-License-Identifier: GPL-2.0
/* What nfsweep reads from a profile (see profile_info.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/schema.h"
#include "sweep/profile_info.h"

/* "64k" -> 65536 */
static long long parse_size(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	switch (*end) {
	case 'k':
	case 'K':
		return v << 10;
	case 'm':
	case 'M':
		return v << 20;
	case 'g':
	case 'G':
		return v << 30;
	default:
		return v;
	}
}

/* "frontend:3:100:69,backend:2:75:50": JOB:PER_SET:OPS_S:READ_PCT,.. */
static int parse_job_set(const char *s, struct profile_info *pi)
{
	while (*s && pi->njobs < PROFILE_MAX_JOBS) {
		size_t k = pi->njobs, n = strcspn(s, ":");
		int used = 0;

		if (!n || n >= sizeof(pi->job[0]) || s[n] != ':')
			return -1;
		memcpy(pi->job[k], s, n);
		pi->job[k][n] = '\0';
		if (sscanf(s + n, ":%d:%d:%d%n", &pi->per_set[k], &pi->ops_s[k],
			   &pi->job_read_pct[k], &used) != 3 ||
		    pi->per_set[k] < 1 || pi->ops_s[k] < 1 || pi->job_read_pct[k] < 0 ||
		    pi->job_read_pct[k] > 100)
			return -1;
		s += n + (size_t)used;
		if (*s && *s++ != ',')
			return -1;
		pi->njobs++;
	}
	return *s ? -1 : 0;
}

/* The read share of one set's operations, its jobs' shares weighted by their rates. */
static int blend(const struct profile_info *pi)
{
	double ops = 0, reads = 0;

	for (size_t i = 0; i < pi->njobs; i++) {
		ops += (double)pi->per_set[i] * pi->ops_s[i];
		reads += (double)pi->per_set[i] * pi->ops_s[i] * pi->job_read_pct[i] / 100.0;
	}
	return ops > 0 ? (int)(100.0 * reads / ops + 0.5) : -1;
}

static int parse_header(const char *line, struct profile_info *pi, char *err, size_t len)
{
	char copy[512], *save = NULL, *w;

	snprintf(copy, sizeof(copy), "%s", line);
	copy[strcspn(copy, "\r\n")] = '\0';
	for (w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		char *end;

		if (!strcmp(w, "op-mix")) {
			pi->op_mix = true;
		} else if (!strncmp(w, "read_pct=", 9)) {
			pi->read_pct = (int)strtol(w + 9, &end, 10);
			if (*end || pi->read_pct < 0 || pi->read_pct > 100)
				goto bad;
		} else if (!strncmp(w, "iodepth=", 8)) {
			pi->iodepth = (int)strtol(w + 8, &end, 10);
			if (*end || pi->iodepth < 1)
				goto bad;
		} else if (!strncmp(w, "engine=", 7)) {
			pi->engine = schema_op_mix_engine_name(w + 7);
			if (!pi->engine)
				goto bad;
		} else if (!strcmp(w, "fixed")) {
			pi->fixed = true;
		} else if (!strncmp(w, "job_set=", 8)) {
			if (parse_job_set(w + 8, pi))
				goto bad;
		} else {
bad:
			snprintf(err, len,
				 "'nfsweep-profile:' line: '%s' is not op-mix, read_pct=PCT, "
				 "iodepth=N, engine=%s|%s, fixed or "
				 "job_set=JOB:PER_SET:OPS_S:READ_PCT,..",
				 w, ENGINE_OPS, ENGINE_RPC);
			return -EINVAL;
		}
	}
	if (pi->fixed != (pi->njobs > 0)) {
		snprintf(err, len, "'nfsweep-profile:' line: fixed and job_set= go together");
		return -EINVAL;
	}
	if (pi->engine && !pi->op_mix) {
		snprintf(err, len, "'nfsweep-profile:' line: engine= is an op mix's (op-mix)");
		return -EINVAL;
	}
	if (pi->op_mix && !pi->engine)
		pi->engine = ENGINE_OPS;
	pi->wire = pi->engine && !strcmp(pi->engine, ENGINE_RPC);
	if (pi->fixed)
		pi->read_pct = blend(pi);
	if (pi->op_mix && pi->read_pct < 0) {
		snprintf(err, len,
			 "'nfsweep-profile: op-mix' needs read_pct=PCT (or fixed job_set=)");
		return -EINVAL;
	}
	return 0;
}

int profile_info_read(const char *path, struct profile_info *pi, char *err, size_t len)
{
	char line[512];
	int ret = 0;
	FILE *f = fopen(path, "r");

	memset(pi, 0, sizeof(*pi));
	pi->read_pct = -1;
	if (!f)
		return -errno;
	while (!ret && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "bs=", 3))
			pi->bs = parse_size(line + 3);
		else if (!strncmp(line, "; nfsweep-profile:", 18))
			ret = parse_header(line + 18, pi, err, len);
	}
	fclose(f);
	return ret;
}
