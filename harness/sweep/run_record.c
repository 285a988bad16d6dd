// SPDX-License-Identifier: GPL-2.0
/* The run record beside a results file (see run_record.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cli/version.h"
#include "results/detail_file.h"
#include "results/row.h"
#include "results/schema.h"
#include "sweep/run_record.h"
#include "sweep/sweep.h"
#include "sweep/sweep_opts.h"
#include "util/sink.h"

void run_command_line(struct strbuf *sb, const char *invoked_as, int argc, char **argv, int resume)
{
	int has = 0;

	sink_shell_word(sb, invoked_as);
	for (int i = 0; i < argc; i++) {
		has |= !strcmp(argv[i], "--resume");
		sb_addc(sb, ' ');
		sink_shell_word(sb, argv[i]);
	}
	if (resume && !has)
		sb_adds(sb, " --resume");
}

int run_record_points_left(const struct sweep *s, const struct run_record *r)
{
	return s->failed > 0 || r->done_before + (size_t)s->rows < r->planned ||
	       r->exit_status == EXIT_SIGINT || r->exit_status == EXIT_SIGTERM;
}

static void utc(char *buf, size_t len, time_t t)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int run_record_append(const struct sweep *s, const struct run_record *r)
{
	const struct sweep_opts *o = s->o;
	char *cells[RUN_NCOLUMNS] = { 0 }, when[32];
	const char *word = exit_status_word(r->exit_status);
	struct strbuf sb = { 0 };
	time_t now = time(NULL);
	int ret;

	cells_set(cells, RUN_COL_schema_version, "%s", schema_version());
	cells_set(cells, RUN_COL_command, "%s", s->cmd);
	utc(when, sizeof(when), r->started);
	cells_set(cells, RUN_COL_started, "%s", when);
	utc(when, sizeof(when), now);
	cells_set(cells, RUN_COL_ended, "%s", when);
	cells_set(cells, RUN_COL_duration_s, "%lld", (long long)(now - r->started));
	run_command_line(&sb, r->invoked_as, r->argc, r->argv, 0);
	cells_set(cells, RUN_COL_command_line, "%s", sb_str(&sb));
	sb_reset(&sb);
	if (r->resumable && run_record_points_left(s, r)) {
		run_command_line(&sb, r->invoked_as, r->argc, r->argv, 1);
		cells_set(cells, RUN_COL_resume, "%s", sb_str(&sb));
	}
	cells_set(cells, RUN_COL_planned, "%zu", r->planned);
	cells_set(cells, RUN_COL_done_before, "%zu", r->done_before);
	cells_set(cells, RUN_COL_ran, "%d", s->rows);
	cells_set(cells, RUN_COL_failed, "%d", s->failed);
	cells_set(cells, RUN_COL_exit_status, "%d", r->exit_status);
	cells_set(cells, RUN_COL_outcome, "%s", word ? word : "unknown");
	cells_set(cells, RUN_COL_client, "%s", s->host);
	cells_set(cells, RUN_COL_kernel_release, "%s", s->kernel);
	cells_set(cells, RUN_COL_nfsweep_version, "%s", nfsweep_version());
	cells_set(cells, RUN_COL_fio_version, "%s", s->fio_version);
	sb_reset(&sb);
	for (size_t i = 0; i < o->hosts.n; i++)
		sb_printf(&sb, "%s%s", i ? " " : "", o->hosts.h[i].spec);
	cells_set(cells, RUN_COL_hosts, "%s", sb_str(&sb));
	cells_set(cells, RUN_COL_note, "%s", o->note ? o->note : "");
	ret = sb.oom ? -ENOMEM : 0;
	sb_free(&sb);
	cells_protect_text(cells, &table_run);
	if (!ret)
		ret = detail_append(s->run_path, &table_run, cells);
	cells_free(cells, RUN_NCOLUMNS);
	return ret;
}
