// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep-rpc: fio external engine that speaks NFSv3 itself (libnfs mounts,
 * connects and lays the set out; the load goes out on the engine's own wire,
 * engines/rpc/rpc_wire.h, in libnfs's XDR), as SPEC SFS 2008's load generators
 * did ("eliminating any effects due to different NFS client
 * implementations"): each logical operation is the RPC of its name, so the
 * server sees the mix asked for (SFS 2008's by default: GETATTR 26 %, LOOKUP
 * 24 %, READ 18 %, ..., engines/rpc/rpc_ops.def), not what a kernel client's
 * caches make of system calls. No mount: the job names the server and export
 * (rpc_url=nfs://SERVER/EXPORT), and the engine lays out its own file set
 * there (untimed, reused when it matches), iodepth operations in flight on
 * one connection per job.
 *
 * fio's READ and WRITE figures count operations of each class (bs=1: bytes
 * count operations), as nfsweep-ops's do; each operation's count, errors,
 * RPCs and latency go to rpc_stats=FILE, one JSON line per job (the format
 * of ops_stats, FILE.ops.csv), with the RPCs sent per NFSv3 procedure, the
 * layout's apart.
 *
 *   fio --ioengine=external:.../nfsweep-rpc.so --rpc_url=nfs://server/export \
 *       --rw=randrw --bs=1 --size=1m --iodepth=16 --time_based --runtime=60 ...
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fio.h"
#include "optgroup.h"

#include "common/fio_glue.h"
#include "common/job_barrier.h"
#include "common/ops_stats.h"
#include "rpc/rpc_load.h"
#include "rpc/rpc_set.h"

#define ENGINE "nfsweep-rpc"

extern NFSWEEP_EXPORT struct ioengine_ops ioengine;

struct nfsweep_rpc_options {
	void *pad; /* fio's option parser wants a pointer first */
	char *url;
	char *mix;
	unsigned int dirs, files_per_dir, links_per_dir, spares_per_dir;
	char *stats;
	unsigned int io_uring;
};
#define OPT_OFF(field) offsetof(struct nfsweep_rpc_options, field)

struct nfsweep_rpc_data {
	struct thread_data *td;
	struct rpc_client c;
	struct rpc_load l;
	struct ops_mix mix;
	struct rpc_deck deck[2]; /* by class: the operations dealt from the mix's shares */
	struct ops_stats stats;
	unsigned int read_pct;
	struct io_u **events; /* the last getevents()'s */
	bool logged[RPC_NOPS];
	double ready_s; /* CLOCK_REALTIME when its set was there, before the jobs' barrier */
	double start_s; /* CLOCK_REALTIME when init returned: the job's clock starts then */
};

static struct fio_option options[] = {
	{
		.name = "rpc_url",
		.lname = "nfsweep-rpc server and export",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(url),
		.help = "nfs://SERVER/EXPORT: the NFSv3 export the engine speaks to itself (no mount)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "rpc_mix",
		.lname = "nfsweep-rpc operation mix",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(mix),
		.help = "sfs2008 (SPECsfs2008_nfs.v3's RPC mix), or OP:PCT,.. (getattr, lookup, read, "
			"access, write, setattr, readdirplus, readlink, readdir, create, remove, fsstat)",
		.def = "sfs2008",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "rpc_dirs",
		.lname = "nfsweep-rpc directories",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(dirs),
		.help = "Directories in each job's file set",
		.def = "10",
		.minval = 1,
		.maxval = 10000,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "rpc_files_per_dir",
		.lname = "nfsweep-rpc files per directory",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(files_per_dir),
		.help = "Files in each directory (sizes 1 KiB to 1 MiB, SFS's small-file shape)",
		.def = "30",
		.minval = 1,
		.maxval = 100000,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "rpc_links_per_dir",
		.lname = "nfsweep-rpc symlinks per directory",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(links_per_dir),
		.help = "Symbolic links in each directory (READLINK's)",
		.def = "2",
		.minval = 1,
		.maxval = 1000,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "rpc_spares_per_dir",
		.lname = "nfsweep-rpc spare names per directory",
		.type = FIO_OPT_INT,
		.off1 = OPT_OFF(spares_per_dir),
		.help = "Names in each directory that CREATE and REMOVE take turns on (half made at "
			"layout); rpc_dirs x this must be at least iodepth",
		.def = "4",
		.minval = 1,
		.maxval = 1000,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "rpc_stats",
		.lname = "nfsweep-rpc statistics file",
		.type = FIO_OPT_STR_STORE,
		.off1 = OPT_OFF(stats),
		.help = "Append each job's per-operation counts, RPCs and latency histogram here "
			"(one JSON line per job)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "rpc_io_uring",
		.lname = "nfsweep-rpc io_uring",
		.type = FIO_OPT_BOOL,
		.off1 = OPT_OFF(io_uring),
		.help = "Serve the connection with io_uring, one system call a round where the kernel "
			"allows a ring (0: send(), recv() and poll())",
		.def = "1",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = NULL,
	},
};

/* ---- fio's hooks ---- */

static void free_data(struct nfsweep_rpc_data *d)
{
	if (!d)
		return;
	rpc_load_free(&d->l);
	rpc_client_close(&d->c);
	free(d->events);
	free(d);
}

static double realtime_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * fio's clock, for the operations' stamps: its clocksource (the CPU's counter where reliable),
 * no system call where clock_gettime() is one (the user-mode lab guest: two per round).
 */
static uint64_t fio_clock_ns(void)
{
	struct timespec ts;

	fio_gettime(&ts, NULL);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * Every job of this section ready (its set laid out, @ok), or failed, before any job's clock
 * starts: fio starts it when init returns, and the jobs' layouts end at different times
 * (common/job_barrier.h). The jobs are fio's children, or with thread=1 its threads.
 */
static void wait_for_jobs(struct thread_data *td, int ok)
{
	struct job_barrier b;
	long owner = td->o.use_thread ? (long)getpid() : (long)getppid();
	int arrived, ret;

	unsigned int n = nfsweep_section_jobs(td);

	ret = job_barrier_open(&b, owner, td->o.name ? td->o.name : "job", (int)n);
	if (ret) {
		log_info("%s: init(): the jobs' barrier: shm_open: %s: this job's window may begin "
			 "before the others'\n",
			 ENGINE, strerror(-ret));
		return;
	}
	ret = job_barrier_arrive(&b, ok, 600, &arrived);
	if (ret == -ETIMEDOUT)
		log_info("%s: init(): %d of %u jobs ready after 600 s without another: going on\n",
			 ENGINE, arrived, n);
	job_barrier_close(&b);
}

static int fio_nfsweep_rpc_init(struct thread_data *td)
{
	struct nfsweep_rpc_options *o = td->eo;
	struct nfsweep_rpc_data *d;
	struct rpc_shape shape;
	char msg[2048], why[600], server[256], export[1024], top[256];
	int per_host = is_backend && client_sockaddr_str[0];
	int ret;

	if (nfsweep_fio_guard(td, ENGINE, &ioengine))
		return 1;
	/* fio's offsets mean nothing here; with bs=1, its random map would be one bit a byte */
	td->o.norandommap = 1;
	d = calloc(1, sizeof(*d));
	if (!d) {
		nfsweep_err(td, ENGINE, "init", "calloc", ENOMEM, NULL);
		return 1;
	}
	d->td = td;
	if (rpc_url_parse(o->url, server, sizeof(server), export, sizeof(export), why,
			  sizeof(why))) {
		snprintf(msg, sizeof(msg), "rpc_url: %s", why);
		goto invalid;
	}
	if (ops_mix_parse_in(&rpc_mix_table, o->mix, &d->mix, why, sizeof(why))) {
		snprintf(msg, sizeof(msg), "rpc_mix=%s: %s", o->mix ? o->mix : "", why);
		goto invalid;
	}
	/* the set's sizes are the plan's, the same every run (so that it is reused) */
	shape = (struct rpc_shape){ .dirs = o->dirs,
				    .files = o->files_per_dir,
				    .links = o->links_per_dir,
				    .spares = o->spares_per_dir,
				    .seed = 0x5f52008 };
	if (td->o.iodepth > shape.dirs * shape.spares) {
		snprintf(
			msg, sizeof(msg),
			"iodepth=%u > rpc_dirs x rpc_spares_per_dir = %u: each CREATE or REMOVE in "
			"flight needs a spare name of its own",
			td->o.iodepth, shape.dirs * shape.spares);
		goto invalid;
	}
	d->read_pct = nfsweep_settle_read_pct(td, ops_mix_read_pct(&d->mix));
	rpc_deck_init(&d->deck[OPS_READ_CLASS], &d->mix, OPS_READ_CLASS);
	rpc_deck_init(&d->deck[OPS_WRITE_CLASS], &d->mix, OPS_WRITE_CLASS);
	/* fio's clients in one export: each host its own set, as nfsweep-ops's trees */
	snprintf(top, sizeof(top), "nfsweep-rpc.%s%s%s.%u", per_host ? client_sockaddr_str : "",
		 per_host ? "." : "", td->o.name ? td->o.name : "job", td->subjob_number);
	d->events = calloc(td->o.iodepth, sizeof(*d->events));
	if (!d->events) {
		nfsweep_err(td, ENGINE, "init", "calloc", ENOMEM, NULL);
		goto fail;
	}
	ret = rpc_client_open(&d->c, server, export, &shape, top, msg, sizeof(msg));
	if (ret) {
		log_err("%s: init(): %s (%s): %s\n", ENGINE, o->url, top, msg);
		td_verror(td, -ret, "init");
		wait_for_jobs(td, 0);
		goto fail;
	}
	/* the load's connection taken over from libnfs, its setup calls all answered */
	if (rpc_load_init(&d->l, &d->c, td->o.iodepth,
			  td->o.rand_seed ^ ((uint64_t)td->thread_number << 32) ^ td->subjob_number,
			  o->io_uring ? 0 : RPC_WIRE_PLAIN)) {
		nfsweep_err(td, ENGINE, "init", "calloc", ENOMEM, NULL);
		wait_for_jobs(td, 0);
		goto fail;
	}
	d->l.w.clock = fio_clock_ns;
	d->ready_s = realtime_s();
	wait_for_jobs(td, 1);
	d->start_s = realtime_s();
	dprint(FD_IO, "%s: %s, set %s: %u x %u files (%llu bytes), rtmax %u, wtmax %u, %s%s\n",
	       ENGINE, o->url, top, shape.dirs, shape.files,
	       (unsigned long long)rpc_set_bytes(shape.seed, shape.dirs, shape.files), d->c.rtmax,
	       d->c.wtmax,
	       d->l.w.ring ? "io_uring" : "send(), recv() and poll(): ", d->l.w.ring_why);
	td->io_ops_data = d;
	return 0;
invalid:
	log_err("%s: init(): invalid options: %s\n", ENGINE, msg);
	td_vmsg(td, EINVAL, msg, "init");
fail:
	free_data(d);
	return 1;
}

static uint32_t deck_draw(void *l)
{
	return rpc_load_draw(l);
}

static enum fio_q_status fio_nfsweep_rpc_queue(struct thread_data *td, struct io_u *io_u)
{
	struct nfsweep_rpc_data *d = td->io_ops_data;
	enum ops_class cls;
	int op, ret;

	fio_ro_check(td, io_u);
	if (!ddir_rw(io_u->ddir)) {
		/* fsync= and friends: each WRITE is FILE_SYNC already */
		io_u->error = 0;
		return FIO_Q_COMPLETED;
	}
	cls = io_u->ddir == DDIR_READ ? OPS_READ_CLASS : OPS_WRITE_CLASS;
	op = rpc_deck_deal(&d->deck[cls], deck_draw, &d->l);
	if (op < 0) /* a mix without this class takes it anyway */
		op = rpc_deck_deal(&d->deck[!cls], deck_draw, &d->l);
	ret = rpc_load_start(&d->l, io_u->index, op, io_u);
	if (ret) {
		/* -EBUSY is not reached: iodepth <= the spare names, checked at init */
		nfsweep_err(td, ENGINE, "queue", rpc_mix_table.ops[op].rpc, -ret, "%s",
			    ret == -EIO ? d->l.w.err : "no spare name free");
		io_u->error = (unsigned int)-ret;
		return FIO_Q_COMPLETED;
	}
	return FIO_Q_QUEUED;
}

/* The operation's end onto its io_u, and into the statistics once the ramp is over. */
static struct io_u *account(struct nfsweep_rpc_data *d, const struct rpc_req *q)
{
	struct io_u *io_u = q->user;

	if (!nfsweep_in_ramp(d->td)) {
		ops_stats_add(&d->stats, q->op, q->end_ns - q->start_ns, q->bytes, q->error);
		d->stats.op[q->op].rpcs += q->rpcs;
	}
	if (q->error && !d->logged[q->op]) {
		d->logged[q->op] = true;
		log_err("%s: %s: %s (%s)\n", ENGINE, rpc_mix_table.ops[q->op].rpc,
			d->l.why[q->op][0] ? d->l.why[q->op] : strerror(q->error), d->c.topname);
	}
	/* whole, never short: fio counts bs (1) per operation; the bytes are in the statistics */
	io_u->resid = 0;
	io_u->error = (unsigned int)q->error;
	return io_u;
}

static int fio_nfsweep_rpc_getevents(struct thread_data *td, unsigned int min, unsigned int max,
				     const struct timespec *t)
{
	struct nfsweep_rpc_data *d = td->io_ops_data;
	char msg[300];
	unsigned int n;
	int ret;

	(void)t;
	ret = rpc_load_service(&d->l, min, msg, sizeof(msg));
	if (ret) {
		log_err("%s: getevents(): %s\n", ENGINE, msg);
		td_verror(td, -ret, "getevents");
		return ret;
	}
	/* the ended ones fio can take now; the rest wait in done[] for the next call */
	n = d->l.ndone < max ? d->l.ndone : max;
	for (unsigned int i = 0; i < n; i++)
		d->events[i] = account(d, d->l.done[i]);
	memmove(d->l.done, d->l.done + n, (d->l.ndone - n) * sizeof(*d->l.done));
	d->l.ndone -= n;
	return (int)n;
}

static struct io_u *fio_nfsweep_rpc_event(struct thread_data *td, int event)
{
	struct nfsweep_rpc_data *d = td->io_ops_data;

	return d->events[event];
}

/* {"getattr":N,..}: the RPCs of @n per NFSv3 procedure, those sent only */
static void put_procs(FILE *m, const char *key, const uint64_t *n)
{
	int first = 1;

	fprintf(m, ",\"%s\":{", key);
	for (int p = 0; p < RPC_NFS3_PROCS; p++) {
		if (!n[p])
			continue;
		fprintf(m, "%s\"%s\":%llu", first ? "" : ",", rpc_proc_names[p],
			(unsigned long long)n[p]);
		first = 0;
	}
	fprintf(m, "}");
}

/*
 * The job's statistics, one JSON line appended to rpc_stats=FILE: the operations (ops_stats's
 * format) and what was sent: every RPC per NFSv3 procedure (rpc_sent), of which the layout's
 * (rpc_setup) and housekeeping's (rpc_housekeeping), the server's maximum transfers and the
 * set's size.
 */
static void write_stats(struct thread_data *td, struct nfsweep_rpc_data *d)
{
	struct nfsweep_rpc_options *o = td->eo;
	char *line = NULL, *extra = NULL;
	size_t len = 0, elen = 0;
	FILE *m, *x;
	int err;

	if (!o->stats || !*o->stats)
		return;
	x = open_memstream(&extra, &elen);
	if (x) {
		put_procs(x, "rpc_sent", d->c.sent);
		put_procs(x, "rpc_setup", d->c.setup_sent);
		put_procs(x, "rpc_housekeeping", d->c.hk_sent);
		fprintf(x, ",\"rtmax\":%u,\"wtmax\":%u,\"set_files\":%u,\"set_bytes\":%llu",
			d->c.rtmax, d->c.wtmax, d->c.shape.dirs * d->c.shape.files,
			(unsigned long long)rpc_set_bytes(d->c.shape.seed, d->c.shape.dirs,
							  d->c.shape.files));
		fprintf(x, ",\"ready_s\":%.6f,\"start_s\":%.6f,\"wire_io_uring\":%s", d->ready_s,
			d->start_s, d->l.w.ring ? "true" : "false");
		err = fclose(x) ? ENOMEM : 0;
	} else
		err = ENOMEM;
	m = err ? NULL : open_memstream(&line, &len);
	if (!m)
		err = ENOMEM;
	else if (ops_stats_write(m, &d->stats, td->o.name ? td->o.name : "job", td->subjob_number,
				 o->mix, &d->mix, d->read_pct, extra) |
		 fclose(m))
		err = ENOMEM;
	if (!err)
		err = nfsweep_append_line(o->stats, line, len);
	if (err)
		nfsweep_err(td, ENGINE, "cleanup", "write", err, "rpc_stats=%s", o->stats);
	free(line);
	free(extra);
}

static void fio_nfsweep_rpc_cleanup(struct thread_data *td)
{
	struct nfsweep_rpc_data *d = td->io_ops_data;

	if (!d)
		return;
	/* every operation has ended (fio reaped every io_u): the statistics are complete */
	write_stats(td, d);
	free_data(d);
	td->io_ops_data = NULL;
}

NFSWEEP_EXPORT struct ioengine_ops ioengine = {
	.name = ENGINE,
	.version = FIO_IOOPS_VERSION,
	.flags = FIO_DISKLESSIO | FIO_NODISKUTIL,
	.init = fio_nfsweep_rpc_init,
	.queue = fio_nfsweep_rpc_queue,
	.getevents = fio_nfsweep_rpc_getevents,
	.event = fio_nfsweep_rpc_event,
	.cleanup = fio_nfsweep_rpc_cleanup,
	.open_file = nfsweep_no_file,
	.close_file = nfsweep_no_file,
	.options = options,
	.option_struct_size = sizeof(struct nfsweep_rpc_options),
};
