// SPDX-License-Identifier: GPL-2.0
/* Worker threads of nfsweep-ops (see ops_workers.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "ops/ops_workers.h"

static void *worker(void *arg)
{
	struct ops_workers *w = arg;
	uint64_t one = 1;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		struct ops_req *r;

		while (!w->todo && !w->stop)
			pthread_cond_wait(&w->more, &w->lock);
		if (!w->todo)
			break;
		r = w->todo;
		w->todo = r->next;
		if (!w->todo)
			w->todo_tail = NULL;
		pthread_mutex_unlock(&w->lock);

		ops_call_sync(&r->a);

		pthread_mutex_lock(&w->lock);
		r->next = w->done;
		w->done = r;
		/* under the lock: take_done() sees the request once the count says so */
		/* an eventfd write fails only past 2^64 - 1: never */
		(void)!write(w->efd, &one, sizeof(one));
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

int ops_workers_start(struct ops_workers *w, unsigned int n)
{
	int ret = 0;

	memset(w, 0, sizeof(*w));
	w->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (w->efd < 0)
		return -errno;
	w->threads = calloc(n, sizeof(*w->threads));
	if (!w->threads) {
		close(w->efd);
		return -ENOMEM;
	}
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->more, NULL);
	for (w->n = 0; w->n < n; w->n++) {
		ret = -pthread_create(&w->threads[w->n], NULL, worker, w);
		if (ret)
			break;
	}
	if (ret)
		ops_workers_stop(w);
	return ret;
}

void ops_workers_submit(struct ops_workers *w, struct ops_req *r)
{
	r->next = NULL;
	pthread_mutex_lock(&w->lock);
	if (w->todo_tail)
		w->todo_tail->next = r;
	else
		w->todo = r;
	w->todo_tail = r;
	w->busy++;
	pthread_cond_signal(&w->more);
	pthread_mutex_unlock(&w->lock);
}

struct ops_req *ops_workers_take_done(struct ops_workers *w)
{
	struct ops_req *list, *r;

	pthread_mutex_lock(&w->lock);
	list = w->done;
	w->done = NULL;
	for (r = list; r; r = r->next)
		w->busy--;
	pthread_mutex_unlock(&w->lock);
	return list;
}

void ops_workers_stop(struct ops_workers *w)
{
	if (!w->threads)
		return;
	pthread_mutex_lock(&w->lock);
	w->stop = true;
	pthread_cond_broadcast(&w->more);
	pthread_mutex_unlock(&w->lock);
	for (unsigned int i = 0; i < w->n; i++)
		pthread_join(w->threads[i], NULL);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->more);
	free(w->threads);
	close(w->efd);
	memset(w, 0, sizeof(*w));
	w->efd = -1;
}
