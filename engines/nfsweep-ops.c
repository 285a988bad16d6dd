// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep-ops: fio external engine for op-mix workloads, the metadata-heavy
 * loads of SPEC's file-server benchmarks. Each job lays out a directory
 * tree under its directory and runs a weighted mix of file-system
 * operations on it (stat, access, create, unlink, mkdir, rename, chmod,
 * readdir, reads and writes ..), iodepth of them in flight: io_uring for
 * the calls that have an opcode, worker threads for the rest
 * (engines/ops/). fio chooses READ or WRITE for each io_u (rwmixread, set
 * to the mix's own read share when the job does not set it); the mix picks
 * the operation inside that class. fio's READ and WRITE figures count
 * operations of each class (IOPS = ops/s, bytes 0); each operation's own
 * count, errors and latency percentiles go to ops_stats=FILE, one JSON
 * line per job, which nfsweep writes to FILE.ops.csv.
 *
 *   fio --ioengine=external:/usr/local/lib/x86_64-linux-gnu/nfsweep/nfsweep-ops.so \
 *       --directory=/mnt/nfs --rw=randrw --ops_mix=sfs2008 ...
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "fio.h"
#include "optgroup.h"

#include "common/fio_glue.h"
#include "ops/ops_engine.h"
#include "common/ops_stats.h"

#define ENGINE "nfsweep-ops"

extern NFSWEEP_EXPORT struct ioengine_ops ioengine;

struct nfsweep_ops_options {
	void *pad; /* fio's option parser wants a pointer first */
	char *mix;
	char *exec;
	unsigned int dirs, files_per_dir;
	unsigned long long file_size;
	char *read_bs, *write_bs;
	unsigned int commit_pct;
	unsigned int fd_cache;
	unsigned int workers;
	char *stats;
	char *live; /* live=: the --hosts live record (common/live_log.h) */
};
#define OPT_OFF(field) offsetof(struct nfsweep_ops_options, field)

struct nfsweep_ops_data {
	struct ops_engine e;
	struct ops_stats stats;
	struct thread_data *td;
	unsigned int read_pct; /* the read share fio was left with */
	struct io_u **events;  /* the last getevents()'s */
	struct io_u **staged;  /* started since the last commit (ring mode) */
	unsigned int nstaged;
	bool fill_issue_time;
	bool logged[OPS_NOPS]; /* one message per op's first error */
	struct live_log live;
};

static struct fio_option options[] = {
	{
		.name = "ops_mix",
		.lname = "nfsweep-ops operation mix",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(mix),
		.help = "sfs2008, eda_frontend, eda_backend, or OP:PCT,.. (stat, neg_stat, access, "
			"readlink, readdir, statfs, read, read_file, seq_read, write, write_file, "
			"seq_write, create, unlink, unlink2, mkdir, rename, chmod, lock)",
		.def = "sfs2008",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_exec",
		.lname = "nfsweep-ops execution",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(exec),
		.help = "uring: io_uring and worker threads, iodepth in flight; sync: each operation's "
			"plain system calls, one at a time (for comparison)",
		.def = "uring",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_dirs",
		.lname = "nfsweep-ops directories",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(dirs),
		.help = "Directories in each job's tree",
		.def = "10",
		.minval = 1,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_files_per_dir",
		.lname = "nfsweep-ops files per directory",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(files_per_dir),
		.help = "Slots per directory: each a full file, an empty file and a symlink",
		.def = "10",
		.minval = 1,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_file_size",
		.lname = "nfsweep-ops file size",
		.type = FIO_OPT_STR_VAL,
		.off1 = OPT_OFF(file_size),
		.help = "Size of the full files (reads, writes, whole-file operations)",
		.def = "16k",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_read_bs",
		.lname = "nfsweep-ops read transfer sizes",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(read_bs),
		.help = "Read transfer sizes, as fio's bssplit: SIZE/PCT:SIZE/PCT..",
		.def = "4k/25:8k/25:16k/25:32k/25",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_write_bs",
		.lname = "nfsweep-ops write transfer sizes",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(write_bs),
		.help = "Write transfer sizes, as fio's bssplit: SIZE/PCT:SIZE/PCT..",
		.def = "1k/25:2k/25:4k/25:8k/25",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_commit_pct",
		.lname = "nfsweep-ops writes committed",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(commit_pct),
		.help = "Percent of write operations followed by fsync (a COMMIT on NFS)",
		.def = "15",
		.minval = 0,
		.maxval = 100,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_fd_cache",
		.lname = "nfsweep-ops open files",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(fd_cache),
		.help = "Full files kept open between operations, least recently used closed first",
		.def = "256",
		.minval = 1,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_workers",
		.lname = "nfsweep-ops worker threads",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(workers),
		.help = "Threads for the calls io_uring has no opcode for (0: as many as iodepth)",
		.def = "0",
		.minval = 0,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "ops_stats",
		.lname = "nfsweep-ops statistics file",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(stats),
		.help = "Append each job's per-operation statistics here, one JSON line per job",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	NFSWEEP_LIVE_OPTION(struct nfsweep_ops_options, live),
	{
		.name = NULL,
	},
};

/* The job's options into @conf and @setup; 0, or -EINVAL with @msg. */
static int read_options(struct thread_data *td, const struct nfsweep_ops_options *o,
			struct ops_conf *conf, struct ops_engine_setup *setup, char *msg,
			size_t len)
{
	char why[600];

	memset(conf, 0, sizeof(*conf));
	if (ops_mix_parse(o->mix, &conf->mix, why, sizeof(why))) {
		snprintf(msg, len, "ops_mix=%s: %s", o->mix ? o->mix : "", why);
		return -EINVAL;
	}
	if (ops_xfer_parse(o->read_bs, &conf->read_xfer, why, sizeof(why))) {
		snprintf(msg, len, "ops_read_bs: %s", why);
		return -EINVAL;
	}
	if (ops_xfer_parse(o->write_bs, &conf->write_xfer, why, sizeof(why))) {
		snprintf(msg, len, "ops_write_bs: %s", why);
		return -EINVAL;
	}
	if (!o->exec || (strcmp(o->exec, "uring") && strcmp(o->exec, "sync"))) {
		snprintf(msg, len, "ops_exec=%s: not uring or sync", o->exec ? o->exec : "");
		return -EINVAL;
	}
	if (!o->file_size) {
		snprintf(msg, len, "ops_file_size=0: the full files need a size");
		return -EINVAL;
	}
	conf->commit_pct = o->commit_pct;
	conf->fd_cache = o->fd_cache;
	conf->direct = td->o.odirect;
	setup->shape = (struct ops_tree_shape){ .dirs = o->dirs,
						.files_per_dir = o->files_per_dir,
						.file_size = o->file_size };
	setup->exec = strcmp(o->exec, "sync") ? OPS_EXEC_URING : OPS_EXEC_SYNC;
	setup->iodepth = td->o.iodepth;
	setup->workers = o->workers;
	setup->seed = td->o.rand_seed ^ ((uint64_t)td->thread_number << 32) ^ td->subjob_number;
	if (td->o.iodepth > o->dirs * o->files_per_dir) {
		snprintf(msg, len,
			 "iodepth=%u > ops_dirs x ops_files_per_dir = %u: each operation in "
			 "flight needs a file of its own",
			 td->o.iodepth, o->dirs * o->files_per_dir);
		return -EINVAL;
	}
	return 0;
}

/*
 * The tree's root: the job's directory (the first of a ':' list),
 * /nfsweep-ops.NAME.N. Run by a fio server (fio --client drives several
 * hosts in one directory), with the server's address first, as fio names
 * its own files there (unique_filename): each host has its own trees.
 */
static void tree_root(struct thread_data *td, char *buf, size_t len)
{
	const char *dir = td->o.directory && *td->o.directory ? td->o.directory : ".";
	size_t n = strcspn(dir, ":");
	int per_host = is_backend && client_sockaddr_str[0] && td->o.unique_filename;

	snprintf(buf, len, "%.*s/nfsweep-ops.%s%s%s.%u", (int)n, dir,
		 per_host ? client_sockaddr_str : "", per_host ? "." : "",
		 td->o.name ? td->o.name : "job", td->subjob_number);
}

static int fio_nfsweep_ops_init(struct thread_data *td)
{
	struct nfsweep_ops_options *o = td->eo;
	struct nfsweep_ops_data *ld;
	struct ops_engine_setup setup = { 0 };
	struct ops_conf conf;
	char msg[700], root[4096];
	int ret;

	if (nfsweep_fio_guard(td, ENGINE, &ioengine))
		return 1;
	/*
	 * fio's offsets mean nothing here (the engine picks its own file and
	 * operation), and with bs=1 fio's random map has one bit per byte of
	 * size: 128 MiB per job at size=1g, which ran a 3 GiB lab guest out
	 * of memory at 30 jobs (an eda curve). No map (fio builds it after
	 * init).
	 */
	td->o.norandommap = 1;
	if (read_options(td, o, &conf, &setup, msg, sizeof(msg))) {
		log_err("%s: init(): invalid options: %s\n", ENGINE, msg);
		td_vmsg(td, EINVAL, msg, "init");
		return 1;
	}
	ld = calloc(1, sizeof(*ld));
	if (ld)
		ld->events = calloc(td->o.iodepth, sizeof(*ld->events));
	if (ld)
		ld->staged = calloc(td->o.iodepth, sizeof(*ld->staged));
	if (!ld || !ld->events || !ld->staged) {
		nfsweep_err(td, ENGINE, "init", "calloc", ENOMEM, NULL);
		goto fail;
	}
	ld->td = td;
	ld->read_pct = nfsweep_settle_read_pct(td, ops_mix_read_pct(&conf.mix));
	tree_root(td, root, sizeof(root));
	setup.root = root;
	ret = ops_engine_open(&ld->e, &conf, &setup, msg, sizeof(msg));
	if (ret) {
		log_err("%s: init(): %s%s\n", ENGINE, msg,
			ret == -EPERM || ret == -ENOSYS ?
				" (io_uring refused here: use ops_exec=sync)" :
				"");
		td_verror(td, -ret, "init");
		goto fail;
	}
	dprint(FD_IO,
	       "%s: tree %s (%u x %u slots of %llu bytes), ops_exec=%s, read share %u %%, "
	       "io-wq bounded workers %u, %u worker threads\n",
	       ENGINE, root, setup.shape.dirs, setup.shape.files_per_dir,
	       (unsigned long long)setup.shape.file_size, o->exec, ld->read_pct, ld->e.iowq_bounded,
	       ld->e.workers.n);
	ld->fill_issue_time = fio_fill_issue_time(td);
	nfsweep_live_start(td, ENGINE, &ld->live, o->live);
	td->io_ops_data = ld;
	return 0;
fail:
	if (ld) {
		free(ld->events);
		free(ld->staged);
	}
	free(ld);
	return 1;
}

/*
 * queue(): an operation of the io_u's class, started; its calls go out at
 * commit() (ring), or are made here (ops_exec=sync). FIO_Q_BUSY when every
 * slot of the tree or every buffer is in use: fio reaps and retries.
 */
static enum fio_q_status fio_nfsweep_ops_queue(struct thread_data *td, struct io_u *io_u)
{
	struct nfsweep_ops_data *ld = td->io_ops_data;
	int op;

	fio_ro_check(td, io_u);
	if (!ddir_rw(io_u->ddir)) {
		/* fsync= and friends: the operations sync what they write themselves */
		io_u->error = 0;
		return FIO_Q_COMPLETED;
	}
	op = ops_mix_pick_in_class(&ld->e.conf.mix,
				   io_u->ddir == DDIR_READ ? OPS_READ_CLASS : OPS_WRITE_CLASS,
				   ops_rand(&ld->e.ctx));
	if (op < 0) /* a mix without this class takes it anyway */
		op = ops_mix_pick(&ld->e.conf.mix, ops_rand(&ld->e.ctx));
	if (ld->e.exec == OPS_EXEC_SYNC && ld->fill_issue_time)
		nfsweep_issued_now(td, &io_u->issue_time); /* before the calls, as sync engines */
	io_u->engine_data = (void *)(uintptr_t)op;
	if (ops_engine_start(&ld->e, (enum ops_op)op, io_u))
		return FIO_Q_BUSY;
	if (ld->e.exec == OPS_EXEC_SYNC) {
		io_u_queued(td, io_u);
		io_u_mark_submit(td, 1);
	} else
		ld->staged[ld->nstaged++] = io_u;
	return FIO_Q_QUEUED;
}

/* commit(): send the staged calls; the operations' issue time is now, after the syscall. */
static int fio_nfsweep_ops_commit(struct thread_data *td)
{
	struct nfsweep_ops_data *ld = td->io_ops_data;
	struct timespec now;
	int ret;

	if (!ld->nstaged)
		return 0;
	ret = ops_engine_submit(&ld->e);
	if (ret < 0 && ret != -EBUSY && ret != -EAGAIN) {
		nfsweep_err(td, ENGINE, "commit", "io_uring_submit", -ret, "%u operations",
			    ld->nstaged);
		return ret;
	}
	if (ld->fill_issue_time)
		nfsweep_issued_now(td, &now);
	for (unsigned int i = 0; i < ld->nstaged; i++) {
		if (ld->fill_issue_time)
			ld->staged[i]->issue_time = now;
		io_u_queued(td, ld->staged[i]);
	}
	io_u_mark_submit(td, ld->nstaged);
	ld->nstaged = 0;
	return 0;
}

/* An operation's end onto its io_u, and into the statistics once the ramp is over. */
static struct io_u *finish(struct nfsweep_ops_data *ld, const struct ops_done *d)
{
	struct thread_data *td = ld->td;
	struct io_u *io_u = d->user;

	if (!nfsweep_in_ramp(td))
		ops_stats_add(&ld->stats, d->op, d->ns, d->bytes, d->error);
	/*
	 * Whole, never short: fio requeues the rest of a short io_u, and it
	 * keeps no runtime for a direction that moved no bytes. So fio counts
	 * bs bytes per operation (the profiles set bs=1: bytes count ops);
	 * the bytes the operations moved are in the statistics.
	 */
	io_u->resid = 0;
	io_u->error = (unsigned int)d->error;
	if (d->error && !ld->logged[d->op]) {
		ld->logged[d->op] = true;
		log_err("%s: %s: %s: %s (%s/d.../%s)\n", ENGINE, ops_ops[d->op].name,
			ops_call_name(d->err_call), strerror(d->error), ld->e.tree.root,
			d->err_name);
	}
	return io_u;
}

static int fio_nfsweep_ops_getevents(struct thread_data *td, unsigned int min, unsigned int max,
				     const struct timespec *t)
{
	struct nfsweep_ops_data *ld = td->io_ops_data;
	struct ops_engine *e = &ld->e;
	unsigned int n;
	int ret;

	(void)t;
	ret = ops_engine_reap(e, min);
	if (ret < 0) {
		nfsweep_err(td, ENGINE, "getevents",
			    e->ring_error_call ? e->ring_error_call : "io_uring_wait_cqe", -ret,
			    "min=%u", min);
		return ret;
	}
	n = e->ndone < max ? e->ndone : max;
	for (unsigned int i = 0; i < n; i++)
		ld->events[i] = finish(ld, &e->done[i]);
	/* what fio cannot take now stays for the next call */
	memmove(e->done, e->done + n, (e->ndone - n) * sizeof(*e->done));
	e->ndone -= n;
	return (int)n;
}

static struct io_u *fio_nfsweep_ops_event(struct thread_data *td, int event)
{
	struct nfsweep_ops_data *ld = td->io_ops_data;

	return ld->events[event];
}

/* The job's statistics, one JSON line appended to ops_stats=FILE. */
static void write_stats(struct thread_data *td, struct nfsweep_ops_data *ld)
{
	struct nfsweep_ops_options *o = td->eo;
	char *line = NULL;
	size_t len = 0;
	FILE *m;
	int err;

	if (!o->stats || !*o->stats)
		return;
	m = open_memstream(&line, &len);
	if (!m) {
		nfsweep_err(td, ENGINE, "cleanup", "open_memstream", errno, "ops_stats=%s",
			    o->stats);
		return;
	}
	err = ops_stats_write(m, &ld->stats, td->o.name ? td->o.name : "job", td->subjob_number,
			      o->mix, &ld->e.conf.mix, ld->read_pct, NULL);
	if (fclose(m) || err)
		err = ENOMEM;
	else
		err = nfsweep_append_line(o->stats, line, len);
	if (err)
		nfsweep_err(td, ENGINE, "cleanup", "write", err, "ops_stats=%s", o->stats);
	free(line);
}

static void fio_nfsweep_ops_cleanup(struct thread_data *td)
{
	struct nfsweep_ops_data *ld = td->io_ops_data;

	if (!ld)
		return;
	live_log_stop(&ld->live);
	/* every timed part is over (fio reaped every io_u): the statistics are complete */
	write_stats(td, ld);
	/* housekeeping left in flight ends here: the tree must be whole for the next run */
	ops_engine_close(&ld->e);
	if (ld->e.hk_error)
		log_err("%s: cleanup(): housekeeping failed: %s; the next run repairs the tree\n",
			ENGINE, ld->e.hk_error_text);
	free(ld->events);
	free(ld->staged);
	free(ld);
	td->io_ops_data = NULL;
}

NFSWEEP_EXPORT struct ioengine_ops ioengine = {
	.name = ENGINE,
	.version = FIO_IOOPS_VERSION,
	.flags = FIO_DISKLESSIO | FIO_NODISKUTIL | FIO_ASYNCIO_SETS_ISSUE_TIME,
	.init = fio_nfsweep_ops_init,
	.queue = fio_nfsweep_ops_queue,
	.commit = fio_nfsweep_ops_commit,
	.getevents = fio_nfsweep_ops_getevents,
	.event = fio_nfsweep_ops_event,
	.cleanup = fio_nfsweep_ops_cleanup,
	.open_file = nfsweep_no_file,
	.close_file = nfsweep_no_file,
	.options = options,
	.option_struct_size = sizeof(struct nfsweep_ops_options),
};
