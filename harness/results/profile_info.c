// SPDX-License-Identifier: GPL-2.0
/* What nfsweep reads from a profile (see profile_info.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/schema.h"
#include "results/profile_info.h"

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

/* headline_title="64 KiB sequential": the value, its quotes taken off; -1 if empty or too long */
static int parse_title(const char *v, struct profile_info *pi)
{
	size_t n = strlen(v);

	if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		v++;
		n -= 2;
	}
	if (!n || n >= sizeof(pi->headline_title) || memchr(v, '"', n))
		return -1;
	memcpy(pi->headline_title, v, n);
	pi->headline_title[n] = '\0';
	return 0;
}

/* One word of the header into @pi: 0, or -1 when it is none of the keys or its value is bad. */
static int parse_word(const char *w, struct profile_info *pi)
{
	char *end;

	if (!strcmp(w, "op-mix")) {
		pi->op_mix = true;
	} else if (!strncmp(w, "read_pct=", 9)) {
		pi->read_pct = (int)strtol(w + 9, &end, 10);
		return *end || pi->read_pct < 0 || pi->read_pct > 100 ? -1 : 0;
	} else if (!strncmp(w, "iodepth=", 8)) {
		pi->iodepth = (int)strtol(w + 8, &end, 10);
		return *end || pi->iodepth < 1 ? -1 : 0;
	} else if (!strncmp(w, "engine=", 7)) {
		pi->engine = schema_op_mix_engine_name(w + 7);
		return pi->engine ? 0 : -1;
	} else if (!strcmp(w, "fixed")) {
		pi->fixed = true;
	} else if (!strncmp(w, "job_set=", 8)) {
		return parse_job_set(w + 8, pi);
	} else if (!strncmp(w, "headline=", 9)) {
		pi->headline = (int)strtol(w + 9, &end, 10);
		return *end || pi->headline < 1 || pi->headline > 99 ? -1 : 0;
	} else if (!strncmp(w, "headline_figure=", 16)) {
		pi->headline_iops = !strcmp(w + 16, "iops");
		return pi->headline_iops || !strcmp(w + 16, "mib_s") ? 0 : -1;
	} else if (!strncmp(w, "headline_title=", 15)) {
		return parse_title(w + 15, pi);
	} else {
		return -1;
	}
	return 0;
}

/* The next word of @s at *@pos: blanks end it, but not inside double quotes. NULL at the end. */
static char *next_word(char *s, size_t *pos)
{
	char *w;
	bool quoted = false;

	while (s[*pos] == ' ' || s[*pos] == '\t')
		(*pos)++;
	if (!s[*pos])
		return NULL;
	w = s + *pos;
	for (; s[*pos] && (quoted || (s[*pos] != ' ' && s[*pos] != '\t')); (*pos)++)
		quoted ^= s[*pos] == '"';
	if (s[*pos])
		s[(*pos)++] = '\0';
	return w;
}

/* What the words said together: 0, or -EINVAL with @err. */
static int check_header(struct profile_info *pi, char *err, size_t len)
{
	if (pi->fixed != (pi->njobs > 0)) {
		snprintf(err, len, "'nfsweep-profile:' line: fixed and job_set= go together");
		return -EINVAL;
	}
	if (pi->engine && !pi->op_mix) {
		snprintf(err, len, "'nfsweep-profile:' line: engine= is an op mix's (op-mix)");
		return -EINVAL;
	}
	if (!pi->headline != !pi->headline_title[0] || (pi->headline && pi->op_mix)) {
		snprintf(err, len,
			 "'nfsweep-profile:' line: headline=N and headline_title= go together, "
			 "in a data profile (not op-mix)");
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

static int parse_header(const char *line, struct profile_info *pi, char *err, size_t len)
{
	char copy[512], *w;
	size_t pos = 0;

	snprintf(copy, sizeof(copy), "%s", line);
	copy[strcspn(copy, "\r\n")] = '\0';
	while ((w = next_word(copy, &pos)))
		if (parse_word(w, pi)) {
			snprintf(err, len,
				 "'nfsweep-profile:' line: '%s' is not op-mix, read_pct=PCT, "
				 "iodepth=N, engine=%s|%s, fixed, "
				 "job_set=JOB:PER_SET:OPS_S:READ_PCT,.., headline=N, "
				 "headline_figure=mib_s|iops or headline_title=\"TITLE\"",
				 w, ENGINE_OPS, ENGINE_RPC);
			return -EINVAL;
		}
	return check_header(pi, err, len);
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
