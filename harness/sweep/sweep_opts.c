// SPDX-License-Identifier: GPL-2.0
/*
 * The options of run, plan and curve (see sweep_opts.h): each described
 * once, listed by the commands that take it.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nfsweep-profiles.h"
#include "results/reference.h"
#include "sweep/sweep_opts.h"
#include "sweep/point_mountstats.h"
#include "util/paths.h"
#include "util/sink.h"

#define FIELD(f) offsetof(struct sweep_opts, f)

static int parse_profiles(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;
	char *tok, *save;

	free(o->profile_list);
	o->nprofiles = 0;
	o->profile_list = strdup(arg);
	if (!o->profile_list) {
		snprintf(err, len, "--profile: %s", strerror(ENOMEM));
		return -1;
	}
	for (tok = strtok_r(o->profile_list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!label_valid(tok, strlen(tok))) {
			snprintf(err, len,
				 "--profile '%s': a profile's name is letters, digits, '_', "
				 "'.' and '-', and begins with a letter, a digit or '_'",
				 tok);
			return -1;
		}
		if (o->nprofiles == MAX_PROFILES) {
			snprintf(err, len, "--profile: at most %d profiles", MAX_PROFILES);
			return -1;
		}
		o->profiles[o->nprofiles++] = tok;
	}
	if (!o->nprofiles) {
		snprintf(err, len, "--profile '%s': no profile named", arg);
		return -1;
	}
	return 0;
}

static int parse_mix(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;

	o->mix = arg;
	return plan_parse_mix(arg, o->pcts, &o->npcts, err, len);
}

/*
 * A depth list, "1,4,16,64" or one value, each within [1, @max], none twice, at most
 * SWEEP_MAX_DEPTH_VALUES: into @vals and @n, 0; or -1 with @err naming @opt.
 */
static int parse_depth_list(const char *opt, const char *arg, long max, int *vals, size_t *n,
			    char *err, size_t len)
{
	const char *p = arg;
	char *end;

	*n = 0;
	do {
		long v;

		errno = 0;
		v = strtol(p, &end, 10);
		if (end == p || errno || v < 1 || v > max || (*end && *end != ',')) {
			snprintf(err, len,
				 "--%s '%s': a whole number from 1 to %ld, or a list of them "
				 "(1,4,16)",
				 opt, arg, max);
			return -1;
		}
		for (size_t i = 0; i < *n; i++)
			if (vals[i] == v) {
				snprintf(err, len, "--%s '%s': %ld is listed twice", opt, arg, v);
				return -1;
			}
		if (*n == SWEEP_MAX_DEPTH_VALUES) {
			snprintf(err, len, "--%s '%s': at most %d values", opt, arg,
				 SWEEP_MAX_DEPTH_VALUES);
			return -1;
		}
		vals[(*n)++] = (int)v;
		p = *end ? end + 1 : end;
	} while (*end); /* a comma: a value after it ("4," is refused) */
	return 0;
}

static int parse_numjobs(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;

	if (parse_depth_list("numjobs", arg, 4096, o->numjobs_list, &o->nnumjobs, err, len))
		return -1;
	o->numjobs = o->numjobs_list[0];
	return 0;
}

static int parse_iodepth(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;

	if (parse_depth_list("iodepth", arg, 65536, o->iodepth_list, &o->niodepth, err, len))
		return -1;
	o->iodepth = o->iodepth_list[0];
	return 0;
}

static int parse_target(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;

	if (o->ntargets == MAX_TARGETS) {
		snprintf(err, len, "--%s: at most %d targets and mounts", "target", MAX_TARGETS);
		return -1;
	}
	if (plan_parse_target(arg, &o->targets[o->ntargets], err, len))
		return -1;
	o->ntargets++;
	return 0;
}

static int parse_mount(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;
	struct target *t = &o->targets[o->ntargets];

	if (o->ntargets == MAX_TARGETS) {
		snprintf(err, len, "--%s: at most %d targets and mounts", "mount", MAX_TARGETS);
		return -1;
	}
	if (mount_spec_parse(arg, &o->mounts[o->nmounts], err, len))
		return -1;
	_Static_assert(sizeof(t->label) == sizeof(o->mounts[0].label),
		       "a mount's label is its target's label");
	memcpy(t->label, o->mounts[o->nmounts].label, sizeof(t->label));
	t->path[0] = '\0'; /* under --mount-dir: sweep_opts_finish() */
	t->mount = (int)o->nmounts++;
	o->ntargets++;
	return 0;
}

/*
 * fio options nfsweep sets itself, from its own options or for its own
 * use: given with --fio-opt they would contradict the row that records
 * the point, or break the harness.
 */
