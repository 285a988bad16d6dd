// SPDX-License-Identifier: GPL-2.0
/* The --hosts live view (see point_live.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "sweep/point_live.h"

#define LIVE_RECORD_MAX 256 /* engines/common/live_log.h's LIVE_RECORD_BYTES */
#define LIVE_STALE_S 3.0

/* A whole number >= 0 of @o's member @key into @v. 0, or -1. */
static int member_u64(struct json_object *o, const char *key, int i, uint64_t *v)
{
	struct json_object *m;

	if (!json_object_object_get_ex(o, key, &m))
		return -1;
	if (i >= 0) {
		if (!json_object_is_type(m, json_type_array) || json_object_array_length(m) != 2)
			return -1;
		m = json_object_array_get_idx(m, (size_t)i);
	}
	if (!json_object_is_type(m, json_type_int) || json_object_get_int64(m) < 0)
		return -1;
	*v = (uint64_t)json_object_get_int64(m);
	return 0;
}

int point_live_parse(const char *text, struct live_job *j)
{
	struct json_object *o = json_tokener_parse(text), *ver;
	uint64_t ios[2], bytes[2], end;
	int bad;

	if (!o)
		return -1;
	bad = !json_object_object_get_ex(o, "nfsweep_live", &ver) ||
	      json_object_get_int(ver) != 1 || member_u64(o, "seq", -1, &j->seq) ||
	      member_u64(o, "ms", -1, &j->ms) || member_u64(o, "ios", 0, &ios[0]) ||
	      member_u64(o, "ios", 1, &ios[1]) || member_u64(o, "bytes", 0, &bytes[0]) ||
	      member_u64(o, "bytes", 1, &bytes[1]) || member_u64(o, "end", -1, &end) || end > 1;
	json_object_put(o);
	if (bad)
		return -1;
	j->ios = ios[0] + ios[1];
	j->bytes = bytes[0] + bytes[1];
	j->end = (int)end;
	return 0;
}

/* The record of host @h's job @k (from 0): STEM.HOST.live.N, N from 1 as fio numbers jobs. */
static void record_path(const struct point_live *l, size_t h, int k, char *path, size_t len)
{
	snprintf(path, len, "%s.%s.live.%d", l->stem, l->hosts->h[h].name, k + 1);
}

void point_live_begin(struct point_live *l, const char *stem, const struct host_list *hosts,
		      int njobs)
{
	memset(l, 0, sizeof(*l));
	snprintf(l->stem, sizeof(l->stem), "%s", stem);
	l->hosts = hosts;
	l->njobs = njobs < LIVE_MAX_JOBS ? njobs : LIVE_MAX_JOBS;
	/*
	 * Each record made here, empty, before the hosts open it: a name this machine had looked up
	 * before another NFS client made it stays "no such file" in its cache for as long as the
	 * directory's attributes are cached (30 s and more); a file it made itself is looked up
	 * again at each open (close-to-open), its new size and content seen.
	 */
	for (size_t h = 0; h < hosts->n; h++)
		for (int k = 0; k < l->njobs; k++) {
			char path[PATH_MAX + 600];
			int fd;

			record_path(l, h, k, path, sizeof(path));
			fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			if (fd >= 0)
				close(fd);
		}
}

/* Job @k of host @h read again: its rate where its record moved on. */
static void read_job(struct point_live *l, size_t h, int k, double now)
{
	struct live_job *j = &l->job[h][k], n = { 0 };
	char path[PATH_MAX + 600], text[LIVE_RECORD_MAX + 1];
	ssize_t got;
	int fd;

	record_path(l, h, k, path, sizeof(path));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	got = pread(fd, text, LIVE_RECORD_MAX, 0);
	close(fd);
	if (got <= 0)
		return;
	text[got] = '\0';
	if (point_live_parse(text, &n) || (j->have && n.seq <= j->seq))
		return;
	/* a count that went back: fio's ramp ended and zeroed its counters; no rate this time */
	if (j->have && n.ms > j->ms && n.ios >= j->ios) {
		n.ios_s = (double)(n.ios - j->ios) * 1000 / (double)(n.ms - j->ms);
		n.bytes_s = (double)(n.bytes - j->bytes) * 1000 / (double)(n.ms - j->ms);
	} else {
		n.ios_s = j->ios_s;
		n.bytes_s = j->bytes_s;
	}
	n.have = 1;
	n.seen = now;
	*j = n;
}

/*
 * Host @h's rate (of @bytes, else I/Os): its running jobs' with a fresh record. -1 when none
 * has, -2 when every job it had ended.
 */
static double host_rate(const struct point_live *l, size_t h, double now, int bytes)
{
	double sum = 0;
	int any = 0, ended = 0, seen = 0;

	for (int k = 0; k < l->njobs; k++) {
		const struct live_job *j = &l->job[h][k];

		seen += j->have;
		ended += j->have && j->end;
		if (!j->have || j->end || now - j->seen > LIVE_STALE_S)
			continue;
		sum += bytes ? j->bytes_s : j->ios_s;
		any = 1;
	}
	return any ? sum : seen && ended == seen ? -2 : -1;
}

int point_live_tick(struct point_live *l, double now, int mib, int ops, char *buf, size_t len)
{
	double rate[MAX_HOSTS], sum = 0, div = mib ? 1048576.0 : 1;
	size_t n = l->hosts->n, o;
	int have = 0;

	if (!l->started)
		l->started = l->next = now + 1;
	if (now < l->next)
		return 0;
	l->next += 1;
	for (size_t h = 0; h < n; h++) {
		for (int k = 0; k < l->njobs; k++)
			read_job(l, h, k, now);
		rate[h] = host_rate(l, h, now, mib);
		if (rate[h] >= 0) {
			sum += rate[h] / div;
			have++;
		}
	}
	if (!have)
		return 0;
	o = (size_t)snprintf(buf, len, "  live %3.0f s: %.*f %s =", now - l->started + 1,
			     mib ? 1 : 0, sum,
			     mib ? "MiB/s" :
			     ops ? "ops/s" :
				   "IOPS");
	for (size_t h = 0; h < n && o < len; h++) {
		/* the mean of the other hosts with a rate */
		int rest = have - (rate[h] >= 0);
		double others = rest ? (sum - (rate[h] >= 0 ? rate[h] / div : 0)) / rest : 0;

		if (rate[h] < 0)
			o += (size_t)snprintf(buf + o, len - o, "%s %s %s", h ? " +" : "",
					      l->hosts->h[h].name, rate[h] < -1 ? "ended" : "-");
		else
			o += (size_t)snprintf(buf + o, len - o, "%s %s %.*f%s", h ? " +" : "",
					      l->hosts->h[h].name, mib ? 1 : 0, rate[h] / div,
					      rest && rate[h] / div < others * 2 / 3 ? " (behind)" :
										       "");
	}
	return 1;
}

void point_live_end(struct point_live *l)
{
	for (size_t h = 0; l->hosts && h < l->hosts->n; h++)
		for (int k = 0; k < l->njobs; k++) {
			char path[PATH_MAX + 600];

			record_path(l, h, k, path, sizeof(path));
			unlink(path);
		}
}
