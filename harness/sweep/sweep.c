// SPDX-License-Identifier: GPL-2.0
/* Setting up a sweep before its first point (see sweep.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <linux/io_uring.h>

#include "nfs/mountinfo.h"
#include "sweep/point_mode.h"
#include "sweep/sweep.h"
#include "util/lock.h"
#include "util/paths.h"

volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

void sweep_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_stop };

	/* No SA_RESTART: the wait for fio wakes up and passes the signal on. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

void sweep_init(struct sweep *s, const char *cmd, const struct sweep_opts *o)
{
	struct utsname u;

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->cmd = cmd;
	s->csv_fd = -1;
	/* the one place the mode is chosen: nothing after asks which it is */
	s->mode = o->hosts.n ? &point_mode_hosts : &point_mode_local;
	/*
	 * fio's status, updated in place, only where someone watches: nothing in
	 * logs or pipes. NFSWEEP_PROGRESS=0 says that a terminal is not watched
	 * (the lab's guest writes to a serial line that its host sends to a file).
	 */
	s->progress = isatty(STDERR_FILENO) &&
		      !(getenv("NFSWEEP_PROGRESS") && !strcmp(getenv("NFSWEEP_PROGRESS"), "0"));
	if (!uname(&u)) {
		snprintf(s->host, sizeof(s->host), "%s", u.nodename);
		snprintf(s->kernel, sizeof(s->kernel), "%s", u.release);
	}
}

int sweep_engine_resolve(struct sweep *s, char *err, size_t len)
{
	const struct sweep_opts *o = s->o;
	const char *so;

	if (strncmp(o->engine, "nfsweep-", 8)) {
		snprintf(s->engine_value, sizeof(s->engine_value), "%s", o->engine);
		return 0;
	}
	if (snprintf(s->engine_value, sizeof(s->engine_value), "external:%s/%s.so", o->engine_dir,
		     o->engine) >= (int)sizeof(s->engine_value)) {
		snprintf(err, len, "--engine-dir %s: path too long", o->engine_dir);
		return -ENAMETOOLONG;
	}
	so = s->engine_value + strlen("external:");
	if (access(so, R_OK)) {
		int ret = -errno;

		snprintf(err, len, "--engine %s: %s: %s (build it with make, or give --engine-dir)",
			 o->engine, so, strerror(-ret));
		return ret;
	}
	return 0;
}

/*
 * The io_uring engines need io_uring_setup(2), which a kernel may refuse to
 * everyone (kernel.io_uring_disabled=2, EPERM), to some (=1), or a seccomp
 * filter may block (Docker's default profile, EPERM or ENOSYS). Better to
 * say so once, before the first point, than to record every point failed.
 */
int io_uring_refused(void)
{
	struct io_uring_params p;
	long fd;

	memset(&p, 0, sizeof(p));
	fd = syscall(SYS_io_uring_setup, 1, &p);
	if (fd < 0)
		return errno == EPERM || errno == ENOSYS || errno == EACCES ? -errno : 0;
	close((int)fd);
	return 0;
}

int sweep_check_nfs_targets(const struct sweep_opts *o, const struct ms_mount *all, size_t n,
			    char *err, size_t len)
{
	for (size_t i = 0; i < o->ntargets; i++) {
		const struct target *t = &o->targets[i];
		struct mount_of m;
		int ret;

		if (t->mount >= 0 || t->url)
			continue; /* a --mount variant: verified when mounted; a URL: no mount */
		ret = mount_of_path(t->path, NULL, &m);
		if (ret) {
			snprintf(err, len, "--nfs: --target %s=%s: its mount: %s", t->label,
				 t->path, strerror(-ret));
			return -EINVAL;
		}
		if (!mount_is_nfs(&m)) {
			snprintf(err, len,
				 "--nfs: --target %s=%s is on %s (%s), not NFS: there would "
				 "be no RPC statistics or transports to record",
				 t->label, t->path, m.fstype, m.mountpoint);
			return -EINVAL;
		}
		if (!mountstats_find(all, n, m.mountpoint)) {
			snprintf(err, len, "--nfs: --target %s=%s: %s has no entry for %s",
				 t->label, t->path, o->mountstats, m.mountpoint);
			return -ENOENT;
		}
	}
	return 0;
}

/* A lock file's name for @key: letters, digits and '-' only. */
static void lock_name(const char *dir, const char *kind, const char *key, char *path, size_t len)
{
	int n = snprintf(path, len, "%s/%s-", dir, kind);

	for (const char *k = key; *k && n > 0 && (size_t)n + 6 < len; k++)
		path[n++] = isalnum((unsigned char)*k) ? *k : '-';
	snprintf(path + n, len - (size_t)n, ".lock");
}

/*
 * What two sweeps must not measure at once, for target @t: an NFS server
 * (a --mount variant's, or the server of the NFS mount a --target is on),
 * else the mount a --target is on (its st_dev: every path into one mount
 * is one target). 0, with @kind "server" or "mount"; -ENOENT if @t's path
 * does not exist (refused elsewhere, by name).
 */
