/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_PROBE_H
#define NFSWEEP_SWEEP_POINT_PROBE_H

/*
 * A target's unloaded round trip: before its first point of a data profile, that profile run
 * at one I/O at a time (one job, iodepth 1, no ramp) on the point's own files, half reads and
 * half writes for PROBE_RUNTIME_S seconds (the sweep's --runtime where that is shorter: the probe
 * is never longer than a point); the READ and WRITE RPCs' mean round trip over that run, from the
 * mount's counters before and after it (/proc/self/mountstats). Where that run laid the files
 * out first, its WRITE RPCs carried the layout too, and a second run, of writes alone for a
 * second, gives the WRITE round trip. What a point's round trip is compared with by the limits'
 * depth and beyond-client rules (docs/limits.md): a round trip that stayed at its unloaded value
 * met no queue beyond the client.
 */
#include <stdbool.h>

#include "sweep/point_mode.h"

/*
 * What one WRITE RPC may send beyond its data: the record marker, the RPC header and its
 * credential, the file handle and the arguments (NFSv3's WRITE and NFSv4's compound alike are
 * some hundred bytes; 1 KiB leaves room for a credential's many groups).
 */
#define PROBE_WRITE_RPC_OVERHEAD 1024ULL

/*
 * The probe's run of half reads and half writes, in seconds, at most. At one I/O at a time a
 * second holds hundreds of RPCs at a round trip of a few milliseconds (PROBE_MIN_RPCS of each
 * op are needed), and a sweep of one-second points, whose own figures rest on a second, gains
 * nothing from a longer probe.
 */
#define PROBE_RUNTIME_S 2

/* One probe run's figures: each op's mean round trip (0: too few RPCs); its WRITEs' RPCs, bytes. */
struct probe_figs {
	double read_ms, write_ms;
	unsigned long long write_rpcs, write_bytes;
	unsigned long long fio_write_bytes; /* what fio says it wrote (its JSON); 0 unknown */
};

/*
 * Did a probe's run lay its files out: its @write_rpcs WRITE RPCs sent @write_rpc_bytes, more
 * than fio's own @fio_write_bytes and each RPC's overhead? (fio lays out with writes of its own
 * before the job starts, which its JSON does not count.)
 */
bool probe_laid_out(unsigned long long write_rpc_bytes, unsigned long long write_rpcs,
		    unsigned long long fio_write_bytes);

/*
 * The unloaded round trips of @pc's target and profile, measured once per sweep (the first
 * call runs fio once, or twice where it laid the files out; a later one returns what it found),
 * into @pc's row. @mountpoint: the target's mount; @jobfile: what the point runs. Nothing is
 * measured for an op mix, or where fio did not run (said in the row's absence of figures, never
 * a failed point).
 */
void point_probe(struct point_ctx *pc, const char *mountpoint, const char *jobfile);

#endif
