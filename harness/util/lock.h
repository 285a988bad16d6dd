/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_UTIL_LOCK_H
#define NFSWEEP_UTIL_LOCK_H

/*
 * Exclusive locks that die with their holder: flock(2) on a file, which the
 * kernel releases when the holder's last descriptor closes, SIGKILL and
 * power loss included (a pid file would block everyone after a crash).
 * Who holds a busy lock is read from /proc/locks: its pid, when it started
 * and its command line.
 */
#include <stddef.h>

/*
 * Take the lock of the open file @fd without waiting. 0; -EWOULDBLOCK when
 * another process holds it, with "pid N (started T: COMMAND)" in @holder
 * ("a process on another host" when /proc/locks does not show it, as for
 * a lock held on an NFS server for another client); or -errno.
 */
int lock_fd(int fd, char *holder, size_t len);

/*
 * The same on the file @path (made, mode 0666 less the umask, if missing):
 * the open descriptor in *@fd, kept open for as long as the lock is held.
 */
int lock_path(const char *path, int *fd, char *holder, size_t len);

/*
 * Where nfsweep keeps the lock files of targets: /run/lock/nfsweep (made,
 * sticky and world-writable like /run/lock, so that two users' sweeps see
 * each other), else /tmp/nfsweep-locks. NULL if neither can be made.
 */
const char *lock_dir(void);

#endif
