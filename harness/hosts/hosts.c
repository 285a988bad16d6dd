// SPDX-License-Identifier: GPL-2.0
/* The host list, fio's host file and the connect probe (see hosts.h). */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "hosts/hosts.h"
#include "util/sink.h"

/* The entry @spec as a message may quote it: itself if it is of a host's form, else its place. */
static const char *shown(const char *spec, size_t i)
{
	static char place[32];

	if (sink_host(spec))
		return spec;
	snprintf(place, sizeof(place), "(host %zu)", i + 1);
	return place;
}

static int add_host(struct host_list *l, const char *tok, size_t n, char *err, size_t len)
{
	struct host *h;
	const char *colon;
	char *end;

	if (!n)
		return 0;
	if (l->n == MAX_HOSTS) {
		snprintf(err, len, "--hosts: at most %d hosts", MAX_HOSTS);
		return -1;
	}
	h = &l->h[l->n];
	memset(h, 0, sizeof(*h));
	if (n >= sizeof(h->spec)) {
		snprintf(err, len, "--hosts: host %zu: too long", l->n + 1);
		return -1;
	}
	memcpy(h->spec, tok, n);
	h->port = FIO_DEFAULT_PORT;
	/* host:port; an IPv6 address (two colons or more) takes no port here */
	colon = strchr(h->spec, ':');
	if (colon && colon == strrchr(h->spec, ':')) {
		long port = strtol(colon + 1, &end, 10);

		if (end == colon + 1 || *end || port < 1 || port > 65535) {
			snprintf(err, len,
				 "--hosts '%s': expected host or host:port (port 1-65535)",
				 shown(h->spec, l->n));
			return -1;
		}
		h->port = (int)port;
		memcpy(h->addr, h->spec, (size_t)(colon - h->spec));
	} else {
		memcpy(h->addr, h->spec, n);
	}
	/* the name goes into fio's host file, its messages and file names on the target */
	if (!sink_host(h->addr)) {
		snprintf(err, len,
			 "--hosts '%s': expected a host name or an address (letters, "
			 "digits, '.', '-', '_', ':'), optionally :port",
			 shown(h->spec, l->n));
		return -1;
	}
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->h[i].addr, h->addr) && l->h[i].port == h->port) {
			snprintf(err, len, "--hosts: %s is given twice", h->spec);
			return -1;
		}
	{
		char fio[sizeof(h->fio)]; /* not straight into h: -Wrestrict sees h twice */

		snprintf(fio, sizeof(fio), "%s,%d", h->addr, h->port);
		memcpy(h->fio, fio, sizeof(fio));
	}
	l->n++;
	return 0;
}

/* Add every token of @s (separated by commas or whitespace; '#' starts a comment). */
static int add_tokens(struct host_list *l, const char *s, char *err, size_t len)
{
	while (*s) {
		size_t n;

		if (*s == '#') {
			s += strcspn(s, "\n");
			continue;
		}
		s += strspn(s, ", \t\r\n");
		n = strcspn(s, ", \t\r\n#");
		if (add_host(l, s, n, err, len))
			return -1;
		s += n;
	}
	return 0;
}

int hosts_parse(struct host_list *l, const char *arg, char *err, size_t len)
{
	char buf[16384];
	size_t n;
	FILE *f;

	if (arg[0] != '@')
		return add_tokens(l, arg, err, len);
	f = fopen(arg + 1, "r");
	if (!f) {
		snprintf(err, len, "--hosts %s: open: %s", arg, strerror(errno));
		return -1;
	}
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	if (ferror(f) || !feof(f)) {
		snprintf(err, len, "--hosts %s: %s", arg, ferror(f) ? "read error" : "over 16 KiB");
		fclose(f);
		return -1;
	}
	fclose(f);
	if (add_tokens(l, buf, err, len))
		return -1;
	if (!l->n) {
		snprintf(err, len, "--hosts %s: no host in the file", arg);
		return -1;
	}
	return 0;
}

int hosts_write_file(const struct host_list *l, const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	for (size_t i = 0; i < l->n; i++)
		fprintf(f, "%s\n", l->h[i].fio);
	return fclose(f) ? -errno : 0;
}

/* One address of @ai, bounded by @timeout_ms. 0, or -errno. */
static int connect_one(const struct addrinfo *ai, int timeout_ms)
{
	struct pollfd pf;
	socklen_t sl = sizeof(int);
	int fd, err = 0, r;

	fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
	if (fd < 0)
		return -errno;
	if (!connect(fd, ai->ai_addr, ai->ai_addrlen)) {
		close(fd);
		return 0;
	}
	if (errno != EINPROGRESS) {
		err = -errno;
		close(fd);
		return err;
	}
	pf = (struct pollfd){ .fd = fd, .events = POLLOUT };
	while ((r = poll(&pf, 1, timeout_ms)) < 0 && errno == EINTR)
		;
	if (r == 0)
		err = -ETIMEDOUT;
	else if (r < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &sl))
		err = -errno;
	else
		err = -err;
	close(fd);
	return err;
}

int host_connect_probe(const struct host *h, int timeout_ms)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res, *ai;
	char port[16];
	int ret = -ENOENT;

	snprintf(port, sizeof(port), "%d", h->port);
	if (getaddrinfo(h->addr, port, &hints, &res))
		return -ENOENT;
	for (ai = res; ai; ai = ai->ai_next) {
		ret = connect_one(ai, timeout_ms);
		if (!ret)
			break;
	}
	freeaddrinfo(res);
	return ret;
}

/* Does @line (up to its end) say that fio failed? */
static int failure_line(const char *line, size_t n)
{
	static const char *const marks[] = {
		"fio: ",	"got signal",	     "timed out", "timeout on",
		"disconnected", "failed to connect", "error=",	  "Connection refused",
	};
	char buf[1024];

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, line, n);
	buf[n] = '\0';
	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (strstr(buf, marks[i]))
			return 1;
	return 0;
}

/* Is @line host @i's output ("<name> ...")? Hosts of one name share their lines. */
static int host_line(const struct host *h, const char *line)
{
	size_t n = strlen(h->name);

	return n && line[0] == '<' && !strncmp(line + 1, h->name, n) && line[n + 1] == '>';
}

int hosts_find_failure(const struct host_list *l, size_t i, const char *text, char *buf, size_t len)
{
	for (const char *line = text; *line;) {
		size_t n = strcspn(line, "\n");

		if (host_line(&l->h[i], line) && failure_line(line, n)) {
			snprintf(buf, len, "%.*s", (int)(n > 300 ? 300 : n), line);
			return 1;
		}
		line += n + (line[n] == '\n');
	}
	return 0;
}

void hosts_learn_name(struct host_list *l, size_t i, const char *text)
{
	const char *line = text;

	/* the first "<name> ..." line: the server's own name */
	while (*line) {
		size_t n = strcspn(line, "\n");
		const char *gt = memchr(line, '>', n);

		if (line[0] == '<' && gt && gt > line + 1 &&
		    (size_t)(gt - line - 1) < sizeof(l->h[i].name)) {
			memcpy(l->h[i].name, line + 1, (size_t)(gt - line - 1));
			l->h[i].name[gt - line - 1] = '\0';
			/* it names the host's snapshot files: a name of no host's form names none */
			if (!sink_host(l->h[i].name))
				l->h[i].name[0] = '\0';
			return;
		}
		line += n + (line[n] == '\n');
	}
}
