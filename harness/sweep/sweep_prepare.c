// SPDX-License-Identifier: GPL-2.0
/* The set-up that run and curve share (see sweep_prepare.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sweep/sweep_prepare.h"
#include "nfs/mountstats.h"
#include "results/detail_file.h"
#include "results/schema.h"
#include "fio/fio_knows.h"
#include "fio/fio_run.h"
#include "sweep/hosts_preflight.h"
#include "sweep/point.h"
#include "sweep/point_mode.h"
#include "sweep/run_record.h"

/*
 * The steps of the set-up that differ between the sweep's modes
 * (point_mode.h), chosen once with the mode. On this machine: its targets
 * are directories, --nfs is checked against its mountstats, its fio loads
 * the engines, and its target locks are held. With --hosts the targets
 * and engines are the hosts', which the pre-flight checks where they are
 * (after fio's directory is made, for the host file), and this machine
 * holds no lock for load it cannot see. Each returns PREPARE_OK or why the
 * sweep cannot start (said).
 */
struct prepare_steps {
	const struct point_mode *mode;
	int (*targets)(const struct sweep *s);
	int (*nfs)(const struct sweep *s);
	/* 0, or fio_knows_engine's -1 (refused) or -2 (another FIO_IOOPS_VERSION), @err said */
	int (*engine_loads)(const struct sweep *s, const char *opt, const char *value, char *err,
			    size_t len);
	/* @o: the options, whose --hosts the pre-flight completes with the names hosts give */
	int (*hosts)(struct sweep *s, struct sweep_opts *o);
	/* @existed: the results file was there before this sweep */
	int (*locks)(struct sweep *s, int existed);
};

/*
 * Every --target is a directory (a --mount variant's is made when mounted;
 * an nfs:// target's server answers its engine, which says so in the row).
 */
static int check_targets(const struct sweep *s)
{
	const struct sweep_opts *o = s->o;

	for (size_t i = 0; i < o->ntargets; i++) {
		const struct target *t = &o->targets[i];
		struct stat st;

		if (t->mount >= 0 || t->url)
			continue;
		if (stat(t->path, &st) || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "nfsweep %s: --target %s=%s: %s\n", s->cmd, t->label,
				t->path, errno ? strerror(errno) : "not a directory");
			return PREPARE_USAGE;
		}
	}
	return PREPARE_OK;
}

static int check_nfs(const struct sweep *s)
{
	const struct sweep_opts *o = s->o;
	struct ms_mount *all;
	char err[1024];
	size_t n;
	int ret;

	if (!o->require_nfs)
		return PREPARE_OK;
	ret = mountstats_read(o->mountstats, &all, &n);
	if (ret) {
		fprintf(stderr, "nfsweep %s: --nfs: read %s: %s\n", s->cmd, o->mountstats,
			strerror(-ret));
		return PREPARE_SETUP;
	}
	ret = sweep_check_nfs_targets(o, all, n, err, sizeof(err));
	mountstats_free(all, n);
	if (!ret)
		return PREPARE_OK;
	fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
	return ret == -EINVAL ? PREPARE_USAGE : PREPARE_SETUP;
}

/* An op-mix profile runs its engine (nfsweep-ops, nfsweep-rpc): it must be there (said once). */
static int check_ops_engine(const struct sweep *s)
{
	const struct sweep_opts *o = s->o;
	char so[PATH_MAX + 32];

	for (size_t i = 0; i < o->nprofiles; i++) {
		const char *engine = s->prof.info[i].engine;

		if (!engine)
			continue;
		snprintf(so, sizeof(so), "%s/%s.so", o->engine_dir, engine);
		if (access(so, R_OK)) {
			fprintf(stderr,
				"nfsweep %s: --profile %s runs the %s engine: %s: %s "
				"(build it with make, or give --engine-dir)\n",
				s->cmd, o->profiles[i], engine, so, strerror(errno));
			return PREPARE_SETUP;
		}
	}
	return PREPARE_OK;
}

/*
 * The engine and every --fio-opt key, asked of fio before the first point:
 * a fio built-in that fio cannot load, or a key that neither fio nor the
 * engines know, would make every point a fio_error row. nfsweep's own
 * engines were found already (sweep_engine_resolve); fio refuses one built
 * for another FIO_IOOPS_VERSION as it loads it (asked here too: PREPARE_SETUP,
 * with what to do), and one of the same FIO_IOOPS_VERSION but another
 * release refuses itself in init() (fio_glue.c: a fio_error row naming
 * both). PREPARE_OK, or PREPARE_USAGE/PREPARE_SETUP (said).
 */
/* fio on this machine loads engine @value (--engine or --profile's @opt). 0, or fio_knows_engine's. */
static int engine_loads_here(const struct sweep *s, const char *opt, const char *value, char *err,
			     size_t len)
{
	return fio_knows_engine(s->o->fio, opt, value, err, len);
}

