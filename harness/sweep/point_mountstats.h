/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_MOUNTSTATS_H
#define NFSWEEP_SWEEP_POINT_MOUNTSTATS_H

/*
 * What the kernel's NFS client did during a point, in fio's measured
 * window: the rpc_* columns of the point's row (READ and WRITE) and every
 * RPC type in FILE.rpc.csv, from the target's counters sampled while fio
 * ran (nfs/mountstats_window.h).
 */
#include "nfs/mountstats_window.h"
#include "results/row.h"
#include "fio/fio_json.h"
#include "sweep/sweep.h"

/*
 * The window: fio's measured one from @res (NULL when fio gave no JSON),
 * else the whole fio run (the samples' span). Fills @r's rpc_* columns and
 * rpc_window_s, and appends the point's rows to FILE.rpc.csv (written
 * before the point's row in FILE.csv: see detail_file.h). 0, or -errno
 * when FILE.rpc.csv could not be written (said on stderr).
 */
int point_mountstats_record(const struct sweep *s, struct row *r, const struct ms_window *w,
			    const struct fio_result *res);

/*
 * @r's rpc_* (READ and WRITE), rpc_window_s (@window_s) and xprt_* columns, from two
 * snapshots of the point's mount at its window's ends.
 */
void point_mountstats_columns(struct row *r, const struct ms_mount *before,
			      const struct ms_mount *after, double window_s);

/*
 * --hosts: each host's NFS client, from the mountstats snapshots its jobs
 * took at their start and end (exec_prerun and exec_postrun, which
 * point_mountstats_snapshot_paths() names) in TARGET/.nfsweep-mountstats/, read here
 * when this machine sees the target at the same path (the lab; a host that
 * is also the controller), then removed. Rows of FILE.rpc.csv per host
 * (their host column), and the point's READ and WRITE columns summed over
 * the hosts. A host without both snapshots has no rows. @start[i]: when
 * host i's jobs started (its start snapshot's mtime, by the NFS server's
 * clock: one clock for every host), 0 when unknown. 0, or -errno when
 * FILE.rpc.csv could not be written (said).
 */
int point_mountstats_record_hosts(const struct sweep *s, struct row *r, const char *point,
				  double *start);

/* Where the --hosts snapshots go, under the target. */
#define POINT_MOUNTSTATS_DIR ".nfsweep-mountstats"

/*
 * The most the target's path may take as printf %b escapes in the
 * snapshots' command line (sink_printf_b): fio reads job-file lines of at
 * most 8 KiB (OPT_LEN_MAX), and each line holds the path once.
 */
#define POINT_SNAPSHOT_ENC_MAX 4096

/* For point @point of target @target: the snapshots' directory, and their stem. */
void point_mountstats_snapshot_paths(const char *target, const char *point, char *dir, size_t dlen,
				     char *stem, size_t slen);

#endif
