// SPDX-License-Identifier: GPL-2.0
/* Transfer size distributions of nfsweep-ops (see ops_xfer.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/ops_xfer.h"

/* "16k" -> 16384; 0 if not a size. */
static uint64_t parse_size(const char *s, const char *end)
{
	char *e;
	uint64_t v = strtoull(s, &e, 10);

	if (e == s)
		return 0;
	if (e < end) {
		switch (*e) {
		case 'k':
		case 'K':
			v <<= 10;
			break;
		case 'm':
		case 'M':
			v <<= 20;
			break;
		default:
			return 0;
		}
		e++;
	}
	return e == end ? v : 0;
}

int ops_xfer_parse(const char *spec, struct ops_xfer *x, char *err, size_t len)
{
	unsigned int total = 0, empty = 0;
	unsigned char given_pct[OPS_XFER_MAX] = { 0 };
	const char *p = spec;

	memset(x, 0, sizeof(*x));
	while (p && *p) {
		const char *end = strchr(p, ':'), *slash;
		char *e;

		if (!end)
			end = p + strlen(p);
		slash = memchr(p, '/', (size_t)(end - p));
		if (x->n == OPS_XFER_MAX) {
			snprintf(err, len, "'%s': more than %d sizes", spec, OPS_XFER_MAX);
			return -EINVAL;
		}
		x->size[x->n] = parse_size(p, slash ? slash : end);
		if (!x->size[x->n]) {
			snprintf(err, len, "'%s': '%.*s' is not SIZE/PCT", spec, (int)(end - p), p);
			return -EINVAL;
		}
		if (slash && slash + 1 < end) {
			unsigned long pct = strtoul(slash + 1, &e, 10);

			if (e != end || pct > 100) {
				snprintf(err, len, "'%s': '%.*s' is not SIZE/PCT", spec,
					 (int)(end - p), p);
				return -EINVAL;
			}
			x->pct[x->n] = (unsigned int)pct;
			given_pct[x->n] = 1;
			total += (unsigned int)pct;
		} else {
			x->pct[x->n] = 0;
			empty++;
		}
		x->n++;
		p = *end ? end + 1 : NULL;
	}
	if (!x->n || total > 100 || (!empty && total != 100)) {
		snprintf(err, len, "'%s': the shares add up to %u %%, not 100", spec, total);
		return -EINVAL;
	}
	/* the shares left empty take what remains, equally (the last the rounding) */
	if (empty) {
		unsigned int left = 100 - total, each = left / empty, given = 0, k = 0;

		for (unsigned int i = 0; i < x->n; i++) {
			if (given_pct[i])
				continue;
			x->pct[i] = ++k == empty ? left - given : each;
			given += x->pct[i];
		}
	}
	return 0;
}

uint64_t ops_xfer_pick(const struct ops_xfer *x, uint32_t r)
{
	unsigned int at = (unsigned int)(((uint64_t)r * 100) >> 32);

	for (unsigned int i = 0; i < x->n; i++) {
		if (at < x->pct[i])
			return x->size[i];
		at -= x->pct[i];
	}
	return x->size[x->n - 1];
}

uint64_t ops_xfer_max(const struct ops_xfer *x)
{
	uint64_t m = 0;

	for (unsigned int i = 0; i < x->n; i++)
		if (x->size[i] > m)
			m = x->size[i];
	return m;
}