/* --hosts: the hosts' fio servers load the engines, and the pre-flight asks them. */
static int engine_loads_on_hosts(const struct sweep *s, const char *opt, const char *value,
				 char *err, size_t len)
{
	(void)s, (void)opt, (void)value, (void)err, (void)len;
	return 0;
}

static int check_fio_knows(const struct sweep *s, const struct prepare_steps *st)
{
	const struct sweep_opts *o = s->o;
	char ops[2][PATH_MAX + 32], err[1024];
	const char *engines[3], *const *mixes = schema_op_mix_engines;
	size_t n = 0;
	int data = 0, ret;

	for (size_t i = 0; i < o->nprofiles; i++)
		data |= !s->prof.info[i].engine;
	if (data) {
		engines[n++] = s->engine_value;
		ret = st->engine_loads(s, "--engine", s->engine_value, err, sizeof(err));
		if (ret)
			goto refused;
	}
	/* each op-mix engine a profile names, once */
	for (int m = 0; m < 2; m++) {
		int used = 0;

		for (size_t i = 0; i < o->nprofiles; i++)
			used |= s->prof.info[i].engine && !strcmp(s->prof.info[i].engine, mixes[m]);
		if (!used)
			continue;
		snprintf(ops[m], sizeof(ops[m]), "external:%s/%s.so", o->engine_dir, mixes[m]);
		engines[n++] = ops[m];
		ret = st->engine_loads(s, "--profile", ops[m], err, sizeof(err));
		if (ret)
			goto refused;
	}
	for (size_t i = 0; i < o->nfio_opts; i++) {
		char key[128];

		snprintf(key, sizeof(key), "%.*s", (int)strcspn(o->fio_opts[i], "="),
			 o->fio_opts[i]);
		if (fio_knows_option(o->fio, key, engines, n, err, sizeof(err))) {
			fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
			return PREPARE_USAGE;
		}
	}
	return PREPARE_OK;
refused:
	fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
	return ret == -2 ? PREPARE_SETUP : PREPARE_USAGE;
}

/*
 * FILE.ops.csv, FILE.rpc.csv, FILE.hosts.csv, FILE.run.csv and FILE.lat.csv beside --out FILE.csv: a new
 * sweep refuses
 * ones left over (nothing is overwritten, nothing mixes), and --resume
 * drops a row a crash cut short at their ends, as in FILE.csv.
 */
static int prepare_detail_files(struct sweep *s)
{
	const struct table_info *t[] = { &table_ops, &table_mountstats, &table_hosts, &table_run,
					 &table_lat };
	char *path[] = { s->ops_path, s->rpc_path, s->hosts_path, s->run_path, s->lat_path };
	char why[512];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		int truncated, ret;

		if (detail_path(s->o->out, t[i], path[i], PATH_MAX)) {
			fprintf(stderr, "nfsweep %s: --out %s: path too long\n", s->cmd, s->o->out);
			return PREPARE_USAGE;
		}
		if (!s->o->resume) {
			if (!access(path[i], F_OK)) {
				fprintf(stderr,
					"nfsweep %s: --out %s: %s exists, without the results "
					"file it belongs to: remove it, or name a new file (nothing is "
					"overwritten)\n",
					s->cmd, s->o->out, path[i]);
				return PREPARE_USAGE;
			}
			continue;
		}
		ret = detail_repair(path[i], t[i], &truncated, why, sizeof(why));
		if (ret) {
			fprintf(stderr, "nfsweep %s: --resume: %s: %s\n", s->cmd, path[i],
				ret == -EPROTO ? why : strerror(-ret));
			return ret == -EPROTO ? PREPARE_USAGE : PREPARE_SETUP;
		}
		if (truncated)
			fprintf(stderr,
				"nfsweep %s: --resume: dropped an unfinished last row of %s\n",
				s->cmd, path[i]);
	}
	return PREPARE_OK;
}

static int open_results(struct sweep *s, struct done_set *done)
{
	struct row config = { 0 };
	char why[1024];
	int truncated, fd, ret;

	/* a new file: refuse leftovers first, before FILE.csv is made */
	if (!s->o->resume && access(s->o->out, F_OK) && (ret = prepare_detail_files(s)))
		return ret;
	sweep_config_row(s, &config);
	fd = results_open(s->o->out, s->o->resume, &config, done, &truncated, why, sizeof(why));
	row_free(&config);
	if (fd < 0) {
		fprintf(stderr, "nfsweep %s: %s\n", s->cmd, why);
		/* an existing file, or one measured otherwise: the user's to decide */
		if (fd == -EBUSY)
			return PREPARE_BUSY;
		return fd == -EEXIST || fd == -EINVAL ? PREPARE_USAGE : PREPARE_SETUP;
	}
	if (truncated)
		fprintf(stderr, "nfsweep %s: --resume: dropped an unfinished last row of %s\n",
			s->cmd, s->o->out);
	s->csv_fd = fd;
	/* --resume: the detail files, under the results file's lock */
	return s->o->resume ? prepare_detail_files(s) : PREPARE_OK;
}

