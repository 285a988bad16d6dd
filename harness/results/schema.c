// SPDX-License-Identifier: GPL-2.0
/*
 * The column table, expanded from columns.def, and the cell checks. The
 * schema document is printed from the same table so that it cannot drift.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/schema.h"
#include "util/label.h"
#include "util/sink.h"

const struct column_info columns[NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [COL_##id] = { #id, COL_##type, unit, meaning },
#include "columns.def"
#undef COLUMN
};

static const struct column_info ops_columns[OPS_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [OPS_COL_##id] = { #id, COL_##type, unit, meaning },
#include "ops_columns.def"
#undef COLUMN
};

static const struct column_info mountstats_columns[MS_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [MS_COL_##id] = { #id, COL_##type, unit, meaning },
#include "mountstats_columns.def"
#undef COLUMN
};

static const struct column_info hosts_columns[HOSTS_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [HOSTS_COL_##id] = { #id, COL_##type, unit, meaning },
#include "hosts_columns.def"
#undef COLUMN
};

static const struct column_info lat_columns[LAT_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [LAT_COL_##id] = { #id, COL_##type, unit, meaning },
#include "lat_columns.def"
#undef COLUMN
};

static const struct column_info run_columns[RUN_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [RUN_COL_##id] = { #id, COL_##type, unit, meaning },
#include "run_columns.def"
#undef COLUMN
};

static const struct column_info compare_columns[COMPARE_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [COMPARE_COL_##id] = { #id, COL_##type, unit, meaning },
#include "compare_columns.def"
#undef COLUMN
};

static const struct column_info bench_columns[BENCH_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [BENCH_COL_##id] = { #id, COL_##type, unit, meaning },
#include "bench_columns.def"
#undef COLUMN
};

static const struct column_info chart_columns[CHART_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [CHART_COL_##id] = { #id, COL_##type, unit, meaning },
#include "chart_columns.def"
#undef COLUMN
};

static const struct column_info nct_columns[NCT_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [NCT_COL_##id] = { #id, COL_##type, unit, meaning },
#include "nconnect_table_columns.def"
#undef COLUMN
};

static const struct column_info curve_table_columns[CURVE_TABLE_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [CURVE_TABLE_COL_##id] = { #id, COL_##type, unit, meaning },
#include "curve_table_columns.def"
#undef COLUMN
};

static const struct column_info depth_table_columns[DEPTH_TABLE_NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [DEPTH_TABLE_COL_##id] = { #id, COL_##type, unit, meaning },
#include "depth_table_columns.def"
#undef COLUMN
};

/* The outcome and the point's identity are always there. */
static const int results_required[] = {
	COL_status, COL_schema_version, COL_profile, COL_target, COL_read_pct, COL_repeat,
};
static const int ops_required[] = {
	OPS_COL_schema_version, OPS_COL_profile, OPS_COL_target, OPS_COL_read_pct, OPS_COL_repeat,
	OPS_COL_fio_json,	OPS_COL_job,	 OPS_COL_op,	 OPS_COL_count,	   OPS_COL_errors,
};
static const int mountstats_required[] = {
	MS_COL_schema_version, MS_COL_profile,	MS_COL_target, MS_COL_read_pct, MS_COL_repeat,
	MS_COL_fio_json,       MS_COL_window_s, MS_COL_rpc,    MS_COL_count,
};
static const int hosts_required[] = {
	HOSTS_COL_schema_version, HOSTS_COL_profile,  HOSTS_COL_target, HOSTS_COL_read_pct,
	HOSTS_COL_repeat,	  HOSTS_COL_fio_json, HOSTS_COL_host,	HOSTS_COL_reported,
};
static const int lat_required[] = {
	LAT_COL_schema_version, LAT_COL_profile,  LAT_COL_target,    LAT_COL_read_pct,
	LAT_COL_repeat,		LAT_COL_fio_json, LAT_COL_direction, LAT_COL_lat_lo_ns,
	LAT_COL_lat_hi_ns,	LAT_COL_count,
};
static const int run_required[] = {
	RUN_COL_schema_version, RUN_COL_command,     RUN_COL_started, RUN_COL_ended,
	RUN_COL_command_line,	RUN_COL_exit_status, RUN_COL_outcome,
};
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* clang-format off */
const struct table_info table_results = {
	.file = "FILE.csv", .suffix = "", .rows = "one row per point",
	.cols = columns, .ncols = NCOLUMNS, .min_cols = SCHEMA_MIN_COLUMNS,
	.required = results_required, .nrequired = N(results_required),
};
/* clang-format on */
const struct table_info table_ops = {
	.file = "FILE.ops.csv",
	.suffix = ".ops",
	.rows = "one row per point and operation of an op-mix profile (nfsweep-ops)",
	.cols = ops_columns,
	.ncols = OPS_NCOLUMNS,
	.min_cols = OPS_NCOLUMNS,
	.required = ops_required,
	.nrequired = N(ops_required),
};
/* clang-format off */
const struct table_info table_mountstats = {
	.file = "FILE.rpc.csv", .suffix = ".rpc",
	.rows = "one row per point on NFS and RPC type counted in fio's measured window",
	.cols = mountstats_columns, .ncols = MS_NCOLUMNS, .min_cols = MS_NCOLUMNS,
	.required = mountstats_required, .nrequired = N(mountstats_required),
};
/* clang-format on */
const struct table_info table_hosts = {
	.file = "FILE.hosts.csv",
	.suffix = ".hosts",
	.rows = "one row per point run with --hosts and host: each host's own figures",
	.cols = hosts_columns,
	.ncols = HOSTS_NCOLUMNS,
	.min_cols = HOSTS_NCOLUMNS,
	.required = hosts_required,
	.nrequired = N(hosts_required),
};
const struct table_info table_lat = {
	.file = "FILE.lat.csv",
	.suffix = ".lat",
	.rows = "one row per point, direction and bucket of fio's completion-latency histogram",
	.cols = lat_columns,
	.ncols = LAT_NCOLUMNS,
	.min_cols = LAT_NCOLUMNS,
	.required = lat_required,
	.nrequired = N(lat_required),
};
const struct table_info table_run = {
	.file = "FILE.run.csv",
	.suffix = ".run",
	.rows = "one row per `nfsweep run` or `curve` that wrote into FILE.csv: what no row holds",
	.cols = run_columns,
	.ncols = RUN_NCOLUMNS,
	.min_cols = RUN_NCOLUMNS,
	.required = run_required,
	.nrequired = N(run_required),
};
/* clang-format off */
const struct table_info *const schema_tables[] = {
	&table_results, &table_ops, &table_mountstats, &table_hosts, &table_run, &table_lat,
};
/* clang-format on */
const size_t schema_ntables = N(schema_tables);

