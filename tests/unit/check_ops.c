// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of nfsweep-ops's core (engines/ops/): the mix and its picker,
 * transfer sizes, the latency histogram, the tree's bookkeeping, and the
 * core running every operation for real on a directory of the disk, in
 * both execution modes, the tree left as it was.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ops/ops_engine.h"
#include "common/ops_mix.h"
#include "common/ops_stats.h"
#include "ops/ops_tree.h"
#include "ops/ops_xfer.h"
#include "helpers.h"

START_TEST(test_mix_parse)
{
	struct ops_mix m;
	char err[600];

	ck_assert_int_eq(ops_mix_parse("sfs2008", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(ops_mix_read_pct(&m), 84);
	ck_assert_uint_eq(m.weight[OP_STAT], 2600);
	ck_assert_int_eq(ops_mix_parse("eda_frontend", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(ops_mix_read_pct(&m), 69);
	ck_assert_int_eq(ops_mix_parse("eda_backend", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(ops_mix_read_pct(&m), 50);
	ck_assert_int_eq(ops_mix_parse("stat:33.33,create:66.67", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(m.weight[OP_STAT], 3333);

	/* an unknown op is named, with the valid ones */
	ck_assert_int_eq(ops_mix_parse("stat:50,frob:50", &m, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "unknown operation 'frob'") && strstr(err, "neg_stat, access"),
		      "%s", err);
	/* shares that do not add up to 100 */
	ck_assert_int_eq(ops_mix_parse("stat:50,create:40", &m, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "add up to 90.00 %, not 100"), "%s", err);
	ck_assert_int_eq(ops_mix_parse("stat:50,stat:50", &m, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(ops_mix_parse("stat:x,create:100", &m, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(ops_mix_parse("spec2020", &m, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "unknown mix 'spec2020'"), "%s", err);
	ck_assert_int_eq(ops_mix_parse("", &m, err, sizeof(err)), -EINVAL);
}
END_TEST

/*
 * 100,000 picks, fio's class chosen with the mix's read share as fio does
 * with rwmixread: each op's observed share within 1 point of the asked one;
 * and the same over the whole mix directly.
 */
START_TEST(test_mix_picker_shares)
{
	static const char *const mixes[] = { "sfs2008", "eda_frontend", "eda_backend",
					     "stat:0.5,read:49.5,write:40,mkdir:10" };
	uint64_t rng = 88172645463325252ull;

	for (size_t k = 0; k < sizeof(mixes) / sizeof(mixes[0]); k++) {
		unsigned int count[OPS_NOPS] = { 0 }, direct[OPS_NOPS] = { 0 };
		struct ops_mix m;
		char err[256];
		const unsigned int n = 100000;

		ck_assert_int_eq(ops_mix_parse(mixes[k], &m, err, sizeof(err)), 0);
		for (unsigned int i = 0; i < n; i++) {
			uint32_t r1, r2;
			int op;

			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			r1 = (uint32_t)(rng >> 32);
			r2 = (uint32_t)rng;
			op = ops_mix_pick_in_class(
				&m,
				r1 % 100 < ops_mix_read_pct(&m) ? OPS_READ_CLASS : OPS_WRITE_CLASS,
				r2);
			ck_assert_int_ge(op, 0);
			count[op]++;
			direct[ops_mix_pick(&m, r1)]++;
		}
		for (int op = 0; op < OPS_NOPS; op++) {
			double asked = m.weight[op] / 100.0;
			double got = 100.0 * count[op] / n, got2 = 100.0 * direct[op] / n;

			ck_assert_msg(got > asked - 1 && got < asked + 1,
				      "%s %s: asked %.2f %%, got %.2f %%", mixes[k],
				      ops_ops[op].name, asked, got);
			ck_assert_msg(got2 > asked - 1 && got2 < asked + 1,
				      "%s %s: asked %.2f %%, got %.2f %%", mixes[k],
				      ops_ops[op].name, asked, got2);
			ck_assert(fabs(ops_mix_asked_pct(&m, op, ops_mix_read_pct(&m)) - asked) <
				  0.6);
		}
	}
}
END_TEST

START_TEST(test_xfer)
{
	struct ops_xfer x;
	unsigned int seen[3] = { 0 };
	char err[256];

	ck_assert_int_eq(ops_xfer_parse("4k/25:8k/25:16k/50", &x, err, sizeof(err)), 0);
	ck_assert_uint_eq(x.n, 3);
	ck_assert_uint_eq(ops_xfer_max(&x), 16384);
	for (uint32_t r = 0; r < 1000; r++) {
		uint64_t s = ops_xfer_pick(&x, r * 4294967u);

		seen[s == 4096 ? 0 : s == 8192 ? 1 : 2]++;
	}
	ck_assert(seen[0] > 230 && seen[0] < 270 && seen[2] > 480 && seen[2] < 520);
	/* shares left out take what remains */
	ck_assert_int_eq(ops_xfer_parse("1m/50:2m:4m", &x, err, sizeof(err)), 0);
	ck_assert_uint_eq(x.pct[1] + x.pct[2], 50);
	ck_assert_int_eq(ops_xfer_parse("4k/60:8k/60", &x, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(ops_xfer_parse("4q/100", &x, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(ops_xfer_parse("", &x, err, sizeof(err)), -EINVAL);
}
END_TEST

/* Every value lands in a bucket whose value is within 1/64 of it; percentiles follow. */
START_TEST(test_histogram)
{
	struct ops_stats *s = calloc(1, sizeof(*s));

	for (uint64_t v = 1; v < (1ull << 40); v = v * 3 + 1) {
		uint64_t b = ops_hist_value(ops_hist_bucket(v));

		ck_assert_msg(b >= v - v / 64 - 1 && b <= v + v / 64 + 1, "%llu -> %llu",
			      (unsigned long long)v, (unsigned long long)b);
	}
	for (uint64_t i = 1; i <= 1000; i++)
		ops_stats_add(s, OP_STAT, i * 1000, 0, i == 1000);
	ck_assert_uint_eq(s->op[OP_STAT].count, 1000);
	ck_assert_uint_eq(s->op[OP_STAT].errors, 1);
	ck_assert(llabs((long long)ops_stats_percentile(&s->op[OP_STAT], 50) - 500000) <
		  500000 / 32);
	ck_assert(llabs((long long)ops_stats_percentile(&s->op[OP_STAT], 99) - 990000) <
		  990000 / 32);
	ck_assert_uint_eq(s->op[OP_STAT].max_ns, 1000000);
	/* never past the largest latency seen, though its bucket's value is */
	ops_stats_add(s, OP_ACCESS, 1000001, 0, 0);
	ck_assert_uint_gt(ops_hist_value(ops_hist_bucket(1000001)), 1000001);
	ck_assert_uint_eq(ops_stats_percentile(&s->op[OP_ACCESS], 99.9), 1000001);
	free(s);
}
END_TEST

/* Slots are handed out once until released; all busy: -1. */
START_TEST(test_tree_bookkeeping)
{
	struct ops_tree_shape shape = { .dirs = 3, .files_per_dir = 4, .file_size = 4096 };
	struct ops_tree t;
	unsigned char seen[12] = { 0 };
	char name[32];

	ck_assert_int_eq(ops_tree_init(&t, "/nonexistent", &shape), 0);
	ck_assert_uint_eq(t.nslots, 12);
	for (int i = 0; i < 12; i++) {
		int s = ops_tree_pick(&t, 7); /* the same start each time: probing finds the free */

		ck_assert_int_ge(s, 0);
		ck_assert(!seen[s]);
		seen[s] = 1;
	}
	ck_assert_int_eq(ops_tree_pick(&t, 0), -1);
	ops_tree_release(&t, 5);
	ck_assert_int_eq(ops_tree_pick(&t, 0), 5);
	ck_assert_uint_eq(ops_tree_dir(&t, 5), 1);
	ck_assert_uint_eq(ops_tree_idx(&t, 5), 1);
	ops_tree_name('r', 3, name, sizeof(name));
	ck_assert_str_eq(name, "e3.r");
	ops_tree_free(&t);
}
END_TEST

/* The names in @dir/d000 .. as one sorted text, with each file's size. */
static void tree_listing(const char *root, unsigned int dirs, char *out, size_t len)
{
	size_t n = 0;

	out[0] = '\0';
	for (unsigned int d = 0; d < dirs; d++) {
		char dir[4200];
		struct dirent **list;
		int k;

		snprintf(dir, sizeof(dir), "%s/d%03u", root, d);
		k = scandir(dir, &list, NULL, alphasort);
		ck_assert_int_ge(k, 0);
		for (int i = 0; i < k; i++) {
			struct stat st;
			char path[4500];

			snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
			lstat(path, &st);
			if (list[i]->d_name[0] != '.' && n < len)
				n += (size_t)snprintf(
					out + n, len - n, "%u/%s:%lld ", d, list[i]->d_name,
					S_ISREG(st.st_mode) ? (long long)st.st_size : -1LL);
			free(list[i]);
		}
		free(list);
	}
}

/*
 * Every operation, many times, for real on a directory of the disk, in
 * both modes: none fails, each completes, bytes move where they should,
 * and housekeeping leaves the tree exactly as it was laid out.
 */
static void run_every_op(enum ops_exec exec)
{
	struct ops_engine_setup setup = {
		.shape = { .dirs = 2, .files_per_dir = 6, .file_size = 32768 },
		.exec = exec,
		.iodepth = 4,
		.seed = 42,
	};
	static char before[16384], after[16384];
	char root[] = "/var/tmp/nfsweep-ops-XXXXXX", err[512];
	struct ops_engine *e = calloc(1, sizeof(*e));
	struct ops_conf conf = { .commit_pct = 50, .fd_cache = 3 };
	unsigned int started[OPS_NOPS] = { 0 }, ended[OPS_NOPS] = { 0 };
	uint64_t bytes[OPS_NOPS] = { 0 };

	ck_assert_ptr_nonnull(mkdtemp(root));
	ck_assert_int_eq(ops_xfer_parse("4k/50:16k/50", &conf.read_xfer, err, sizeof(err)), 0);
	ck_assert_int_eq(ops_xfer_parse("1k/50:8k/50", &conf.write_xfer, err, sizeof(err)), 0);
	setup.root = root;
	ck_assert_int_eq(ops_mix_parse("stat:15,neg_stat:5,access:5,readlink:5,readdir:5,statfs:5,"
				       "read:5,read_file:5,seq_read:5,write:5,write_file:5,"
				       "seq_write:5,create:5,unlink:5,unlink2:5,mkdir:5,rename:5,"
				       "chmod:5",
				       &conf.mix, err, sizeof(err)),
			 0);
	ck_assert_msg(ops_engine_open(e, &conf, &setup, err, sizeof(err)) == 0, "%s", err);
	tree_listing(root, 2, before, sizeof(before));
	ck_assert_msg(strstr(before, "0/f0:32768 ") && strstr(before, "0/e0:0 ") &&
			      strstr(before, "0/l0:-1 ") && !strstr(before, "0/c0"),
		      "%s", before);

	for (unsigned int i = 0; i < 3000; i++) {
		enum ops_op op = (enum ops_op)(i % OPS_NOPS);

		if (op == OP_LOCK)
			continue; /* not every local file system takes it the same way */
		while (ops_engine_start(e, op, (void *)(uintptr_t)(i + 1)) == -EBUSY)
			ck_assert_int_eq(ops_engine_reap(e, 1), 0);
		started[op]++;
		ck_assert_int_ge(ops_engine_submit(e), 0);
		if (e->inflight >= setup.iodepth || i % 7 == 0)
			ck_assert_int_eq(ops_engine_reap(e, 1), 0);
		for (unsigned int k = 0; k < e->ndone; k++) {
			ck_assert_msg(!e->done[k].error, "%s: %s: %s (%s)",
				      ops_ops[e->done[k].op].name,
				      ops_call_name(e->done[k].err_call),
				      strerror(e->done[k].error), e->done[k].err_name);
			ended[e->done[k].op]++;
			bytes[e->done[k].op] += e->done[k].bytes;
		}
		e->ndone = 0;
	}
	while (e->inflight) {
		ck_assert_int_eq(ops_engine_reap(e, 1), 0);
		for (unsigned int k = 0; k < e->ndone; k++) {
			ck_assert(!e->done[k].error);
			ended[e->done[k].op]++;
			bytes[e->done[k].op] += e->done[k].bytes;
		}
		e->ndone = 0;
	}
	ops_engine_close(e);
	ck_assert_msg(!e->hk_error, "%s", e->hk_error_text);
	for (int op = 0; op < OPS_NOPS; op++)
		ck_assert_uint_eq(ended[op], started[op]);
	ck_assert_uint_eq(bytes[OP_READ_FILE], 32768ull * started[OP_READ_FILE]);
	ck_assert_uint_eq(bytes[OP_WRITE_FILE], 32768ull * started[OP_WRITE_FILE]);
	ck_assert(bytes[OP_READ] >= 4096ull * started[OP_READ]);
	ck_assert_uint_eq(bytes[OP_STAT], 0);
	tree_listing(root, 2, after, sizeof(after));
	ck_assert_str_eq(after, before);

	/* the same shape again: the tree is reused as it is */
	ck_assert_int_eq(ops_engine_open(e, &conf, &setup, err, sizeof(err)), 0);
	ops_engine_close(e);
	tree_listing(root, 2, after, sizeof(after));
	ck_assert_str_eq(after, before);
	free(e);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
		ck_assert_int_eq(system(cmd), 0);
	}
}

START_TEST(test_every_op_sync)
{
	run_every_op(OPS_EXEC_SYNC);
}
END_TEST

START_TEST(test_every_op_uring)
{
	run_every_op(OPS_EXEC_URING);
}
END_TEST

/*
 * A mock (ops_test_arm_fail) of a fault that cannot be caused for real: the
 * re-arm of the workers' eventfd read fails after a worker's wake-up. The
 * next worker answer could never wake a wait, so reap must fail, naming the
 * call, instead of hanging the job (Check's timeout would end this test).
 */
START_TEST(test_eventfd_rearm_failure)
{
	struct ops_engine_setup setup = {
		.shape = { .dirs = 1, .files_per_dir = 4, .file_size = 4096 },
		.exec = OPS_EXEC_URING,
		.iodepth = 2,
		.seed = 7,
	};
	char root[] = "/var/tmp/nfsweep-ops-XXXXXX", err[512], cmd[128];
	struct ops_engine *e = calloc(1, sizeof(*e));
	struct ops_conf conf = { .fd_cache = 2 };
	int ret = 0;

	ck_assert_ptr_nonnull(mkdtemp(root));
	setup.root = root;
	ck_assert_int_eq(ops_xfer_parse("4k/100", &conf.read_xfer, err, sizeof(err)), 0);
	ck_assert_int_eq(ops_xfer_parse("4k/100", &conf.write_xfer, err, sizeof(err)), 0);
	/* access has no io_uring opcode: every one is a worker's, answered through the eventfd */
	ck_assert_int_eq(ops_mix_parse("access:100", &conf.mix, err, sizeof(err)), 0);
	ck_assert_msg(ops_engine_open(e, &conf, &setup, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(e->workers_on && !e->ring_has[CALL_ACCESS], "access goes to the workers");
	ops_test_arm_fail = -EBUSY;
	for (int i = 0; i < 1000 && !ret; i++) {
		if (ops_engine_start(e, OP_ACCESS, (void *)(uintptr_t)(i + 1)) != -EBUSY)
			ck_assert_int_ge(ops_engine_submit(e), 0);
		ret = ops_engine_reap(e, 1);
		e->ndone = 0;
	}
	ck_assert_int_eq(ret, -EBUSY);
	ck_assert_ptr_nonnull(e->ring_error_call);
	ck_assert_msg(strstr(e->ring_error_call, "eventfd"), "%s", e->ring_error_call);
	/* and from then on, every reap says so at once */
	ck_assert_int_eq(ops_engine_reap(e, 1), -EBUSY);
	ops_engine_close(e);
	free(e);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* An interrupted run's leftovers are repaired; another shape is laid out anew. */
START_TEST(test_tree_repair)
{
	struct ops_tree_shape shape = { .dirs = 1, .files_per_dir = 3, .file_size = 8192 };
	char root[] = "/var/tmp/nfsweep-ops-XXXXXX", err[256], path[4200];
	static char before[4096], after[4096];
	struct ops_tree t;

	ck_assert_ptr_nonnull(mkdtemp(root));
	ck_assert_int_eq(ops_tree_init(&t, root, &shape), 0);
	ck_assert_int_eq(ops_tree_layout(&t, err, sizeof(err)), 0);
	ops_tree_free(&t);
	tree_listing(root, 1, before, sizeof(before));
	/* as a killed run leaves it: a create not undone, a rename not undone, a short file */
	snprintf(path, sizeof(path), "%s/d000/c1", root);
	close(creat(path, 0644));
	snprintf(path, sizeof(path), "%s/d000/e2", root);
	{
		char to[4300];

		snprintf(to, sizeof(to), "%s.r", path);
		ck_assert_int_eq(rename(path, to), 0);
	}
	snprintf(path, sizeof(path), "%s/d000/f0", root);
	ck_assert_int_eq(truncate(path, 100), 0);
	ck_assert_int_eq(ops_tree_init(&t, root, &shape), 0);
	ck_assert_int_eq(ops_tree_layout(&t, err, sizeof(err)), 0);
	ops_tree_free(&t);
	tree_listing(root, 1, after, sizeof(after));
	ck_assert_str_eq(after, before);

	/* another shape: laid out anew, nothing of the old left */
	shape.files_per_dir = 2;
	ck_assert_int_eq(ops_tree_init(&t, root, &shape), 0);
	ck_assert_int_eq(ops_tree_layout(&t, err, sizeof(err)), 0);
	ops_tree_free(&t);
	tree_listing(root, 1, after, sizeof(after));
	ck_assert_msg(!strstr(after, "f2:"), "%s", after);
	snprintf(path, sizeof(path), "rm -rf %s", root);
	ck_assert_int_eq(system(path), 0);
}
END_TEST

Suite *make_ops_suite(void)
{
	Suite *s = suite_create("ops");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_mix_parse);
	tcase_add_test(tc, test_mix_picker_shares);
	tcase_add_test(tc, test_xfer);
	tcase_add_test(tc, test_histogram);
	tcase_add_test(tc, test_tree_bookkeeping);
	tcase_add_test(tc, test_every_op_sync);
	tcase_add_test(tc, test_every_op_uring);
	tcase_add_test(tc, test_tree_repair);
	tcase_add_test(tc, test_eventfd_rearm_failure);
	suite_add_tcase(s, tc);
	return s;
}
