// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_input.h"

char *fuzz_strdup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

int fuzz_memfd(const uint8_t *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("nfsweep-fuzz", MFD_CLOEXEC);
	size_t off = 0;

	if (fd < 0)
		abort(); /* the machine, not the input: stop loudly */
	while (off < size) {
		ssize_t n = write(fd, data + off, size - off);

		if (n <= 0)
			abort();
		off += (size_t)n;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}
