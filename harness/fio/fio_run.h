/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FIO_FIO_RUN_H
#define NFSWEEP_FIO_FIO_RUN_H

/*
 * Runs fio as a child: the profile's ${VAR}s set in its environment, JSON
 * written to a file (stderr to FILE.stderr), in a process group of its own,
 * killed when the per-point timeout passes or when *stop is set (SIGINT or
 * SIGTERM to the harness).
 */
#include <signal.h>
#include <stddef.h>

struct fio_var {
	const char *name;
	const char *value;
};

struct fio_outcome {
	int exited; /* exited normally, with exit_code */
	int exit_code;
	int signal; /* killed by this signal */
	int timed_out;
	int interrupted;
	double seconds; /* wall time */
};

/* One run of fio. */
struct fio_cmd {
	const char *fio; /* the program */
	const char *jobfile;
	const struct fio_var *vars; /* set in its environment: the job file's ${VAR}s */
	int nvars;
	const char *const *args; /* options before the job file ("--key=value"): global */
	int nargs;
	const char *json_path; /* its JSON; its stderr goes to JSON_PATH.stderr */
	const char *format;    /* --output-format: NULL is json */
	const char *client;    /* --client=: fio's host file or host,port; NULL: local */
	int timeout_s;	       /* then SIGTERM, and SIGKILL 10 s later */
	/* fio's working directory (NULL: nfsweep's); the job file, JSON and client file named
	 * relative to nfsweep's are made absolute (args are not: give those absolute) */
	const char *cwd;
	void (*tick)(void *ctx); /* called every 25 ms or so while fio runs (or NULL) */
	void *tick_ctx;
	/*
	 * fio's own status line, once a second (or NULL: none asked): fio then
	 * writes its JSON with --output= and its --eta=always lines to a pipe,
	 * each handed here without its line end ("Jobs: 1 (f=1): [r(1)][..]
	 * [r=3486MiB/s][r=892k IOPS][eta 00m:12s]").
	 */
	void (*status)(void *ctx, const char *line);
	void *status_ctx;
};

/*
 * 0 when fio ran (whatever its outcome, in @out), or -errno when it could
 * not be started (@call names the failing call). *@stop set (a signal to
 * nfsweep) stops it as the timeout does, as an interruption.
 */
int fio_run(const struct fio_cmd *cmd, volatile sig_atomic_t *stop, struct fio_outcome *out,
	    const char **call);

/*
 * What fio printed: JSON_PATH (its stdout) and JSON_PATH.stderr, one after
 * the other (malloc'd; an unreadable one is left out), or NULL with errno.
 */
char *fio_run_output(const char *json_path);

/*
 * Run @fio_bin with @args (NULL-terminated, at most 6), no shell: its
 * stdout and stderr together into @buf (cut at @len - 1), its exit status
 * in @status. 0, -ENOENT if it could not be run, or -errno.
 */
int fio_capture(const char *fio_bin, const char *const *args, char *buf, size_t len, int *status)
	__attribute__((warn_unused_result));

/* `fio --version` ("fio-3.33") into @buf. 0, or -errno (-ENOENT: no answer). */
int fio_version_read(const char *fio_bin, char *buf, size_t len);

#endif
