// SPDX-License-Identifier: GPL-2.0
/* Operations and mixes of nfsweep-ops (see ops_mix.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ops_mix.h"

const struct ops_op_info ops_ops[OPS_NOPS] = {
	[OP_STAT] = { "stat", OPS_READ_CLASS, "GETATTR" },
	[OP_NEG_STAT] = { "neg_stat", OPS_READ_CLASS, "LOOKUP" },
	[OP_ACCESS] = { "access", OPS_READ_CLASS, "ACCESS" },
	[OP_READLINK] = { "readlink", OPS_READ_CLASS, "READLINK" },
	[OP_READDIR] = { "readdir", OPS_READ_CLASS, "READDIRPLUS or READDIR" },
	[OP_STATFS] = { "statfs", OPS_READ_CLASS, "FSSTAT" },
	[OP_READ] = { "read", OPS_READ_CLASS, "READ" },
	[OP_READ_FILE] = { "read_file", OPS_READ_CLASS, "READ" },
	[OP_SEQ_READ] = { "seq_read", OPS_READ_CLASS, "READ" },
	[OP_WRITE] = { "write", OPS_WRITE_CLASS, "WRITE, COMMIT" },
	[OP_WRITE_FILE] = { "write_file", OPS_WRITE_CLASS, "WRITE, COMMIT" },
	[OP_SEQ_WRITE] = { "seq_write", OPS_WRITE_CLASS, "WRITE, COMMIT" },
	[OP_CREATE] = { "create", OPS_WRITE_CLASS, "CREATE" },
	[OP_UNLINK] = { "unlink", OPS_WRITE_CLASS, "REMOVE" },
	[OP_UNLINK2] = { "unlink2", OPS_WRITE_CLASS, "REMOVE" },
	[OP_MKDIR] = { "mkdir", OPS_WRITE_CLASS, "MKDIR" },
	[OP_RENAME] = { "rename", OPS_WRITE_CLASS, "RENAME" },
	[OP_CHMOD] = { "chmod", OPS_WRITE_CLASS, "SETATTR" },
	[OP_LOCK] = { "lock", OPS_WRITE_CLASS, "LOCK, LOCKU (NLM on v3)" },
};

/*
 * The published mixes. sfs2008: SPECsfs2008's NFSv3 RPC mix, each RPC from
 * the syscall that sends it (READDIRPLUS 2 % and READDIR 1 % are both
 * getdents64: the client chooses). eda_frontend and eda_backend:
 * SPECstorage 2020 EDA's two components, as the vendor published them.
 */
static const struct ops_named_mix named_mixes[] = {
	{ .name = "sfs2008",
	  .spec = "stat:26,neg_stat:24,read:18,access:11,write:10,chmod:4,readdir:3,"
		  "readlink:1,create:1,unlink:1,statfs:1" },
	{ .name = "eda_frontend",
	  .spec = "stat:39,access:15,write:15,write_file:10,read:8,read_file:7,create:2,"
		  "chmod:1,mkdir:1,unlink:1,unlink2:1" },
	{ .name = "eda_backend", .spec = "seq_read:50,seq_write:50" },
};

_Static_assert(OPS_NOPS <= OPS_MIX_MAX, "a mix holds every operation of nfsweep-ops");

const struct ops_mix_table ops_mix_fs = {
	.ops = ops_ops,
	.nops = OPS_NOPS,
	.named = named_mixes,
	.nnamed = sizeof(named_mixes) / sizeof(named_mixes[0]),
};

int ops_mix_find(const struct ops_mix_table *t, const char *name)
{
	for (unsigned int i = 0; i < t->nops; i++)
		if (!strcmp(t->ops[i].name, name))
			return (int)i;
	return -1;
}

int ops_op_find(const char *name)
{
	return ops_mix_find(&ops_mix_fs, name);
}

void ops_mix_names(const struct ops_mix_table *t, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < t->nops && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", t->ops[i].name);
}

void ops_op_names(char *buf, size_t len)
{
	ops_mix_names(&ops_mix_fs, buf, len);
}

/* The table's published mixes, for messages: "sfs2008, eda_frontend, ..". */
static void named_names(const struct ops_mix_table *t, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < t->nnamed && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", t->named[i].name);
}

/* "12.5" -> 1250 hundredths; -1 if not a percentage with up to two decimals. */
static long hundredths(const char *s)
{
	char *end;
	long whole = strtol(s, &end, 10), frac = 0;

	if (end == s || whole < 0)
		return -1;
	if (*end == '.') {
		const char *f = end + 1;

		if (f[0] < '0' || f[0] > '9')
			return -1;
		frac = (f[0] - '0') * 10;
		if (f[1] >= '0' && f[1] <= '9')
			frac += f[1] - '0';
		end = (char *)f + 1 + (f[1] >= '0' && f[1] <= '9');
	}
	return *end ? -1 : whole * 100 + frac;
}

