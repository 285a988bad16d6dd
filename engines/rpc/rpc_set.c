// SPDX-License-Identifier: GPL-2.0
/* nfsweep-rpc's operations, mix and file set (see rpc_set.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rpc/rpc_set.h"

static const struct ops_op_info rpc_ops[RPC_NOPS] = {
#define RPC_OP(id, name, cls, proc, sfs2008) [RPC_##id] = { name, cls, proc },
#include "rpc/rpc_ops.def"
#undef RPC_OP
};

#define RPC_OP(id, name, cls, proc, sfs2008) +(sfs2008)
_Static_assert(0
#include "rpc/rpc_ops.def"
		       == 10000,
	       "rpc_ops.def: SPECsfs2008's shares add up to 100 %");
#undef RPC_OP
_Static_assert(RPC_NOPS <= OPS_MIX_MAX, "a mix holds every operation of nfsweep-rpc");

static const unsigned int sfs2008[RPC_NOPS] = {
#define RPC_OP(id, name, cls, proc, share) [RPC_##id] = share,
#include "rpc/rpc_ops.def"
#undef RPC_OP
};

static const struct ops_named_mix named[] = {
	{ .name = "sfs2008", .weight = sfs2008 },
};

const struct ops_mix_table rpc_mix_table = {
	.ops = rpc_ops,
	.nops = RPC_NOPS,
	.named = named,
	.nnamed = sizeof(named) / sizeof(named[0]),
};

static unsigned int gcd(unsigned int a, unsigned int b)
{
	while (b) {
		unsigned int t = a % b;

		a = b;
		b = t;
	}
	return a;
}

void rpc_deck_init(struct rpc_deck *k, const struct ops_mix *mix, enum ops_class cls)
{
	unsigned int g = 0;

	k->n = k->next = 0;
	for (unsigned int op = 0; op < mix->t->nops; op++)
		if (mix->t->ops[op].cls == cls && mix->weight[op])
			g = gcd(mix->weight[op], g);
	for (unsigned int op = 0; g && op < mix->t->nops; op++) {
		if (mix->t->ops[op].cls != cls)
			continue;
		for (unsigned int c = 0; c < mix->weight[op] / g && k->n < RPC_DECK_MAX; c++)
			k->card[k->n++] = (unsigned char)op;
	}
	k->next = k->n; /* shuffled before the first deal */
}

int rpc_deck_deal(struct rpc_deck *k, uint32_t (*draw)(void *), void *arg)
{
	if (!k->n)
		return -1;
	if (k->next == k->n) {
		/* Fisher and Yates */
		for (unsigned int i = k->n - 1; i > 0; i--) {
			unsigned int j = (unsigned int)(((uint64_t)draw(arg) * (i + 1)) >> 32);
			unsigned char t = k->card[i];

			k->card[i] = k->card[j];
			k->card[j] = t;
		}
		k->next = 0;
	}
	return k->card[k->next++];
}

/* The file sizes and their shares (percent): see rpc_set.h. */
static const struct {
	uint32_t size;
	unsigned int pct;
} sizes[] = {
	{ 1024, 33 }, { 2048, 21 }, { 4096, 13 },  { 8192, 10 },  { 16384, 8 },
	{ 32768, 5 }, { 65536, 4 }, { 131072, 3 }, { 262144, 2 }, { 1048576, 1 },
};

/* splitmix64: a file's place and the set's seed into 64 well-mixed bits */
static uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

uint64_t rpc_file_size(uint64_t seed, unsigned int dir, unsigned int file)
{
	unsigned int at = (unsigned int)(mix64(seed ^ ((uint64_t)dir << 32 | file)) % 100);

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		if (at < sizes[i].pct)
			return sizes[i].size;
		at -= sizes[i].pct;
	}
	return sizes[0].size; /* not reached: the shares add up to 100 */
}

uint64_t rpc_set_bytes(uint64_t seed, unsigned int dirs, unsigned int files)
{
	uint64_t total = 0;

	for (unsigned int d = 0; d < dirs; d++)
		for (unsigned int f = 0; f < files; f++)
			total += rpc_file_size(seed, d, f);
	return total;
}

void rpc_xfer(uint64_t size, uint32_t r, uint64_t *off, uint32_t *len)
{
	uint64_t slots;

	if (size <= RPC_XFER_MAX) {
		*off = 0;
		*len = (uint32_t)size;
		return;
	}
	/* aligned starts from which a whole RPC_XFER_MAX fits */
	slots = (size - RPC_XFER_MAX) / RPC_XFER_ALIGN + 1;
	*off = ((uint64_t)r * slots >> 32) * RPC_XFER_ALIGN;
	*len = RPC_XFER_MAX;
}

unsigned int rpc_xfer_rpcs(uint32_t len, uint32_t max)
{
	if (!len)
		return 1; /* a READ or WRITE of nothing is still one RPC */
	return (len + max - 1) / max;
}

int rpc_url_parse(const char *url, char *server, size_t slen, char *export, size_t elen, char *err,
		  size_t len)
{
	const char *host, *slash;
	size_t n;

	if (!url || strncmp(url, "nfs://", 6)) {
		snprintf(err, len, "'%s' is not an nfs://SERVER/EXPORT URL", url ? url : "");
		return -EINVAL;
	}
	host = url + 6;
	slash = strchr(host, '/');
	n = slash ? (size_t)(slash - host) : strlen(host);
	if (!n) {
		snprintf(err, len, "'%s': no server", url);
		return -EINVAL;
	}
	if (!slash || !slash[1]) {
		snprintf(err, len, "'%s': no export (nfs://SERVER/EXPORT)", url);
		return -EINVAL;
	}
	if (strpbrk(url + 6, "?#:@")) {
		snprintf(err, len,
			 "'%s': a port, user or query part is not taken (nfs://SERVER/EXPORT; the "
			 "server's port comes from its portmapper)",
			 url);
		return -EINVAL;
	}
	if (n >= slen || strlen(slash) >= elen) {
		snprintf(err, len, "'%s': too long", url);
		return -EINVAL;
	}
	memcpy(server, host, n);
	server[n] = '\0';
	strcpy(export, slash);
	return 0;
}
