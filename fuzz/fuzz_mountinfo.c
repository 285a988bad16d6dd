// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/self/mountinfo, as the harness reads it to find a target's mount:
 * mount points and sources are the user's names, escaped by the kernel
 * (\040 for a space), and can be of any length.
 */
#include <unistd.h>

#include "fuzz_input.h"
#include "nfs/mountinfo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = { "/", "/proc", "/dev/shm" };
	struct mount_of m;
	char path[64];
	int fd = fuzz_memfd(data, size, path, sizeof(path));

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		if (!mount_of_path(paths[i], path, &m))
			(void)mount_is_nfs(&m);
	close(fd);
	return 0;
}
