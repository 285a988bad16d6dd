/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_HOSTS_HOSTS_H
#define NFSWEEP_HOSTS_HOSTS_H

/*
 * Several load generators through fio's own client/server mode: each host
 * runs `fio --server`, nfsweep runs one `fio --client` per point for all
 * of them. This file is the host list (--hosts H1,H2|@FILE, each
 * host[:port]), fio's host file, the bounded TCP probe of a host (fio's own
 * connect waits 135 s for a host that drops SYNs), and what fio's client
 * output says of each host. The sweep's pre-flight (sweep/hosts_preflight.c)
 * uses them to refuse a host before the first point.
 */
#include <stddef.h>

#define MAX_HOSTS 64
#define FIO_DEFAULT_PORT 8765

struct host {
	char spec[128]; /* as given: host or host:port */
	char addr[128]; /* the host part */
	int port;
	char fio[160];	/* fio's form: host,port */
	char name[128]; /* the server's own name (its output's "<name>" prefix) */
};

struct host_list {
	struct host h[MAX_HOSTS];
	size_t n;
};

/*
 * Add the hosts of @arg: "h1,h2:8766" or "@FILE" (whitespace- or
 * comma-separated, '#' comments). 0, or -1 with @err naming the entry.
 */
int hosts_parse(struct host_list *l, const char *arg, char *err, size_t len);

/* fio's host file (one "host,port" per line) at @path. 0, or -errno. */
int hosts_write_file(const struct host_list *l, const char *path);

/*
 * Is @h listening? A TCP connect bounded by @timeout_ms. 0, or -errno
 * (-ETIMEDOUT, -ECONNREFUSED, -EHOSTUNREACH ..; -ENOENT: no such name).
 */
int host_connect_probe(const struct host *h, int timeout_ms);

/*
 * The failure a host reported in fio's client output @text (its lines
 * start "<name> ", its server's own name, learnt at the pre-flight): the
 * first line of host @i that says fio failed (fio:, got signal, timed
 * out, disconnected, failed to connect, error=). Copied into @buf; 0 if
 * none. Hosts that give themselves one name share their lines: a failure
 * is then every such host's (the point fails either way).
 */
int hosts_find_failure(const struct host_list *l, size_t i, const char *text, char *buf,
		       size_t len);

/*
 * The server's own name of each host, from a probe's client output in
 * which only host @i ran: the "<name>" prefix of its first line.
 */
void hosts_learn_name(struct host_list *l, size_t i, const char *text);

#endif
