// SPDX-License-Identifier: GPL-2.0
/*
 * sweep/point_outcome.c and point.c's pure steps: every way a point ends,
 * the line of fio's stderr that says why, fio's variables (the curve's
 * rate split over hosts, jobs and directions), the job file each mode
 * gives fio, and whether a probe's run laid its files out.
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "results/schema.h"
#include "sweep/point.h"
#include "sweep/point_mode.h"
#include "sweep/point_outcome.h"
#include "sweep/point_probe.h"

/* clang-format off */
static const struct {
	const char *name;
	struct fio_outcome out;
	const char *json_err;	/* NULL: the JSON parsed */
	int job_error;
	int read_pct;		/* asked */
	unsigned long long rd, wr;	/* bytes fio moved */
	const char *reason;
	const char *status;
	const char *error;	/* what the error text starts with */
} outcomes[] = {
	{ "ok", { .exited = 1 }, NULL, 0, 50, 1, 1, "", STATUS_OK, "" },
	{ "ok, a note on stderr", { .exited = 1 }, NULL, 0, 50, 1, 1, "fio: note: something",
	  STATUS_OK, "" },
	{ "timeout", { .timed_out = 1, .signal = 9 }, "cut", 0, 50, 0, 0, "", STATUS_TIMEOUT,
	  "fio killed after 70 s (--timeout)" },
	{ "no JSON, a reason", { .exited = 1, .exit_code = 1 }, "no JSON document in fio's output",
	  0, 50, 0, 0, "fio: failed to open file", STATUS_FIO_ERROR,
	  "fio exited 1: fio: failed to open file" },
	{ "no JSON, no reason", { .exited = 1, .exit_code = 1 }, "no JSON document in fio's output",
	  0, 50, 0, 0, "", STATUS_FIO_ERROR, "no JSON document in fio's output" },
	{ "job error", { .exited = 1, .exit_code = 1 }, NULL, 5, 50, 1, 1,
	  "fio: io_u error on file /x", STATUS_FIO_ERROR,
	  "fio job error 5 (Input/output error): fio: io_u error on file /x" },
	{ "job error, exit 0", { .exited = 1 }, NULL, 28, 50, 1, 0, "", STATUS_FIO_ERROR,
	  "fio job error 28 (No space left on device)" },
	{ "killed", { .signal = 9 }, NULL, 0, 50, 1, 1, "", STATUS_FIO_ERROR,
	  "fio killed by signal 9" },
	{ "exit 1", { .exited = 1, .exit_code = 1 }, NULL, 0, 50, 1, 1, "nfsweep-uring: init(): x",
	  STATUS_FIO_ERROR, "fio exited 1: nfsweep-uring: init(): x" },
	/* fio exits 0 and reports no error, yet an asked direction moved nothing */
	{ "pure write, no write", { .exited = 1 }, NULL, 0, 0, 0, 0, "", STATUS_FIO_ERROR,
	  "no write completed (read 0% asked): the point measured nothing" },
	{ "pure read, no read", { .exited = 1 }, NULL, 0, 100, 0, 0, "fio: a host said so",
	  STATUS_FIO_ERROR,
	  "no read completed (read 100% asked): the point measured nothing: fio: a host said so" },
	{ "mixed, reads only", { .exited = 1 }, NULL, 0, 70, 4096, 0, "", STATUS_FIO_ERROR,
	  "no write completed (read 70% asked): the point measured nothing" },
	{ "pure read, no write needed", { .exited = 1 }, NULL, 0, 100, 4096, 0, "", STATUS_OK, "" },
	{ "pure write, no read needed", { .exited = 1 }, NULL, 0, 0, 0, 4096, "", STATUS_OK, "" },
	{ "op mix, no operation", { .exited = 1 }, NULL, 0, -1, 0, 0, "", STATUS_FIO_ERROR,
	  "no operation completed (read 70% asked): the point measured nothing" },
	{ "op mix, writes only", { .exited = 1 }, NULL, 0, -1, 0, 20, "", STATUS_OK, "" },
};
/* clang-format on */

