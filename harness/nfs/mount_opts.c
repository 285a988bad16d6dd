// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nfs/mount_opts.h"

bool mount_opt(const char *opts, const char *key, char *out, size_t len)
{
	size_t k = strlen(key);
	const char *p = opts;

	if (len)
		out[0] = '\0';
	while (p && *p) {
		if (!strncmp(p, key, k) && (p[k] == '=' || p[k] == ',' || !p[k])) {
			if (p[k] == '=')
				snprintf(out, len, "%.*s", (int)strcspn(p + k + 1, ","), p + k + 1);
			else
				snprintf(out, len, "1");
			return true;
		}
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return false;
}

long mount_opt_long(const char *opts, const char *key, long dflt)
{
	char v[32];

	if (!mount_opt(opts, key, v, sizeof(v)))
		return dflt;
	return strtol(v, NULL, 10);
}
