/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_HOSTS_H
#define NFSWEEP_SWEEP_POINT_HOSTS_H

/*
 * A point run on several hosts (--hosts) through one `fio --client`: each
 * host's figures from its own entries of fio's report, their sum (fio's
 * "All clients" is not used: it is missing or wrong whenever a host
 * fails, often with exit status 0), the first failure of each host, and
 * FILE.hosts.csv.
 */
#include "results/row.h"
#include "sweep/fio_json.h"
#include "sweep/sweep.h"

struct point_hosts {
	struct fio_result res[MAX_HOSTS];
	int present[MAX_HOSTS];
	char err[MAX_HOSTS][320];	/* what host i reported going wrong, "" if nothing */
	int parsed;			/* fio's report was read */
	double start_s[MAX_HOSTS];	/* when each host's jobs started (point_rpc.h), 0 unknown */
};

/*
 * Read fio's client output @json (and @json.stderr): @ph per host, their
 * sum in @total. Returns 0 when the report was read; -1 with @json_err
 * when it was not. @host_err: the first host that failed or is missing
 * from the report, named ("" when every host ran clean).
 */
int point_hosts_read(const struct sweep *s, const char *json, struct point_hosts *ph,
		     struct fio_result *total, char *json_err, size_t jlen, char *host_err,
		     size_t hlen);

/*
 * The row's start skew (the last host's start minus the first's, when two
 * or more are known), and FILE.hosts.csv: one row per host for the point's
 * row @r, with its start after the first. 0, or -errno (said).
 */
int point_hosts_record(const struct sweep *s, struct row *r, const struct point_hosts *ph);

#endif