START_TEST(test_point_outcome)
{
	struct fio_result res = { .error = outcomes[_i].job_error,
				  .rd = { .io_bytes = outcomes[_i].rd },
				  .wr = { .io_bytes = outcomes[_i].wr } };
	/* read_pct -1: an op-mix profile's point (its share as asked: 70) */
	struct point_ask ask = { .read_pct = outcomes[_i].read_pct < 0 ? 70 : outcomes[_i].read_pct,
				 .op_mix = outcomes[_i].read_pct < 0,
				 .timeout_s = 70 };
	char err[512];
	const char *status = point_outcome(&outcomes[_i].out, outcomes[_i].json_err, &res,
					   outcomes[_i].reason, &ask, err, sizeof(err));

	ck_assert_msg(!strcmp(status, outcomes[_i].status), "%s: status %s", outcomes[_i].name,
		      status);
	ck_assert_msg(!strcmp(err, outcomes[_i].error), "%s: error '%s'", outcomes[_i].name, err);
}
END_TEST

START_TEST(test_stderr_reason)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "", "" },
		{ "just one line\n", "just one line" },
		{ "fio: note: a\nfio: pid=1, err=5/file:io_u.c:1, func=io_u error, error=Input/output error\nlater\n",
		  "fio: pid=1, err=5/file:io_u.c:1, func=io_u error, error=Input/output error" },
		/* the engine's own line says the most, before any error line */
		{ "job: (g=0)\nnfsweep-uring: init(): refusing to run\nfio: io engine init failed\n",
		  "nfsweep-uring: init(): refusing to run" },
		{ "first\nfio: second\nthird", "fio: second" },
	};
	char buf[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fio_stderr_reason(cases[i].text, buf, sizeof(buf));
		ck_assert_msg(!strcmp(buf, cases[i].want), "case %zu: '%s'", i, buf);
	}
	/* a long line is cut, never overflows */
	{
		char text[2000];

		memset(text, 'x', sizeof(text) - 1);
		text[sizeof(text) - 1] = '\0';
		fio_stderr_reason(text, buf, 16);
		ck_assert_uint_eq(strlen(buf), 15);
	}
}
END_TEST

static const char *var(const struct point_vars *pv, const char *name)
{
	for (int i = 0; i < pv->n; i++)
		if (!strcmp(pv->v[i].name, name))
			return pv->v[i].value;
	return NULL;
}