static const int compare_required[] = {
	COMPARE_COL_kind,   COMPARE_COL_profile, COMPARE_COL_read_pct, COMPARE_COL_metric,
	COMPARE_COL_target, COMPARE_COL_base,	 COMPARE_COL_ratio,
};
static const int bench_required[] = { BENCH_COL_workload, BENCH_COL_engine, BENCH_COL_round };
/* clang-format off */
const struct table_info table_compare = {
	.file = "compare.csv", .suffix = "",
	.rows = "one row per ratio `nfsweep compare` prints (compare-runs.csv, of two files, too)",
	/* files of nfsweep before the verdicts end after the difference from published */
	.cols = compare_columns, .ncols = COMPARE_NCOLUMNS,
	.min_cols = COMPARE_COL_difference_from_published_pct + 1,
	.required = compare_required, .nrequired = N(compare_required),
};
/* clang-format on */
const struct table_info table_bench = {
	.file = "results/bench/STAMP.csv",
	.suffix = "",
	.rows = "one row per run of `make bench` (a workload, an engine, a round) or strace count",
	.cols = bench_columns,
	.ncols = BENCH_NCOLUMNS,
	.min_cols = BENCH_NCOLUMNS,
	.required = bench_required,
	.nrequired = N(bench_required),
};
const struct table_info table_chart = {
	.file = "FILE.PROFILE.table.csv",
	.suffix = ".PROFILE.table",
	.rows = "one row per read share of a profile's sweep: a chart-ready table (nfsweep table)",
	.cols = chart_columns,
	.ncols = CHART_NCOLUMNS,
	.min_cols = CHART_NCOLUMNS,
};
const struct table_info table_nconnect_table = {
	.file = "FILE.nconnect.table.csv",
	.suffix = ".nconnect.table",
	.rows = "one row per headline of the nconnect comparison, published gain beside",
	.cols = nct_columns,
	.ncols = NCT_NCOLUMNS,
	.min_cols = NCT_NCOLUMNS,
};
const struct table_info table_curve_table = {
	.file = "FILE.curve.table.csv",
	.suffix = ".curve.table",
	.rows = "one row per load point of a curve file, each target's pair of columns",
	.cols = curve_table_columns,
	.ncols = CURVE_TABLE_NCOLUMNS,
	.min_cols = CURVE_TABLE_NCOLUMNS,
};
const struct table_info table_depth_table = {
	.file = "FILE.PROFILE-depth.table.csv",
	.suffix = ".PROFILE-depth.table",
	.rows = "one row per read share and depth of a depth sweep, each target's figures",
	.cols = depth_table_columns,
	.ncols = DEPTH_TABLE_NCOLUMNS,
	.min_cols = DEPTH_TABLE_NCOLUMNS,
};
const struct table_info *const schema_made_tables[] = {
	&table_compare,	       &table_bench,	   &table_chart,
	&table_nconnect_table, &table_curve_table, &table_depth_table,
};
const size_t schema_nmade_tables = N(schema_made_tables);

