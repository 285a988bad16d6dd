// SPDX-License-Identifier: GPL-2.0
/* Reads fio's JSON output (see fio_json.h) with json-c. */
#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/fio_json.h"

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

/* columns.def's FIO_COLUMN: the key of each figure in a job's entry */
static const char *const fig_key[FIO_NFIG] = {
#define COLUMN(id, type, unit, meaning)
#define FIO_COLUMN(id, type, unit, key, meaning) [FIO_FIG_##id] = key,
#include "columns.def"
#undef FIO_COLUMN
#undef COLUMN
};

/* Add a job's (or a client's) figures of fig_key to @res's. */
static void add_figs(json_object *job, struct fio_result *res)
{
	for (int f = 0; f < FIO_NFIG; f++)
		res->fig[f] += num(job, fig_key[f]);
}

/* clat_percentiles.def: fio's key of each (six decimals: "99.900000"), and its share */
static const struct {
	const char *key;
	double pct;
} percentiles[FIO_NPCT] = {
#define PERCENTILE(stem, fio_key, p) [FIO_PCT_##stem] = { fio_key, p },
#include "fio/clat_percentiles.def"
#undef PERCENTILE
};

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
	if (first && clat && get(clat, "percentile") && json_object_get_int64(get(clat, "N")) > 0) {
		d->has_clat = 1;
		d->clat_mean_us = num(clat, "mean") / 1000.0;
		for (int p = 0; p < FIO_NPCT; p++)
			d->clat_pct_us[p] =
				num(get(clat, "percentile"), percentiles[p].key) / 1000.0;
	}
}

/*
 * A job's "steadystate" object (fio's stat.c: "ss", "duration", "attained", "criterion" as
 * "0.123456%", "data" with the window's per-second "iops" and "bw" and their means).
 */
static void read_steady(json_object *job, struct steady_result *r)
{
	json_object *ss = get(job, "steadystate"), *data, *v;

	if (!ss)
		return;
	r->reported = 1;
	v = get(ss, "ss");
	snprintf(r->ss, sizeof(r->ss), "%s", v ? json_object_get_string(v) : "");
	r->window_s = (int)num(ss, "duration");
	r->attained = num(ss, "attained") != 0;
	v = get(ss, "criterion");
	r->measure = v ? strtod(json_object_get_string(v), NULL) : 0;
	data = get(ss, "data");
	r->iops_mean = num(data, "iops_mean");
	r->bw_mean = num(data, "bw_mean");
	v = get(data, "iops");
	r->samples =
		v && json_object_is_type(v, json_type_array) ? (int)json_object_array_length(v) : 0;
	for (int i = 0; i < r->samples; i++) {
		double x = json_object_get_double(json_object_array_get_idx(v, (size_t)i));

		if (!i || x < r->iops_min)
			r->iops_min = x;
	}
}

/* The JSON document of fio's output (it opens with "{" alone on a line), or NULL with @err. */
static json_object *parse_root(const char *text, char *err, size_t errlen)
{
	return fio_json_root(text, err, errlen);
}

json_object *fio_json_root(const char *text, char *err, size_t errlen)
{
	const char *start = text;
	enum json_tokener_error jerr;
	json_object *root;

	if (strncmp(start, "{\n", 2)) {
		start = strstr(text, "\n{\n");
		if (!start) {
			snprintf(err, errlen, "no JSON document in fio's output");
			return NULL;
		}
		start++;
	}
	root = json_tokener_parse_verbose(start, &jerr);
	if (!root)
		snprintf(err, errlen, "fio's JSON does not parse: %s",
			 json_tokener_error_desc(jerr));
	return root;
}

/* The version and end time, which every host's figures and the total share. */
int fio_size_bytes(const char *s, long long *bytes)
{
	static const char units[] = "kmgtp";
	char *end;
	long long v = strtoll(s, &end, 10);
	const char *u;

	if (end == s || v < 0 || (*s < '0' || *s > '9'))
		return -1;
	if (*end && (u = strchr(units, tolower((unsigned char)*end)))) {
		for (long k = 0; k <= u - units; k++)
			v *= 1024;
		end++;
		if (*end == 'i' || *end == 'I')
			end++;
	}
	if (*end == 'b' || *end == 'B')
		end++;
	if (*end)
		return -1;
	*bytes = v;
	return 0;
}