static int target_lock_key(const struct sweep_opts *o, const struct target *t, const char **kind,
			   char *key, size_t len)
{
	struct mount_of m;
	struct stat st;

	*kind = "server";
	if (t->mount >= 0 || t->url) {
		snprintf(key, len, "%s", t->url ? t->server : o->mounts[t->mount].server);
		return 0;
	}
	if (!mount_of_path(t->path, NULL, &m) && mount_is_nfs(&m)) {
		/* "host:/export", "[v6]:/export": the host */
		const char *end = strstr(m.source, ":/");

		snprintf(key, len, "%.*s", end ? (int)(end - m.source) : (int)strlen(m.source),
			 m.source);
		return 0;
	}
	if (stat(t->path, &st))
		return -ENOENT;
	*kind = "mount";
	snprintf(key, len, "%u-%u", major(st.st_dev), minor(st.st_dev));
	return 0;
}

int sweep_lock_targets(struct sweep *s, char *err, size_t len)
{
	const struct sweep_opts *o = s->o;
	const char *dir = lock_dir();
	char locked[MAX_TARGETS][PATH_MAX];

	if (!dir) {
		snprintf(err, len,
			 "no directory for the targets' locks (/run/lock/nfsweep, "
			 "/tmp/nfsweep-locks): %s",
			 strerror(errno));
		return -EACCES;
	}
	for (size_t i = 0; i < o->ntargets; i++) {
		const struct target *t = &o->targets[i];
		char key[320], path[PATH_MAX], holder[512];
		const char *kind;
		int fd, ret, again = 0;

		if (target_lock_key(o, t, &kind, key, sizeof(key)))
			continue;
		lock_name(dir, kind, key, path, sizeof(path));
		/* Two targets of this sweep on one mount or server: its lock is ours already. */
		for (size_t k = 0; k < s->ntarget_locks; k++)
			again |= !strcmp(locked[k], path);
		if (again)
			continue;
		ret = lock_path(path, &fd, holder, sizeof(holder));
		if (ret == -EWOULDBLOCK) {
			snprintf(err, len,
				 "--%s %s: another nfsweep measures the same %s, %s: one sweep "
				 "per target (wait for it, or give --shared-target if you mean it)",
				 t->mount >= 0 ? "mount" : "target", t->label, kind, holder);
			return -EBUSY;
		}
		if (ret) {
			snprintf(err, len, "lock %s: %s", path, strerror(-ret));
			return ret;
		}
		snprintf(locked[s->ntarget_locks], PATH_MAX, "%s", path);
		s->target_locks[s->ntarget_locks++] = fd;
	}
	return 0;
}

int sweep_make_fio_dir(struct sweep *s, char *err, size_t len)
{
	const char *out = s->o->out, *base = strrchr(out, '/');
	char dir[PATH_MAX], failed[PATH_MAX];
	size_t stem;
	int ret;

	base = base ? base + 1 : out;
	stem = strlen(base);
	if (stem > 4 && !strcmp(base + stem - 4, ".csv"))
		stem -= 4;
	if (path_dir_of(out, dir, sizeof(dir)) ||
	    snprintf(s->fio_rel, sizeof(s->fio_rel), "fio/%.*s", (int)stem, base) >=
		    (int)sizeof(s->fio_rel) ||
	    snprintf(s->fio_dir, sizeof(s->fio_dir), "%s/%s", dir, s->fio_rel) >=
		    (int)sizeof(s->fio_dir)) {
		snprintf(err, len, "--out %s: path too long", out);
		return -ENAMETOOLONG;
	}
	/* which of DIR/fio/STEM, DIR/fio and DIR are new: only those may be taken back */
	s->nmade_dirs = 0;
	if (snprintf(s->made_dirs[1], PATH_MAX, "%s/fio", dir) >= PATH_MAX) {
		snprintf(err, len, "--out %s: path too long", out);
		return -ENAMETOOLONG;
	}
	snprintf(s->made_dirs[0], PATH_MAX, "%s", s->fio_dir);
	snprintf(s->made_dirs[2], PATH_MAX, "%s", dir);
	while (s->nmade_dirs < 3 && access(s->made_dirs[s->nmade_dirs], F_OK))
		s->nmade_dirs++;
	ret = path_mkdir_p(s->fio_dir, failed, sizeof(failed));
	/* the user's --out first: DIR/fio is nfsweep's own, made beside the results */
	if (ret && !strncmp(failed, s->made_dirs[1], strlen(s->made_dirs[1])))
		snprintf(err, len, "--out %s: mkdir %s, for fio's output beside the results: %s",
			 out, failed, strerror(-ret));
	else if (ret)
		snprintf(err, len, "--out %s: mkdir %s: %s", out, failed, strerror(-ret));
	return ret;
}

void sweep_unmake_fio_dir(struct sweep *s)
{
	char path[PATH_MAX + 64];

	/* the host file and the pre-flight's job and outputs, one per host (hosts_preflight.c) */
	unlink(s->hosts_file);
	snprintf(path, sizeof(path), "%s/preflight.fio", s->fio_dir);
	unlink(path);
	for (size_t i = 1; i <= s->o->hosts.n; i++)
		for (int pass = 0; pass < 2; pass++) {
			snprintf(path, sizeof(path), "%s/preflight-%zu.json%s", s->fio_dir, i,
				 pass ? ".stderr" : "");
			unlink(path);
		}
	for (int i = 0; i < s->nmade_dirs; i++)
		if (rmdir(s->made_dirs[i]))
			break;
	s->nmade_dirs = 0;
}

void sweep_detail_failed(const struct sweep *s, const char *path, int err)
{
	fprintf(stderr,
		"\nnfsweep %s: write to %s: %s; this point's rows are not recorded, "
		"every earlier row is\n",
		s->cmd, path, err == -EPROTO ? "it has another header" : strerror(-err));
}
