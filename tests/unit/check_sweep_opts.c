// SPDX-License-Identifier: GPL-2.0
/*
 * sweep/sweep_opts.c: run's table parses a whole command line into the
 * options struct (defaults from the table, lists, specifications, managed
 * mounts under --mount-dir), and sweep_opts_finish() refuses what needs
 * every option at once, naming it.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmds.h"
#include "helpers.h"
#include "sweep/sweep_opts.h"
#include "sweep/sweep_profiles.h"

#define PROFILES T_DATA "/../../profiles"

/* Parse run's options @args (NULL-terminated) into @o. */
static int parse_run(struct sweep_opts *o, const char *const *args)
{
	char *argv[32] = { "run" };
	int argc = 1, argi;

	while (*args)
		argv[argc++] = (char *)*args++;
	memset(o, 0, sizeof(*o));
	return opt_parse(&command_run, argc, argv, o, &argi);
}

START_TEST(test_defaults_and_values)
{
	/* clang-format off */
	const char *args[] = { "--profile", "seq64k,rand4k", "--target", "a=/tmp", "--out", "x.csv",
			       "--mount", "b=10.0.0.4:/vol:vers=3,nconnect=8", "--mount-dir", "/mnt/m",
			       "--profiles", PROFILES, "--ramp", "0", NULL };
	/* clang-format on */
	struct sweep_profiles sp;
	struct sweep_opts o;
	char err[256];

	ck_assert_int_eq(parse_run(&o, args), 0);
	ck_assert_uint_eq(o.nprofiles, 2);
	ck_assert_str_eq(o.profiles[1], "rand4k");
	ck_assert_ptr_null(o.mix); /* no --mix: each profile's default, at finish */
	ck_assert_int_eq(o.runtime, 60);
	ck_assert_int_eq(o.ramp, 0);
	ck_assert_int_eq(o.iodepth, 32);
	ck_assert_str_eq(o.engine, "nfsweep-uring");
	ck_assert_str_eq(o.note, "");
	ck_assert_uint_eq(o.ntargets, 2);
	ck_assert_uint_eq(o.nmounts, 1);
	ck_assert_int_eq(o.targets[1].mount, 0);
	ck_assert_int_eq(sweep_opts_finish(&o, err, sizeof(err)), 0);
	ck_assert_int_eq(sweep_profiles_read(&o, &sp, err, sizeof(err)), 0);
	ck_assert_uint_eq(sp.plan[1].npct, 11); /* the default mix 100:0:10 */
	ck_assert_int_eq(sp.plan[1].pcts[10], 0);
	ck_assert_uint_eq(o.npcts, 0); /* derived, not put back into the options */
	ck_assert_str_eq(o.targets[1].path, "/mnt/m/b"); /* after --mount-dir, wherever it came */
	ck_assert_int_eq(o.timeout, 0 + 60 + 120);
	sweep_opts_free(&o);
}
END_TEST

START_TEST(test_finish_refuses)
{
	/* clang-format off */
	static const struct { const char *args[16]; const char *says; } cases[] = {
		{ { "--profile", "seq64k", "--out", "x", NULL }, "--target label=path (or --mount)" },
		{ { "--profile", "seq64k", "--target", "a=/x", "--target", "a=/y", "--out", "x", NULL },
		  "label 'a' given twice" },
		{ { "--profile", "seq64k", "--target", "a=/x", "--iodepth", "4", "--batch-submit", "8",
		    "--out", "x", NULL }, "must not exceed --iodepth 4" },
		/* a profile at its own depth cannot be swept over iodepth */
		{ { "--profile", "eda", "--target", "a=/x", "--iodepth", "1,4", "--out", "x", NULL },
		  "--profile eda runs at its own iodepth (1)" },
		/* a depth sweep: within its least depth */
		{ { "--profile", "seq64k", "--target", "a=/x", "--iodepth", "16,2", "--batch-submit",
		    "4", "--out", "x", NULL }, "must not exceed --iodepth 2" },
		{ { "--profile", "nope", "--target", "a=/x", "--out", "x", NULL },
		  "--profile nope: " },
		/* --steady: its options alone do nothing, its window must fit in the cap */
		{ { "--profile", "seq64k", "--target", "a=/x", "--steady-window", "20", "--out", "x",
		    NULL }, "--steady-window: only with --steady" },
		{ { "--profile", "seq64k", "--target", "a=/x", "--steady-criterion", "bw:1%",
		    "--out", "x", NULL }, "--steady-criterion: only with --steady" },
		{ { "--profile", "seq64k", "--target", "a=/x", "--steady", "--runtime", "40",
		    "--ramp", "10", "--out", "x", NULL },
		  "--steady-window 30 does not fit in --runtime 40: the window's samples begin 12 s" },
	};
	/* clang-format on */
	struct sweep_profiles sp;
	struct sweep_opts o;
	char err[512];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *args[20];
		size_t n = 0;

		while (cases[i].args[n]) {
			args[n] = cases[i].args[n];
			n++;
		}
		args[n++] = "--profiles";
		args[n++] = PROFILES;
		args[n] = NULL;
		ck_assert_int_eq(parse_run(&o, args), 0);
		ck_assert_int_eq(sweep_opts_finish(&o, err, sizeof(err)) ||
					 sweep_profiles_read(&o, &sp, err, sizeof(err)),
				 1);
		ck_assert_msg(strstr(err, cases[i].says), "case %zu: '%s'", i, err);
		sweep_opts_free(&o);
	}
}
END_TEST

