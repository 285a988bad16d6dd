// SPDX-License-Identifier: GPL-2.0
/* The jobs of one fio job section wait for each other (see job_barrier.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "common/job_barrier.h"

struct jb_shared {
	atomic_int arrived, failed;
	atomic_llong last_ns; /* CLOCK_MONOTONIC of the last arrival */
};

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* FNV-1a of the job's name: any bytes, a name of fixed characters */
static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

int job_barrier_open(struct job_barrier *b, long owner, const char *key, int n)
{
	int fd, ret = 0;
	void *p;

	memset(b, 0, sizeof(*b));
	b->n = n;
	if (n <= 1)
		return 0;
	snprintf(b->name, sizeof(b->name), "/nfsweep-jobs.%ld.%08x.%d", owner, hash(key), n);
	fd = shm_open(b->name, O_RDWR | O_CREAT, 0600);
	if (fd < 0)
		return -errno;
	/* the first to open sizes it; its zeroes are the start */
	if (ftruncate(fd, sizeof(struct jb_shared)))
		ret = -errno;
	p = ret ? MAP_FAILED :
		  mmap(NULL, sizeof(struct jb_shared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!ret && p == MAP_FAILED)
		ret = -errno;
	close(fd);
	if (ret)
		return ret;
	b->sh = p;
	return 0;
}

int job_barrier_arrive(struct job_barrier *b, int ok, double max_wait_s, int *arrived)
{
	struct timespec tick = { 0, 1000000 }; /* 1 ms: the jobs leave within it of the last */
	int a;

	*arrived = b->n;
	if (!b->sh)
		return 0;
	if (!ok)
		atomic_fetch_add(&b->sh->failed, 1);
	atomic_store(&b->sh->last_ns, now_ns());
	a = atomic_fetch_add(&b->sh->arrived, 1) + 1;
	if (a == b->n)
		shm_unlink(b->name); /* every job has it open: the name is no longer needed */
	while ((a = atomic_load(&b->sh->arrived)) < b->n) {
		if ((double)(now_ns() - atomic_load(&b->sh->last_ns)) / 1e9 > max_wait_s) {
			*arrived = a;
			return -ETIMEDOUT;
		}
		nanosleep(&tick, NULL);
	}
	return atomic_load(&b->sh->failed) ? -ECANCELED : 0;
}

void job_barrier_close(struct job_barrier *b)
{
	if (b->sh)
		munmap(b->sh, sizeof(struct jb_shared));
	b->sh = NULL;
}