static const char *const type_names[] = {
	[COL_STR] = "text",	 [COL_INT] = "integer",
	[COL_NUM] = "decimal",	 [COL_TIME] = "time (ISO 8601 UTC)",
	[COL_STATUS] = "status", [COL_LABEL] = "label",
};
_Static_assert(sizeof(type_names) / sizeof(type_names[0]) == COL_LABEL + 1,
	       "every column type has a name");

const enum column schema_config_columns[] = {
	COL_engine,
	COL_iodepth,
	COL_numjobs,
	COL_direct,
	COL_size,
	COL_runtime_s,
	COL_ramp_s,
	COL_batch_submit,
	COL_batch_complete_min,
	COL_fio_opts,
	COL_fio_version,
	COL_nfsweep_version,
	COL_hosts,
	COL_steady_criterion,
	COL_steady_window_s,
};
const size_t schema_nconfig_columns =
	sizeof(schema_config_columns) / sizeof(schema_config_columns[0]);

const char *schema_version(void)
{
#define STR2(x) #x
#define STR(x) STR2(x)
	return STR(NFSWEEP_SCHEMA_MAJOR) "." STR(NFSWEEP_SCHEMA_MINOR);
}

const char *const schema_op_mix_engines[2] = { ENGINE_OPS, ENGINE_RPC };

const char *schema_op_mix_engine_name(const char *engine)
{
	for (size_t i = 0; i < 2; i++)
		if (!strcmp(engine, schema_op_mix_engines[i]))
			return schema_op_mix_engines[i];
	return NULL;
}

bool schema_op_mix_engine(const char *engine)
{
	return schema_op_mix_engine_name(engine) != NULL;
}

int table_find(const struct table_info *t, const char *name)
{
	for (int i = 0; i < t->ncols; i++)
		if (!strcmp(t->cols[i].name, name))
			return i;
	return -1;
}

int schema_find(const char *name)
{
	return table_find(&table_results, name);
}

static int is_int(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

static int is_num(const char *s)
{
	char *end;

	/* '.' decimals only: no thousands separators, no exponent, no inf/nan. */
	if (strpbrk(s, ",eEiInN") || !*s)
		return 0;
	errno = 0;
	strtod(s, &end);
	return !errno && !*end;
}

static int is_time(const char *s)
{
	int y, mo, d, h, mi, sec;
	char z;

	return strlen(s) == 20 &&
	       sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &sec, &z) == 7 &&
	       z == 'Z' && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h < 24 && mi < 60 &&
	       sec < 61;
}

/* @val as a message may quote it: itself when it is one short line of UTF-8. */
static const char *shown(const char *val)
{
	char scratch[8];

	if (strlen(val) > 80 || sink_text("", val, scratch, sizeof(scratch)))
		return "(a value not shown: long, not UTF-8 or with a control character)";
	return val;
}

