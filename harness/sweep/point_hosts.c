// SPDX-License-Identifier: GPL-2.0
/*
 * The several-hosts point (see point_mode.h): every point on each of
 * --hosts at once through one `fio --client`. Each host's figures come
 * from its own entries of fio's report, and their sum (fio's "All clients"
 * is not used: it is missing or wrong whenever a host fails, often with
 * exit status 0); the first failure of each host, and FILE.hosts.csv.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "results/detail_file.h"
#include "results/results_table.h"
#include "results/schema.h"
#include "fio/fio_run.h"
#include "sweep/point_jobfile.h"
#include "sweep/point_lat.h"
#include "sweep/point_live.h"
#include "sweep/point_mode.h"
#include "sweep/point_mountstats.h"
#include "fio/steady.h"
#include "util/paths.h"
#include "util/sink.h"

/* One point's figures per host. */
struct point_hosts {
	struct fio_result res[MAX_HOSTS];
	int present[MAX_HOSTS];
	char err[MAX_HOSTS][320]; /* what host i reported going wrong, "" if nothing */
	int parsed;		  /* fio's report was read */
	double start_s[MAX_HOSTS]; /* when each host's jobs started (point_mountstats.h), 0 unknown */
	/*
	 * --steady: every host ends when the first does (steady.c). Each host's jobs add a line
	 * to @ended, on the shared target, when they end; nfsweep looks at it while fio runs and
	 * then makes fio's --trigger-file, @trigger, on which fio's client tells every server
	 * to end its jobs.
	 */
	char ended[PATH_MAX + 300];
	char trigger[PATH_MAX + 16];
	char trigger_arg[PATH_MAX + 32];
	const char *args[1];
	double next_look; /* CLOCK_MONOTONIC seconds */
	int pulled;
	char cwd[PATH_MAX]; /* fio's client's working directory: the point's fio directory */
	/* on a terminal, with nfsweep's engines: each host's rate once a second (point_live.h) */
	int live_on, live_shown;
	struct point_live live;
	void (*fio_status)(void *ctx, const char *line); /* point.c's, until the live view shows */
	void *fio_status_ctx;
};

static const char *point_name(const struct point_ctx *pc)
{
	return strrchr(pc->base, '/') ? strrchr(pc->base, '/') + 1 : pc->base;
}

/*
 * Read fio's client output @json (and @json.stderr): @ph per host, their
 * sum in @total. Returns 0 when the report was read; -1 with @json_err
 * when it was not. @host_err: the first host that failed or is missing
 * from the report, named ("" when every host ran clean).
 */
