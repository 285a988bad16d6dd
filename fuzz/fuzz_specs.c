// SPDX-License-Identifier: GPL-2.0
/*
 * The specifications a user types: --mix (read %), --target label=path and
 * --mount label=server:/export:options. The first byte picks the parser.
 */
#include <stdlib.h>

#include "fuzz_input.h"
#include "nfs/managed_mount.h"
#include "sweep/plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int pcts[PLAN_MAX_PCTS];
	size_t n = 0;
	struct target t;
	struct mount_spec m;
	char err[256], *spec;

	if (!size)
		return 0;
	spec = fuzz_strdup(data + 1, size - 1);
	switch (data[0] % 3) {
	case 0:
		(void)plan_parse_mix(spec, pcts, &n, err, sizeof(err));
		break;
	case 1:
		(void)plan_parse_target(spec, &t, err, sizeof(err));
		break;
	default:
		if (!mount_spec_parse(spec, &m, err, sizeof(err))) {
			struct ms_mount got = { 0 };

			(void)mount_verify(m.opts, &got, err, sizeof(err));
		}
		break;
	}
	free(spec);
	return 0;
}