/* --steady-criterion's parse errors name the option; --steady alone takes the default */
START_TEST(test_steady)
{
	const char *bad[] = { "--profile",    "rand4k",	  "--target",
			      "a=/tmp",	      "--steady", "--steady-criterion",
			      "iops_slope:3", NULL };
	const char *dflt[] = { "--profile", "rand4k", "--target", "a=/tmp", "--steady", "--runtime",
			       "42",	    "--ramp", "10",	  "--out",  "x",	NULL };
	struct sweep_opts o;
	char err[256], crit[48];

	ck_assert_int_eq(parse_run(&o, bad), -EINVAL);
	sweep_opts_free(&o);
	ck_assert_int_eq(parse_run(&o, dflt), 0);
	ck_assert_int_eq(sweep_opts_finish(&o, err, sizeof(err)), 0);
	ck_assert(o.steady && o.steady_window == STEADY_WINDOW_DEFAULT);
	steady_format(&o.steady_spec, crit, sizeof(crit));
	ck_assert_str_eq(crit, STEADY_DEFAULT);
	sweep_opts_free(&o);
}
END_TEST

/* --numjobs and --iodepth lists: a depth sweep of every numjobs x every iodepth, numjobs outer */
START_TEST(test_depth_lists)
{
	const char *sweep[] = { "--profile", "rand4k",	"--target", "a=/tmp", "--numjobs", "1,4",
				"--iodepth", "1,16,64", "--out",    "x",      NULL };
	const char *one[] = { "--profile", "rand4k", "--target", "a=/tmp", "--iodepth",
			      "8",	   "--out",  "x",	 NULL };
	/* clang-format off */
	static const struct { const char *opt, *arg, *says; } bad[] = {
		{ "--iodepth", "0", "--iodepth '0': a whole number from 1 to 65536" },
		{ "--iodepth", "4,", "--iodepth '4,': a whole number" },
		{ "--numjobs", "2,x", "--numjobs '2,x': a whole number from 1 to 4096" },
		{ "--iodepth", "4,16,4", "--iodepth '4,16,4': 4 is listed twice" },
		{ "--numjobs", "1,2,3,4,5,6,7,8,9", "at most 8 values" },
	};
	/* clang-format on */
	struct sweep_opts o;
	char err[256];

	ck_assert_int_eq(parse_run(&o, sweep), 0);
	ck_assert_int_eq(sweep_opts_finish(&o, err, sizeof(err)), 0);
	ck_assert_uint_eq(o.depths.n, 6);
	ck_assert(o.numjobs == 1 && o.iodepth == 1); /* the lists' first */
	ck_assert(o.depths.d[2].numjobs == 1 && o.depths.d[2].iodepth == 64);
	ck_assert(o.depths.d[3].numjobs == 4 && o.depths.d[3].iodepth == 1);
	sweep_opts_free(&o);
	ck_assert_int_eq(parse_run(&o, one), 0);
	ck_assert_int_eq(sweep_opts_finish(&o, err, sizeof(err)), 0);
	ck_assert_uint_eq(o.depths.n, 0); /* one depth: no depth sweep */
	ck_assert_int_eq(o.iodepth, 8);
	sweep_opts_free(&o);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *args[] = { "--profile", "rand4k", "--target", "a=/tmp", bad[i].opt,
				       bad[i].arg,  "--out",  "x",	  NULL };
		/* the parser says why on stderr: caught in a file */
		FILE *said = tmpfile();
		char msg[512] = "";
		int saved = dup(STDERR_FILENO), r;
		size_t got;

		ck_assert(said && saved >= 0);
		fflush(stderr);
		dup2(fileno(said), STDERR_FILENO);
		r = parse_run(&o, args);
		fflush(stderr);
		dup2(saved, STDERR_FILENO);
		close(saved);
		rewind(said);
		got = fread(msg, 1, sizeof(msg) - 1, said);
		msg[got] = '\0';
		fclose(said);
		ck_assert_int_eq(r, -EINVAL);
		ck_assert_msg(strstr(msg, bad[i].says), "case %zu: '%s'", i, msg);
		sweep_opts_free(&o);
	}
}
END_TEST

