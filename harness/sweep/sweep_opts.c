// SPDX-License-Identifier: GPL-2.0
/* Options of `nfsweep run` / `nfsweep plan` (see sweep_opts.h). */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paths.h"
#include "sweep_opts.h"

void sweep_usage(const char *cmd, FILE *out)
{
	fprintf(out,
"usage: nfsweep %s --profile P[,P..] --target label=path|--mount label=server:/export:opts\n"
"       [--target ..] [--mount ..] [options]%s\n"
"\n"
"Plans the points profiles x read-%% x targets x repeats%s\n"
"\n"
"  --profile LIST        profiles to run, e.g. seq64k,rand4k (profiles/<name>.fio)\n"
"  --mix SPEC            read %% list: FROM:TO:STEP, a list 100,70,0, or one value (100:0:10)\n"
"  --target label=path   a directory to run in (repeatable)\n"
"  --mount label=server:/export:options\n"
"                        a mount variant, mounted for its points and verified (root;\n"
"                        repeatable), e.g. nc8=10.0.0.4:/vol:vers=3,nconnect=8\n"
"  --mount-dir DIR       where managed mounts go (/run/nfsweep)\n"
"  --out FILE.csv        results file, one row appended and fsync'd per point\n"
"  --runtime S           measured seconds per point (60)\n"
"  --ramp S              seconds of ramp before measuring (10)\n"
"  --repeat N            run each point N times (1)\n"
"  --timeout S           kill fio after S seconds (ramp + runtime + 120)\n"
"  --engine NAME         nfsweep-uring (default), nfsweep-aio, or a fio built-in (libaio, io_uring, psync)\n"
"  --numjobs N           fio numjobs (4)\n"
"  --iodepth N           fio iodepth per job (32)\n"
"  --size SIZE           working set per job, fio size syntax (1g)\n"
"  --batch-submit N      fio iodepth_batch_submit (1)\n"
"  --batch-complete-min N fio iodepth_batch_complete_min (1)\n"
"  --direct 0|1          O_DIRECT (1)\n"
"  --note TEXT           recorded in every row (e.g. 'lab uml percap 500mbit')\n"
"  --resume              skip points that already have an ok row in --out\n"
"  --stop-on-error       stop at the first failing point (default: record it, go on)\n"
"  --nfs                 every --target must be an NFS mount with statistics (refused if not)\n"
"  --mountstats FILE     where NFS statistics are read (/proc/self/mountstats; another\n"
"                        mount namespace: /proc/PID/mountstats)\n"
"  --profiles DIR        where profiles live (%s)\n"
"  --engine-dir DIR      where nfsweep-*.so live (%s)\n"
"  --fio PATH            the fio to run (fio)\n"
"\n"
"exit status: 0 every point ok, 1 some point failed, 2 usage error,\n"
"             3 setup error (fio or an engine missing, results file not writable,\n"
"             mountstats unreadable), 130/143 interrupted\n",
		cmd, strcmp(cmd, "run") ? "" : " --out FILE.csv",
		strcmp(cmd, "run") ? " and prints them; runs nothing." :
		" and runs them one by one with fio, writing one CSV row per point.",
		nfsweep_default_profiles_dir(), nfsweep_default_engine_dir());
}

static int to_int(const char *opt, const char *s, int min, int *v)
{
	char *end;
	long x;

	errno = 0;
	x = strtol(s, &end, 10);
	if (errno || end == s || *end || x < min || x > INT_MAX) {
		fprintf(stderr, "nfsweep: --%s '%s': expected a whole number >= %d\n", opt, s, min);
		return -1;
	}
	*v = (int)x;
	return 0;
}

