// SPDX-License-Identifier: GPL-2.0
/* The sweep planner (see plan.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/plan.h"
#include "util/sink.h"

static int parse_pct(const char *s, const char **end, int *v)
{
	char *e;
	long x;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	x = strtol(s, &e, 10);
	if (errno || x < 0 || x > 100)
		return -1;
	*v = (int)x;
	*end = e;
	return 0;
}

int plan_parse_mix(const char *spec, int *pcts, size_t *n, char *err, size_t errlen)
{
	const char *p = spec;
	int a, b, step;

	*n = 0;
	if (!spec || !*spec)
		goto bad;
	if (strchr(spec, ':')) {
		if (parse_pct(p, &p, &a) || *p++ != ':' || parse_pct(p, &p, &b) || *p++ != ':' ||
		    parse_pct(p, &p, &step) || *p)
			goto bad;
		if (!step) {
			snprintf(err, errlen, "--mix %s: the step must be 1..100, not 0", spec);
			return -1;
		}
		if (a >= b)
			for (int v = a; v >= b; v -= step)
				pcts[(*n)++] = v;
		else
			for (int v = a; v <= b; v += step)
				pcts[(*n)++] = v;
		return 0;
	}
	for (;;) {
		if (*n == PLAN_MAX_PCTS || parse_pct(p, &p, &a))
			goto bad;
		for (size_t i = 0; i < *n; i++)
			if (pcts[i] == a) {
				/* two runs of one point in one file: --repeat says so */
				snprintf(err, errlen,
					 "--mix %s: %d%% is given twice (to run "
					 "a point more than once, --repeat N)",
					 spec, a);
				*n = 0;
				return -1;
			}
		pcts[(*n)++] = a;
		if (!*p)
			return 0;
		if (*p++ != ',')
			goto bad;
	}
bad:
	snprintf(err, errlen,
		 "--mix '%s': expected read percentages 0..100 as FROM:TO:STEP "
		 "(100:0:10), a list (100,70,0) or one value",
		 spec ? spec : "");
	*n = 0;
	return -1;
}

/* @t's path, nfs://SERVER/EXPORT: its server, or -1 with @err (nfsweep-rpc's rules, rpc_set.c). */
static int parse_url(const char *spec, struct target *t, char *err, size_t errlen)
{
	const char *host = t->path + 6, *slash = strchr(host, '/');
	size_t n = slash ? (size_t)(slash - host) : strlen(host);

	if (!slash || !slash[1] || !n || n >= sizeof(t->server)) {
		snprintf(err, errlen, "--target '%s': expected label=nfs://SERVER/EXPORT", spec);
		return -1;
	}
	memcpy(t->server, host, n);
	t->server[n] = '\0';
	if (!sink_host(t->server) || strpbrk(host, "?#:@ \t\n\r\\")) {
		snprintf(err, errlen,
			 "--target '%s': an nfs:// URL is nfs://SERVER/EXPORT: a host name or IPv4 "
			 "address, then the export's absolute path, with no port, user, query or "
			 "blank (the server's portmapper gives the ports)",
			 spec);
		return -1;
	}
	return 0;
}

int plan_parse_target(const char *spec, struct target *t, char *err, size_t errlen)
{
	const char *eq = strchr(spec, '=');
	size_t len;

	if (!eq || eq == spec || !eq[1]) {
		snprintf(err, errlen, "--target '%s': expected label=path", spec);
		return -1;
	}
	len = (size_t)(eq - spec);
	if (!label_valid(spec, len)) {
		snprintf(err, errlen,
			 "--target '%s': a label is letters, digits, '_', '.' and '-', "
			 "at most %d of them, and begins with a letter, a digit or '_'",
			 spec, LABEL_MAX - 1);
		return -1;
	}
	if (strlen(eq + 1) >= sizeof(t->path)) {
		snprintf(err, errlen, "--target '%s': path too long", spec);
		return -1;
	}
	memcpy(t->label, spec, len);
	t->label[len] = '\0';
	t->mount = -1;
	snprintf(t->path, sizeof(t->path), "%s", eq + 1);
	t->url = !strncmp(t->path, "nfs://", 6);
	t->server[0] = '\0';
	return t->url ? parse_url(spec, t, err, errlen) : 0;
}

static size_t reps_of(const struct plan_profile *pp, size_t i, int repeats)
{
	return (size_t)(pp->reps ? pp->reps[i] : repeats);
}

static size_t ndepths(const struct plan_depths *depths)
{
	return depths && depths->n ? depths->n : 1;
}

size_t plan_count(const struct plan_profile *profiles, size_t nprof,
		  const struct plan_depths *depths, size_t ntgt, int repeats)
{
	size_t n = 0;

	for (size_t p = 0; p < nprof; p++)
		for (size_t i = 0; i < profiles[p].npct; i++)
			n += reps_of(&profiles[p], i, repeats);
	return n * ndepths(depths) * ntgt;
}

size_t plan_build(const struct plan_profile *profiles, size_t nprof,
		  const struct plan_depths *depths, const struct target *targets, size_t ntgt,
		  int repeats, enum plan_order order, struct point *out)
{
	size_t nd = ndepths(depths), per_target = plan_count(profiles, nprof, depths, 1, repeats);
	size_t n = 0;

	/* i counts in run order; the target is its outermost or innermost digit */
	for (size_t i = 0; i < per_target * ntgt; i++) {
		size_t t = order == PLAN_BY_TARGET ? i / per_target : i % ntgt;
		size_t rest = order == PLAN_BY_TARGET ? i % per_target : i / ntgt;
		size_t p = 0, cell = 0, d = 0;

		/* the profile, read %, depth and repeat that run number @rest of a target is */
		while (rest >= reps_of(&profiles[p], cell, repeats)) {
			rest -= reps_of(&profiles[p], cell, repeats);
			if (++d < nd)
				continue;
			d = 0;
			if (++cell == profiles[p].npct) {
				cell = 0;
				p++;
			}
		}
		out[n] = (struct point){ .index = n + 1,
					 .profile = profiles[p].name,
					 .target = &targets[t],
					 .read_pct = profiles[p].pcts[cell],
					 .depth = depths && depths->n ? depths->d[d] :
									(struct plan_depth){ 0 },
					 .repeat = (int)rest + 1 };
		n++;
	}
	return n;
}