/* clang-format off */
static const struct { const char *key, *use; } fio_own[] = {
	{ "ioengine", "--engine" }, { "runtime", "--runtime" }, { "ramp_time", "--ramp" },
	{ "numjobs", "--numjobs" }, { "iodepth", "--iodepth" }, { "size", "--size" },
	{ "direct", "--direct" }, { "buffered", "--direct" }, { "rwmixread", "--mix" },
	{ "rwmixwrite", "--mix" }, { "directory", "--target" }, { "filename", "--target" },
	{ "iodepth_batch_submit", "--batch-submit" }, { "iodepth_batch", "--batch-submit" },
	{ "iodepth_batch_complete_min", "--batch-complete-min" },
	{ "rate_iops", "nfsweep curve" }, { "rate_process", "nfsweep curve --poisson" },
	{ "group_reporting", "nothing: the rows are per group" }, { "output", "nothing" },
	{ "output-format", "nothing" }, { "write_bw_log", "nothing: nfsweep logs each point" },
	{ "write_iops_log", "nothing: nfsweep logs each point" },
	{ "log_avg_msec", "nothing: nfsweep logs each point" }, { "client", "nothing" },
	{ "steadystate", "--steady-criterion" }, { "ss", "--steady-criterion" },
	{ "steadystate_duration", "--steady-window" }, { "ss_dur", "--steady-window" },
	{ "steadystate_ramp_time", "--ramp (--steady)" }, { "ss_ramp", "--ramp (--steady)" },
};
/* clang-format on */

static int parse_fio_opt(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;
	size_t klen = strcspn(arg, "=");

	if (o->nfio_opts == MAX_FIO_OPTS) {
		snprintf(err, len, "--fio-opt: at most %d", MAX_FIO_OPTS);
		return -1;
	}
	if (!klen || strspn(arg, "abcdefghijklmnopqrstuvwxyz0123456789_-") != klen ||
	    strpbrk(arg, "\n\r")) {
		snprintf(err, len,
			 "--fio-opt '%s': expected KEY=VALUE (or KEY), as in a fio job "
			 "file, e.g. --fio-opt norandommap=1",
			 arg);
		return -1;
	}
	if (sink_fio_value("--fio-opt", arg, err, len))
		return -1;
	for (size_t i = 0; i < sizeof(fio_own) / sizeof(fio_own[0]); i++)
		if (strlen(fio_own[i].key) == klen && !strncmp(arg, fio_own[i].key, klen)) {
			snprintf(err, len, "--fio-opt '%s': nfsweep sets %s itself; use %s", arg,
				 fio_own[i].key, fio_own[i].use);
			return -1;
		}
	o->fio_opts[o->nfio_opts++] = arg;
	return 0;
}

static int parse_order(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;

	if (!strcmp(arg, "interleaved"))
		o->order = PLAN_INTERLEAVED;
	else if (!strcmp(arg, "by-target"))
		o->order = PLAN_BY_TARGET;
	else {
		snprintf(err, len, "--order '%s': expected interleaved or by-target", arg);
		return -1;
	}
	return 0;
}

static int parse_hosts(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;

	return hosts_parse(&o->hosts, arg, err, len);
}

static int parse_stop_rt(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;
	char *end;

	o->stop_rt_ms = strtod(arg, &end);
	if (end == arg || *end || !(o->stop_rt_ms > 0)) {
		snprintf(err, len, "--stop-rt-ms '%s': expected a time in ms > 0", arg);
		return -1;
	}
	return 0;
}

static int parse_steady_criterion(void *dst, const char *arg, char *err, size_t len)
{
	struct sweep_opts *o = dst;
	char why[256];

	if (steady_parse(arg, &o->steady_spec, why, sizeof(why))) {
		snprintf(err, len, "--steady-criterion %s", why);
		return -1;
	}
	o->steady_spec_given = 1;
	return 0;
}

/* clang-format off */
static const struct opt
o_profile = { .name = "profile", .arg = "LIST", .type = OPT_CALL, .parse = parse_profiles,
	.help = "profiles to run, e.g. seq64k,rand4k (profiles/NAME.fio)",
	.more = "seq64k is 64 KiB sequential I/O and rand4k 4 KiB random I/O, each read % of "
		"the mix in turn; sfs2008 and eda are op-mix profiles (nfsweep-ops), and "
		"sfs2008-wire SPECsfs2008's mix as RPCs on the wire (nfsweep-rpc, an nfs:// "
		"target). The names "
		"offered are the profiles that ship; --profiles DIR may hold others.",
	.values = NFSWEEP_PROFILES, .complete = OPT_COMPLETE_WORDS, .example = "seq64k",
	.required = 1 },
