// SPDX-License-Identifier: GPL-2.0
/* A sweep's profiles, read from disk, and its plan's read percentages (see sweep_profiles.h). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/sweep_profiles.h"

void sweep_profile_path(const struct sweep_opts *o, const char *profile, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.fio", o->profiles_dir, profile);
}

/* The profiles in @dir (NAME of each NAME.fio), ", "-separated, into @buf. */
static void known_profiles(const char *dir, char *buf, size_t len)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	size_t o = 0;

	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t l = strlen(names[i]->d_name);

		if (l > 4 && !strcmp(names[i]->d_name + l - 4, ".fio") && o < len)
			o += (size_t)snprintf(buf + o, len - o, "%s%.*s", o ? ", " : "",
					      (int)(l - 4), names[i]->d_name);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

/* Profile @i's bs and nfsweep-profile line, and its read percentages. */
static int profile_pcts(const struct sweep_opts *o, struct sweep_profiles *sp, size_t i, char *err,
			size_t len)
{
	struct profile_info *pi = &sp->info[i];
	struct plan_profile *pp = &sp->plan[i];
	char path[PATH_MAX], why[256];
	int ret;

	sweep_profile_path(o, o->profiles[i], path, sizeof(path));
	ret = profile_info_read(path, pi, why, sizeof(why));
	if (ret == -ENOENT) {
		char known[512];

		known_profiles(o->profiles_dir, known, sizeof(known));
		snprintf(err, len, "--profile %s: no such profile in %s (it has: %s)",
			 o->profiles[i], o->profiles_dir, known[0] ? known : "none");
		return -1;
	}
	if (ret) {
		snprintf(err, len, "--profile %s: %s: %s", o->profiles[i], path,
			 ret == -EINVAL ? why : strerror(-ret));
		return -1;
	}
	pp->name = o->profiles[i];
	if (o->mix && pi->fixed) {
		snprintf(err, len,
			 "--mix %s: profile %s sets the read share of each of its jobs "
			 "itself (%d %% blended): leave --mix out",
			 o->mix, o->profiles[i], pi->read_pct);
		return -1;
	}
	if (!o->mix && pi->op_mix) {
		sp->own_pcts[i] = pi->read_pct;
		pp->pcts = &sp->own_pcts[i];
		pp->npct = 1;
		return 0;
	}
	if (o->mix) {
		pp->pcts = o->pcts;
		pp->npct = o->npcts;
		return 0;
	}
	if (!sp->ndefault_pcts &&
	    plan_parse_mix("100:0:10", sp->default_pcts, &sp->ndefault_pcts, err, len))
		return -1;
	pp->pcts = sp->default_pcts;
	pp->npct = sp->ndefault_pcts;
	return 0;
}

/*
 * Profile @pi and the targets agree: an engine that speaks NFS itself takes
 * nfs://SERVER/EXPORT targets (no mount: --mount has none to give), and an
 * engine that goes through the kernel a directory. 0, or -1 with @err.
 */
static int targets_fit(const struct sweep_opts *o, const char *profile,
		       const struct profile_info *pi, char *err, size_t len)
{
	for (size_t i = 0; i < o->ntargets; i++) {
		const struct target *t = &o->targets[i];

		if (pi->wire && !t->url) {
			snprintf(err, len,
				 "--profile %s sends NFSv3 RPCs itself (%s), with no mount: "
				 "--%s %s is a directory; give --target %s=nfs://SERVER/EXPORT",
				 profile, pi->engine, t->mount >= 0 ? "mount" : "target", t->label,
				 t->label);
			return -1;
		}
		if (!pi->wire && t->url) {
			snprintf(err, len,
				 "--target %s=%s: an nfs:// target is for a profile whose engine "
				 "speaks NFS itself (sfs2008-wire); --profile %s goes through the "
				 "kernel's client: give the directory where the export is mounted",
				 t->label, t->path, profile);
			return -1;
		}
		if (t->url && o->hosts.n && o->steady) {
			snprintf(
				err, len,
				"--target %s=%s: --steady with --hosts learns that a host's jobs "
				"ended from a file on the target, which every host mounts; an nfs:// "
				"target is mounted nowhere: leave --steady out, or run from one machine",
				t->label, t->path);
			return -1;
		}
	}
	return 0;
}

/*
 * --headline-repeat: the points the published comparison states (the profile's headline=:
 * its pure read and pure write) run that many times, the others --repeat times.
 */
static void headline_reps(const struct sweep_opts *o, struct sweep_profiles *sp, size_t i)
{
	struct plan_profile *pp = &sp->plan[i];

	if (!o->headline_repeat)
		return;
	for (size_t c = 0; c < pp->npct; c++) {
		sp->reps[i][c] = o->repeat;
		if (sp->info[i].headline && (pp->pcts[c] == 100 || pp->pcts[c] == 0) &&
		    o->headline_repeat > o->repeat)
			sp->reps[i][c] = o->headline_repeat;
	}
	pp->reps = sp->reps[i];
}

int sweep_profiles_read(const struct sweep_opts *o, struct sweep_profiles *sp, char *err,
			size_t len)
{
	memset(sp, 0, sizeof(*sp));
	for (size_t i = 0; i < o->nprofiles; i++) {
		if (profile_pcts(o, sp, i, err, len) ||
		    targets_fit(o, o->profiles[i], &sp->info[i], err, len))
			return -1;
		/* its rows would record one depth for every --iodepth: one point measured twice */
		if (sp->info[i].iodepth && (o->niodepth > 1 || o->published_depth)) {
			snprintf(err, len,
				 "%s: --profile %s runs at its own iodepth (%d), so every iodepth "
				 "would measure the same point; sweep --numjobs, or leave %s out",
				 o->published_depth ? "--published-depth" :
						      "--iodepth with several values",
				 o->profiles[i], sp->info[i].iodepth, o->profiles[i]);
			return -1;
		}
		headline_reps(o, sp, i);
	}
	sp->n = o->nprofiles;
	/* nfsweep curve (the one with --points): one profile, one read %, one target */
	if (o->points && (o->nprofiles != 1 || sp->plan[0].npct != 1 || o->ntargets != 1)) {
		snprintf(err, len,
			 "one --profile, one read %% (--mix 70; an op-mix profile has its "
			 "own) and one --target label=path");
		return -1;
	}
	return 0;
}

const struct profile_info *sweep_profile_info(const struct sweep_profiles *sp,
					      const struct sweep_opts *o, const char *name)
{
	for (size_t i = 0; i < sp->n; i++)
		if (!strcmp(o->profiles[i], name))
			return &sp->info[i];
	return &sp->info[0];
}