/* The block size options of @opts ("job options" or "global options") into @res->bs. */
static int read_bs(json_object *opts, struct fio_result *res)
{
	json_object *v;

	if (!opts)
		return 0;
	if ((v = get(opts, "bssplit"))) {
		snprintf(res->bs, sizeof(res->bs), "bssplit=%s", json_object_get_string(v));
		return 1;
	}
	if ((v = get(opts, "bs")) || (v = get(opts, "blocksize"))) {
		snprintf(res->bs, sizeof(res->bs), "%s", json_object_get_string(v));
		return 1;
	}
	return 0;
}

static void read_root(json_object *root, struct fio_result *res)
{
	json_object *v = get(root, "fio version");

	snprintf(res->version, sizeof(res->version), "%s", v ? json_object_get_string(v) : "");
	res->end_s = num(root, "timestamp_ms") / 1000.0;
}

int fio_json_parse(const char *text, struct fio_result *res, char *err, size_t errlen)
{
	json_object *root, *jobs;
	size_t i, n;

	memset(res, 0, sizeof(*res));
	root = parse_root(text, err, errlen);
	if (!root)
		return -1;
	read_root(root, res);

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
			add_figs(job, res);
			res->error = (int)json_object_get_int(get(job, "error"));
			res->njobs = 1;
			break;
		}
	}
	/* the last place that set it: the job's own options, else the global ones */
	if (!read_bs(get(json_object_array_get_idx(get(root, "jobs") ? get(root, "jobs") :
								       get(root, "client_stats"),
						   0),
			 "job options"),
		     res))
		read_bs(get(root, "global options"), res);
	for (i = 0; jobs && i < n; i++) {
		json_object *job = json_object_array_get_idx(jobs, i);
		int e = (int)json_object_get_int(get(job, "error"));

		double start = num(job, "job_start") / 1000.0;

		read_dir(job, "read", &res->rd, i == 0);
		read_dir(job, "write", &res->wr, i == 0);
		if (i == 0)
			read_steady(job, &res->ss);
		if (start > 0 && (!res->start_s || start < res->start_s))
			res->start_s = start;
		add_figs(job, res);
		if (e && !res->error)
			res->error = e;
		res->njobs++;
	}
	json_object_put(root);
	return 0;
}

/*
 * A latency histogram: fio's json+ "bins" (bucket value in ns: count) of
 * one or more entries. Percentiles are taken as fio takes them: the first
 * bucket whose running count reaches p % of all.
 */
struct hist {
	struct bin {
		double ns, n;
	} * b;
	size_t n, cap;
	double count, sum_ns; /* completions, and their latencies' sum (mean x N) */
};

static int hist_add_dir(struct hist *h, json_object *dir)
{
	json_object *clat = get(dir, "clat_ns"), *bins = get(clat, "bins");
	double n = num(clat, "N");

	if (!clat || n <= 0)
		return 0;
	h->count += n;
	h->sum_ns += num(clat, "mean") * n;
	if (!bins)
		return -1; /* not json+: no histogram to merge */
	json_object_object_foreach(bins, key, val)
	{
		if (h->n == h->cap) {
			size_t cap = h->cap ? 2 * h->cap : 256;
			struct bin *b = realloc(h->b, cap * sizeof(*b));

			if (!b)
				return -1;
			h->b = b;
			h->cap = cap;
		}
		h->b[h->n++] = (struct bin){ strtod(key, NULL), json_object_get_double(val) };
	}
	return 0;
}

static int bin_cmp(const void *a, const void *b)
{
	double x = ((const struct bin *)a)->ns, y = ((const struct bin *)b)->ns;

	return x < y ? -1 : x > y;
}

static void hist_to_dir(struct hist *h, struct fio_dir *d)
{
	double total = 0, run = 0;
	size_t i, j = 0;

	if (h->count <= 0 || !h->n)
		return;
	qsort(h->b, h->n, sizeof(*h->b), bin_cmp);
	for (i = 0; i < h->n; i++)
		total += h->b[i].n;
	d->has_clat = 1;
	d->clat_mean_us = h->sum_ns / h->count / 1000.0;
	/* (the list in increasing order: each percentile reached at or after the one before) */
	for (i = 0; i < h->n && j < FIO_NPCT; i++) {
		run += h->b[i].n;
		while (j < FIO_NPCT && run >= percentiles[j].pct / 100.0 * total)
			d->clat_pct_us[j++] = h->b[i].ns / 1000.0;
	}
}

/* Add a client_stats entry's figures to @res (all but the latencies: those come from @h). */
static int add_entry(json_object *job, struct fio_result *res, struct hist h[2])
{
	int e = (int)json_object_get_int(get(job, "error"));

	read_dir(job, "read", &res->rd, 0);
	read_dir(job, "write", &res->wr, 0);
	add_figs(job, res);
	if (e && !res->error)
		res->error = e;
	res->njobs++;
	return hist_add_dir(&h[0], get(job, "read")) | hist_add_dir(&h[1], get(job, "write"));
}

