// SPDX-License-Identifier: GPL-2.0
/* Reads /proc/self/mountstats (see mountstats.h). */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "nfs/mountstats.h"

static int add_op(struct ms_mount *m, const struct ms_op *op)
{
	struct ms_op *p = realloc(m->ops, (m->nops + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	m->ops = p;
	m->ops[m->nops++] = *op;
	return 0;
}

/* "\tREAD: 13445 13445 0 1559620 56791680 38479 42514 89125 0" */
static int parse_op_line(const char *line, struct ms_op *op)
{
	const char *colon = strchr(line, ':');
	size_t len;
	int n;

	while (isspace((unsigned char)*line))
		line++;
	if (!colon || colon < line)
		return 0;
	len = (size_t)(colon - line);
	if (!len || len >= sizeof(op->name))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!isupper((unsigned char)line[i]) && line[i] != '_')
			return 0;
	memset(op, 0, sizeof(*op));
	memcpy(op->name, line, len);
	n = sscanf(colon + 1,
		   "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64,
		   &op->ops, &op->trans, &op->timeouts, &op->bytes_sent, &op->bytes_recv,
		   &op->queue_ms, &op->rtt_ms, &op->exe_ms, &op->errors);
	if (n < 8)
		return 0;
	op->has_errors = n == 9;
	return 1;
}

/*
 * One "xprt:" line after its "xprt:": "tcp port bind_count connect_count connect_time idle_time
 * sends recvs bad_xids req_u bklog_u max_slots sending_u pending_u" (statvers 1.1; 1.0 ends
 * after bklog_u). Other transports (udp, rdma) print other fields: counted, not read.
 */
static void parse_xprt(const char *s, struct ms_mount *m)
{
	char proto[16];
	uint64_t v[13] = { 0 };
	int k;

	k = sscanf(s,
		   "%15s %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64,
		   proto, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9],
		   &v[10], &v[11], &v[12]);
	if (k < 8 || strcmp(proto, "tcp"))
		return;
	m->xprt_sends += v[5];
	m->xprt_recvs += v[6];
	if (m->tcp_xprts < MS_MAX_XPRTS)
		m->xprt[m->tcp_xprts++] = (struct ms_xprt){ .sends = v[5],
							    .recvs = v[6],
							    .bad_xids = v[7],
							    .req_u = v[8],
							    .bklog_u = v[9],
							    .max_slots = v[10],
							    .sending_u = v[11],
							    .pending_u = v[12] };
}

int mountstats_parse(FILE *f, struct ms_mount **mounts, size_t *n)
{
	struct ms_mount *all = NULL, *m = NULL;
	size_t count = 0;
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;

	while (getline(&line, &cap, f) > 0) {
		char dev[256], mnt[512], fstype[16], rest[64] = "";

		if (!strncmp(line, "device ", 7)) {
			struct ms_mount *p;

			if (sscanf(line, "device %255s mounted on %511s with fstype %15s %63s", dev,
				   mnt, fstype, rest) < 3)
				continue;
			p = realloc(all, (count + 1) * sizeof(*p));
			if (!p) {
				ret = -ENOMEM;
				break;
			}
			all = p;
			m = &all[count++];
			memset(m, 0, sizeof(*m));
			snprintf(m->device, sizeof(m->device), "%s", dev);
			snprintf(m->mountpoint, sizeof(m->mountpoint), "%s", mnt);
			snprintf(m->fstype, sizeof(m->fstype), "%s", fstype);
			if (!strncmp(rest, "statvers=", 9))
				snprintf(m->statvers, sizeof(m->statvers), "%.7s", rest + 9);
			continue;
		}
		if (!m)
			continue;
		{
			const char *s = line;
			struct ms_op op;

			while (isspace((unsigned char)*s))
				s++;
			if (!strncmp(s, "opts:", 5)) {
				s += 5;
				while (isspace((unsigned char)*s))
					s++;
				snprintf(m->opts, sizeof(m->opts), "%s", s);
				m->opts[strcspn(m->opts, "\n")] = '\0';
			} else if (!strncmp(s, "xprt:", 5)) {
				m->xprts++;
				parse_xprt(s + 5, m);
			} else if (parse_op_line(line, &op)) {
				ret = add_op(m, &op);
				if (ret)
					break;
			}
		}
	}
	free(line);
	if (ret) {
		mountstats_free(all, count);
		return ret;
	}
	*mounts = all;
	*n = count;
	return 0;
}

int mountstats_read(const char *path, struct ms_mount **mounts, size_t *n)
{
	FILE *f = fopen(path, "r");
	int ret;

	if (!f)
		return -errno;
	ret = mountstats_parse(f, mounts, n);
	fclose(f);
	return ret;
}

void mountstats_free(struct ms_mount *mounts, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(mounts[i].ops);
	free(mounts);
}

const struct ms_mount *mountstats_find(const struct ms_mount *mounts, size_t n,
				       const char *mountpoint)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(mounts[i].mountpoint, mountpoint))
			return &mounts[i];
	return NULL;
}

const struct ms_op *ms_find_op(const struct ms_mount *m, const char *name)
{
	size_t i;

	for (i = 0; m && i < m->nops; i++)
		if (!strcmp(m->ops[i].name, name))
			return &m->ops[i];
	return NULL;
}

void ms_op_delta(const struct ms_op *before, const struct ms_op *after, struct ms_delta *d)
{
	static const struct ms_op zero;
	uint64_t trans;

	memset(d, 0, sizeof(*d));
	if (!after)
		return;
	if (!before)
		before = &zero;
	d->ops = after->ops - before->ops;
	trans = after->trans - before->trans;
	d->retrans = trans > d->ops ? trans - d->ops : 0;
	d->has_errors = after->has_errors;
	d->errors = after->errors - before->errors;
	if (d->ops) {
		d->avg_rtt_ms = (double)(after->rtt_ms - before->rtt_ms) / (double)d->ops;
		d->avg_exe_ms = (double)(after->exe_ms - before->exe_ms) / (double)d->ops;
		d->avg_queue_ms = (double)(after->queue_ms - before->queue_ms) / (double)d->ops;
	}
}

int ms_xprt_delta(const struct ms_mount *before, const struct ms_mount *after,
		  struct ms_xprt_figs *f)
{
	uint64_t req = 0, bklog = 0, sending = 0;

	memset(f, 0, sizeof(*f));
	if (before->tcp_xprts != after->tcp_xprts)
		return -ENODATA;
	for (unsigned int i = 0; i < after->tcp_xprts; i++) {
		const struct ms_xprt *a = &after->xprt[i], *b = &before->xprt[i];

		if (a->sends < b->sends || a->req_u < b->req_u || a->bklog_u < b->bklog_u ||
		    a->sending_u < b->sending_u)
			return -ENODATA; /* a transport made anew: not the same counters */
		f->sends += a->sends - b->sends;
		req += a->req_u - b->req_u;
		bklog += a->bklog_u - b->bklog_u;
		sending += a->sending_u - b->sending_u;
		if (a->max_slots > f->max_slots)
			f->max_slots = a->max_slots;
	}
	if (!f->sends)
		return -ENODATA;
	f->in_flight = (double)req / (double)f->sends;
	f->backlog = (double)bklog / (double)f->sends;
	f->sending = (double)sending / (double)f->sends;
	return 0;
}
