// SPDX-License-Identifier: GPL-2.0
/* Locks that die with their holder, and who holds one (see lock.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "util/lock.h"

/* Has process @pid the file of @st open? (its /proc/PID/fd, stat()ed as we stat it) */
static int pid_has_file(long pid, const struct stat *st)
{
	struct dirent *d;
	char dir[64], path[64 + sizeof(d->d_name)];
	struct stat fst;
	DIR *fds;
	int found = 0;

	snprintf(dir, sizeof(dir), "/proc/%ld/fd", pid);
	fds = opendir(dir);
	while (fds && !found && (d = readdir(fds))) {
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		found = d->d_name[0] != '.' && !stat(path, &fst) && fst.st_dev == st->st_dev &&
			fst.st_ino == st->st_ino;
	}
	if (fds)
		closedir(fds);
	return found;
}

/*
 * The pid holding an flock on the file of @st, from /proc/locks; 0 if none
 * is seen. /proc/locks names the inode that holds the lock: on overlayfs
 * (a container's root) that is the upper or lower file system's, not the
 * device stat() gives, so a line with our inode number but another device
 * counts when its pid has the file open.
 */
static long flock_holder(const struct stat *st)
{
	char line[256];
	long pid = 0;
	FILE *f = fopen("/proc/locks", "r");

	while (f && !pid && fgets(line, sizeof(line), f)) {
		unsigned int maj, min;
		unsigned long ino;
		long p;
		char type[16];

		/* "1: FLOCK  ADVISORY  WRITE 1234 08:01:56789 0 EOF" ("->" marks a waiter) */
		if (strstr(line, "->") ||
		    sscanf(line, "%*d: %15s %*s %*s %ld %x:%x:%lu", type, &p, &maj, &min, &ino) !=
			    5 ||
		    strcmp(type, "FLOCK") || ino != st->st_ino)
			continue;
		if ((maj == major(st->st_dev) && min == minor(st->st_dev)) || pid_has_file(p, st))
			pid = p;
	}
	if (f)
		fclose(f);
	return pid;
}

/* When process @pid started, as UTC ISO 8601, from its stat and the boot time. */
static void started(long pid, char *buf, size_t len)
{
	char path[64], line[1024], *p;
	unsigned long long ticks = 0, btime = 0;
	FILE *f;

	snprintf(buf, len, "?");
	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	f = fopen(path, "r");
	if (f) {
		/* after "(comm)", field 22 is the start time in clock ticks since boot */
		if (fgets(line, sizeof(line), f) && (p = strrchr(line, ')')))
			sscanf(p + 2,
			       "%*c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s "
			       "%*s %*s %*s %*s %llu",
			       &ticks);
		fclose(f);
	}
	f = fopen("/proc/stat", "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "btime %llu", &btime) == 1)
			break;
	if (f)
		fclose(f);
	if (ticks && btime) {
		time_t t = (time_t)(btime + ticks / (unsigned long long)sysconf(_SC_CLK_TCK));
		struct tm tm;

		gmtime_r(&t, &tm);
		strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
	}
}

/* "pid N (started T: COMMAND)" of the process holding the lock of @fd. */
static void describe_holder(int fd, char *holder, size_t len)
{
	char path[64], cmd[400] = "", when[32];
	struct stat st;
	long pid = 0;
	ssize_t n = 0;
	int cfd;

	if (!fstat(fd, &st))
		pid = flock_holder(&st);
	if (!pid) {
		snprintf(holder, len, "a process this host does not show (on another host?)");
		return;
	}
	snprintf(path, sizeof(path), "/proc/%ld/cmdline", pid);
	cfd = open(path, O_RDONLY | O_CLOEXEC);
	if (cfd >= 0) {
		n = read(cfd, cmd, sizeof(cmd) - 1);
		close(cfd);
	}
	for (ssize_t i = 0; i < n - 1; i++)
		if (!cmd[i])
			cmd[i] = ' ';
	cmd[n > 0 ? n : 0] = '\0';
	started(pid, when, sizeof(when));
	snprintf(holder, len, "pid %ld (started %s: %s)", pid, when, cmd[0] ? cmd : "?");
}

int lock_fd(int fd, char *holder, size_t len)
{
	while (flock(fd, LOCK_EX | LOCK_NB)) {
		int err = errno;

		if (err == EINTR)
			continue;
		if (err == EWOULDBLOCK)
			describe_holder(fd, holder, len);
		return -err;
	}
	return 0;
}

int lock_path(const char *path, int *fd, char *holder, size_t len)
{
	int ret;

	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (*fd < 0)
		return -errno;
	ret = lock_fd(*fd, holder, len);
	if (ret) {
		close(*fd);
		*fd = -1;
	}
	return ret;
}

const char *lock_dir(void)
{
	static const char *const dirs[] = { "/run/lock/nfsweep", "/tmp/nfsweep-locks" };

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		struct stat st;

		/* sticky and open to all, as /run/lock itself is */
		if (!mkdir(dirs[i], 01777))
			chmod(dirs[i], 01777);
		if (!stat(dirs[i], &st) && S_ISDIR(st.st_mode) && !access(dirs[i], W_OK))
			return dirs[i];
	}
	return NULL;
}
