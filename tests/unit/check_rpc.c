// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of nfsweep-rpc's fio-free core (engines/rpc/rpc_set.c): its
 * operations' table and SPECsfs2008's mix from rpc_ops.def, the picker's
 * shares, the decks the engine deals operations from, the file set's sizes, a logical transfer's place and RPCs, the
 * nfs:// URL, and the statistics line it writes (ops_stats's format, with
 * its RPCs and its own members).
 */
#include <check.h>
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ops_stats.h"
#include "rpc/rpc_set.h"
#include "helpers.h"

START_TEST(test_rpc_mix)
{
	static const struct {
		const char *name, *proc;
		unsigned int weight;
		enum ops_class cls;
	} want[] = {
		{ "getattr", "GETATTR", 2600, OPS_READ_CLASS },
		{ "lookup", "LOOKUP", 2400, OPS_READ_CLASS },
		{ "read", "READ", 1800, OPS_READ_CLASS },
		{ "access", "ACCESS", 1100, OPS_READ_CLASS },
		{ "write", "WRITE", 1000, OPS_WRITE_CLASS },
		{ "setattr", "SETATTR", 400, OPS_WRITE_CLASS },
		{ "readdirplus", "READDIRPLUS", 200, OPS_READ_CLASS },
		{ "readlink", "READLINK", 100, OPS_READ_CLASS },
		{ "readdir", "READDIR", 100, OPS_READ_CLASS },
		{ "create", "CREATE", 100, OPS_WRITE_CLASS },
		{ "remove", "REMOVE", 100, OPS_WRITE_CLASS },
		{ "fsstat", "FSSTAT", 100, OPS_READ_CLASS },
	};
	struct ops_mix m;
	char err[600];

	ck_assert_uint_eq(rpc_mix_table.nops, sizeof(want) / sizeof(want[0]));
	ck_assert_int_eq(ops_mix_parse_in(&rpc_mix_table, "sfs2008", &m, err, sizeof(err)), 0);
	/* SPECsfs2008_nfs.v3's mix as the issue and SPEC's results give it: 84 % read class */
	ck_assert_uint_eq(ops_mix_read_pct(&m), 84);
	for (unsigned int i = 0; i < rpc_mix_table.nops; i++) {
		ck_assert_str_eq(rpc_mix_table.ops[i].name, want[i].name);
		ck_assert_str_eq(rpc_mix_table.ops[i].rpc, want[i].proc);
		ck_assert_int_eq(rpc_mix_table.ops[i].cls, want[i].cls);
		ck_assert_uint_eq(m.weight[i], want[i].weight);
		ck_assert_int_eq(ops_mix_find(&rpc_mix_table, want[i].name), (int)i);
	}
	ck_assert_int_eq(
		ops_mix_parse_in(&rpc_mix_table, "getattr:50,write:50", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(ops_mix_read_pct(&m), 50);
	/* nfsweep-ops's names are not this engine's: refused, with the valid ones */
	ck_assert_int_eq(ops_mix_parse_in(&rpc_mix_table, "stat:100", &m, err, sizeof(err)),
			 -EINVAL);
	ck_assert_msg(strstr(err, "unknown operation 'stat'") && strstr(err, "getattr, lookup"),
		      "%s", err);
	ck_assert_int_eq(ops_mix_parse_in(&rpc_mix_table, "eda_frontend", &m, err, sizeof(err)),
			 -EINVAL);
	ck_assert_msg(strstr(err, "unknown mix 'eda_frontend' (sfs2008,"), "%s", err);
	/* and nfsweep-ops's own mixes are as they were */
	ck_assert_int_eq(ops_mix_parse("sfs2008", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(m.weight[OP_STAT], 2600);
}
END_TEST

/* 200,000 picks as fio makes them (class by the read share, then the op in it): each op's
 * share within half a point of SPEC's. */
START_TEST(test_rpc_picker)
{
	unsigned int count[RPC_NOPS] = { 0 }, n = 200000;
	uint64_t x = 88172645463325252ull;
	struct ops_mix m;
	char err[200];

	ck_assert_int_eq(ops_mix_parse_in(&rpc_mix_table, "sfs2008", &m, err, sizeof(err)), 0);
	for (unsigned int i = 0; i < n; i++) {
		uint32_t r1, r2;
		int op;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		r1 = (uint32_t)x, r2 = (uint32_t)(x >> 32);
		op = ops_mix_pick_in_class(
			&m, r1 % 100 < ops_mix_read_pct(&m) ? OPS_READ_CLASS : OPS_WRITE_CLASS, r2);
		ck_assert_int_ge(op, 0);
		count[op]++;
	}
	for (int op = 0; op < RPC_NOPS; op++) {
		double got = 100.0 * count[op] / n, asked = m.weight[op] / 100.0;

		ck_assert_msg(got > asked - 0.5 && got < asked + 0.5,
			      "%s: asked %.2f %%, got %.2f %%", rpc_mix_table.ops[op].name, asked,
			      got);
	}
}
END_TEST

static uint32_t xs_draw(void *arg)
{
	uint64_t *x = arg;

	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	return (uint32_t)(*x >> 32);
}

/* The decks: SPEC's shares exactly over whole decks, within one deck between, in random order. */
START_TEST(test_rpc_deck)
{
	struct rpc_deck *rd = malloc(sizeof(*rd)), *wd = malloc(sizeof(*wd));
	unsigned int count[RPC_NOPS] = { 0 }, first[84];
	uint64_t x = 42, y = 43;
	unsigned int moved = 0;
	struct ops_mix m;
	char err[200];
	int same = 1;

	ck_assert_ptr_nonnull(rd);
	ck_assert_ptr_nonnull(wd);
	ck_assert_int_eq(ops_mix_parse_in(&rpc_mix_table, "sfs2008", &m, err, sizeof(err)), 0);
	rpc_deck_init(rd, &m, OPS_READ_CLASS);
	rpc_deck_init(wd, &m, OPS_WRITE_CLASS);
	/* the weights over their common divisor (1 %): 84 read cards, 16 write cards */
	ck_assert_uint_eq(rd->n, 84);
	ck_assert_uint_eq(wd->n, 16);
	for (unsigned int i = 0; i < 84 * 50 + 10; i++) {
		int op = rpc_deck_deal(rd, xs_draw, &x);

		ck_assert_int_ge(op, 0);
		ck_assert_int_eq(rpc_mix_table.ops[op].cls, OPS_READ_CLASS);
		if (i < 84)
			first[i] = (unsigned int)op;
		if (i < 84 * 50)
			count[op]++;
	}
	for (int op = 0; op < RPC_NOPS; op++)
		if (rpc_mix_table.ops[op].cls == OPS_READ_CLASS)
			ck_assert_uint_eq(count[op], m.weight[op] / 100 * 50);
	/* shuffled: most cards away from the table's order, and another seed deals another order */
	for (unsigned int i = 0, at = 0, op = 0; i < 84; i++) {
		while (rpc_mix_table.ops[op].cls != OPS_READ_CLASS || at == m.weight[op] / 100)
			op++, at = 0;
		at++;
		moved += first[i] != op;
	}
	ck_assert_uint_gt(moved, 42);
	rpc_deck_init(rd, &m, OPS_READ_CLASS);
	for (unsigned int i = 0; i < 84; i++)
		same &= (unsigned int)rpc_deck_deal(rd, xs_draw, &y) == first[i];
	ck_assert_int_eq(same, 0);
	/* a class the mix has none of deals nothing */
	ck_assert_int_eq(ops_mix_parse_in(&rpc_mix_table, "getattr:33.33,lookup:66.67", &m, err,
					  sizeof(err)),
			 0);
	rpc_deck_init(wd, &m, OPS_WRITE_CLASS);
	ck_assert_int_eq(rpc_deck_deal(wd, xs_draw, &x), -1);
	/* weights with no common divisor: a card per hundredth */
	rpc_deck_init(rd, &m, OPS_READ_CLASS);
	ck_assert_uint_eq(rd->n, 10000);
	free(rd);
	free(wd);
}
END_TEST

/* The set's sizes: fixed by place and seed, in the table's shares over 100,000 files. */
START_TEST(test_rpc_sizes)
{
	static const struct {
		uint64_t size;
		double pct;
	} shares[] = { { 1024, 33 }, { 2048, 21 }, { 4096, 13 },  { 8192, 10 },	 { 16384, 8 },
		       { 32768, 5 }, { 65536, 4 }, { 131072, 3 }, { 262144, 2 }, { 1048576, 1 } };
	unsigned int count[10] = { 0 }, dirs = 100, files = 1000;
	uint64_t total = 0;

	for (unsigned int d = 0; d < dirs; d++)
		for (unsigned int f = 0; f < files; f++) {
			uint64_t s = rpc_file_size(7, d, f);
			unsigned int k;

			ck_assert_uint_eq(s, rpc_file_size(7, d, f));
			for (k = 0; k < 10 && shares[k].size != s; k++)
				;
			ck_assert_msg(k < 10, "size %llu is not in the table",
				      (unsigned long long)s);
			count[k]++;
			total += s;
		}
	for (unsigned int k = 0; k < 10; k++) {
		double got = 100.0 * count[k] / (dirs * files);

		ck_assert_msg(got > shares[k].pct - 0.5 && got < shares[k].pct + 0.5,
			      "%llu bytes: %.2f %%, not %.0f", (unsigned long long)shares[k].size,
			      got, shares[k].pct);
	}
	ck_assert_uint_eq(rpc_set_bytes(7, dirs, files), total);
	/* the table's mean, 26.7 KiB, within 2 % */
	ck_assert_msg(total / (dirs * files) > 26.7 * 1024 * 0.98 &&
			      total / (dirs * files) < 26.7 * 1024 * 1.02,
		      "mean %llu", (unsigned long long)(total / (dirs * files)));
	/* another seed, another set */
	ck_assert_uint_ne(rpc_set_bytes(8, 10, 30), rpc_set_bytes(7, 10, 30));
}
END_TEST

START_TEST(test_rpc_xfer)
{
	uint64_t off;
	uint32_t len;

	rpc_xfer(1024, 12345, &off, &len);
	ck_assert_uint_eq(off, 0);
	ck_assert_uint_eq(len, 1024);
	rpc_xfer(65536, UINT32_MAX, &off, &len);
	ck_assert_uint_eq(off, 0);
	ck_assert_uint_eq(len, 65536);
	/* a larger file: 64 KiB at an 8 KiB-aligned place, from its start to its last 64 KiB */
	rpc_xfer(1048576, 0, &off, &len);
	ck_assert_uint_eq(off, 0);
	ck_assert_uint_eq(len, 65536);
	rpc_xfer(1048576, UINT32_MAX, &off, &len);
	ck_assert_uint_eq(off, 1048576 - 65536);
	for (uint32_t r = 1; r < 4000000000u; r += 99999989u) {
		rpc_xfer(131072 + 4096, r, &off, &len);
		ck_assert_uint_eq(off % 8192, 0);
		ck_assert_uint_le(off + len, 131072 + 4096);
	}
	ck_assert_uint_eq(rpc_xfer_rpcs(65536, 1048576), 1);
	ck_assert_uint_eq(rpc_xfer_rpcs(65536, 65536), 1);
	ck_assert_uint_eq(rpc_xfer_rpcs(65536, 32768), 2);
	ck_assert_uint_eq(rpc_xfer_rpcs(65536, 8192 * 3), 3);
	ck_assert_uint_eq(rpc_xfer_rpcs(0, 8192), 1);
}
END_TEST

START_TEST(test_rpc_url)
{
	static const struct {
		const char *url, *why;
	} bad[] = {
		{ "http://srv/x", "is not an nfs://SERVER/EXPORT URL" },
		{ "/srv/nfslab", "is not an nfs://SERVER/EXPORT URL" },
		{ "nfs:///x", "no server" },
		{ "nfs://srv", "no export" },
		{ "nfs://srv/", "no export" },
		{ "nfs://srv:2049/x", "a port, user or query part is not taken" },
		{ "nfs://srv/x?version=4", "a port, user or query part is not taken" },
		{ "nfs://user@srv/x", "a port, user or query part is not taken" },
	};
	char server[16], export[32], err[300];
	char long_url[64];

	ck_assert_int_eq(rpc_url_parse("nfs://nfs-server/srv/nfslab", server, sizeof(server),
				       export, sizeof(export), err, sizeof(err)),
			 0);
	ck_assert_str_eq(server, "nfs-server");
	ck_assert_str_eq(export, "/srv/nfslab");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(rpc_url_parse(bad[i].url, server, sizeof(server), export,
					       sizeof(export), err, sizeof(err)),
				 -EINVAL);
		ck_assert_msg(strstr(err, bad[i].why), "%s: %s", bad[i].url, err);
	}
	ck_assert_int_eq(rpc_url_parse(NULL, server, sizeof(server), export, sizeof(export), err,
				       sizeof(err)),
			 -EINVAL);
	snprintf(long_url, sizeof(long_url), "nfs://a-server-name-too-long/x");
	ck_assert_int_eq(rpc_url_parse(long_url, server, sizeof(server), export, sizeof(export),
				       err, sizeof(err)),
			 -EINVAL);
	ck_assert_msg(strstr(err, "too long"), "%s", err);
}
END_TEST

/* The line the engine writes: valid JSON, its operations by this table's names, their RPCs,
 * and its own members after them. */
START_TEST(test_rpc_stats_line)
{
	struct ops_stats *s = calloc(1, sizeof(*s));
	struct ops_mix m;
	char err[200], *line = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&line, &len);
	json_object *j, *ops, *o, *v;

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(ops_mix_parse_in(&rpc_mix_table, "sfs2008", &m, err, sizeof(err)), 0);
	ops_stats_add(s, RPC_READ, 1000000, 65536, 0);
	s->op[RPC_READ].rpcs = 2;
	ops_stats_add(s, RPC_GETATTR, 500000, 0, 0);
	ck_assert_int_eq(ops_stats_write(f, s, "j\"1", 0, "sfs2008", &m, 84,
					 ",\"rpc_sent\":{\"read\":2,\"getattr\":1}"),
			 0);
	ck_assert_int_eq(fclose(f), 0);
	j = json_tokener_parse(line);
	ck_assert_msg(j, "not JSON: %s", line);
	ck_assert(json_object_object_get_ex(j, "ops", &ops));
	/* every op of the mix has its entry, named by this table */
	ck_assert_int_eq(json_object_object_length(ops), RPC_NOPS);
	ck_assert(json_object_object_get_ex(ops, "read", &o));
	ck_assert(json_object_object_get_ex(o, "rpcs", &v));
	ck_assert_int_eq(json_object_get_int(v), 2);
	ck_assert(json_object_object_get_ex(o, "asked_pct", &v));
	ck_assert_double_eq_tol(json_object_get_double(v), 18.0, 1e-9);
	ck_assert(json_object_object_get_ex(ops, "getattr", &o));
	ck_assert(!json_object_object_get_ex(o, "rpcs", &v)); /* not counted: not written */
	ck_assert(json_object_object_get_ex(j, "rpc_sent", &o));
	ck_assert(json_object_object_get_ex(o, "read", &v));
	ck_assert_int_eq(json_object_get_int(v), 2);
	ck_assert(json_object_object_get_ex(j, "job", &v));
	ck_assert_str_eq(json_object_get_string(v), "j\"1");
	json_object_put(j);
	free(line);
	free(s);
}
END_TEST

Suite *make_rpc_suite(void)
{
	Suite *s = suite_create("rpc");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_rpc_mix);
	tcase_add_test(tc, test_rpc_picker);
	tcase_add_test(tc, test_rpc_deck);
	tcase_add_test(tc, test_rpc_sizes);
	tcase_add_test(tc, test_rpc_xfer);
	tcase_add_test(tc, test_rpc_url);
	tcase_add_test(tc, test_rpc_stats_line);
	suite_add_tcase(s, tc);
	return s;
}
