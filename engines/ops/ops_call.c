// SPDX-License-Identifier: GPL-2.0
/* The system calls of nfsweep-ops's operations (see ops_call.h). */
#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <stdio.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ops/ops_call.h"

static const char *const names[OPS_NCALLS] = {
	[CALL_STATX] = "statx",		 [CALL_OPENAT] = "openat",
	[CALL_CLOSE] = "close",		 [CALL_READ] = "read",
	[CALL_WRITE] = "write",		 [CALL_FSYNC] = "fsync",
	[CALL_UNLINKAT] = "unlinkat",	 [CALL_MKDIRAT] = "mkdirat",
	[CALL_RENAMEAT] = "renameat",	 [CALL_ACCESS] = "faccessat",
	[CALL_CHMOD] = "fchmodat",	 [CALL_READLINK] = "readlinkat",
	[CALL_STATFS] = "fstatfs",	 [CALL_READDIR] = "getdents64",
	[CALL_LOCK] = "fcntl(F_SETLKW)",
};

const char *ops_call_name(enum ops_call c)
{
	return c < OPS_NCALLS ? names[c] : "?";
}

/* opendir of the directory, every entry read, closed: what ls does. */
static long read_dir(int dirfd)
{
	char buf[32768];
	long n, entries = 0;
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0)
		entries += n;
	if (n < 0)
		n = -errno;
	close(fd);
	return n < 0 ? n : entries;
}

/* A write lock of the whole file, taken and given back: LOCK and LOCKU on NFSv4, NLM on v3. */
static long lock_unlock(int dirfd, const char *name)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	long ret = 0;
	int fd = openat(dirfd, name, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fcntl(fd, F_SETLKW, &fl))
		ret = -errno;
	fl.l_type = F_UNLCK;
	if (!ret && fcntl(fd, F_SETLK, &fl))
		ret = -errno;
	close(fd);
	return ret;
}

void ops_call_sync(struct ops_callargs *a)
{
	long r;

	switch (a->call) {
	case CALL_STATX:
		r = statx(a->dirfd, a->name, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &a->stx);
		break;
	case CALL_OPENAT:
		r = openat(a->dirfd, a->name, a->flags | O_CLOEXEC, a->mode);
		break;
	case CALL_CLOSE:
		r = close(a->fd);
		break;
	case CALL_READ:
		r = pread(a->fd, a->buf, a->len, (off_t)a->off);
		break;
	case CALL_WRITE:
		r = pwrite(a->fd, a->buf, a->len, (off_t)a->off);
		break;
	case CALL_FSYNC:
		r = fsync(a->fd);
		break;
	case CALL_UNLINKAT:
		r = unlinkat(a->dirfd, a->name, a->flags);
		break;
	case CALL_MKDIRAT:
		r = mkdirat(a->dirfd, a->name, a->mode);
		break;
	case CALL_RENAMEAT:
		r = renameat(a->dirfd, a->name, a->dirfd, a->name2);
		break;
	case CALL_ACCESS:
		r = faccessat(a->dirfd, a->name, R_OK, 0);
		break;
	case CALL_CHMOD:
		r = fchmodat(a->dirfd, a->name, a->mode, 0);
		break;
	case CALL_READLINK: {
		char target[256];

		r = readlinkat(a->dirfd, a->name, target, sizeof(target));
		break;
	}
	case CALL_STATFS: {
		struct statfs sf;

		r = fstatfs(a->dirfd, &sf);
		break;
	}
	case CALL_READDIR:
		a->res = read_dir(a->dirfd);
		return;
	case CALL_LOCK:
		a->res = lock_unlock(a->dirfd, a->name);
		return;
	default:
		r = -1;
		errno = EINVAL;
	}
	a->res = r < 0 ? -errno : r;
}

int ops_call_opcode(enum ops_call c)
{
	switch (c) {
	case CALL_STATX:
		return IORING_OP_STATX;
	case CALL_OPENAT:
		return IORING_OP_OPENAT;
	case CALL_CLOSE:
		return IORING_OP_CLOSE;
	case CALL_READ:
		return IORING_OP_READ;
	case CALL_WRITE:
		return IORING_OP_WRITE;
	case CALL_FSYNC:
		return IORING_OP_FSYNC;
	case CALL_UNLINKAT:
		return IORING_OP_UNLINKAT;
	case CALL_MKDIRAT:
		return IORING_OP_MKDIRAT;
	case CALL_RENAMEAT:
		return IORING_OP_RENAMEAT;
	default:
		return -1;
	}
}

void ops_call_prep(struct io_uring_sqe *sqe, struct ops_callargs *a, void *user_data)
{
	switch (a->call) {
	case CALL_STATX:
		io_uring_prep_statx(sqe, a->dirfd, a->name, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS,
				    &a->stx);
		break;
	case CALL_OPENAT:
		io_uring_prep_openat(sqe, a->dirfd, a->name, a->flags | O_CLOEXEC, a->mode);
		break;
	case CALL_CLOSE:
		io_uring_prep_close(sqe, a->fd);
		break;
	case CALL_READ:
		io_uring_prep_read(sqe, a->fd, a->buf, (unsigned int)a->len, a->off);
		break;
	case CALL_WRITE:
		io_uring_prep_write(sqe, a->fd, a->buf, (unsigned int)a->len, a->off);
		break;
	case CALL_FSYNC:
		io_uring_prep_fsync(sqe, a->fd, 0);
		break;
	case CALL_UNLINKAT:
		io_uring_prep_unlinkat(sqe, a->dirfd, a->name, a->flags);
		break;
	case CALL_MKDIRAT:
		io_uring_prep_mkdirat(sqe, a->dirfd, a->name, a->mode);
		break;
	case CALL_RENAMEAT:
		io_uring_prep_renameat(sqe, a->dirfd, a->name, a->dirfd, a->name2, 0);
		break;
	default:
		io_uring_prep_nop(sqe);
		break;
	}
	io_uring_sqe_set_data(sqe, user_data);
}
