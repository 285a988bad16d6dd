// SPDX-License-Identifier: GPL-2.0
/* What fio knows, asked of fio itself (see fio_knows.h). */
#include <stdio.h>
#include <string.h>

#include "fio/fio_knows.h"
#include "fio/fio_run.h"

/* --enghelp takes an external engine by its path alone */
static const char *enghelp_name(const char *engine)
{
	return strncmp(engine, "external:", 9) ? engine : engine + 9;
}

int fio_knows_engine(const char *fio, const char *opt, const char *engine, char *err, size_t len)
{
	char arg[4200], out[2048];
	const char *args[] = { arg, NULL };
	int status;

	snprintf(arg, sizeof(arg), "--enghelp=%s", enghelp_name(engine));
	if (fio_capture(fio, args, out, sizeof(out), &status)) {
		snprintf(err, len, "%s: %s could not be run to ask about the engine", opt, fio);
		return -1;
	}
	/*
	 * fio loads an external engine only if its FIO_IOOPS_VERSION is fio's own, and says
	 * "bad ioops version 39 (want 31)" before anything of the engine runs: it was built
	 * against the source of another fio release.
	 */
	if (strstr(out, "bad ioops version")) {
		out[strcspn(out, "\n")] = '\0';
		snprintf(
			err, len,
			"%s: %s cannot load %s: %.100s: the engine was built against "
			"the source of another fio release; rebuild it against this fio's (make, or "
			"make engines FIO_SRC=<its configured tree>; docs/install.md, \"Which fio\")",
			opt, fio, enghelp_name(engine), out);
		return -2;
	}
	/* "IO engine X not found" (and "fio: engine X not loadable") */
	if (strstr(out, "not found") || strstr(out, "not loadable")) {
		out[strcspn(out, "\n")] = '\0';
		snprintf(err, len, "%s: fio cannot load the engine (fio --enghelp: %.300s)", opt,
			 out);
		return -1;
	}
	return 0;
}

/*
 * Does fio know @arg's option? --cmdhelp says "No such command" (and exits
 * 0); --enghelp=ENGINE,KEY exits 0 for a key it has and 1 otherwise (its
 * text differs: an engine without options says so). 1 known, 0 not, -1
 * fio could not run.
 */
static int knows(const char *fio, const char *arg, int by_status)
{
	const char *args[] = { arg, NULL };
	char out[4096];
	int status;

	if (fio_capture(fio, args, out, sizeof(out), &status))
		return -1;
	if (by_status)
		return status == 0;
	return !strstr(out, "No such command");
}

int fio_knows_option(const char *fio, const char *key, const char *const *engines, size_t nengines,
		     char *err, size_t len)
{
	char arg[4300];
	int r;

	snprintf(arg, sizeof(arg), "--cmdhelp=%s", key);
	r = knows(fio, arg, 0);
	for (size_t i = 0; r == 0 && i < nengines; i++) {
		snprintf(arg, sizeof(arg), "--enghelp=%s,%s", enghelp_name(engines[i]), key);
		r = knows(fio, arg, 1);
	}
	if (r < 0) {
		snprintf(err, len, "--fio-opt %s: %s could not be run to ask about it", key, fio);
		return -1;
	}
	if (!r) {
		snprintf(err, len,
			 "--fio-opt %s: neither fio (fio --cmdhelp=%s) nor the engine%s "
			 "(fio --enghelp=ENGINE,%s) knows such an option",
			 key, key, nengines > 1 ? "s" : "", key);
		return -1;
	}
	return 0;
}