START_TEST(test_fio_vars)
{
	/* clang-format off */
	static struct sweep_opts o = { .runtime = 60, .ramp = 10, .numjobs = 4, .iodepth = 32,
				       .batch_submit = 8, .batch_complete_min = 1, .direct = 1,
				       .size = "1g", .engine_dir = "/x", .nprofiles = 2,
				       .profiles = { "rand4k", "eda" } };
	/* clang-format on */
	struct target t = { .label = "nc8", .path = "/mnt/nc8", .mount = -1 };
	struct point p = {
		.index = 3, .profile = "rand4k", .target = &t, .read_pct = 70, .repeat = 1
	};
	struct point_load load = { .load_point = 2, .offered_iops = 1000 };
	struct profile_info info[2] = { 0 };
	struct point_vars pv;
	char err[128];

	info[0].read_pct = -1;
	point_fio_vars(&o, &info[0], "external:/x/nfsweep-uring.so", 1, &p, NULL, &pv);
	ck_assert_int_eq(pv.n, 17);
	ck_assert_str_eq(var(&pv, "NFSWEEP_OPS_ENGINE"), "external:/x/nfsweep-ops.so");
	/* the mode's to fill: a local point's engine keeps statistics, one on hosts none */
	ck_assert_str_eq(var(&pv, "NFSWEEP_OPS_STATS"), "");
	/* and the live records' stem, which only --hosts on a terminal has */
	ck_assert_str_eq(var(&pv, "NFSWEEP_LIVE"), "");
	ck_assert_str_eq(var(&pv, "NFSWEEP_DIR"), "/mnt/nc8");
	ck_assert_str_eq(var(&pv, "NFSWEEP_READ_PCT"), "70");
	ck_assert_str_eq(var(&pv, "NFSWEEP_BATCH_SUBMIT"), "8");
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_IOPS"), "0,0");
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_PROCESS"), "linear");
	for (int i = 0; i < pv.n; i++)
		ck_assert_msg(pv.v[i].value && (pv.v[i].value[0] ||
						!strcmp(pv.v[i].name, "NFSWEEP_OPS_STATS") ||
						!strcmp(pv.v[i].name, "NFSWEEP_LIVE") ||
						!strcmp(pv.v[i].name, "NFSWEEP_URL")),
			      "%s is empty", pv.v[i].name);
	ck_assert_str_eq(var(&pv, "NFSWEEP_URL"), "");
	/* 1000 IOPS offered, 70 % reads, 4 jobs: 175 reads and 75 writes per job */
	o.poisson = 1;
	point_fio_vars(&o, &info[0], "libaio", 1, &p, &load, &pv);
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_IOPS"), "175,75");
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_PROCESS"), "poisson");
	ck_assert_str_eq(var(&pv, "NFSWEEP_ENGINE"), "libaio");
	/* on two hosts, each offers half: 87.5 and 37.5 per job, rounded to even */
	point_fio_vars(&o, &info[0], "libaio", 2, &p, &load, &pv);
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_IOPS"), "88,38");

	/* a profile of job sets: 5 sets of 3 frontend (100 ops/s, 69 % read) and 2 backend jobs */
	ck_assert_int_eq(
		profile_info_read(T_DATA "/../../profiles/eda.fio", &info[1], err, sizeof(err)), 0);
	ck_assert_int_eq(info[1].read_pct, 63);
	ck_assert(point_set_ops(&info[1]) == 450);
	p.profile = "eda";
	load = (struct point_load){ .load_point = 3, .offered_iops = 2250, .job_sets = 5 };
	point_fio_vars(&o, &info[1], "libaio", 1, &p, &load, &pv);
	ck_assert_str_eq(var(&pv, "NFSWEEP_JOBS_frontend"), "15");
	ck_assert_str_eq(var(&pv, "NFSWEEP_JOBS_backend"), "10");
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_frontend"), "69,31");
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_IOPS"), "0,0"); /* the jobs' own rates instead */
	/* SPEC's processes run one operation at a time, whatever --iodepth (32) says */
	ck_assert_int_eq(info[1].iodepth, 1);
	ck_assert_str_eq(var(&pv, "NFSWEEP_IODEPTH"), "1");
	/* unthrottled: --numjobs sets, no rate */
	point_fio_vars(&o, &info[1], "libaio", 1, &p, NULL, &pv);
	ck_assert_str_eq(var(&pv, "NFSWEEP_JOBS_backend"), "8");
	ck_assert_str_eq(var(&pv, "NFSWEEP_RATE_backend"), "0,0");

	/* the wire profile: its engine from its header, the URL its rpc_url=, no directory */
	ck_assert_int_eq(profile_info_read(T_DATA "/../../profiles/sfs2008-wire.fio", &info[1], err,
					   sizeof(err)),
			 0);
	ck_assert(info[1].op_mix && info[1].wire);
	ck_assert_str_eq(info[1].engine, "nfsweep-rpc");
	ck_assert_int_eq(info[1].read_pct, 84);
	ck_assert_int_eq(plan_parse_target("lab=nfs://srv.example/export/a", &t, err, sizeof(err)),
			 0);
	p.profile = "sfs2008-wire";
	p.read_pct = 84;
	point_fio_vars(&o, &info[1], "libaio", 1, &p, NULL, &pv);
	ck_assert_str_eq(var(&pv, "NFSWEEP_URL"), "nfs://srv.example/export/a");
	ck_assert_str_eq(var(&pv, "NFSWEEP_DIR"), ".");
	ck_assert_str_eq(var(&pv, "NFSWEEP_OPS_ENGINE"), "external:/x/nfsweep-rpc.so");
	/* the kernel's op mix keeps its engine */
	ck_assert_int_eq(profile_info_read(T_DATA "/../../profiles/sfs2008.fio", &info[1], err,
					   sizeof(err)),
			 0);
	ck_assert(info[1].op_mix && !info[1].wire);
	ck_assert_str_eq(info[1].engine, "nfsweep-ops");
}
END_TEST

