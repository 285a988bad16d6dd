/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_ENGINES_JOB_BARRIER_H
#define NFSWEEP_ENGINES_JOB_BARRIER_H

/*
 * The jobs of one fio job section (its numjobs clones, each a process or a thread of one fio)
 * wait for each other at one point of their init, so that no job's measured time begins before
 * every job is ready: fio starts a job's clock when its init returns, and a job whose set took
 * longer to lay out would otherwise be measured over another window than the others
 * (nfsweep-rpc: 1,007 operations against 376 in the lab with four jobs).
 *
 * POSIX shared memory named for fio's process, the job's name and the number of jobs; the last
 * to arrive removes the name (every job has it open by then). A job whose init failed arrives
 * too, so that no job waits for it. A job that dies before it arrives is waited for until
 * @max_wait_s have passed without an arrival; then the others go on, and say so.
 * No fio in here: unit-tested with processes (tests/unit/check_job_barrier.c).
 */
#include <stddef.h>

struct jb_shared;

struct job_barrier {
	struct jb_shared *sh;
	int n;
	char name[96];
};

/*
 * Open the barrier of @n jobs keyed by @owner (fio's process id) and @key (the job's name).
 * 0, or -errno (a barrier of 1 job needs nothing: 0 and no shared memory).
 */
int job_barrier_open(struct job_barrier *b, long owner, const char *key, int n);

/*
 * Arrive (@ok 0: this job's init failed) and wait for every job. 0 when all arrived; -ETIMEDOUT
 * when @max_wait_s passed with no arrival (*@arrived of them had); -ECANCELED when all arrived
 * and some failed (so this one need not run alone: its caller decides).
 */
int job_barrier_arrive(struct job_barrier *b, int ok, double max_wait_s, int *arrived);

void job_barrier_close(struct job_barrier *b);

#endif