static int parse_list(const char *spec, struct ops_mix *mix, char *err, size_t len)
{
	char *copy = strdup(spec), *save = NULL, *item;
	unsigned long total = 0;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	for (item = strtok_r(copy, ",", &save); item && !ret; item = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(item, ':'), names[512];
		long w;
		int op;

		if (!colon) {
			snprintf(err, len, "'%s' is not OP:PCT", item);
			ret = -EINVAL;
			break;
		}
		*colon = '\0';
		op = ops_mix_find(mix->t, item);
		if (op < 0) {
			ops_mix_names(mix->t, names, sizeof(names));
			snprintf(err, len, "unknown operation '%s' (the operations: %s)", item,
				 names);
			ret = -EINVAL;
		} else if ((w = hundredths(colon + 1)) < 0) {
			snprintf(err, len,
				 "%s:%s: the share is not a percentage (up to two decimals)", item,
				 colon + 1);
			ret = -EINVAL;
		} else if (mix->weight[op]) {
			snprintf(err, len, "%s is given twice", item);
			ret = -EINVAL;
		} else {
			mix->weight[op] = (unsigned int)w;
			mix->class_total[mix->t->ops[op].cls] += (unsigned int)w;
			total += (unsigned long)w;
		}
	}
	if (!ret && total != 10000) {
		snprintf(err, len, "the shares add up to %lu.%02lu %%, not 100", total / 100,
			 total % 100);
		ret = -EINVAL;
	}
	free(copy);
	return ret;
}

int ops_mix_parse_in(const struct ops_mix_table *t, const char *spec, struct ops_mix *mix,
		     char *err, size_t len)
{
	char named[256];

	memset(mix, 0, sizeof(*mix));
	mix->t = t;
	named_names(t, named, sizeof(named));
	if (!spec || !*spec) {
		snprintf(err, len, "no mix (%s or OP:PCT,..)", named);
		return -EINVAL;
	}
	for (unsigned int i = 0; i < t->nnamed; i++) {
		if (strcmp(spec, t->named[i].name))
			continue;
		if (t->named[i].spec)
			return parse_list(t->named[i].spec, mix, err, len);
		for (unsigned int op = 0; op < t->nops; op++) {
			mix->weight[op] = t->named[i].weight[op];
			mix->class_total[t->ops[op].cls] += mix->weight[op];
		}
		return 0;
	}
	if (!strchr(spec, ':')) {
		snprintf(err, len, "unknown mix '%s' (%s, or OP:PCT,.. of the operations)", spec,
			 named);
		return -EINVAL;
	}
	return parse_list(spec, mix, err, len);
}

int ops_mix_parse(const char *spec, struct ops_mix *mix, char *err, size_t len)
{
	return ops_mix_parse_in(&ops_mix_fs, spec, mix, err, len);
}

unsigned int ops_mix_read_pct(const struct ops_mix *mix)
{
	return (mix->class_total[OPS_READ_CLASS] + 50) / 100;
}

/* The op at @at (0 <= @at < the weights' sum) of the ops whose class passes @cls (-1: any). */
static int walk(const struct ops_mix *mix, int cls, unsigned long at)
{
	int last = -1;

	for (unsigned int i = 0; i < mix->t->nops; i++) {
		if (!mix->weight[i] || (cls >= 0 && (int)mix->t->ops[i].cls != cls))
			continue;
		if (at < mix->weight[i])
			return (int)i;
		at -= mix->weight[i];
		last = (int)i;
	}
	return last;
}

int ops_mix_pick(const struct ops_mix *mix, uint32_t r)
{
	unsigned long total = mix->class_total[0] + mix->class_total[1];

	/* r * total / 2^32: no modulo bias worth the name at these totals */
	return walk(mix, -1, (unsigned long)(((uint64_t)r * total) >> 32));
}

int ops_mix_pick_in_class(const struct ops_mix *mix, enum ops_class cls, uint32_t r)
{
	unsigned long total = mix->class_total[cls];

	if (!total)
		return -1;
	return walk(mix, (int)cls, (unsigned long)(((uint64_t)r * total) >> 32));
}

double ops_mix_asked_pct(const struct ops_mix *mix, int op, unsigned int read_pct)
{
	enum ops_class cls = mix->t->ops[op].cls;
	double class_pct = cls == OPS_READ_CLASS ? read_pct : 100.0 - read_pct;
	unsigned int total = mix->class_total[0] + mix->class_total[1];

	if (!mix->class_total[cls])
		return 0;
	/* a mix of one class takes every io_u, whichever class fio chose */
	if (!mix->class_total[!cls])
		return 100.0 * mix->weight[op] / total;
	return class_pct * mix->weight[op] / mix->class_total[cls];
}