static int parse_opts(const char *cmd, int argc, char **argv, struct sweep_opts *o)
{
	static const struct option longopts[] = {
		{ "profile", required_argument, NULL, 'p' },
		{ "mix", required_argument, NULL, 'm' },
		{ "target", required_argument, NULL, 't' },
		{ "mount", required_argument, NULL, 'M' },
		{ "mount-dir", required_argument, NULL, 'W' },
		{ "out", required_argument, NULL, 'o' },
		{ "runtime", required_argument, NULL, 'R' },
		{ "ramp", required_argument, NULL, 'r' },
		{ "repeat", required_argument, NULL, 'n' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "engine", required_argument, NULL, 'e' },
		{ "numjobs", required_argument, NULL, 'j' },
		{ "iodepth", required_argument, NULL, 'd' },
		{ "size", required_argument, NULL, 's' },
		{ "batch-submit", required_argument, NULL, 'b' },
		{ "batch-complete-min", required_argument, NULL, 'c' },
		{ "direct", required_argument, NULL, 'D' },
		{ "note", required_argument, NULL, 'N' },
		{ "resume", no_argument, NULL, 'u' },
		{ "stop-on-error", no_argument, NULL, 'S' },
		{ "nfs", no_argument, NULL, 'Q' },
		{ "mountstats", required_argument, NULL, 'K' },
		{ "profiles", required_argument, NULL, 'P' },
		{ "engine-dir", required_argument, NULL, 'E' },
		{ "fio", required_argument, NULL, 'F' },
		{ "points", required_argument, NULL, 'x' },
		{ "stop-rt-ms", required_argument, NULL, 'y' },
		{ "poisson", no_argument, NULL, 'z' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char err[256], *list, *tok, *save;
	int curve = !strcmp(cmd, "curve");
	int c, timeout_set = 0;

	memset(o, 0, sizeof(*o));
	o->mix = "100:0:10";
	o->runtime = 60;
	o->ramp = 10;
	o->repeat = 1;
	o->numjobs = 4;
	o->iodepth = 32;
	o->batch_submit = 1;
	o->batch_complete_min = 1;
	o->direct = 1;
	o->size = "1g";
	o->engine = "nfsweep-uring";
	o->note = "";
	o->profiles_dir = nfsweep_default_profiles_dir();
	o->engine_dir = nfsweep_default_engine_dir();
	o->fio = "fio";
	o->mount_dir = "/run/nfsweep";
	o->mountstats = "/proc/self/mountstats";
	o->points = 10;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			free(o->profile_list);
			o->nprofiles = 0;
			list = o->profile_list = strdup(optarg);
			if (!list) {
				perror("nfsweep: strdup");
				return 2;
			}
			for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
				if (o->nprofiles == MAX_PROFILES) {
					fprintf(stderr, "nfsweep %s: --profile: at most %d profiles\n", cmd,
						MAX_PROFILES);
					return 2;
				}
				o->profiles[o->nprofiles++] = tok;
			}
			break;
		case 'm': o->mix = optarg; break;
		case 't':
			if (o->ntargets == MAX_TARGETS) {
				fprintf(stderr, "nfsweep %s: --target: at most %d targets\n", cmd, MAX_TARGETS);
				return 2;
			}
			if (plan_parse_target(optarg, &o->targets[o->ntargets], err, sizeof(err))) {
				fprintf(stderr, "nfsweep %s: %s\n", cmd, err);
				return 2;
			}
			o->ntargets++;
			break;
		case 'M':
			if (o->ntargets == MAX_TARGETS) {
				fprintf(stderr, "nfsweep %s: at most %d targets and mounts\n", cmd, MAX_TARGETS);
				return 2;
			}
			if (mount_spec_parse(optarg, &o->mounts[o->nmounts], err, sizeof(err))) {
				fprintf(stderr, "nfsweep %s: %s\n", cmd, err);
				return 2;
			}
			_Static_assert(sizeof(o->targets[0].label) == sizeof(o->mounts[0].label),
				       "a mount's label is its target's label");
			memcpy(o->targets[o->ntargets].label, o->mounts[o->nmounts].label,
			       sizeof(o->targets[0].label));
			o->targets[o->ntargets].mount = (int)o->nmounts++;
			o->ntargets++;
			break;
		case 'W': o->mount_dir = optarg; break;
		case 'o': o->out = optarg; break;
		case 'R': if (to_int("runtime", optarg, 1, &o->runtime)) return 2; break;
		case 'r': if (to_int("ramp", optarg, 0, &o->ramp)) return 2; break;
		case 'n': if (to_int("repeat", optarg, 1, &o->repeat)) return 2; break;
		case 'T': if (to_int("timeout", optarg, 1, &o->timeout)) return 2; timeout_set = 1; break;
		case 'e': o->engine = optarg; break;
		case 'j': if (to_int("numjobs", optarg, 1, &o->numjobs)) return 2; break;
		case 'd': if (to_int("iodepth", optarg, 1, &o->iodepth)) return 2; break;
		case 's': o->size = optarg; break;
		case 'b': if (to_int("batch-submit", optarg, 1, &o->batch_submit)) return 2; break;
		case 'c': if (to_int("batch-complete-min", optarg, 0, &o->batch_complete_min)) return 2; break;
		case 'D':
			if (to_int("direct", optarg, 0, &o->direct) || o->direct > 1) {
				fprintf(stderr, "nfsweep %s: --direct takes 0 or 1\n", cmd);
				return 2;
			}
			break;
		case 'N': o->note = optarg; break;
		case 'u': o->resume = 1; break;
		case 'S': o->stop_on_error = 1; break;
		case 'Q': o->require_nfs = 1; break;
		case 'K': o->mountstats = optarg; break;
		case 'P': o->profiles_dir = optarg; break;
		case 'E': o->engine_dir = optarg; break;
		case 'F': o->fio = optarg; break;
		case 'x':
		case 'y':
		case 'z':
			if (!curve) {
				fprintf(stderr, "nfsweep %s: --%s is an option of nfsweep curve\n", cmd,
					c == 'x' ? "points" : c == 'y' ? "stop-rt-ms" : "poisson");
				return 2;
			}
			if (c == 'x' && (to_int("points", optarg, 2, &o->points) || o->points > 100))
				return 2;
			if (c == 'y') {
				char *end;

				o->stop_rt_ms = strtod(optarg, &end);
				if (*end || !(o->stop_rt_ms > 0)) {
					fprintf(stderr, "nfsweep curve: --stop-rt-ms '%s': a time in ms > 0\n", optarg);
					return 2;
				}
			}
			if (c == 'z')
				o->poisson = 1;
			break;
		case 'h': sweep_usage(cmd, stdout); return 1;
		default:
			fprintf(stderr, "nfsweep %s: see 'nfsweep %s --help'\n", cmd, cmd);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "nfsweep %s: unexpected argument '%s'\n", cmd, argv[optind]);
		return 2;
	}
	if (!o->nprofiles) {
		fprintf(stderr, "nfsweep %s: --profile is required (e.g. --profile seq64k,rand4k)\n", cmd);
		return 2;
	}
	if (!o->ntargets) {
		fprintf(stderr, "nfsweep %s: --target label=path (or --mount) is required\n", cmd);
		return 2;
	}
	for (size_t i = 0; i < o->ntargets; i++)
		if (o->targets[i].mount >= 0)
			snprintf(o->targets[i].path, sizeof(o->targets[i].path), "%s/%s", o->mount_dir,
				 o->targets[i].label);
	if (curve && (o->nprofiles != 1 || o->ntargets != 1 || o->nmounts || o->repeat != 1)) {
		fprintf(stderr, "nfsweep curve: one --profile, one --target label=path, no --repeat\n");
		return 2;
	}
	if (strcmp(cmd, "plan") && !o->out) {
		fprintf(stderr, "nfsweep %s: --out FILE.csv is required\n", cmd);
		return 2;
	}
	if (plan_parse_mix(o->mix, o->pcts, &o->npcts, err, sizeof(err))) {
		fprintf(stderr, "nfsweep %s: %s\n", cmd, err);
		return 2;
	}
	if (o->batch_complete_min > o->iodepth || o->batch_submit > o->iodepth) {
		fprintf(stderr, "nfsweep %s: --batch-submit and --batch-complete-min must not exceed --iodepth %d\n",
			cmd, o->iodepth);
		return 2;
	}
	for (size_t i = 0; i < o->nprofiles; i++) {
		char path[PATH_MAX];

		sweep_profile_path(o, o->profiles[i], path, sizeof(path));
		if (access(path, R_OK)) {
			fprintf(stderr, "nfsweep %s: --profile %s: %s: %s\n", cmd, o->profiles[i], path,
				strerror(errno));
			return 2;
		}
	}
	for (size_t i = 0; i < o->ntargets; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(o->targets[i].label, o->targets[j].label)) {
				fprintf(stderr, "nfsweep %s: --target label '%s' given twice\n", cmd,
					o->targets[i].label);
				return 2;
			}
	if (!timeout_set)
		o->timeout = o->ramp + o->runtime + 120;
	return 0;
}

int sweep_opts_parse(const char *cmd, int argc, char **argv, struct sweep_opts *o)
{
	int ret = parse_opts(cmd, argc, argv, o);

	/* The caller frees only what it uses: after --help or an error, nothing. */
	if (ret)
		sweep_opts_free(o);
	return ret;
}

void sweep_opts_free(struct sweep_opts *o)
{
	free(o->profile_list);
	o->profile_list = NULL;
	o->nprofiles = 0;
}

void sweep_profile_path(const struct sweep_opts *o, const char *profile, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.fio", o->profiles_dir, profile);
}
