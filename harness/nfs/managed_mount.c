// SPDX-License-Identifier: GPL-2.0
/* Managed NFS mounts (see mount_manage.h). */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nfs/managed_mount.h"
#include "nfs/mount_opts.h"

int mount_spec_parse(const char *spec, struct mount_spec *m, char *err, size_t len)
{
	const char *eq = strchr(spec, '='), *colon, *colon2;

	memset(m, 0, sizeof(*m));
	if (!eq || !label_valid(spec, (size_t)(eq - spec)))
		goto bad;
	memcpy(m->label, spec, (size_t)(eq - spec));
	colon = strchr(eq + 1, ':');
	if (!colon || colon == eq + 1 || colon[1] != '/' ||
	    (size_t)(colon - eq - 1) >= sizeof(m->server))
		goto bad;
	memcpy(m->server, eq + 1, (size_t)(colon - eq - 1));
	colon2 = strchr(colon + 1, ':');
	if (colon2) {
		snprintf(m->export, sizeof(m->export), "%.*s", (int)(colon2 - colon - 1),
			 colon + 1);
		snprintf(m->opts, sizeof(m->opts), "%s", colon2 + 1);
	} else {
		snprintf(m->export, sizeof(m->export), "%s", colon + 1);
	}
	return 0;
bad:
	snprintf(err, len,
		 "--mount '%s': expected label=server:/export:options (a label is "
		 "letters, digits, '_', '.' and '-'), e.g. nc8=10.0.0.4:/vol:vers=3,nconnect=8",
		 spec);
	return -1;
}

/* Numeric addresses of @host, one per line in @out. */
static void resolve(const char *host, char *out, size_t len)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res, *a;
	size_t used = 0;

	out[0] = '\0';
	if (getaddrinfo(host, NULL, &hints, &res))
		return;
	for (a = res; a && used + 64 < len; a = a->ai_next) {
		char buf[INET6_ADDRSTRLEN] = "";

		if (getnameinfo(a->ai_addr, a->ai_addrlen, buf, sizeof(buf), NULL, 0,
				NI_NUMERICHOST))
			continue;
		used += (size_t)snprintf(out + used, len - used, "%s\n", buf);
	}
	freeaddrinfo(res);
}

int mount_spec_resolves(const struct mount_spec *m, char *err, size_t len)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res;
	char host[sizeof(m->server)];
	size_t n = strlen(m->server);
	int ret;

	/* an IPv6 address in brackets, as mount.nfs takes it */
	if (n > 2 && m->server[0] == '[' && m->server[n - 1] == ']')
		snprintf(host, sizeof(host), "%.*s", (int)(n - 2), m->server + 1);
	else
		snprintf(host, sizeof(host), "%s", m->server);
	ret = getaddrinfo(host, NULL, &hints, &res);
	if (ret) {
		snprintf(err, len,
			 "--mount %s: the server '%s' does not resolve (%s): give an "
			 "address, or a name in /etc/hosts or DNS",
			 m->label, host, ret == EAI_SYSTEM ? strerror(errno) : gai_strerror(ret));
		return -1;
	}
	freeaddrinfo(res);
	return 0;
}

/* Do two newline-separated address lists share an address (whole lines)? */
static int share_address(const char *a, const char *b)
{
	for (const char *x = a; *x; x += strcspn(x, "\n") + 1) {
		size_t lx = strcspn(x, "\n");

		for (const char *y = b; *y; y += strcspn(y, "\n") + 1) {
			size_t ly = strcspn(y, "\n");

			if (ly == lx && !memcmp(x, y, lx))
				return 1;
			if (!y[ly])
				break;
		}
		if (!x[lx])
			break;
	}
	return 0;
}

int mount_find_conflict(const struct mount_spec *m, const struct ms_mount *mounts, size_t n,
			char *conflict, size_t len)
{
	char addrs[1024];

	resolve(m->server, addrs, sizeof(addrs));
	for (size_t i = 0; i < n; i++) {
		char dev_server[256], dev_addrs[1024];

		if (strncmp(mounts[i].fstype, "nfs", 3))
			continue;
		/* The device names the server as the mount command did: resolve it too. */
		snprintf(dev_server, sizeof(dev_server), "%.*s",
			 (int)strcspn(mounts[i].device, ":"), mounts[i].device);
		resolve(dev_server, dev_addrs, sizeof(dev_addrs));
		if (!strcmp(dev_server, m->server) || share_address(addrs, dev_addrs)) {
			snprintf(conflict, len, "%s (%s, nconnect=%ld, %u transport%s)",
				 mounts[i].mountpoint, mounts[i].device,
				 mount_opt_long(mounts[i].opts, "nconnect", 1), mounts[i].xprts,
				 mounts[i].xprts == 1 ? "" : "s");
			return 1;
		}
	}
	return 0;
}

