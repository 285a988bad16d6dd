// SPDX-License-Identifier: GPL-2.0
/* Operations and mixes of nfsweep-ops (see ops_mix.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/ops_mix.h"

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
static const struct {
	const char *name;
	const char *spec;
} named_mixes[] = {
	{ "sfs2008", "stat:26,neg_stat:24,read:18,access:11,write:10,chmod:4,readdir:3,"
		     "readlink:1,create:1,unlink:1,statfs:1" },
	{ "eda_frontend", "stat:39,access:15,write:15,write_file:10,read:8,read_file:7,create:2,"
			  "chmod:1,mkdir:1,unlink:1,unlink2:1" },
	{ "eda_backend", "seq_read:50,seq_write:50" },
};

int ops_op_find(const char *name)
{
	for (int i = 0; i < OPS_NOPS; i++)
		if (!strcmp(ops_ops[i].name, name))
			return i;
	return -1;
}

void ops_op_names(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < OPS_NOPS && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", ops_ops[i].name);
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
		op = ops_op_find(item);
		if (op < 0) {
			ops_op_names(names, sizeof(names));
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
			mix->class_total[ops_ops[op].cls] += (unsigned int)w;
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

int ops_mix_parse(const char *spec, struct ops_mix *mix, char *err, size_t len)
{
	memset(mix, 0, sizeof(*mix));
	if (!spec || !*spec) {
		snprintf(err, len, "no mix (sfs2008, eda_frontend, eda_backend or OP:PCT,..)");
		return -EINVAL;
	}
	for (size_t i = 0; i < sizeof(named_mixes) / sizeof(named_mixes[0]); i++)
		if (!strcmp(spec, named_mixes[i].name))
			return parse_list(named_mixes[i].spec, mix, err, len);
	if (!strchr(spec, ':')) {
		snprintf(err, len,
			 "unknown mix '%s' (sfs2008, eda_frontend, eda_backend, or "
			 "OP:PCT,.. of the operations)",
			 spec);
		return -EINVAL;
	}
	return parse_list(spec, mix, err, len);
}

unsigned int ops_mix_read_pct(const struct ops_mix *mix)
{
	return (mix->class_total[OPS_READ_CLASS] + 50) / 100;
}

/* The op at @at (0 <= @at < the weights' sum) of the ops whose class passes @cls (-1: any). */
static int walk(const struct ops_mix *mix, int cls, unsigned long at)
{
	int last = -1;

	for (int i = 0; i < OPS_NOPS; i++) {
		if (!mix->weight[i] || (cls >= 0 && (int)ops_ops[i].cls != cls))
			continue;
		if (at < mix->weight[i])
			return i;
		at -= mix->weight[i];
		last = i;
	}
	return last;
}

enum ops_op ops_mix_pick(const struct ops_mix *mix, uint32_t r)
{
	unsigned long total = mix->class_total[0] + mix->class_total[1];

	/* r * total / 2^32: no modulo bias worth the name at these totals */
	return (enum ops_op)walk(mix, -1, (unsigned long)(((uint64_t)r * total) >> 32));
}

int ops_mix_pick_in_class(const struct ops_mix *mix, enum ops_class cls, uint32_t r)
{
	unsigned long total = mix->class_total[cls];

	if (!total)
		return -1;
	return walk(mix, (int)cls, (unsigned long)(((uint64_t)r * total) >> 32));
}

double ops_mix_asked_pct(const struct ops_mix *mix, enum ops_op op, unsigned int read_pct)
{
	enum ops_class cls = ops_ops[op].cls;
	double class_pct = cls == OPS_READ_CLASS ? read_pct : 100.0 - read_pct;
	unsigned int total = mix->class_total[0] + mix->class_total[1];

	if (!mix->class_total[cls])
		return 0;
	/* a mix of one class takes every io_u, whichever class fio chose */
	if (!mix->class_total[!cls])
		return 100.0 * mix->weight[op] / total;
	return class_pct * mix->weight[op] / mix->class_total[cls];
}
