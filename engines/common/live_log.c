// SPDX-License-Identifier: GPL-2.0
/* A job's live record (see live_log.h). No fio in here: unit-tested (check_live_log.c). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/live_log.h"

int live_record(char *buf, uint64_t seq, uint64_t ms, const uint64_t ios[2],
		const uint64_t bytes[2], int end)
{
	int n = snprintf(buf, LIVE_RECORD_BYTES,
			 "{\"nfsweep_live\":1,\"seq\":%llu,\"ms\":%llu,\"ios\":[%llu,%llu],"
			 "\"bytes\":[%llu,%llu],\"end\":%d}",
			 (unsigned long long)seq, (unsigned long long)ms,
			 (unsigned long long)ios[0], (unsigned long long)ios[1],
			 (unsigned long long)bytes[0], (unsigned long long)bytes[1], !!end);

	if (n < 0 || n > LIVE_RECORD_BYTES - 1)
		return -1;
	memset(buf + n, ' ', LIVE_RECORD_BYTES - 1 - n);
	buf[LIVE_RECORD_BYTES - 1] = '\n';
	return LIVE_RECORD_BYTES;
}

static uint64_t mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* The counts as they are now, the job's @end or not. */
static void write_record(struct live_log *l, int end)
{
	char rec[LIVE_RECORD_BYTES];
	/* (a racy read of counters the job updates: a sample may miss its last few) */
	uint64_t ios[2] = { l->ios[0], l->ios[1] }, bytes[2] = { l->bytes[0], l->bytes[1] };

	if (live_record(rec, l->seq++, mono_ms() - l->start_ms, ios, bytes, end) > 0 &&
	    pwrite(l->fd, rec, sizeof(rec), 0) != (ssize_t)sizeof(rec))
		l->write_errors++;
}

/* Once a second until stopped. */
static void *live_thread(void *arg)
{
	struct live_log *l = arg;
	struct timespec next;

	clock_gettime(CLOCK_MONOTONIC, &next);
	pthread_mutex_lock(&l->mu);
	while (!l->stop) {
		pthread_mutex_unlock(&l->mu);
		write_record(l, 0);
		pthread_mutex_lock(&l->mu);
		next.tv_sec++;
		while (!l->stop && pthread_cond_timedwait(&l->cv, &l->mu, &next) != ETIMEDOUT)
			;
	}
	pthread_mutex_unlock(&l->mu);
	return NULL;
}

int live_log_start(struct live_log *l, const char *stem, int job, const uint64_t *ios,
		   const uint64_t *bytes)
{
	char host[HOST_NAME_MAX + 1] = "", path[PATH_MAX];
	pthread_condattr_t ca;
	int err;

	memset(l, 0, sizeof(*l));
	l->fd = -1;
	if (!stem || !*stem)
		return 0;
	if (gethostname(host, sizeof(host) - 1))
		return errno;
	if (snprintf(path, sizeof(path), "%s.%s.live.%d", stem, host, job) >= (int)sizeof(path))
		return ENAMETOOLONG;
	l->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_DSYNC | O_CLOEXEC, 0644);
	if (l->fd < 0)
		return errno;
	l->ios = ios;
	l->bytes = bytes;
	l->start_ms = mono_ms();
	pthread_mutex_init(&l->mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&l->cv, &ca);
	pthread_condattr_destroy(&ca);
	err = pthread_create(&l->th, NULL, live_thread, l);
	if (err) {
		pthread_cond_destroy(&l->cv);
		pthread_mutex_destroy(&l->mu);
		close(l->fd);
		l->fd = -1;
		return err;
	}
	l->running = 1;
	return 0;
}

void live_log_stop(struct live_log *l)
{
	if (l->running) {
		pthread_mutex_lock(&l->mu);
		l->stop = 1;
		pthread_cond_signal(&l->cv);
		pthread_mutex_unlock(&l->mu);
		pthread_join(l->th, NULL);
		pthread_cond_destroy(&l->cv);
		pthread_mutex_destroy(&l->mu);
		l->running = 0;
		write_record(l, 1);
	}
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
}