static int point_hosts_read(const struct sweep *s, const char *json, struct point_hosts *ph,
			    struct fio_result *total, char *json_err, size_t jlen, char *host_err,
			    size_t hlen)
{
	const struct host_list *l = &s->o->hosts;
	const char *addr[MAX_HOSTS];
	int port[MAX_HOSTS];
	char *text = fio_run_output(json);

	/* the figures only: the --steady fields stay, for steady_clean */
	memset(ph->res, 0, sizeof(ph->res));
	memset(ph->present, 0, sizeof(ph->present));
	memset(ph->err, 0, sizeof(ph->err));
	memset(ph->start_s, 0, sizeof(ph->start_s));
	ph->parsed = 0;
	memset(total, 0, sizeof(*total));
	host_err[0] = '\0';
	if (!text) {
		snprintf(json_err, jlen, "read %s: %s", json, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < l->n; i++) {
		addr[i] = l->h[i].addr;
		port[i] = l->h[i].port;
	}
	ph->parsed = !fio_json_parse_hosts(text, l->n, addr, port, ph->res, ph->present, total,
					   json_err, jlen);
	for (size_t i = 0; i < l->n; i++) {
		char line[300];

		if (hosts_find_failure(l, i, text, line, sizeof(line)))
			snprintf(ph->err[i], sizeof(ph->err[i]), "%s", line);
		else if (ph->parsed && !ph->present[i])
			snprintf(ph->err[i], sizeof(ph->err[i]),
				 "no figures of it in fio's report");
		else if (ph->parsed && ph->res[i].error)
			snprintf(ph->err[i], sizeof(ph->err[i]), "fio job error %d (%s)",
				 ph->res[i].error, strerror(ph->res[i].error));
		if (ph->err[i][0] && !host_err[0])
			snprintf(host_err, hlen, "host %s (%s): %s", l->h[i].spec,
				 l->h[i].name[0] ? l->h[i].name : "?", ph->err[i]);
	}
	free(text);
	return ph->parsed ? 0 : -1;
}

/* A host's figures into its row's cells; with --steady @asked, its window's. */
/* Each FIO_COLUMN figure's column in the hosts table: the same id (hosts_columns.def) */
static const enum hosts_column fig_col[FIO_NFIG] = {
#define COLUMN(id, type, unit, meaning)
#define FIO_COLUMN(id, type, unit, key, meaning) [FIO_FIG_##id] = HOSTS_COL_##id,
#include "columns.def"
#undef FIO_COLUMN
#undef COLUMN
};

static void host_cells(char **cells, const struct fio_result *res, const struct steady_spec *asked)
{
	const struct fio_dir *d[2] = { &res->rd, &res->wr };
	static const int iops[2] = { HOSTS_COL_read_iops, HOSTS_COL_write_iops };
	static const int mib[2] = { HOSTS_COL_read_mib_s, HOSTS_COL_write_mib_s };
	static const int bytes[2] = { HOSTS_COL_read_io_bytes, HOSTS_COL_write_io_bytes };
	static const int mean[2] = { HOSTS_COL_read_clat_mean_us, HOSTS_COL_write_clat_mean_us };
	static const int pct[2][FIO_NPCT] = {
#define PERCENTILE(stem, fio_key, p) [FIO_PCT_##stem] = HOSTS_COL_read_clat_##stem##_us,
		{
#include "fio/clat_percentiles.def"
		},
#undef PERCENTILE
#define PERCENTILE(stem, fio_key, p) [FIO_PCT_##stem] = HOSTS_COL_write_clat_##stem##_us,
		{
#include "fio/clat_percentiles.def"
		},
#undef PERCENTILE
	};

	for (int i = 0; i < 2; i++) {
		cells_set_num(cells, iops[i], d[i]->iops);
		cells_set_num(cells, mib[i], d[i]->mib_s);
		cells_set(cells, bytes[i], "%llu", d[i]->io_bytes);
		if (!d[i]->has_clat)
			continue;
		cells_set_num(cells, mean[i], d[i]->clat_mean_us);
		for (int p = 0; p < FIO_NPCT; p++)
			cells_set_num(cells, pct[i][p], d[i]->clat_pct_us[p]);
	}
	cells_set_num(cells, HOSTS_COL_runtime_s, fio_result_runtime(res));
	for (int f = 0; f < FIO_NFIG; f++)
		cells_set_num(cells, fig_col[f], res->fig[f]);
	if (!asked || !res->ss.reported)
		return;
	cells_set(cells, HOSTS_COL_steady_attained, "%d", steady_host_steady(&res->ss, asked));
	cells_set_num(cells, HOSTS_COL_steady_measure_pct, res->ss.measure);
	cells_set_num(cells, HOSTS_COL_steady_iops, res->ss.iops_mean);
}

/*
 * The row's start skew (the last host's start minus the first's, when two
 * or more are known), and FILE.hosts.csv: one row per host for the point's
 * row @r, with its start after the first. 0, or -errno (said).
 */
static int point_hosts_record(const struct sweep *s, struct row *r, const struct point_hosts *ph)
{
	const struct host_list *l = &s->o->hosts;
	double first = 0, last = 0;
	int ret = 0, known = 0;

	for (size_t i = 0; i < l->n; i++) {
		if (!ph->start_s[i])
			continue;
		if (!known++ || ph->start_s[i] < first)
			first = ph->start_s[i];
		if (ph->start_s[i] > last)
			last = ph->start_s[i];
	}
	if (known >= 2)
		row_set_num(r, COL_start_skew_ms, (last - first) * 1000.0);

	for (size_t i = 0; i < l->n && !ret; i++) {
		char *cells[HOSTS_NCOLUMNS] = { 0 };

		detail_identity(cells, &table_hosts, r);
		cells_set(cells, HOSTS_COL_host, "%s", l->h[i].spec);
		cells_set(cells, HOSTS_COL_host_name, "%s", l->h[i].name);
		cells_set(cells, HOSTS_COL_reported, "%d", ph->present[i]);
		cells_set(cells, HOSTS_COL_error, "%s", ph->err[i]);
		if (ph->present[i])
			host_cells(cells, &ph->res[i], s->o->steady ? &s->o->steady_spec : NULL);
		if (ph->start_s[i])
			cells_set_num(cells, HOSTS_COL_start_offset_ms,
				      (ph->start_s[i] - first) * 1000.0);
		cells_protect_text(cells, &table_hosts);
		ret = detail_append(s->hosts_path, &table_hosts, cells);
		cells_free(cells, HOSTS_NCOLUMNS);
	}
	if (ret)
		sweep_detail_failed(s, s->hosts_path, ret);
	return ret;
}

static int hosts_hosts(const struct sweep_opts *o)
{
	return (int)o->hosts.n;
}

/*
 * The live view, where someone watches (a terminal) and the engine keeps live records: nfsweep's
 * own (nfsweep-uring, nfsweep-aio; nfsweep-ops for an op mix), on a mounted target. 0, or -errno.
 */
static int live_begin(struct point_ctx *pc, struct point_hosts *ph)
{
	const struct sweep_opts *o = pc->s->o;
	const struct profile_info *pi = pc->pi;
	char dir[PATH_MAX], stem[PATH_MAX + 300];
	int sets = 0;

	if (!pc->s->progress || pc->p->target->url ||
	    (pi->op_mix ? pi->engine && strcmp(pi->engine, ENGINE_OPS) :
			  strncmp(o->engine, "nfsweep-", 8)))
		return 0;
	point_mountstats_snapshot_paths(pc->p->target->path, point_name(pc), dir, sizeof(dir), stem,
					sizeof(stem));
	/* (the engines open their records in their init, before the hosts' prerun makes it) */
	if (mkdir(dir, 0755) && errno != EEXIST) {
		static int said; /* once a sweep: each point would say the same */

		if (!said++)
			fprintf(stderr,
				"nfsweep %s: --hosts: no live view: mkdir %s: %s (it needs the "
				"target at the same path here)\n",
				pc->s->cmd, dir, strerror(errno));
		return 0;
	}
	for (size_t i = 0; i < pi->njobs; i++)
		sets += pi->per_set[i];
	snprintf(pc->pv->live, sizeof(pc->pv->live), "%s", stem);
	point_live_begin(&ph->live, stem, &o->hosts, point_numjobs(o, pc->p) * (sets ? sets : 1));
	ph->live_on = 1;
	return 0;
}

static int hosts_begin(struct point_ctx *pc)
{
	struct point_hosts *ph;
	const char *base;
	char dir[PATH_MAX], stem[PATH_MAX + 300];
	int fd;

	/*
	 * fio's client brings back no files: on hosts the op-mix engines' statistics go to
	 * /dev/null (fio refuses an empty ops_stats= or rpc_stats=, and would drop the job)
	 */
	snprintf(pc->pv->ops_stats, sizeof(pc->pv->ops_stats), "/dev/null");
	pc->state = ph = calloc(1, sizeof(struct point_hosts));
	if (!ph)
		return -ENOMEM;
	live_begin(pc, ph);
	if (!pc->s->o->steady)
		return 0;
	/* absolute: fio's client runs in the point's directory (hosts_command) */
	base = path_absolute(pc->base, dir, sizeof(dir));
	if (!base || snprintf(ph->trigger, sizeof(ph->trigger), "%s.trigger", base) >=
			     (int)sizeof(ph->trigger)) {
		fprintf(stderr, "nfsweep %s: --steady with --hosts: %s: path too long\n",
			pc->s->cmd, pc->base);
		return -ENAMETOOLONG;
	}
	snprintf(ph->cwd, sizeof(ph->cwd), "%s", pc->s->fio_dir);
	unlink(ph->trigger);
	/* made empty here before fio starts: the hosts append to it, this machine looks at it */
	point_mountstats_snapshot_paths(pc->p->target->path, point_name(pc), dir, sizeof(dir), stem,
					sizeof(stem));
	if (snprintf(ph->ended, sizeof(ph->ended), "%s.ended", stem) >= (int)sizeof(ph->ended)) {
		fprintf(stderr, "nfsweep %s: --steady with --hosts: %s: path too long\n",
			pc->s->cmd, stem);
		return -ENAMETOOLONG;
	}
	mkdir(dir, 0755);
	fd = open(ph->ended, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "nfsweep %s: --steady with --hosts: open %s: %s\n", pc->s->cmd,
			ph->ended, strerror(errno));
		return -errno;
	}
	close(fd);
	return 0;
}

