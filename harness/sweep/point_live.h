/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_LIVE_H
#define NFSWEEP_SWEEP_POINT_LIVE_H

/*
 * The --hosts live view: while a point runs, each host's rate and their sum once a second on a
 * terminal. fio's client brings nothing per host back until the end (its status line is the
 * sum, and --status-interval adds nothing on the client), so nfsweep's engines keep a live
 * record of each job on the shared target (engines/common/live_log.h: live=STEM, the job's
 * I/Os and bytes so far, rewritten once a second with O_DSYNC), and this machine, which mounts
 * the same target, reads them (open() asks the NFS server by close-to-open). A host's rate is
 * the sum of its jobs' rates, each over the host's own clock between two of its records; a
 * host without a record for 3 s shows "-", one whose jobs all ended "ended". Only where stderr
 * is a terminal: nothing in pipes.
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "hosts/hosts.h"

#define LIVE_MAX_JOBS 64 /* jobs per host read (their records STEM.HOST.live.1..N) */

struct live_job {
	uint64_t seq, ms, ios, bytes;
	int have, end;	       /* end: the job's last record (it ended) */
	double ios_s, bytes_s; /* over its last two records */
	double seen;	       /* when its record last moved (this machine's monotonic s) */
};

struct point_live {
	char stem[PATH_MAX + 300]; /* TARGET/.nfsweep-mountstats/POINT */
	const struct host_list *hosts;
	int njobs; /* per host */
	struct live_job job[MAX_HOSTS][LIVE_MAX_JOBS];
	double started, next; /* this machine's monotonic s */
};

/* Live records at @stem for each of @hosts' @njobs jobs (at most LIVE_MAX_JOBS), made empty. */
void point_live_begin(struct point_live *l, const char *stem, const struct host_list *hosts,
		      int njobs);

/*
 * Once a second (else nothing, 0): every record read again, and the line into @buf: the
 * seconds since the start, the sum and each host's rate in IOPS (or MiB/s with @mib, ops/s with
 * @ops), a host under 2/3 of the mean of the others marked "(behind)". 1 with a line, 0 none.
 */
int point_live_tick(struct point_live *l, double now, int mib, int ops, char *buf, size_t len);

/* Remove the records (the hosts made them on the target). */
void point_live_end(struct point_live *l);

/* One record's text (LIVE_RECORD_BYTES, one JSON line) into @j. 0, or -1 when it is not one. */
int point_live_parse(const char *text, struct live_job *j);

#endif
