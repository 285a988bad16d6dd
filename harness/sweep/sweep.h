/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_SWEEP_H
#define NFSWEEP_SWEEP_SWEEP_H

/*
 * What the points of one sweep (`run`) or curve share, and the steps that
 * set it up before the first point. Each step returns 0, or -errno (or -1)
 * with a message naming what failed; the commands decide what that means
 * for their exit status.
 */
#include <limits.h>
#include <signal.h>

#include "nfs/mountstats.h"
#include "sweep/sweep_opts.h"
#include "sweep/sweep_profiles.h"

/* The signal that asked the sweep to stop (SIGINT, SIGTERM), 0 if none. */
extern volatile sig_atomic_t stop_signal;
void sweep_catch_signals(void);

struct point_mode;

/* A target's unloaded round trips for one profile (point_probe.h); 0 where none was measured. */
struct probe_rtt {
	const struct target *target;
	const char *profile;
	double read_ms, write_ms;
};

struct sweep {
	const struct sweep_opts *o;
	const struct point_mode *mode; /* how its points run: chosen once, by sweep_init */
	struct sweep_profiles prof;    /* its profiles, as read, and their read shares */
	const char *cmd;	       /* "run", "curve": in messages */
	char host[256], kernel[256], fio_version[64];
	char engine_value[PATH_MAX + 16]; /* fio's ioengine= */
	char fio_dir[PATH_MAX];		  /* fio's output per point: DIR/fio/STEM */
	char fio_rel[PATH_MAX];		  /* the same, from the results file's directory */
	char rpc_path[PATH_MAX];	  /* FILE.rpc.csv beside the results file */
	char ops_path[PATH_MAX];	  /* FILE.ops.csv */
	char hosts_path[PATH_MAX];	  /* FILE.hosts.csv (--hosts) */
	char lat_path[PATH_MAX];	  /* FILE.lat.csv */
	char run_path[PATH_MAX];	  /* FILE.run.csv: the commands that wrote the file */
	char hosts_file[PATH_MAX];	  /* fio's host file (--hosts), in fio_dir */
	int csv_fd;
	int rows;		       /* points that wrote a row */
	int failed;		       /* of them, points that wrote a failed row */
	int progress;		       /* stderr is a terminal: a live status line */
	char eta[32];		       /* the sweep's "(eta 12m03s) " */
	char line[256];		       /* the point's line so far ("[3/22] .. 1: ") */
	int target_locks[MAX_TARGETS]; /* held for the sweep's life (sweep_lock_targets) */
	char made_dirs[3][PATH_MAX];   /* what sweep_make_fio_dir made, innermost first */
	int nmade_dirs;
	size_t ntarget_locks;
	struct probe_rtt probes[MAX_TARGETS * MAX_PROFILES]; /* measured so far (point_probe.h) */
	size_t nprobes;
};

/* Start @s for @o: the host and kernel names, the points' mode; nothing can fail. */
void sweep_init(struct sweep *s, const char *cmd, const struct sweep_opts *o);

/*
 * fio's ioengine= for --engine: "external:DIR/NAME.so" for nfsweep's own
 * engines (which must exist), the name itself for fio's. 0, or -errno.
 */
int sweep_engine_resolve(struct sweep *s, char *err, size_t len);

/*
 * Does the kernel refuse io_uring_setup(2) (kernel.io_uring_disabled, a
 * seccomp filter as in containers)? 0, or the -errno of the refusal.
 */
int io_uring_refused(void);

/*
 * --nfs: every --target must be on an NFS mount that @all (mountstats)
 * describes. 0; -EINVAL when a target is not NFS or has no mount (the
 * user's mistake); -ENOENT when mountstats lacks its mount. @err says which.
 */
int sweep_check_nfs_targets(const struct sweep_opts *o, const struct ms_mount *all, size_t n,
			    char *err, size_t len);

/*
 * One sweep per target: two nfsweep processes measuring one target at once
 * would each report the other's load. Locks, in lock_dir() and for the
 * sweep's life, the server of each --mount variant and of each --target on
 * NFS, and the mount of each other --target (its st_dev: every path into
 * one mount is one target). 0; -EBUSY with @err naming the target and the
 * sweep that holds it; -errno.
 */
int sweep_lock_targets(struct sweep *s, char *err, size_t len);

/*
 * The directory of --out and, beside the results file, fio/STEM/ for fio's
 * output of each point (STEM: the results file's name without .csv, so that
 * two results files in one directory keep theirs apart), made if missing.
 * 0, -ENAMETOOLONG, or the -errno of mkdir (@err names the directory).
 */
int sweep_make_fio_dir(struct sweep *s, char *err, size_t len);

/*
 * A point's rows of the detail file @path (FILE.rpc.csv, ..) could not be
 * written (-@err; -EPROTO: the file has another header): said on stderr.
 */
void sweep_detail_failed(const struct sweep *s, const char *path, int err);

/*
 * A sweep that stops before its first point (a host failed the pre-flight):
 * the files nfsweep put in fio_dir removed, and the directories that
 * sweep_make_fio_dir made, if they are empty then. Nothing of the user's.
 */
void sweep_unmake_fio_dir(struct sweep *s);

#endif