o_profile_one = { .name = "profile", .arg = "NAME", .type = OPT_CALL, .parse = parse_profiles,
	.help = "the profile of the curve, e.g. rand4k (profiles/NAME.fio)",
	.values = NFSWEEP_PROFILES, .complete = OPT_COMPLETE_WORDS, .example = "rand4k",
	.required = 1 },
o_mix = { .name = "mix", .arg = "SPEC", .type = OPT_CALL, .parse = parse_mix,
	.help = "read % list: FROM:TO:STEP, a list 100,70,0, or one value",
	.more = "Default: 100:0:10, and for an op-mix profile (sfs2008, eda) the read share of "
		"its published mix. With an op-mix profile it is the share of read-class "
		"operations: the mix's operations of each class keep their proportions.",
	.example = "100,0" },
o_mix_one = { .name = "mix", .arg = "PCT", .type = OPT_CALL, .parse = parse_mix,
	.help = "the read % of the curve, e.g. 70",
	.more = "Required, but for an op-mix profile, whose published mix gives it.",
	.example = "70" },
o_target = { .name = "target", .arg = "label=path", .type = OPT_CALL, .parse = parse_target,
	.help = "a directory to run in", .more = "Give at least one --target or --mount. "
		"A profile whose engine speaks NFS itself (sfs2008-wire: nfsweep-rpc) takes "
		"label=nfs://SERVER/EXPORT instead: no mount, the export as the server has it.",
	.example = "nc1=/mnt/nc1", .repeat = 1 },
o_target_one = { .name = "target", .arg = "label=path", .type = OPT_CALL, .parse = parse_target,
	.help = "the directory to run in", .more = "label=nfs://SERVER/EXPORT for a profile whose "
		"engine speaks NFS itself (sfs2008-wire).", .example = "nc8=/mnt/nc8",
	.required = 1 },
o_mount = { .name = "mount", .arg = "label=server:/export:options", .type = OPT_CALL,
	.parse = parse_mount,
	.help = "a mount variant, mounted for its points and verified (root)",
	.more = "For example nc8=10.0.0.4:/vol:vers=3,nconnect=8,rsize=262144,wsize=262144. "
		"Before mounting, it is refused while any NFS mount of the same server address "
		"exists: the kernel would share that mount's NFS client and its nconnect. An "
		"NFSv4 variant is mounted under a hostname of its own, so that trunking cannot "
		"merge it with another client. After mounting, the transports counted in "
		"mountstats and the vers, rsize, wsize and proto the kernel granted are checked "
		"against what was asked. A variant that is not as asked is unmounted, and its "
		"points become setup_error rows that name what was asked and what was found: it "
		"is never measured under its label. The variant's points run together, and it is "
		"unmounted after the last of them.",
	.example = "nc8=10.0.0.4:/vol:vers=3,nconnect=8", .repeat = 1 },
o_mount_dir = { .name = "mount-dir", .arg = "DIR", .type = OPT_STR, .off = FIELD(mount_dir),
	.def = "/run/nfsweep", .help = "where managed mounts go", .complete = OPT_COMPLETE_DIR,
	.example = "/run/nfsweep" },
o_out = { .name = "out", .arg = "FILE.csv", .type = OPT_STR, .off = FIELD(out),
	.help = "results file, one row appended and fsync'd per point",
	.more = "It is never overwritten: an existing file needs --resume.",
	.complete = OPT_COMPLETE_FILE, .example = "results/x/sweep.csv", .required = 1 },
o_out_plan = { .name = "out", .arg = "FILE.csv", .type = OPT_STR, .off = FIELD(out),
	.help = "the results file run would write (plan runs nothing, writes nothing)",
	.complete = OPT_COMPLETE_FILE, .example = "results/x/sweep.csv" },
o_runtime = { .name = "runtime", .arg = "S", .type = OPT_INT, .off = FIELD(runtime),
	.min = 1, .max = INT_MAX, .def = "60", .help = "measured seconds per point",
	.example = "5" },
o_ramp = { .name = "ramp", .arg = "S", .type = OPT_INT, .off = FIELD(ramp), .min = 0,
	.max = INT_MAX, .def = "10", .help = "seconds of ramp before measuring", .example = "1" },
o_repeat = { .name = "repeat", .arg = "N", .type = OPT_INT, .off = FIELD(repeat), .min = 1,
	.max = 1000, .def = "1", .help = "run each point N times", .example = "3" },
o_headline_repeat = { .name = "headline-repeat", .arg = "N", .type = OPT_INT,
	.off = FIELD(headline_repeat), .min = 1, .max = 1000,
	.help = "run the published comparison's points N times (the rest --repeat times)",
	.more = "The headline points are the ones the nconnect comparison states, which the "
		"profiles declare (headline=: seq64k's and rand4k's 100 % and 0 % read), each "
		"repeat with every target in turn: with 2 or more a side, compare judges each "
		"headline ratio by its repeats and says whether it agrees with the published "
		"gain. Profiles without headline points are not affected.",
	.example = "3" },
