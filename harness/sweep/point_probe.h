/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_PROBE_H
#define NFSWEEP_SWEEP_POINT_PROBE_H

/*
 * A target's unloaded round trip: before its first point of a data profile, that profile run
 * for a second at one I/O at a time (one job, iodepth 1, no ramp), all reads and then all
 * writes, on the point's own files; the READ and WRITE RPCs' mean round trip over each run,
 * from the mount's counters before and after it (/proc/self/mountstats). What a point's round
 * trip is compared with by the limits' depth and beyond-client rules (docs/limits.md): a round
 * trip that stayed at its unloaded value met no queue beyond the client.
 */
#include "sweep/point_mode.h"

/*
 * The unloaded round trips of @pc's target and profile, measured once per sweep (the first
 * call runs fio twice, a later one returns what it found), into @pc's row. @mountpoint: the
 * target's mount; @jobfile: what the point runs. Nothing is measured for an op mix, or where
 * fio did not run (said in the row's absence of figures, never a failed point).
 */
void point_probe(struct point_ctx *pc, const char *mountpoint, const char *jobfile);

#endif