/* The whole of a file, NUL-terminated (static: one at a time). */
static const char *slurp(const char *path)
{
	static char text[8192];
	FILE *f = fopen(path, "r");
	size_t n;

	ck_assert_msg(f, "%s", path);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/*
 * The job file of each mode, chosen by sweep_init from --hosts: local, the
 * profile itself, or with --fio-opt a copy whose sections end with the
 * options and whose includes are absolute; on hosts always a copy, the
 * include's lines inlined, each section ending with the snapshots.
 */
START_TEST(test_mode_jobfiles)
{
	char dir[] = "/tmp/check_point.XXXXXX", prof[PATH_MAX], inc[PATH_MAX], base[PATH_MAX];
	char job[PATH_MAX + 8];
	struct sweep_opts o = { .fio_opts = { "bs=8k" }, .nfio_opts = 1 };
	struct target t = { .label = "nc1", .path = "/mnt/a b", .mount = -1 };
	struct point p = { .index = 1, .profile = "x", .target = &t, .read_pct = 50 };
	struct point_vars pv;
	struct sweep s;
	struct point_ctx pc = { .s = &s, .p = &p, .profile_path = prof, .base = base, .pv = &pv };
	const char *text;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	o.profiles_dir = dir;
	snprintf(prof, sizeof(prof), "%s/x.fio", dir);
	snprintf(inc, sizeof(inc), "%s/g.fioinc", dir);
	snprintf(base, sizeof(base), "%s/001-x", dir);
	f = fopen(inc, "w");
	fputs("[global]\nrw=randrw\n", f);
	fclose(f);
	f = fopen(prof, "w");
	fputs("include g.fioinc\n[a]\nbs=4k\n[b]\nbs=64k\n", f);
	fclose(f);

	sweep_init(&s, "run", &o);
	ck_assert_ptr_eq(s.mode, &point_mode_local);
	ck_assert_int_eq(s.mode->hosts(&o), 1);
	ck_assert_int_eq(s.mode->jobfile(&pc, job, sizeof(job)), 0);
	text = slurp(job);
	ck_assert_ptr_nonnull(strstr(text, "[a]\nbs=4k\nbs=8k\n[b]\nbs=64k\nbs=8k\n"));
	ck_assert_msg(strstr(text, "include /tmp/check_point.") && strstr(text, "/g.fioinc\n"),
		      "%s", text);
	ck_assert_ptr_null(strstr(text, "exec_prerun"));
	o.nfio_opts = 0;
	ck_assert_int_eq(s.mode->jobfile(&pc, job, sizeof(job)), 0);
	ck_assert_str_eq(job, prof);

	ck_assert_int_eq(hosts_parse(&o.hosts, "h1,h2:8766", NULL, 0), 0);
	sweep_init(&s, "run", &o);
	ck_assert_ptr_eq(s.mode, &point_mode_hosts);
	ck_assert_int_eq(s.mode->hosts(&o), 2);
	ck_assert_int_eq(s.mode->jobfile(&pc, job, sizeof(job)), 0);
	ck_assert_str_ne(job, prof);
	text = slurp(job);
	ck_assert_msg(strstr(text, "[global]\nrw=randrw\n[a]\nbs=4k\nexec_prerun=") &&
			      strstr(text, "[b]\nbs=64k\nexec_prerun="),
		      "%s", text);
	/* the target as printf %b escapes: its blank is no word break for sh */
	ck_assert_ptr_nonnull(strstr(text, "\"/mnt/a\\0040b\""));
	ck_assert_ptr_null(strstr(text, "\ninclude "));
	unlink(job);
	unlink(prof);
	unlink(inc);
	rmdir(dir);
}
END_TEST

/*
 * A probe that laid its file out sent the layout's WRITEs beside its own: numbers as a 2-s run
 * at one I/O at a time gives them in the lab (4 KiB writes, 16 MiB files).
 */
START_TEST(test_probe_laid_out)
{
	const unsigned long long kib = 1024, mib = kib * kib;

	/* 300 writes of 4 KiB, each RPC's header some 200 bytes: no layout */
	ck_assert(!probe_laid_out(300 * (4 * kib + 200), 300, 300 * 4 * kib));
	/* as many RPCs, but a credential of many groups: still none (1 KiB each allowed) */
	ck_assert(!probe_laid_out(300 * (5 * kib), 300, 300 * 4 * kib));
	/* the 16 MiB layout in 16 WRITEs of 1 MiB beside them: laid out */
	ck_assert(probe_laid_out(300 * (4 * kib + 200) + 16 * mib, 316, 300 * 4 * kib));
	/* fio's JSON unread (0): any payload counts as a layout, so the write probe runs */
	ck_assert(probe_laid_out(300 * (4 * kib + 200), 300, 0));
	/* no WRITE at all (a page cache that took them): nothing laid out */
	ck_assert(!probe_laid_out(0, 0, 0));
}
END_TEST

Suite *make_point_suite(void)
{
	Suite *s = suite_create("point");
	TCase *tc = tcase_create("outcome");

	tcase_add_loop_test(tc, test_point_outcome, 0, sizeof(outcomes) / sizeof(outcomes[0]));
	tcase_add_test(tc, test_stderr_reason);
	tcase_add_test(tc, test_fio_vars);
	tcase_add_test(tc, test_mode_jobfiles);
	tcase_add_test(tc, test_probe_laid_out);
	suite_add_tcase(s, tc);
	return s;
}
