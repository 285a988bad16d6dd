// SPDX-License-Identifier: GPL-2.0
/* Per-operation statistics of nfsweep-ops (see ops_stats.h). */
#include <errno.h>
#include <string.h>

#include "common/ops_stats.h"

unsigned int ops_hist_bucket(uint64_t ns)
{
	unsigned int e, shift;

	if (ns < OPS_HIST_SUB)
		return (unsigned int)ns;
	e = 63u - (unsigned int)__builtin_clzll(ns); /* ns >= 2^e */
	shift = e - OPS_HIST_SUB_BITS;
	/* (ns >> shift) is in [SUB, 2 SUB): the sub-bucket, above the exact ones */
	return (shift + 1) * OPS_HIST_SUB + (unsigned int)(ns >> shift) - OPS_HIST_SUB;
}

uint64_t ops_hist_value(unsigned int b)
{
	unsigned int shift;

	if (b < OPS_HIST_SUB)
		return b;
	shift = b / OPS_HIST_SUB - 1;
	return ((uint64_t)(OPS_HIST_SUB + b % OPS_HIST_SUB) << shift) + ((1ull << shift) >> 1);
}

void ops_stats_add(struct ops_stats *s, int op, uint64_t ns, uint64_t bytes, int error)
{
	struct ops_op_stats *o = &s->op[op];

	if (!o->count || ns < o->min_ns)
		o->min_ns = ns;
	if (ns > o->max_ns)
		o->max_ns = ns;
	o->count++;
	o->errors += error != 0;
	o->bytes += bytes;
	o->sum_ns += ns;
	o->hist[ops_hist_bucket(ns)]++;
}

uint64_t ops_stats_percentile(const struct ops_op_stats *o, double pct)
{
	uint64_t want, seen = 0;

	if (!o->count)
		return 0;
	want = (uint64_t)(pct / 100.0 * (double)o->count + 0.5);
	if (!want)
		want = 1;
	for (unsigned int b = 0; b < OPS_HIST_BUCKETS; b++) {
		seen += o->hist[b];
		/* a bucket's value may lie past the largest latency seen in it */
		if (seen >= want)
			return ops_hist_value(b) < o->max_ns ? ops_hist_value(b) : o->max_ns;
	}
	return o->max_ns;
}

/* A name for JSON: fio job names are the user's; quotes and backslashes escaped. */
static void put_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char)*s >= 0x20)
			fputc(*s, f);
	}
	fputc('"', f);
}

int ops_stats_write(FILE *f, const struct ops_stats *s, const char *job, unsigned int jobnum,
		    const char *mix_name, const struct ops_mix *mix, unsigned int read_pct,
		    const char *extra)
{
	int first = 1;

	fprintf(f, "{\"job\":");
	put_string(f, job);
	fprintf(f, ",\"jobnum\":%u,\"mix\":", jobnum);
	put_string(f, mix_name);
	fprintf(f, ",\"read_pct\":%u,\"ops\":{", read_pct);
	for (unsigned int i = 0; i < mix->t->nops; i++) {
		const struct ops_op_stats *o = &s->op[i];
		int pair = 0;

		if (!o->count && !mix->weight[i])
			continue;
		fprintf(f,
			"%s\"%s\":{\"count\":%llu,\"errors\":%llu,\"bytes\":%llu,\"sum_ns\":%llu,"
			"\"min_ns\":%llu,\"max_ns\":%llu,\"asked_pct\":%.4f,",
			first ? "" : ",", mix->t->ops[i].name, (unsigned long long)o->count,
			(unsigned long long)o->errors, (unsigned long long)o->bytes,
			(unsigned long long)o->sum_ns, (unsigned long long)o->min_ns,
			(unsigned long long)o->max_ns, ops_mix_asked_pct(mix, (int)i, read_pct));
		if (o->rpcs)
			fprintf(f, "\"rpcs\":%llu,", (unsigned long long)o->rpcs);
		fprintf(f, "\"hist\":[");
		first = 0;
		for (unsigned int b = 0; b < OPS_HIST_BUCKETS; b++)
			if (o->hist[b])
				fprintf(f, "%s[%llu,%u]", pair++ ? "," : "",
					(unsigned long long)ops_hist_value(b), o->hist[b]);
		fprintf(f, "]}");
	}
	fprintf(f, "}%s}\n", extra ? extra : "");
	return ferror(f) ? -EIO : 0;
}