static int no_step(const struct sweep *s)
{
	(void)s;
	return PREPARE_OK;
}

static int no_hosts(struct sweep *s, struct sweep_opts *o)
{
	(void)s, (void)o;
	return PREPARE_OK;
}

static int no_locks(struct sweep *s, int existed)
{
	(void)s, (void)existed;
	return PREPARE_OK;
}

/* fio's host file in fio_dir, then the pre-flight: every host reachable, its engines load. */
static int hosts_preflight_step(struct sweep *s, struct sweep_opts *o)
{
	char err[1024];
	int ret;

	ret = snprintf(s->hosts_file, sizeof(s->hosts_file), "%s/hosts", s->fio_dir) >=
			      (int)sizeof(s->hosts_file) ?
		      -ENAMETOOLONG :
		      hosts_write_file(&o->hosts, s->hosts_file);
	if (ret) {
		fprintf(stderr, "nfsweep %s: --hosts: write %s: %s\n", s->cmd, s->hosts_file,
			strerror(-ret));
		return PREPARE_SETUP;
	}
	if (hosts_preflight(s, &o->hosts, err, sizeof(err))) {
		fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
		sweep_unmake_fio_dir(s);
		return PREPARE_HOSTS;
	}
	return PREPARE_OK;
}

/* One sweep per target (sweep_lock_targets), unless --shared-target says otherwise. */
static int lock_step(struct sweep *s, int existed)
{
	char err[1024];
	int ret;

	if (s->o->shared_target)
		return PREPARE_OK;
	ret = sweep_lock_targets(s, err, sizeof(err));
	if (!ret)
		return PREPARE_OK;
	fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
	close(s->csv_fd);
	s->csv_fd = -1;
	if (!existed)
		unlink(s->o->out); /* made just now, header only: nothing ran */
	return ret == -EBUSY ? PREPARE_BUSY : PREPARE_SETUP;
}

static const struct prepare_steps steps[] = {
	{ &point_mode_local, check_targets, check_nfs, engine_loads_here, no_hosts, lock_step },
	{ &point_mode_hosts, no_step, no_step, engine_loads_on_hosts, hosts_preflight_step,
	  no_locks },
};

enum prepare_fail sweep_prepare(const char *cmd, struct sweep_opts *o, struct sweep *s,
				struct done_set *done)
{
	const struct prepare_steps *st = &steps[0];
	char err[1024];
	int ret, existed;

	sweep_init(s, cmd, o);
	/* the steps of the mode sweep_init chose: the one place that picks them */
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if (steps[i].mode == s->mode)
			st = &steps[i];
	if (sweep_opts_finish(o, err, sizeof(err)) ||
	    sweep_profiles_read(o, &s->prof, err, sizeof(err))) {
		fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
		return PREPARE_USAGE;
	}
	ret = st->targets(s);
	if (ret)
		return ret;
	if (fio_version_read(o->fio, s->fio_version, sizeof(s->fio_version))) {
		fprintf(stderr,
			"nfsweep %s: '%s --version' failed: is fio installed? (make deps)\n",
			s->cmd, o->fio);
		return PREPARE_SETUP;
	}
	if (sweep_engine_resolve(s, err, sizeof(err))) {
		fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
		return PREPARE_SETUP;
	}
	if (!strcmp(o->engine, "nfsweep-uring") || !strcmp(o->engine, "io_uring")) {
		ret = io_uring_refused();
		if (ret) {
			fprintf(stderr,
				"nfsweep %s: --engine %s: io_uring_setup: %s: this kernel "
				"refuses io_uring (sysctl kernel.io_uring_disabled, or a seccomp filter "
				"as in containers); use --engine nfsweep-aio\n",
				s->cmd, o->engine, strerror(-ret));
			return PREPARE_SETUP;
		}
	}
	if ((ret = st->nfs(s)) || (ret = check_ops_engine(s)) || (ret = check_fio_knows(s, st)))
		return ret;
	ret = sweep_make_fio_dir(s, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "nfsweep %s: %s\n", s->cmd, err);
		return ret == -ENAMETOOLONG ? PREPARE_USAGE : PREPARE_SETUP;
	}
	ret = st->hosts(s, o);
	if (ret)
		return ret;
	/* The results file first: a second writer of one file hears about that. */
	existed = !access(o->out, F_OK);
	ret = open_results(s, done);
	return ret ? ret : st->locks(s, existed);
}