int fio_json_parse_hosts(const char *text, size_t nhosts, const char *const *addr, const int *port,
			 struct fio_result *hosts, int *present, struct fio_result *total,
			 char *err, size_t errlen)
{
	struct hist all[2] = { 0 }, *per = calloc(nhosts * 2 + 1, sizeof(*per));
	json_object *root, *jobs;
	size_t i, n;
	int ret = -1;

	memset(total, 0, sizeof(*total));
	root = parse_root(text, err, errlen);
	if (!root || !per)
		goto out;
	jobs = get(root, "client_stats");
	n = jobs && json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;
	for (size_t k = 0; k < nhosts; k++) {
		memset(&hosts[k], 0, sizeof(hosts[k]));
		read_root(root, &hosts[k]);
		present[k] = 0;
	}
	read_root(root, total);
	for (i = 0; i < n; i++) {
		json_object *job = json_object_array_get_idx(jobs, i);
		const char *h = json_object_get_string(get(job, "hostname"));
		const char *name = json_object_get_string(get(job, "jobname"));
		int p = (int)json_object_get_int(get(job, "port"));

		/* "All clients" carries the first host's address: it is not that host's */
		if (name && !strcmp(name, "All clients"))
			continue;
		if (!total->bs[0])
			read_bs(get(job, "job options"), total);
		for (size_t k = 0; h && k < nhosts; k++) {
			if (strcmp(h, addr[k]) || p != port[k])
				continue;
			/* the host's entry that has a steadystate (its jobs' group: not its other
			 * sections' entries, which have none) */
			if (!hosts[k].ss.reported)
				read_steady(job, &hosts[k].ss);
			present[k] = 1;
			if (add_entry(job, &hosts[k], &per[2 * k]) | add_entry(job, total, all)) {
				snprintf(err, errlen,
					 "fio's JSON has no latency histogram (bins): "
					 "not --output-format=json+");
				goto out;
			}
			break;
		}
	}
	if (!total->bs[0])
		read_bs(get(root, "global options"), total);
	for (size_t k = 0; k < nhosts; k++) {
		hist_to_dir(&per[2 * k], &hosts[k].rd);
		hist_to_dir(&per[2 * k + 1], &hosts[k].wr);
	}
	hist_to_dir(&all[0], &total->rd);
	hist_to_dir(&all[1], &total->wr);
	ret = 0;
out:
	for (size_t k = 0; per && k < 2 * nhosts; k++)
		free(per[k].b);
	free(per);
	free(all[0].b);
	free(all[1].b);
	if (root)
		json_object_put(root);
	return ret;
}

char *fio_output_read(const char *path)
{
	FILE *f = fopen(path, "r"), *mem;
	char *text = NULL, buf[8192];
	size_t len = 0, r;
	int saved;

	if (!f)
		return NULL;
	mem = open_memstream(&text, &len);
	if (!mem) {
		saved = errno;
		fclose(f);
		errno = saved;
		return NULL;
	}
	while ((r = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, r, mem);
	fclose(mem);
	fclose(f);
	return text;
}

int fio_json_parse_file(const char *path, struct fio_result *res, char *err, size_t errlen)
{
	char *text = fio_output_read(path);
	int ret;

	if (!text) {
		memset(res, 0, sizeof(*res));
		snprintf(err, errlen, "open %s: %s", path, strerror(errno));
		return -1;
	}
	ret = fio_json_parse(text, res, err, errlen);
	free(text);
	return ret;
}

double fio_result_runtime(const struct fio_result *r)
{
	return r->rd.runtime_s > r->wr.runtime_s ? r->rd.runtime_s : r->wr.runtime_s;
}

/*
 * fio 3.36 on says when each job's measured window began (job_start: the end
 * of the ramp, CLOCK_REALTIME ms). Before, only when the report was written
 * (timestamp_ms), which lags the last I/O by what fio does after it: a few
 * hundredths of a second in 3.33 on a quiet machine, up to 0.66 s seen under
 * CI's load, 0.25 s in 3.39 and 3.42 (a 4 s window missed 5% of its READs).
 * point_mountstats.c then ends the RPC window at the NFS client's own last I/O.
 */
int fio_result_window(const struct fio_result *r, double *t0, double *t1)
{
	double runtime = fio_result_runtime(r);

	if (runtime <= 0)
		return -1;
	if (r->start_s > 0) {
		*t0 = r->start_s;
		*t1 = r->start_s + runtime;
		return 0;
	}
	if (r->end_s <= 0)
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