START_TEST(test_last_list_wins)
{
	const char *args[] = { "--profile", "seq64k", "--profile", "rand4k",   "--mix",
			       "100",	    "--mix",  "0,50",	   "--target", "a=/tmp",
			       "--out",	    "x",      NULL };
	struct sweep_opts o;

	ck_assert_int_eq(parse_run(&o, args), 0);
	ck_assert_uint_eq(o.nprofiles, 1);
	ck_assert_str_eq(o.profiles[0], "rand4k");
	ck_assert_uint_eq(o.npcts, 2);
	sweep_opts_free(&o);
}
END_TEST

START_TEST(test_hosts_list)
{
	const char *args[] = { "--profile", "rand4k", "--target", "a=/tmp",
			       "--out",	    "x",      "--hosts",  "gen1,127.0.1.2:8766",
			       "--hosts",   "gen3",   NULL };
	char path[] = "/tmp/nfsweep-hosts-XXXXXX", err[256] = "";
	struct host_list l = { 0 };
	struct sweep_opts o;
	FILE *f;
	int fd;

	ck_assert_int_eq(parse_run(&o, args), 0);
	ck_assert_uint_eq(o.hosts.n, 3);
	ck_assert_str_eq(o.hosts.h[0].fio, "gen1,8765");       /* fio's default port */
	ck_assert_str_eq(o.hosts.h[1].fio, "127.0.1.2,8766");  /* fio's host,port */
	ck_assert_str_eq(o.hosts.h[1].spec, "127.0.1.2:8766"); /* the rows keep the user's */
	sweep_opts_free(&o);
	/* @FILE: lines, commas, comments */
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	fprintf(f, "# the load generators\nh1 h2:9000 # second\n\nh3,h4\n");
	fclose(f);
	snprintf(err, sizeof(err), "@%s", path);
	{
		char arg[64];

		snprintf(arg, sizeof(arg), "@%s", path);
		ck_assert_int_eq(hosts_parse(&l, arg, err, sizeof(err)), 0);
	}
	unlink(path);
	ck_assert_uint_eq(l.n, 4);
	ck_assert_str_eq(l.h[1].fio, "h2,9000");
	ck_assert_str_eq(l.h[3].addr, "h4");
	/* refused, naming the entry */
	memset(&l, 0, sizeof(l));
	ck_assert_int_eq(hosts_parse(&l, "h1,h1:8765", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "given twice"));
	memset(&l, 0, sizeof(l));
	ck_assert_int_eq(hosts_parse(&l, "h1:99999", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "h1:99999"));
	memset(&l, 0, sizeof(l));
	ck_assert_int_eq(hosts_parse(&l, "@/nonexistent/hosts", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "No such file"));
}
END_TEST

START_TEST(test_hosts_failures_named)
{
	struct host_list l = { 0 };
	char err[256], buf[320];
	const char *text = "<gen1> j: (g=0): rw=randread, bs=(R) 4096B-4096B\n"
			   "<gen2> j: (g=0): rw=randread, bs=(R) 4096B-4096B\n"
			   "<gen2> fio: pid=1234, got signal=9\n"
			   "{\n}\n";

	ck_assert_int_eq(hosts_parse(&l, "a,b", err, sizeof(err)), 0);
	hosts_learn_name(&l, 0, "<gen1> j: (g=0): rw=randread\n");
	hosts_learn_name(&l, 1, "\n<gen2> Starting 1 process\n");
	ck_assert_str_eq(l.h[0].name, "gen1");
	ck_assert_str_eq(l.h[1].name, "gen2");
	ck_assert_int_eq(hosts_find_failure(&l, 0, text, buf, sizeof(buf)), 0);
	ck_assert_int_eq(hosts_find_failure(&l, 1, text, buf, sizeof(buf)), 1);
	ck_assert_str_eq(buf, "<gen2> fio: pid=1234, got signal=9");
	/* a name that is a prefix of another's is not that other's */
	ck_assert_int_eq(hosts_find_failure(&l, 0, "<gen10> fio: x\n", buf, sizeof(buf)), 0);
}
END_TEST

Suite *make_sweep_opts_suite(void)
{
	Suite *s = suite_create("sweep_opts");
	TCase *tc = tcase_create("run");

	tcase_add_test(tc, test_defaults_and_values);
	tcase_add_test(tc, test_finish_refuses);
	tcase_add_test(tc, test_steady);
	tcase_add_test(tc, test_last_list_wins);
	tcase_add_test(tc, test_depth_lists);
	tcase_add_test(tc, test_hosts_list);
	tcase_add_test(tc, test_hosts_failures_named);
	suite_add_tcase(s, tc);
	return s;
}