/*
 * Each section ends with exec_prerun and exec_postrun, so that every
 * host's jobs snapshot their own mountstats at their start and end into
 * the target (point_mountstats.h). fio's client carries no files back: the shared
 * target does. fio runs each through system(), so the line is shell text:
 * a fixed command whose one piece of data, the target, is carried as
 * printf %b escapes (sink_printf_b), which neither fio's parser nor the
 * shell gives a meaning to; the point's name is a label's characters. fio
 * appends "> JOB.prerun.txt 2>&1" in the server's working directory: after
 * "|| exit" that redirection applies to the exit alone, so a snapshot that
 * worked leaves no file there. The host's name is read, not run (hostname(1)), and no second
 * shell: each process is one more per host, job and point, and one costs the lab's user-mode
 * guest 0.08 s of CPU. 0, or -ENAMETOOLONG.
 */
static int snapshot_lines(FILE *out, const struct point_ctx *pc)
{
	const struct point_hosts *ph = pc->state;
	const char *point = point_name(pc);
	char enc[POINT_SNAPSHOT_ENC_MAX], tail[1200] = "";

	if (pc->p->target->url) /* no mount, no kernel client to count: the engine sends it all */
		return 0;
	/* the live records' stem, from the environment (a path checked for fio's values) */
	if (ph && ph->live_on)
		fprintf(out, "live=${NFSWEEP_LIVE}\n");
	if (sink_printf_b(pc->p->target->path, enc, sizeof(enc)))
		return -ENAMETOOLONG;
	/*
	 * --steady: the end of a host's jobs is also a line of POINT.ended (hosts_begin), only
	 * while it exists: a host's last job may end after nfsweep removed it
	 */
	if (pc->s->o->steady)
		snprintf(tail, sizeof(tail),
			 " && { [ ! -e \"$d/%s.ended\" ] || echo \"$h\" >> \"$d/%s.ended\"; }",
			 point, point);
	for (int k = 0; k < 2; k++)
		fprintf(out,
			"exec_%s=d=\"$(printf %%b \"%s\")/%s\" && "
			"read -r h < /proc/sys/kernel/hostname && mkdir -p \"$d\" && "
			"cat /proc/self/mountstats > \"$d/%s.$h.%s\"%s || exit\n",
			k ? "postrun" : "prerun", enc, POINT_MOUNTSTATS_DIR, point,
			k ? "after" : "before", k ? tail : "");
	return 0;
}

