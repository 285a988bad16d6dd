// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"

int t_make_file(const char *dir, size_t size, char *path, size_t pathlen)
{
	char block[4096];
	size_t off;
	int fd;

	snprintf(path, pathlen, "%s/nfsweep-unit-XXXXXX", dir);
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	for (off = 0; off < size; off += sizeof(block)) {
		size_t n = size - off < sizeof(block) ? size - off : sizeof(block);

		memset(block, (int)((off / sizeof(block)) & 0xff), sizeof(block));
		if (pwrite(fd, block, n, (off_t)off) != (ssize_t)n) {
			close(fd);
			return -1;
		}
	}
	fsync(fd);
	return fd;
}

bool t_block_ok(const char *buf, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < 4096; i++)
		if ((unsigned char)buf[i] != (n & 0xff))
			return false;
	return true;
}

int t_write_temp(const char *text, char *path, size_t pathlen)
{
	size_t len = strlen(text);
	int fd;

	snprintf(path, pathlen, "/tmp/nfsweep-unit-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	if (write(fd, text, len) != (ssize_t)len) {
		close(fd);
		unlink(path);
		return -1;
	}
	close(fd);
	return 0;
}