o_timeout = { .name = "timeout", .arg = "S", .type = OPT_INT, .off = FIELD(timeout), .min = 1,
	.max = INT_MAX, .help = "kill fio after S seconds (default: ramp + runtime + 120)",
	.more = "fio gets SIGTERM, then SIGKILL 10 s later; the point is a timeout row.",
	.example = "300" },
o_engine = { .name = "engine", .arg = "NAME", .type = OPT_STR, .off = FIELD(engine),
	.def = "nfsweep-uring",
	.help = "nfsweep-uring, nfsweep-aio, or a fio built-in (libaio, io_uring, psync)",
	.more = "nfsweep's engines run from --engine-dir.",
	.values = "nfsweep-uring nfsweep-aio libaio io_uring psync",
	.complete = OPT_COMPLETE_WORDS, .example = "nfsweep-aio" },
o_numjobs = { .name = "numjobs", .arg = "N|LIST", .type = OPT_CALL, .parse = parse_numjobs,
	.def = "4", .help = "fio numjobs; a list (1,4) makes a depth sweep",
	.more = "With a list of --numjobs or --iodepth values, every point runs at each numjobs x "
		"iodepth (numjobs the outer), interleaved with the read shares: the queue-depth "
		"curve. Each row records its own numjobs and iodepth, and every reader (summary, "
		"compare, plot, the report) takes each depth as a point of its own.",
	.example = "1,4" },
o_iodepth = { .name = "iodepth", .arg = "N|LIST", .type = OPT_CALL, .parse = parse_iodepth,
	.def = "32", .help = "fio iodepth per job; a list (1,4,16,64) makes a depth sweep",
	.example = "1,8" },
o_published_depth = { .name = "published-depth", .type = OPT_FLAG, .off = FIELD(published_depth),
	.help = "add the published method's depth (4 jobs x 128) to the depth sweep",
	.more = "The vendor's fio settings of such tests run 4 jobs at iodepth 128 (512 I/Os in "
		"flight). With this, that depth is one more point of the depth sweep (with no "
		"--numjobs or --iodepth list, beside the one depth asked), and summary and the "
		"report set its figure beside the knee: whether the client needs the published "
		"concurrency to get there." },
o_numjobs_one = { .name = "numjobs", .arg = "N", .type = OPT_INT, .off = FIELD(numjobs), .min = 1,
	.max = 4096, .def = "4", .help = "fio numjobs", .example = "2" },
o_iodepth_one = { .name = "iodepth", .arg = "N", .type = OPT_INT, .off = FIELD(iodepth), .min = 1,
	.max = 65536, .def = "32", .help = "fio iodepth per job", .example = "8" },
o_size = { .name = "size", .arg = "SIZE", .type = OPT_STR, .off = FIELD(size), .def = "1g",
	.help = "working set per job, fio size syntax", .example = "64m" },
o_batch_submit = { .name = "batch-submit", .arg = "N", .type = OPT_INT,
	.off = FIELD(batch_submit), .min = 1, .max = 65536, .def = "1",
	.help = "fio iodepth_batch_submit", .example = "8" },
o_batch_complete = { .name = "batch-complete-min", .arg = "N", .type = OPT_INT,
	.off = FIELD(batch_complete_min), .min = 0, .max = 65536, .def = "1",
	.help = "fio iodepth_batch_complete_min", .example = "0" },
o_direct = { .name = "direct", .arg = "0|1", .type = OPT_INT, .off = FIELD(direct), .min = 0,
	.max = 1, .def = "1", .help = "O_DIRECT", .values = "0 1",
	.complete = OPT_COMPLETE_WORDS, .example = "0" },
o_note = { .name = "note", .arg = "TEXT", .type = OPT_STR, .off = FIELD(note), .def = "",
	.help = "recorded in every row (e.g. 'lab uml percap 500mbit')", .example = "a note" },
o_order = { .name = "order", .arg = "ORDER", .type = OPT_CALL, .parse = parse_order,
	.def = "interleaved",
	.help = "interleaved: every target at a point before the next point; by-target: one "
		"target's points after another's",
	.more = "Interleaving makes drift in shared storage (another tenant, a cache warming "
		"up, a throttle) weigh on every target alike instead of passing for a difference "
		"between them. Managed mounts (--mount) always run by target: each variant is "
		"mounted once for its points, unmounted after.",
	.values = "interleaved by-target", .complete = OPT_COMPLETE_WORDS,
	.example = "by-target" },