/*
 * fio's client sends the job file's text, and each server would look for
 * an include on its own disk: the include file's lines (profiles_dir/NAME,
 * or an absolute path) go into the copy. 0, or -errno.
 */
static int include_inline(FILE *out, const char *name, const struct point_ctx *pc)
{
	char path[PATH_MAX], line[1024];
	size_t n = strcspn(name, " \t\r\n");
	FILE *in;
	int ret;

	snprintf(path, sizeof(path), "%s%s%.*s", name[0] == '/' ? "" : pc->s->o->profiles_dir,
		 name[0] == '/' ? "" : "/", (int)n, name);
	in = fopen(path, "r");
	if (!in)
		return -errno;
	fprintf(out, "; include %.*s, inlined: fio's server reads includes from its own disk\n",
		(int)n, name);
	while (fgets(line, sizeof(line), in))
		fputs(line, out);
	ret = ferror(in) ? -EIO : 0;
	fclose(in);
	return ret;
}

/* Always a copy: includes inlined, the snapshots at the end of every section. */
static int hosts_jobfile(const struct point_ctx *pc, char *path, size_t len)
{
	static const struct jobfile_copy how = {
		.what = "the --fio-opt options and the hosts' mountstats snapshots end every section",
		.section_end = snapshot_lines,
		.include = include_inline,
	};

	return point_jobfile_copy(pc, &how, path, len);
}