int mount_verify(const char *opts, const struct ms_mount *got, char *err, size_t len)
{
	static const char *const keys[] = { "vers", "rsize", "wsize", "proto" };
	char want[64], have[64];
	long nconnect;

	nconnect = mount_opt_long(opts, "nconnect", 1);
	if (got->xprts != (unsigned int)nconnect) {
		snprintf(err, len,
			 "asked nconnect=%ld, mountstats shows %u transport%s: the kernel "
			 "reused another mount's NFS client",
			 nconnect, got->xprts, got->xprts == 1 ? "" : "s");
		return -1;
	}
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		mount_opt(opts, keys[i], want, sizeof(want));
		if (!want[0])
			continue;
		mount_opt(got->opts, keys[i], have, sizeof(have));
		/* vers=4 is granted as 4.x: the asked prefix must match */
		if (strcmp(want, have) &&
		    !(!strcmp(keys[i], "vers") && !strncmp(want, have, strlen(want)))) {
			snprintf(err, len, "asked %s=%s, the kernel gave %s=%s", keys[i], want,
				 keys[i], have[0] ? have : "(absent)");
			return -1;
		}
	}
	return 0;
}

/* No mount of @m's server is there already (it would share its NFS client). 0, or -1 with @err. */
static int no_conflict(const struct mount_spec *m, char *err, size_t len)
{
	struct ms_mount *all;
	char conflict[700];
	size_t n;
	int ret = mountstats_read("/proc/self/mountstats", &all, &n);

	if (ret) {
		snprintf(err, len, "read /proc/self/mountstats: %s", strerror(-ret));
		return -1;
	}
	ret = mount_find_conflict(m, all, n, conflict, sizeof(conflict));
	if (ret)
		snprintf(err, len,
			 "%s is already mounted at %s; a second mount of that server would "
			 "share its NFS client and its nconnect: unmount it first",
			 m->server, conflict);
	mountstats_free(all, n);
	return ret ? -1 : 0;
}

/*
 * mount -t nfs -o OPTS @source @mountpoint, an NFSv4 one (@vers) in a UTS namespace of its own
 * (its client is named after the hostname). 0, or -1 with @err (mount's first line).
 */
static int run_mount(const struct mount_spec *m, const char *source, const char *mountpoint,
		     const char *vers, char *err, size_t len)
{
	char errbuf[512] = "";
	int pipefd[2], status;
	ssize_t r;
	pid_t pid;

	if (pipe(pipefd)) {
		snprintf(err, len, "pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(err, len, "fork: %s", strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		return -1;
	}
	if (!pid) {
		char host[96];

		dup2(pipefd[1], STDERR_FILENO);
		dup2(pipefd[1], STDOUT_FILENO);
		close(pipefd[0]);
		/* NFSv4 names its client after the hostname: one of its own per variant. */
		if (vers[0] == '4' || !vers[0]) {
			snprintf(host, sizeof(host), "nfsweep-%s-%d", m->label, (int)getppid());
			if (unshare(CLONE_NEWUTS) || sethostname(host, strlen(host)))
				fprintf(stderr, "unshare/sethostname: %s\n", strerror(errno));
		}
		execlp("mount", "mount", "-t", "nfs", "-o", m->opts[0] ? m->opts : "defaults",
		       source, mountpoint, (char *)NULL);
		fprintf(stderr, "exec mount: %s\n", strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	r = read(pipefd[0], errbuf, sizeof(errbuf) - 1);
	errbuf[r > 0 ? r : 0] = '\0';
	errbuf[strcspn(errbuf, "\n")] = '\0';
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, len, "mount -t nfs -o %s %s %s failed: %s", m->opts, source,
			 mountpoint, errbuf[0] ? errbuf : "(no message)");
		return -1;
	}
	return 0;
}

/* The mount at @mountpoint is what @m asked (mountstats); else unmounted. 0, or -1 with @err. */
static int verify_mounted(const struct mount_spec *m, const char *source, const char *mountpoint,
			  char *err, size_t len)
{
	struct ms_mount *all;
	const struct ms_mount *got;
	char why[512];
	size_t n;
	int ret = mountstats_read("/proc/self/mountstats", &all, &n);

	if (ret) {
		snprintf(err, len, "read /proc/self/mountstats: %s", strerror(-ret));
		umount2(mountpoint, 0);
		return -1;
	}
	got = mountstats_find(all, n, mountpoint);
	if (!got) {
		snprintf(err, len, "%s is not in /proc/self/mountstats after mounting", mountpoint);
		ret = -1;
	} else if (mount_verify(m->opts, got, why, sizeof(why))) {
		snprintf(err, len, "%s at %s is not what was asked: %s", source, mountpoint, why);
		ret = -1;
	}
	mountstats_free(all, n);
	if (ret)
		umount2(mountpoint, 0); /* never measured under the wrong label */
	return ret;
}

int mount_variant(const struct mount_spec *m, const char *mountpoint, char *err, size_t len)
{
	char source[800], vers[16];

	if (no_conflict(m, err, len))
		return -1;
	if (mkdir(mountpoint, 0755) && errno != EEXIST) {
		snprintf(err, len, "mkdir %s: %s", mountpoint, strerror(errno));
		return -1;
	}
	snprintf(source, sizeof(source), "%s:%s", m->server, m->export);
	mount_opt(m->opts, "vers", vers, sizeof(vers));
	if (run_mount(m, source, mountpoint, vers, err, len))
		return -1;
	return verify_mounted(m, source, mountpoint, err, len);
}

int unmount_variant(const char *mountpoint, char *err, size_t len)
{
	if (umount2(mountpoint, 0) && umount2(mountpoint, MNT_DETACH)) {
		snprintf(err, len, "umount %s: %s", mountpoint, strerror(errno));
		return -1;
	}
	rmdir(mountpoint);
	return 0;
}