o_shared_target = { .name = "shared-target", .type = OPT_FLAG, .off = FIELD(shared_target),
	.help = "measure a target even while another nfsweep measures it (said in every row's note)",
	.more = "Without it, a sweep is refused (exit 4) while another nfsweep process measures "
		"the same NFS server, or the same local mount (whatever path names it): each would "
		"measure the other's load." },
o_resume = { .name = "resume", .type = OPT_FLAG, .off = FIELD(resume),
	.help = "skip points that already have an ok row in --out",
	.more = "A last row cut short by a crash is dropped first." },
o_no_report = { .name = "no-report", .type = OPT_FLAG, .off = FIELD(no_report),
	.help = "write no FILE.html at the end (nfsweep report FILE.csv writes it later)",
	.more = "The page is written beside --out as the command ends, interrupted or not, "
		"with the charts it shows (gnuplot); a wrapper that reports itself, as make sweep "
		"does for the lab's runs, passes this." },
o_stop_on_error = { .name = "stop-on-error", .type = OPT_FLAG, .off = FIELD(stop_on_error),
	.help = "stop at the first failing point (default: record it, go on)" },
o_nfs = { .name = "nfs", .type = OPT_FLAG, .off = FIELD(require_nfs),
	.help = "every --target must be an NFS mount with statistics (refused if not)",
	.more = "Otherwise nothing runs (exit 2 for a target that is not NFS, 3 when the "
		"statistics cannot be read). Without it a local directory is measured too, "
		"with the RPC columns left empty." },
o_mountstats = { .name = "mountstats", .arg = "FILE", .type = OPT_STR, .off = FIELD(mountstats),
	.def = "/proc/self/mountstats",
	.help = "where NFS statistics are read (another mount namespace: /proc/PID/mountstats)",
	.complete = OPT_COMPLETE_FILE, .example = "/proc/self/mountstats" },
o_profiles = { .name = "profiles", .arg = "DIR", .type = OPT_STR, .off = FIELD(profiles_dir),
	.help = "where profiles live (default: the source tree's, else the installed ones)",
	.complete = OPT_COMPLETE_DIR, .example = "profiles" },
o_engine_dir = { .name = "engine-dir", .arg = "DIR", .type = OPT_STR, .off = FIELD(engine_dir),
	.help = "where nfsweep-*.so live (default: the build tree's, else the installed ones)",
	.complete = OPT_COMPLETE_DIR, .example = "build/engines" },
o_fio = { .name = "fio", .arg = "PATH", .type = OPT_STR, .off = FIELD(fio), .def = "fio",
	.help = "the fio to run", .complete = OPT_COMPLETE_FILE, .example = "/usr/bin/fio" },
o_fio_opt = { .name = "fio-opt", .arg = "KEY=VALUE", .type = OPT_CALL, .parse = parse_fio_opt,
	.help = "a fio option for every job, as in a job file (recorded in the rows)",
	.more = "For example --fio-opt norandommap=1, or an engine's own: --fio-opt "
		"uring_sqpoll=1. It goes into a copy of the profile, kept beside the point's "
		"JSON, at the end of every section, so that it wins over the profile's own "
		"setting. Options nfsweep sets from its own options are refused, naming the one "
		"to use.",
	.example = "norandommap=1", .repeat = 1 },
o_hosts = { .name = "hosts", .arg = "H1,H2,..|@FILE", .type = OPT_CALL, .parse = parse_hosts,
	.help = "run every point on each of these hosts at once (fio --server on each; host[:port])",
	.more = "Each host runs `fio --server` (port 8765 unless given) and has the target's "
		"directory, the profiles' engines at the same paths as here (--engine-dir; "
		"`make install` on each host, or a shared path) and the same fio version. One "
		"`fio --client` runs each point on all of them. Before the first point each host "
		"must accept a connection within 3 s and run a probe job of the engine in every "
		"target directory; a host that does not is named and nothing runs (exit 5). The "
		"row's figures are the sum over the hosts, its latency percentiles those of the "
		"merged histograms; FILE.hosts.csv has each host's. A host that fails, or is "
		"missing from fio's report, fails the point, naming it. On a terminal, with "
		"nfsweep's engines, a line a second shows the sum and each host's rate while a "
		"point runs, a host behind the others marked (the engines' live records, on the "
		"target). @FILE: the hosts, "
		"separated by commas, spaces or lines ('#' comments). Not with --mount.",
	.complete = OPT_COMPLETE_FILE, .example = "127.0.1.1,127.0.1.2:8766", .repeat = 1 },
o_points = { .name = "points", .arg = "N", .type = OPT_INT, .off = FIELD(points), .min = 2,
	.max = 100, .def = "10", .help = "load points, at 1/N, 2/N, .. N/N of the peak",
	.example = "4" },
o_stop_rt = { .name = "stop-rt-ms", .arg = "MS", .type = OPT_CALL, .parse = parse_stop_rt,
	.help = "stop when a point's response time passes MS", .example = "5" },