static double mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The live view, once a second: each host's rate and their sum on a line of its own, under the
 * point's line (shown again first, over fio's status line, which gives way to it).
 */
static void live_tick(struct point_ctx *pc, struct point_hosts *ph)
{
	char line[2048];

	if (!point_live_tick(&ph->live, mono_s(), pc->pi->bs >= RT_THROUGHPUT_BS, pc->pi->op_mix,
			     line, sizeof(line)))
		return;
	if (!ph->live_shown++)
		fprintf(stderr, "\r\033[K%s\n", pc->s->line);
	fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

/* fio's status line, until the live view shows each host's */
static void live_status(void *ctx, const char *line)
{
	struct point_ctx *pc = ctx;
	struct point_hosts *ph = pc->state;

	if (!ph->live_shown && ph->fio_status)
		ph->fio_status(ph->fio_status_ctx, line);
}

/*
 * --steady, while fio runs: five times a second, whether a host's jobs have ended (a line in
 * POINT.ended: open() asks the NFS server, by close-to-open, and sees the hosts' appends);
 * the first time, fio's trigger file, once.
 */
static void steady_tick(struct point_hosts *ph)
{
	double now = mono_s();
	struct stat st;
	int fd;

	if (ph->pulled || now < ph->next_look)
		return;
	ph->next_look = now + 0.2;
	fd = open(ph->ended, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (!fstat(fd, &st) && st.st_size > 0) {
		int t = open(ph->trigger, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

		ph->pulled = 1;
		if (t >= 0)
			close(t);
	}
	close(fd);
}

static void hosts_tick(void *ctx)
{
	struct point_ctx *pc = ctx;
	struct point_hosts *ph = pc->state;

	if (pc->s->o->steady)
		steady_tick(ph);
	if (ph->live_on)
		live_tick(pc, ph);
}

/*
 * fio's client, the hosts' histograms (json+) to merge, no per-second logs; with --steady
 * its --trigger-file, and its working directory the point's fio directory: on the trigger
 * it saves each server's verify state ("HOST-JOB-N-verify.state") there, removed after.
 */
static void hosts_command(struct point_ctx *pc, struct fio_cmd *cmd)
{
	struct point_hosts *ph = pc->state;

	cmd->format = "json+";
	cmd->client = pc->s->hosts_file;
	if (ph->live_on) {
		ph->fio_status = cmd->status;
		ph->fio_status_ctx = cmd->status_ctx;
		cmd->status = live_status;
		cmd->status_ctx = pc;
		cmd->tick = hosts_tick;
		cmd->tick_ctx = pc;
	}
	if (!pc->s->o->steady)
		return;
	snprintf(ph->trigger_arg, sizeof(ph->trigger_arg), "--trigger-file=%s", ph->trigger);
	ph->args[0] = ph->trigger_arg;
	cmd->args = ph->args;
	cmd->nargs = 1;
	cmd->cwd = ph->cwd;
	cmd->tick = hosts_tick;
	cmd->tick_ctx = pc;
}

/*
 * --steady: the hosts' steady states into the point's (steady_hosts); a host that did not
 * run what was asked fails the point (@mode_err).
 */
static void hosts_steady(struct point_ctx *pc, struct point_hosts *ph, char *mode_err, size_t mlen)
{
	const struct host_list *l = &pc->s->o->hosts;
	const char *names[MAX_HOSTS];
	struct steady_result ss[MAX_HOSTS];
	char note[400] = "", err[400] = "";

	for (size_t i = 0; i < l->n; i++) {
		names[i] = l->h[i].spec;
		ss[i] = ph->res[i].ss;
	}
	if (steady_hosts(ss, names, l->n, &pc->s->o->steady_spec, pc->s->o->steady_window,
			 &pc->res->ss, note, sizeof(note), err, sizeof(err))) {
		if (!mode_err[0])
			snprintf(mode_err, mlen, "--steady: %s", err);
		return;
	}
	if (note[0])
		fprintf(stderr, "\nnfsweep %s: --steady: %s\n", pc->s->cmd, note);
}

static void hosts_read(struct point_ctx *pc, const struct fio_outcome *out, int *parsed,
		       char *json_err, size_t jlen, char *mode_err, size_t mlen)
{
	struct point_hosts *ph = pc->state;

	*parsed = !point_hosts_read(pc->s, pc->json, ph, pc->res, json_err, jlen, mode_err, mlen) &&
		  !out->timed_out;
	if (*parsed && pc->s->o->steady)
		hosts_steady(pc, ph, mode_err, mlen);
}

/* Each host's RPC rows (and their start times), then its row of FILE.hosts.csv. */
static int hosts_record(struct point_ctx *pc, int parsed)
{
	struct point_hosts *ph = pc->state;
	int ret = 0;

	(void)parsed;
	if (!pc->p->target->url) /* an nfs:// target's hosts took no snapshots */
		ret = point_mountstats_record_hosts(pc->s, pc->r, strrchr(pc->base, '/') + 1,
						    ph->start_s);
	if (!ret && ph->parsed)
		ret = point_hosts_record(pc->s, pc->r, ph);
	if (!ret && ph->parsed) /* every host's histogram, merged: their counts add */
		ret = point_lat_record(pc->s, pc->r, pc->json);
	return ret;
}

/* --steady: the ended file, a trigger fio did not take, and the verify states fio saved. */
static void steady_clean(const struct point_hosts *ph)
{
	static const char suffix[] = "-verify.state";
	struct dirent *e;
	DIR *d;

	unlink(ph->ended);
	unlink(ph->trigger);
	d = opendir(ph->cwd);
	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n > sizeof(suffix) - 1 && !strcmp(e->d_name + n - (sizeof(suffix) - 1), suffix))
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
}

static void hosts_end(struct point_ctx *pc)
{
	struct point_hosts *ph = pc->state;

	if (ph && pc->s->o->steady)
		steady_clean(ph);
	if (ph && ph->live_on)
		point_live_end(&ph->live);
	free(pc->state);
	pc->state = NULL;
}

const struct point_mode point_mode_hosts = {
	.name = "hosts",
	.hosts = hosts_hosts,
	.begin = hosts_begin,
	.jobfile = hosts_jobfile,
	.command = hosts_command,
	.read = hosts_read,
	.record = hosts_record,
	.end = hosts_end,
};