int table_check_cell(const struct table_info *t, int c, const char *val, char *why, size_t len)
{
	static const char *const statuses[] = { STATUS_OK, STATUS_FIO_ERROR, STATUS_TIMEOUT,
						STATUS_INTERRUPTED, STATUS_SETUP_ERROR };
	unsigned int i;

	if (!*val) {
		for (i = 0; i < t->nrequired; i++)
			if (t->required[i] == c) {
				snprintf(why, len, "is empty");
				return -1;
			}
		return 0;
	}
	switch (t->cols[c].type) {
	case COL_STR:
		/* one line of UTF-8: what the readers print, chart and quote */
		return sink_text("text", val, why, len);
	case COL_LABEL:
		if (label_valid(val, strlen(val)))
			return 0;
		snprintf(why, len,
			 "is not a label (letters, digits, '_', '.' and '-', beginning "
			 "with a letter, a digit or '_'): it names files");
		return -1;
	case COL_INT:
		if (is_int(val))
			return 0;
		snprintf(why, len, "'%s' is not a whole number >= 0", shown(val));
		return -1;
	case COL_NUM:
		if (is_num(val))
			return 0;
		snprintf(why, len, "'%s' is not a decimal number with a '.' separator", shown(val));
		return -1;
	case COL_TIME:
		if (is_time(val))
			return 0;
		snprintf(why, len, "'%s' is not an ISO 8601 UTC time like 2026-11-30T02:05:00Z",
			 shown(val));
		return -1;
	case COL_STATUS:
		for (i = 0; i < sizeof(statuses) / sizeof(statuses[0]); i++)
			if (!strcmp(val, statuses[i]))
				return 0;
		snprintf(why, len,
			 "'%s' is not one of ok, fio_error, timeout, interrupted, setup_error",
			 shown(val));
		return -1;
	}
	return 0;
}

int schema_check_cell(enum column c, const char *val, char *why, size_t len)
{
	return table_check_cell(&table_results, c, val, why, len);
}

time_t schema_time(const char *val)
{
	struct tm tm = { 0 };
	const char *end = strptime(val, "%Y-%m-%dT%H:%M:%SZ", &tm);

	return end && !*end ? timegm(&tm) : 0;
}

int schema_check_version(const char *v, char *why, size_t len)
{
	char *end;
	long major = strtol(v, &end, 10);

	if (end == v || *end != '.') {
		snprintf(why, len, "'%s' is not a schema version (MAJOR.MINOR)", v);
		return -1;
	}
	if (major != NFSWEEP_SCHEMA_MAJOR) {
		snprintf(why, len, "schema version %s: this nfsweep reads major version %d only", v,
			 NFSWEEP_SCHEMA_MAJOR);
		return -1;
	}
	return 0;
}

static void print_table(FILE *out, const struct table_info *t)
{
	fprintf(out, "### %s: %s\n\n| column | type | unit | meaning |\n|---|---|---|---|\n",
		t->file, t->rows);
	for (int i = 0; i < t->ncols; i++)
		fprintf(out, "| `%s` | %s | %s | %s |\n", t->cols[i].name,
			type_names[t->cols[i].type], t->cols[i].unit, t->cols[i].meaning);
	for (int i = 0; i < t->ncols; i++)
		if (!strncmp(t->cols[i].name, TABLE_TARGET_PATTERN, strlen(TABLE_TARGET_PATTERN))) {
			fprintf(out,
				"\nA column `" TABLE_TARGET_PATTERN "x` is one column per target, "
				"`TARGET` replaced by the target's label (`nc1_x`, `nc8_x`), in the "
				"results file's order of targets; the columns are grouped by "
				"figure.\n");
			break;
		}
}

void schema_print_markdown(FILE *out)
{
	print_table(out, &table_results);
	fprintf(out,
		"\nThe rows of one file agree on the columns that say how a point was measured; "
		"`--resume` refuses a run that does not:");
	for (size_t k = 0; k < schema_nconfig_columns; k++)
		fprintf(out, "%s `%s`", k ? "," : "", columns[schema_config_columns[k]].name);
	fprintf(out,
		". A depth sweep (run --numjobs 1,4 --iodepth 1,16) is the one exception: its rows each "
		"record their own `numjobs` and `iodepth`, and a point is its profile, target, read "
		"share and depth (a reader names it PROFILE-NUMJOBSxIODEPTH).\n");
	for (size_t i = 1; i < schema_ntables; i++) {
		fputc('\n', out);
		print_table(out, schema_tables[i]);
	}
	for (size_t i = 0; i < schema_nmade_tables; i++) {
		fputc('\n', out);
		print_table(out, schema_made_tables[i]);
	}
}