o_steady = { .name = "steady", .type = OPT_FLAG, .off = FIELD(steady),
	.help = "end each point when fio finds it steady; --runtime is the cap",
	.more = "fio's steady-state detection (steadystate=, ss_dur=): once a second fio fits "
		"a line to the last --steady-window seconds of the point's IOPS and ends the "
		"point when its slope is under --steady-criterion (" STEADY_DEFAULT " of the "
		"mean per second by default); a point that never is runs to --runtime. The "
		"window's samples begin --ramp + 2 s into the measured time. The row says "
		"whether and when (steady_attained, steady_at_s) and gives the window's own "
		"figures (steady_total_iops, steady_total_mib_s); the other figures are fio's "
		"over the point's whole measured time, as without --steady. With --hosts each "
		"host's fio judges its own jobs, and nfsweep ends every host when the first is "
		"steady (fio's --trigger-file), so that their windows cover the same seconds; "
		"the point is steady when every host was, and this machine must see the "
		"target at the same path (it learns there that a host's jobs ended)." },
o_steady_criterion = { .name = "steady-criterion", .arg = "CRIT", .type = OPT_CALL,
	.parse = parse_steady_criterion,
	.help = "with --steady: fio's criterion, iops_slope|iops|bw_slope|bw:N% ("
		STEADY_DEFAULT ")", .example = "iops_slope:0.2%" },
o_steady_window = { .name = "steady-window", .arg = "S", .type = OPT_INT,
	.off = FIELD(steady_window), .min = 5, .max = 3600,
	.def = STEADY_XSTR(STEADY_WINDOW_DEFAULT),
	.help = "with --steady: the seconds the criterion must hold over (fio's ss_dur)",
	.example = "20" },
o_poisson = { .name = "poisson", .type = OPT_FLAG, .off = FIELD(poisson),
	.help = "Poisson arrivals (fio rate_process=poisson) instead of evenly spaced ones" };
/* clang-format on */

/* What fio runs and how, shared by the three commands (run and plan: a depth may be a list). */
#define SWEEP_FIO_OPTS                                                                           \
	&o_runtime, &o_ramp, &o_timeout, &o_engine, &o_size, &o_batch_submit, &o_batch_complete, \
		&o_direct, &o_note, &o_nfs, &o_mountstats, &o_profiles, &o_engine_dir, &o_fio,   \
		&o_fio_opt, &o_shared_target, &o_steady, &o_steady_criterion, &o_steady_window

const struct opt *const sweep_run_opts[] = {
	&o_profile,	&o_mix,	    &o_target,	&o_mount,
	&o_mount_dir,	&o_out,	    &o_repeat,	&o_headline_repeat,
	&o_order,	&o_numjobs, &o_iodepth, &o_published_depth,
	SWEEP_FIO_OPTS, &o_hosts,   &o_resume,	&o_stop_on_error,
	&o_no_report,	NULL,
};

/* plan takes what run takes, so that `run` can be replaced by `plan` on any command line. */
const struct opt *const sweep_plan_opts[] = {
	&o_profile,	&o_mix,	     &o_target,	 &o_mount,
	&o_mount_dir,	&o_out_plan, &o_repeat,	 &o_headline_repeat,
	&o_order,	&o_numjobs,  &o_iodepth, &o_published_depth,
	SWEEP_FIO_OPTS, &o_hosts,    &o_resume,	 &o_stop_on_error,
	&o_no_report,	NULL,
};

/* A curve: one profile, read % and target, measured in one go (no --resume, no --repeat). */
const struct opt *const sweep_curve_opts[] = {
	&o_profile_one, &o_mix_one,	&o_target_one, &o_out,	  &o_numjobs_one,
	&o_iodepth_one, SWEEP_FIO_OPTS, &o_hosts,      &o_points, &o_stop_rt,
	&o_poisson,	&o_no_report,	NULL,
};

/*
 * fio's size syntax, as nfsweep's rows record it (fio's own parser takes
 * more, such as arithmetic, which the row could not state; a fraction it
 * cuts to its whole part, 1.5m to 1 byte): digits and a unit (k, m, g, t,
 * p, e, with an optional i and b, or b alone), or a percentage.
 */
static bool size_valid(const char *s)
{
	size_t n = strspn(s, "0123456789");

	if (!n)
		return false;
	s += n;
	if (!strcmp(s, "%") || !*s)
		return true;
	if (strchr("kmgtpeKMGTPE", *s)) {
		s++;
		if (*s == 'i' || *s == 'I')
			s++;
	}
	if (*s == 'b' || *s == 'B')
		s++;
	return !*s;
}

