// SPDX-License-Identifier: GPL-2.0
/* The copy of a profile that fio runs (see point_jobfile.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sweep/point_jobfile.h"

/*
 * --steady, in every section: fio requires the same steady-state options of every job of a
 * reporting group, and judges the group's jobs together.
 */
static void steady_job_lines(FILE *out, const struct sweep_opts *o)
{
	char crit[48];

	steady_format(&o->steady_spec, crit, sizeof(crit));
	fprintf(out, "steadystate=%s\nss_dur=%d\nss_ramp=%d\n", crit, o->steady_window,
		steady_fio_ramp(o->ramp));
}

int point_jobfile_copy(const struct point_ctx *pc, const struct jobfile_copy *how, char *path,
		       size_t len)
{
	const struct sweep_opts *o = pc->s->o;
	char line[1024];
	FILE *in, *out;
	int ret = 0;

	if (snprintf(path, len, "%s.fio", pc->base) >= (int)len)
		return -ENAMETOOLONG;
	in = fopen(pc->profile_path, "r");
	if (!in)
		return -errno;
	out = fopen(path, "w");
	if (!out) {
		ret = -errno;
		fclose(in);
		return ret;
	}
	fprintf(out, "; %s, as nfsweep ran it: %s\n", pc->profile_path, how->what);
	for (int in_section = 0;;) {
		const char *l = fgets(line, sizeof(line), in) ? line + strspn(line, " \t") : NULL;

		if ((!l || *l == '[') && in_section) {
			for (size_t i = 0; i < o->nfio_opts; i++)
				fprintf(out, "%s\n", o->fio_opts[i]);
			if (o->steady)
				steady_job_lines(out, o);
			if (how->section_end && !ret)
				ret = how->section_end(out, pc);
		}
		if (!l)
			break;
		in_section |= *l == '[';
		if (!strncmp(l, "include ", 8))
			ret = ret ? ret : how->include(out, l + 8, pc);
		else
			fputs(line, out);
	}
	/* both closed whatever happened: a read error no longer leaks the copy's FILE */
	if (fclose(out) && !ret)
		ret = -errno;
	if (ferror(in) && !ret)
		ret = -EIO;
	fclose(in);
	return ret;
}
