// SPDX-License-Identifier: GPL-2.0
/* Reads fio's JSON output (see fio_json.h) with json-c. */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/fio_json.h"

static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;

	if (!o || !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

static double num(json_object *o, const char *key)
{
	json_object *v = get(o, key);

	return v ? json_object_get_double(v) : 0.0;
}

/* fio prints percentile keys with six decimals: "99.900000". */
static double pct(json_object *clat, const char *key)
{
	return num(get(clat, "percentile"), key) / 1000.0;
}

static void read_dir(json_object *job, const char *name, struct fio_dir *d, int first)
{
	json_object *dir = get(job, name), *clat;

	if (!dir)
		return;
	d->iops += num(dir, "iops");
	d->mib_s += num(dir, "bw_bytes") / 1048576.0;
	d->io_bytes += (unsigned long long)json_object_get_int64(get(dir, "io_bytes"));
	if (num(dir, "runtime") / 1000.0 > d->runtime_s)
		d->runtime_s = num(dir, "runtime") / 1000.0;
	clat = get(dir, "clat_ns");
	if (first && clat && get(clat, "percentile") &&
	    json_object_get_int64(get(clat, "N")) > 0) {
		d->has_clat = 1;
		d->clat_mean_us = num(clat, "mean") / 1000.0;
		d->clat_p50_us = pct(clat, "50.000000");
		d->clat_p99_us = pct(clat, "99.000000");
		d->clat_p99_9_us = pct(clat, "99.900000");
	}
}

int fio_json_parse(const char *text, struct fio_result *res, char *err, size_t errlen)
{
	const char *start = text;
	json_object *root, *jobs, *v;
	enum json_tokener_error jerr;
	size_t i, n;

	memset(res, 0, sizeof(*res));
	/* The JSON document opens with "{" alone on a line. */
	if (strncmp(start, "{\n", 2)) {
		start = strstr(text, "\n{\n");
		if (!start) {
			snprintf(err, errlen, "no JSON document in fio's output");
			return -1;
		}
		start++;
	}
	root = json_tokener_parse_verbose(start, &jerr);
	if (!root) {
		snprintf(err, errlen, "fio's JSON does not parse: %s", json_tokener_error_desc(jerr));
		return -1;
	}
	v = get(root, "fio version");
	snprintf(res->version, sizeof(res->version), "%s", v ? json_object_get_string(v) : "");
	res->end_s = num(root, "timestamp_ms") / 1000.0;

	jobs = get(root, "jobs");
	if (!jobs)
		jobs = get(root, "client_stats");
	if (!jobs || !json_object_is_type(jobs, json_type_array) ||
	    !(n = json_object_array_length(jobs))) {
		snprintf(err, errlen, "fio's JSON has no jobs");
		json_object_put(root);
		return -1;
	}
	/* Several clients: fio adds an "All clients" entry; that is the total. */
	for (i = 0; i < n; i++) {
		json_object *job = json_object_array_get_idx(jobs, i);
		json_object *name = get(job, "jobname");

		if (n > 1 && name && !strcmp(json_object_get_string(name), "All clients")) {
			jobs = NULL;
			read_dir(job, "read", &res->rd, 1);
			read_dir(job, "write", &res->wr, 1);
			res->usr_cpu = num(job, "usr_cpu");
			res->sys_cpu = num(job, "sys_cpu");
			res->error = (int)json_object_get_int(get(job, "error"));
			res->njobs = 1;
			break;
		}
	}
	for (i = 0; jobs && i < n; i++) {
		json_object *job = json_object_array_get_idx(jobs, i);
		int e = (int)json_object_get_int(get(job, "error"));

		read_dir(job, "read", &res->rd, i == 0);
		read_dir(job, "write", &res->wr, i == 0);
		res->usr_cpu += num(job, "usr_cpu");
		res->sys_cpu += num(job, "sys_cpu");
		if (e && !res->error)
			res->error = e;
		res->njobs++;
	}
	json_object_put(root);
	return 0;
}

int fio_json_parse_file(const char *path, struct fio_result *res, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0;
	int ret;

	if (!f) {
		snprintf(err, errlen, "open %s: %s", path, strerror(errno));
		return -1;
	}
	{
		FILE *mem = open_memstream(&text, &len);
		char buf[8192];
		size_t r;

		if (!mem) {
			fclose(f);
			snprintf(err, errlen, "open_memstream: %s", strerror(errno));
			return -1;
		}
		while ((r = fread(buf, 1, sizeof(buf), f)) > 0)
			fwrite(buf, 1, r, mem);
		fclose(mem);
	}
	fclose(f);
	ret = fio_json_parse(text ? text : "", res, err, errlen);
	free(text);
	return ret;
}

double fio_result_runtime(const struct fio_result *r)
{
	return r->rd.runtime_s > r->wr.runtime_s ? r->rd.runtime_s : r->wr.runtime_s;
}

int fio_result_window(const struct fio_result *r, double *t0, double *t1)
{
	double runtime = fio_result_runtime(r);

	if (r->end_s <= 0 || runtime <= 0)
		return -1;
	*t1 = r->end_s;
	*t0 = r->end_s - runtime;
	return 0;
}

double fio_result_response_ms(const struct fio_result *r)
{
	double n = r->rd.iops + r->wr.iops;

	if (n <= 0)
		return 0;
	return (r->rd.clat_mean_us * r->rd.iops + r->wr.clat_mean_us * r->wr.iops) / n / 1000.0;
}