/*
 * The paths that reach fio's parser (the target as directory=, the results
 * directory in the log options, the engines' in ioengine=, the profiles' in
 * include lines) and the note, checked before anything runs: what their
 * sinks cannot carry is refused, naming the option (util/sink.h).
 */
static int check_sinks(const struct sweep_opts *o, char *err, size_t len)
{
	/* clang-format off */
	const struct { const char *opt, *val; } fio_paths[] = {
		{ "--out", o->out }, { "--engine-dir", o->engine_dir },
		{ "--profiles", o->profiles_dir },
		{ "--mount-dir", o->nmounts ? o->mount_dir : NULL },
	};
	/* clang-format on */
	char enc[POINT_SNAPSHOT_ENC_MAX];

	for (size_t i = 0; i < sizeof(fio_paths) / sizeof(fio_paths[0]); i++)
		if (fio_paths[i].val &&
		    sink_fio_value(fio_paths[i].opt, fio_paths[i].val, err, len))
			return -1;
	if (!size_valid(o->size)) {
		char scratch[8];
		int clean = !sink_text("", o->size, scratch, sizeof(scratch));
		const char *shown = clean ? o->size : "(not shown)";

		snprintf(err, len,
			 "--size '%s': expected a size as fio takes it: a whole number "
			 "with an optional unit (64m, 4g, 4096, 512KiB) or a share of the file "
			 "(50%%)",
			 shown);
		return -1;
	}
	/* a fio engine's name, or nfsweep-NAME, which names a file in --engine-dir */
	if (!isalpha((unsigned char)o->engine[0]) ||
	    strspn(o->engine, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			      "0123456789_-") != strlen(o->engine)) {
		snprintf(err, len,
			 "--engine: an engine's name is a letter, then letters, digits, "
			 "'_' and '-' "
			 "(nfsweep-uring, nfsweep-aio, libaio, io_uring, psync, ..)");
		return -1;
	}
	for (size_t i = 0; i < o->ntargets; i++) {
		const struct target *t = &o->targets[i];
		char opt[LABEL_MAX + 32];

		snprintf(opt, sizeof(opt), "--%s %s=", t->mount >= 0 ? "mount-dir, for" : "target",
			 t->label);
		if (sink_fio_value(opt, t->path, err, len))
			return -1;
		if (o->hosts.n && sink_printf_b(t->path, enc, sizeof(enc))) {
			snprintf(err, len,
				 "%s: with --hosts the path goes escaped into a line of the "
				 "job file, which fio reads up to 8 KiB: too long",
				 opt);
			return -1;
		}
	}
	return sink_text("--note", o->note, err, len);
}

/*
 * --steady's options together: a criterion or window without --steady is refused (it would do
 * nothing), and the window must fit in the cap after the ramp (fio's samples begin
 * steady_first_sample_s(ramp) after the ramp ends).
 */
static int steady_finish(struct sweep_opts *o, char *err, size_t len)
{
	char why[256];
	int start;

	if (!o->steady) {
		if (o->steady_spec_given || o->steady_window != STEADY_WINDOW_DEFAULT) {
			snprintf(err, len, "--%s: only with --steady",
				 o->steady_spec_given ? "steady-criterion" : "steady-window");
			return -1;
		}
		return 0;
	}
	if (!o->steady_spec_given &&
	    steady_parse(STEADY_DEFAULT, &o->steady_spec, why, sizeof(why))) {
		snprintf(err, len, "--steady: %s", why);
		return -1;
	}
	start = steady_first_sample_s(o->ramp);
	if (start + o->steady_window > o->runtime) {
		snprintf(err, len,
			 "--steady-window %d does not fit in --runtime %d: the window's samples "
			 "begin %d s into the measured time (--ramp %d + 2), so --runtime must be "
			 "at least %d",
			 o->steady_window, o->runtime, start, o->ramp, start + o->steady_window);
		return -1;
	}
	return 0;
}

/* Is (@numjobs, @iodepth) one of the depths? */
static int has_depth(const struct sweep_opts *o, int numjobs, int iodepth)
{
	for (size_t i = 0; i < o->depths.n; i++)
		if (o->depth[i].numjobs == numjobs && o->depth[i].iodepth == iodepth)
			return 1;
	return 0;
}

/*
 * The depths: --batch-submit and --batch-complete-min within the least --iodepth; with a list of
 * either, a depth sweep of every numjobs x every iodepth (curve's are single values).
 */
