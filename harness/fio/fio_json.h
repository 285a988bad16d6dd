/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FIO_FIO_JSON_H
#define NFSWEEP_FIO_FIO_JSON_H

/*
 * fio's JSON output, read with json-c: the figures of one point. fio may
 * print text before the JSON (errors, notes); client/server runs put the
 * jobs under "client_stats" instead of "jobs". Jobs are expected to run
 * with group_reporting (the profiles set it); without it the jobs are
 * added up (IOPS, bandwidth) and the first job's latencies kept.
 */
#include <stddef.h>

#include "fio/steady.h"

/* The percentiles of clat_percentiles.def: FIO_PCT_p50, ..., FIO_NPCT. */
enum fio_pct {
#define PERCENTILE(stem, fio_key, pct) FIO_PCT_##stem,
#include "fio/clat_percentiles.def"
#undef PERCENTILE
	FIO_NPCT
};

/*
 * The figures each job of fio's JSON has by one key, summed over the jobs (columns.def's
 * FIO_COLUMN): FIO_FIG_usr_cpu_pct, ..., FIO_NFIG.
 */
enum fio_fig {
#define COLUMN(id, type, unit, meaning)
#define FIO_COLUMN(id, type, unit, key, meaning) FIO_FIG_##id,
#include "columns.def"
#undef FIO_COLUMN
#undef COLUMN
	FIO_NFIG
};

struct fio_dir {
	double iops;
	double mib_s;
	double clat_mean_us;
	double clat_pct_us[FIO_NPCT]; /* clat_pct_us[FIO_PCT_p99]: the 99th percentile, in us */
	unsigned long long io_bytes;
	double runtime_s; /* fio's measured time in this direction (the longest job's) */
	int has_clat;	  /* there were completions to take latencies of */
};

struct fio_result {
	char version[32];
	int error; /* fio's per-job error (an errno), 0 = none */
	struct fio_dir rd, wr;
	double fig[FIO_NFIG]; /* fig[FIO_FIG_usr_cpu_pct]: fio's user CPU, summed over the jobs */
	unsigned int njobs;
	double end_s;	/* when fio finished (timestamp_ms), CLOCK_REALTIME seconds; 0 unknown */
	double start_s; /* the earliest job's measured start (job_start, fio 3.36 on); 0 unknown */
	/*
	 * The block size fio ran, as its JSON states it: the first job's "job
	 * options", else the "global options" ("4k", "4k,8k"; a bssplit there
	 * as "bssplit=.."). "" when the JSON names none (a job file without bs:
	 * fio's default).
	 */
	char bs[128];
	/* the first job's "steadystate" (a point run with --steady; reported 0 otherwise) */
	struct steady_result ss;
};

/*
 * @s (fio's size syntax: digits, an optional k/m/g/t/p unit of 1024, with
 * an optional i and b) in bytes. 0, or -1 when it is not one plain size.
 */
int fio_size_bytes(const char *s, long long *bytes);

/*
 * fio's measured window, [@t0, @t1] in CLOCK_REALTIME seconds: the longest
 * measured runtime (after the ramp) from the earliest job_start (fio 3.36
 * on), else before fio finished. 0, or -1 when the JSON gives no window.
 */
int fio_result_window(const struct fio_result *r, double *t0, double *t1);

/* fio's measured runtime, seconds (the longer direction's). */
double fio_result_runtime(const struct fio_result *r);

/* Response time: the mean completion latency of reads and writes, IOPS-weighted, in ms. */
double fio_result_response_ms(const struct fio_result *r);

/*
 * fio --client's JSON of @nhosts hosts (@addr[i], @port[i]: as in fio's
 * host file), read with --output-format=json+ so that each entry carries
 * its latency histogram (bins). @hosts[i]: host i's figures, its entries
 * added up (@present[i] 0 when fio reported nothing of it); @total: the
 * sum of the hosts' IOPS, bandwidth and bytes per direction, and their
 * latency percentiles from the merged histograms (never averaged). fio's
 * "All clients" entry is ignored: it is missing or wrong whenever a host
 * fails. 0, or -1 with @err.
 */
int fio_json_parse_hosts(const char *text, size_t nhosts, const char *const *addr, const int *port,
			 struct fio_result *hosts, int *present, struct fio_result *total,
			 char *err, size_t errlen);

/* 0, or -1 with @err saying what is wrong with the text. */
int fio_json_parse(const char *text, struct fio_result *res, char *err, size_t errlen);
int fio_json_parse_file(const char *path, struct fio_result *res, char *err, size_t errlen);

/* The whole of fio's output file @path (malloc'd), or NULL with errno. */
char *fio_output_read(const char *path);

/*
 * The JSON document in fio's output @text (after any lines fio printed before it), or NULL with
 * @err. json_object_put() it.
 */
struct json_object;
struct json_object *fio_json_root(const char *text, char *err, size_t errlen);

#endif
