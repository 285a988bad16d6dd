/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_ENGINES_LIVE_LOG_H
#define NFSWEEP_ENGINES_LIVE_LOG_H

/*
 * The live record of a job on a --hosts host: once a second, a thread of the job's own writes
 * the I/Os and bytes fio has counted so far (td->io_blocks, td->io_bytes) as one JSON line of
 * LIVE_RECORD_BYTES (blank-padded), at offset 0 of STEM.HOSTNAME.live.N (N: the job's number on
 * its host), with O_DSYNC: the driving machine, which mounts the same target, reads it
 * (harness/sweep/point_live.c) and shows each host's rate while the point runs. fio's own client
 * brings nothing back until the end, and its --status-interval gives no per-host figures there.
 *
 *   {"nfsweep_live":1,"seq":S,"ms":MS,"ios":[READS,WRITES],"bytes":[READ,WRITTEN],"end":E}

 * E: 1 in the last record, written as the job ends (its engine's cleanup), else 0.
 *
 * MS: milliseconds since the record's thread started (CLOCK_MONOTONIC of the host), so that a
 * rate is counted over the host's own seconds, whenever the driver reads. The reads of fio's
 * counters race with the job's updates: a sample may miss the last completions, never more. The
 * job's I/O path is not touched. One write a second per job goes to the target measured.
 */
#include <pthread.h>
#include <stdint.h>

#define LIVE_RECORD_BYTES 256

/* The option each engine that keeps a live record takes: live=STEM (the harness sets it). */
#define NFSWEEP_LIVE_OPTION(opts_type, field)                                                \
	{                                                                                    \
		.name = "live", .lname = "nfsweep live record", .type = FIO_OPT_STR_STORE,   \
		.off1 = offsetof(opts_type, field),                                          \
		.help = "Write this job's I/O counts once a second to STEM.HOSTNAME.live.N " \
			"(nfsweep run --hosts sets it)",                                     \
		.category = FIO_OPT_C_ENGINE, .group = FIO_OPT_G_INVALID,                    \
	}

struct live_log {
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int stop, running, fd;
	unsigned long write_errors;  /* records not written (the driver shows the last one) */
	const uint64_t *ios, *bytes; /* fio's counters: [0] reads, [1] writes */
	uint64_t seq, start_ms;
};

/*
 * One record into @buf (LIVE_RECORD_BYTES: the JSON line, blanks, '\n'). The bytes, or -1 when
 * it would not fit (it always does for 64-bit counts).
 */
int live_record(char *buf, uint64_t seq, uint64_t ms, const uint64_t ios[2],
		const uint64_t bytes[2], int end);

/*
 * Start a job's record at STEM.HOSTNAME.live.@job when @stem is set and not empty (else nothing,
 * 0), its counts read from @ios and @bytes (fio's td->io_blocks and td->io_bytes, [0] reads, [1]
 * writes). 0, or an errno (the file could not be made, or the thread not started: no record,
 * the job runs on).
 */
int live_log_start(struct live_log *l, const char *stem, int job, const uint64_t *ios,
		   const uint64_t *bytes);

/*
 * Stop the thread (at once), write the last record (end 1), close the file. Safe after a
 * failed start.
 */
void live_log_stop(struct live_log *l);

#endif