static int depths_finish(struct sweep_opts *o, char *err, size_t len)
{
	int least = o->iodepth;

	for (size_t i = 0; i < o->niodepth; i++)
		least = o->iodepth_list[i] < least ? o->iodepth_list[i] : least;
	if (o->batch_complete_min > least || o->batch_submit > least) {
		snprintf(err, len,
			 "--batch-submit and --batch-complete-min must not exceed "
			 "--iodepth %d",
			 least);
		return -1;
	}
	o->depths = (struct plan_depths){ o->depth, 0 };
	if (o->nnumjobs <= 1 && o->niodepth <= 1 && !o->published_depth)
		return 0;
	for (size_t j = 0; j < (o->nnumjobs ? o->nnumjobs : 1); j++)
		for (size_t i = 0; i < (o->niodepth ? o->niodepth : 1); i++)
			o->depth[o->depths.n++] = (struct plan_depth){
				.numjobs = o->nnumjobs ? o->numjobs_list[j] : o->numjobs,
				.iodepth = o->niodepth ? o->iodepth_list[i] : o->iodepth,
			};
	if (o->published_depth && !has_depth(o, REFERENCE_METHOD_NUMJOBS, REFERENCE_METHOD_IODEPTH))
		o->depth[o->depths.n++] =
			(struct plan_depth){ REFERENCE_METHOD_NUMJOBS, REFERENCE_METHOD_IODEPTH };
	if (o->depths.n == 1) /* the published depth was the one asked: no sweep */
		o->depths.n = 0;
	return 0;
}

/*
 * Are targets @a and @b one directory (or one URL)? The same text, trailing '/' aside, or on
 * this machine (no --hosts, no --mount variant) the same file by stat: a mount compared with
 * itself would show two targets where there is one.
 */
static int same_place(const struct sweep_opts *o, const struct target *a, const struct target *b)
{
	size_t la = strlen(a->path), lb = strlen(b->path);
	struct stat sa, sb;

	while (la > 1 && a->path[la - 1] == '/')
		la--;
	while (lb > 1 && b->path[lb - 1] == '/')
		lb--;
	if (la == lb && !strncmp(a->path, b->path, la))
		return 1;
	if (a->url || b->url || a->mount >= 0 || b->mount >= 0 || o->hosts.n)
		return 0;
	return !stat(a->path, &sa) && !stat(b->path, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

int sweep_opts_finish(struct sweep_opts *o, char *err, size_t len)
{
	if (!o->profiles_dir)
		o->profiles_dir = nfsweep_default_profiles_dir();
	if (!o->engine_dir)
		o->engine_dir = nfsweep_default_engine_dir();
	/* (in long long: --runtime and --ramp each go up to INT_MAX; the sum stops there) */
	if (!o->timeout)
		o->timeout = (long long)o->ramp + o->runtime + 120 > INT_MAX ?
				     INT_MAX :
				     o->ramp + o->runtime + 120;
	if (o->shared_target && !o->note_owned) {
		if (asprintf(&o->note_owned,
			     "%s%s[--shared-target: another sweep may have measured "
			     "the target at the same time]",
			     o->note, o->note[0] ? " " : "") < 0) {
			o->note_owned = NULL;
			snprintf(err, len, "%s", strerror(ENOMEM));
			return -1;
		}
		o->note = o->note_owned;
	}
	if (!o->ntargets) {
		snprintf(err, len, "--target label=path (or --mount) is required");
		return -1;
	}
	if (check_sinks(o, err, len))
		return -1;
	for (size_t i = 0; i < o->ntargets; i++) {
		struct target *t = &o->targets[i];

		if (t->mount >= 0 && snprintf(t->path, sizeof(t->path), "%s/%s", o->mount_dir,
					      t->label) >= (int)sizeof(t->path)) {
			snprintf(err, len, "--mount-dir %s: path too long", o->mount_dir);
			return -1;
		}
		for (size_t j = 0; j < i; j++) {
			if (!strcmp(t->label, o->targets[j].label)) {
				snprintf(err, len, "--target label '%s' given twice", t->label);
				return -1;
			}
			if (same_place(o, t, &o->targets[j])) {
				snprintf(err, len,
					 "--target %s=%s and --target %s=%s are one directory: it "
					 "would be compared with itself (give each target its own "
					 "mount)",
					 o->targets[j].label, o->targets[j].path, t->label,
					 t->path);
				return -1;
			}
		}
	}
	/* The hosts mount their targets themselves: nfsweep's mounts are its own machine's. */
	if (o->hosts.n && o->nmounts) {
		snprintf(err, len,
			 "--hosts with --mount: each host mounts the target itself; give "
			 "--target label=path (the path on every host)");
		return -1;
	}
	/* A managed variant is mounted once for its points. */
	if (o->nmounts)
		o->order = PLAN_BY_TARGET;
	if (steady_finish(o, err, len))
		return -1;
	return depths_finish(o, err, len);
}

void sweep_opts_free(struct sweep_opts *o)
{
	free(o->profile_list);
	free(o->note_owned);
	o->profile_list = NULL;
	o->note_owned = NULL;
	o->nprofiles = 0;
}
