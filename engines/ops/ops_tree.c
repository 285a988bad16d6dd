// SPDX-License-Identifier: GPL-2.0
/* The tree of an nfsweep-ops job (see ops_tree.h). */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ops/ops_tree.h"

#define MARKER ".nfsweep-ops"

void ops_tree_name(char k, unsigned int i, char *buf, size_t len)
{
	if (k == 'r')
		snprintf(buf, len, "e%u.r", i);
	else
		snprintf(buf, len, "%c%u", k, i);
}

int ops_tree_init(struct ops_tree *t, const char *root, const struct ops_tree_shape *shape)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->root, sizeof(t->root), "%s", root);
	t->shape = *shape;
	t->nslots = shape->dirs * shape->files_per_dir;
	t->dir_fd = malloc(shape->dirs * sizeof(*t->dir_fd));
	t->busy = calloc(t->nslots, 1);
	t->mode_toggle = calloc(t->nslots, 1);
	t->cursor = calloc(t->nslots, sizeof(*t->cursor));
	t->fd = malloc(t->nslots * sizeof(*t->fd));
	t->fd_used = calloc(t->nslots, sizeof(*t->fd_used));
	if (!t->nslots || !t->dir_fd || !t->busy || !t->mode_toggle || !t->cursor || !t->fd ||
	    !t->fd_used) {
		ops_tree_free(t);
		return -ENOMEM;
	}
	for (unsigned int d = 0; d < shape->dirs; d++)
		t->dir_fd[d] = -1;
	for (unsigned int s = 0; s < t->nslots; s++)
		t->fd[s] = -1;
	return 0;
}

int ops_tree_pick(struct ops_tree *t, uint32_t r)
{
	unsigned int s = r % t->nslots;

	if (t->nbusy == t->nslots)
		return -1;
	/* linear probing from a random start: uniform enough while few are busy */
	while (t->busy[s])
		s = (s + 1) % t->nslots;
	t->busy[s] = 1;
	t->nbusy++;
	return (int)s;
}

void ops_tree_release(struct ops_tree *t, unsigned int slot)
{
	if (t->busy[slot]) {
		t->busy[slot] = 0;
		t->nbusy--;
	}
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

/* A full file: @size bytes of a pattern that no server compresses away. */
static int fill_file(int dirfd, const char *name, uint64_t size)
{
	static char buf[1 << 20];
	static int made;
	int fd, ret = 0;

	if (!made) {
		uint64_t x = 0x9e3779b97f4a7c15ull;

		for (size_t i = 0; i + 8 <= sizeof(buf); i += 8) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			memcpy(buf + i, &x, 8);
		}
		made = 1;
	}
	fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	for (uint64_t done = 0; done < size && !ret;) {
		size_t n = size - done < sizeof(buf) ? (size_t)(size - done) : sizeof(buf);
		ssize_t w = write(fd, buf, n);

		if (w <= 0)
			ret = w < 0 ? -errno : -EIO;
		else
			done += (uint64_t)w;
	}
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* Slot @i of directory @dirfd as the tree wants it (see ops_tree.h). */
static int repair_slot(struct ops_tree *t, int dirfd, unsigned int i, const char **call, char *name,
		       size_t len)
{
	char target[32];
	struct stat st;
	int fd;

	ops_tree_name('f', i, name, len);
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) ||
	    (uint64_t)st.st_size != t->shape.file_size) {
		*call = "write";
		if ((fd = fill_file(dirfd, name, t->shape.file_size)))
			return fd;
	}
	ops_tree_name('e', i, name, len);
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		ops_tree_name('r', i, target, sizeof(target));
		*call = "openat";
		if (!renameat(dirfd, target, dirfd, name))
			; /* a rename that housekeeping did not undo */
		else if ((fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) < 0 ||
			 close(fd))
			return -errno;
	}
	ops_tree_name('l', i, name, len);
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		ops_tree_name('f', i, target, sizeof(target));
		*call = "symlinkat";
		if (symlinkat(target, dirfd, name))
			return -errno;
	}
	/* what housekeeping removes: absent */
	*call = "unlinkat";
	for (const char *k = "crm"; *k; k++) {
		ops_tree_name(*k, i, name, len);
		if (unlinkat(dirfd, name, *k == 'm' ? AT_REMOVEDIR : 0) && errno != ENOENT)
			return -errno;
	}
	return 0;
}

/* The tree's marker says its shape; another shape (or no marker) is laid out anew. */
static int same_shape(const struct ops_tree *t, const char *marker)
{
	char want[128], got[128] = "";
	FILE *f = fopen(marker, "r");

	snprintf(want, sizeof(want), "dirs=%u files_per_dir=%u file_size=%llu\n", t->shape.dirs,
		 t->shape.files_per_dir, (unsigned long long)t->shape.file_size);
	if (!f)
		return 0;
	if (!fgets(got, sizeof(got), f))
		got[0] = '\0';
	fclose(f);
	return !strcmp(want, got);
}

int ops_tree_layout(struct ops_tree *t, char *err, size_t len)
{
	char marker[4200], dir[4200], name[32];
	const char *call = "mkdir";
	struct stat st;
	FILE *f;
	int ret = 0;

	snprintf(marker, sizeof(marker), "%s/%s", t->root, MARKER);
	if (!stat(t->root, &st) && !same_shape(t, marker)) {
		call = "nftw (removing a tree of another shape)";
		if (nftw(t->root, remove_entry, 16, FTW_DEPTH | FTW_PHYS)) {
			ret = -errno;
			snprintf(err, len, "%s %s: %s", call, t->root, strerror(-ret));
			return ret;
		}
	}
	if (mkdir(t->root, 0755) && errno != EEXIST) {
		ret = -errno;
		snprintf(err, len, "mkdir %s: %s", t->root, strerror(-ret));
		return ret;
	}
	for (unsigned int d = 0; d < t->shape.dirs && !ret; d++) {
		snprintf(dir, sizeof(dir), "%s/d%03u", t->root, d);
		call = "mkdir";
		if (mkdir(dir, 0755) && errno != EEXIST) {
			ret = -errno;
			break;
		}
		call = "open";
		t->dir_fd[d] = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (t->dir_fd[d] < 0) {
			ret = -errno;
			break;
		}
		name[0] = '\0';
		for (unsigned int i = 0; i < t->shape.files_per_dir && !ret; i++)
			ret = repair_slot(t, t->dir_fd[d], i, &call, name, sizeof(name));
		if (ret)
			snprintf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/%s", name);
	}
	if (ret) {
		snprintf(err, len, "%s %s: %s", call, dir, strerror(-ret));
		return ret;
	}
	f = fopen(marker, "w");
	if (!f ||
	    fprintf(f, "dirs=%u files_per_dir=%u file_size=%llu\n", t->shape.dirs,
		    t->shape.files_per_dir, (unsigned long long)t->shape.file_size) < 0 ||
	    fclose(f)) {
		ret = errno ? -errno : -EIO;
		snprintf(err, len, "write %s: %s", marker, strerror(-ret));
		return ret;
	}
	return 0;
}

void ops_tree_free(struct ops_tree *t)
{
	for (unsigned int d = 0; t->dir_fd && d < t->shape.dirs; d++)
		if (t->dir_fd[d] >= 0)
			close(t->dir_fd[d]);
	for (unsigned int s = 0; t->fd && s < t->nslots; s++)
		if (t->fd[s] >= 0)
			close(t->fd[s]);
	free(t->dir_fd);
	free(t->busy);
	free(t->mode_toggle);
	free(t->cursor);
	free(t->fd);
	free(t->fd_used);
	memset(t, 0, sizeof(*t));
}
