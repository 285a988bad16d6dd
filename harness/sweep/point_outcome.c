// SPDX-License-Identifier: GPL-2.0
/* A point's status and error text (see point_outcome.h). */
#include <stdio.h>
#include <string.h>

#include "results/schema.h"
#include "sweep/point_outcome.h"

/* snprintf that cuts quietly: the start of a message says enough. */
#define put(buf, len, ...) ((void)(snprintf(buf, len, __VA_ARGS__) >= (int)(len)))

/* The direction the point asked for that completed nothing, or NULL. */
static const char *idle_direction(const struct fio_result *res, const struct point_ask *ask)
{
	if (ask->op_mix)
		return res->rd.io_bytes + res->wr.io_bytes ? NULL : "operation";
	if (ask->read_pct > 0 && !res->rd.io_bytes)
		return "read";
	if (ask->read_pct < 100 && !res->wr.io_bytes)
		return "write";
	return NULL;
}

const char *point_outcome(const struct fio_outcome *out, const char *json_err,
			  const struct fio_result *res, const char *reason,
			  const struct point_ask *ask, char *err, size_t len)
{
	const char *sep = reason[0] ? ": " : "", *idle;

	err[0] = '\0';
	if (out->timed_out) {
		put(err, len, "fio killed after %d s (--timeout)", ask->timeout_s);
		return STATUS_TIMEOUT;
	}
	if (json_err) {
		if (reason[0])
			put(err, len, "fio exited %d: %s", out->exit_code, reason);
		else
			put(err, len, "%s", json_err);
		return STATUS_FIO_ERROR;
	}
	idle = idle_direction(res, ask);
	if (out->exited && !out->exit_code && !res->error && !idle)
		return STATUS_OK;
	if (idle && !res->error && out->exited && !out->exit_code) {
		put(err, len, "no %s completed (read %d%% asked): the point measured nothing%s%s",
		    idle, ask->read_pct, sep, reason);
		return STATUS_FIO_ERROR;
	}
	if (res->error)
		put(err, len, "fio job error %d (%s)%s%s", res->error, strerror(res->error), sep,
		    reason);
	else if (out->signal)
		put(err, len, "fio killed by signal %d", out->signal);
	else
		put(err, len, "fio exited %d%s%s", out->exit_code, sep, reason);
	return STATUS_FIO_ERROR;
}

void fio_stderr_reason(const char *text, char *buf, size_t len)
{
	buf[0] = '\0';
	while (*text) {
		size_t n = strcspn(text, "\n");
		char line[512];
		int err_line;

		put(line, sizeof(line), "%.*s", (int)n, text);
		text += n + (text[n] == '\n');
		if (!strncmp(line, "nfsweep-", 8)) {
			put(buf, len, "%s", line);
			return;
		}
		err_line = strstr(line, "rror") != NULL;
		if (err_line || strstr(line, "fio:") || !buf[0])
			put(buf, len, "%s", line);
		if (err_line)
			return;
	}
}
