/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SCHEMA_H
#define NFSWEEP_SCHEMA_H

/*
 * The results columns, derived from results-schema/columns.def (the single
 * source): the enum of column ids, the table of names, types, units and
 * meanings, the cell checks the validator runs.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#define NFSWEEP_SCHEMA_MAJOR 1
#define NFSWEEP_SCHEMA_MINOR 9

enum col_type {
	COL_STR,
	COL_INT,
	COL_NUM,
	COL_TIME,
	COL_STATUS,
	COL_LABEL
};

enum column {
#define COLUMN(id, type, unit, meaning) COL_##id,
#include "columns.def"
#undef COLUMN
	NCOLUMNS
};

/* The columns of schema 1.0; later minors append, so readers accept a
 * header of at least this many of the columns, in order. */
#define SCHEMA_MIN_COLUMNS (COL_error + 1)

/* FILE.ops.csv (ops_columns.def) and FILE.rpc.csv (mountstats_columns.def), beside FILE.csv */
enum ops_column {
#define COLUMN(id, type, unit, meaning) OPS_COL_##id,
#include "ops_columns.def"
#undef COLUMN
	OPS_NCOLUMNS
};

enum ms_column {
#define COLUMN(id, type, unit, meaning) MS_COL_##id,
#include "mountstats_columns.def"
#undef COLUMN
	MS_NCOLUMNS
};

/* FILE.hosts.csv (hosts_columns.def): each host's figures of a --hosts point */
enum hosts_column {
#define COLUMN(id, type, unit, meaning) HOSTS_COL_##id,
#include "hosts_columns.def"
#undef COLUMN
	HOSTS_NCOLUMNS
};

/* FILE.lat.csv (lat_columns.def): each point's completion-latency histogram */
enum lat_column {
#define COLUMN(id, type, unit, meaning) LAT_COL_##id,
#include "lat_columns.def"
#undef COLUMN
	LAT_NCOLUMNS
};

/* FILE.run.csv (run_columns.def): one row per command that wrote into FILE.csv */
enum run_column {
#define COLUMN(id, type, unit, meaning) RUN_COL_##id,
#include "run_columns.def"
#undef COLUMN
	RUN_NCOLUMNS
};

/* compare.csv and compare-runs.csv (compare_columns.def): one row per ratio compare prints */
enum compare_column {
#define COLUMN(id, type, unit, meaning) COMPARE_COL_##id,
#include "compare_columns.def"
#undef COLUMN
	COMPARE_NCOLUMNS
};

/*
 * The chart-ready tables (chart_columns.def, nconnect_table_columns.def,
 * curve_table_columns.def, depth_table_columns.def): an id beginning with TARGET_ is one column per
 * target (chart_table.h).
 */
enum chart_column {
#define COLUMN(id, type, unit, meaning) CHART_COL_##id,
#include "chart_columns.def"
#undef COLUMN
	CHART_NCOLUMNS
};

enum nconnect_table_column {
#define COLUMN(id, type, unit, meaning) NCT_COL_##id,
#include "nconnect_table_columns.def"
#undef COLUMN
	NCT_NCOLUMNS
};

enum curve_table_column {
#define COLUMN(id, type, unit, meaning) CURVE_TABLE_COL_##id,
#include "curve_table_columns.def"
#undef COLUMN
	CURVE_TABLE_NCOLUMNS
};

enum depth_table_column {
#define COLUMN(id, type, unit, meaning) DEPTH_TABLE_COL_##id,
#include "depth_table_columns.def"
#undef COLUMN
	DEPTH_TABLE_NCOLUMNS
};

/* The prefix of a column id that stands for each target's label. */
#define TABLE_TARGET_PATTERN "TARGET_"

/* make bench's CSV (bench_columns.def): written by tools/bench_report.py alone */
enum bench_column {
#define COLUMN(id, type, unit, meaning) BENCH_COL_##id,
#include "bench_columns.def"
#undef COLUMN
	BENCH_NCOLUMNS
};

struct column_info {
	const char *name;
	enum col_type type;
	const char *unit;
	const char *meaning;
};

extern const struct column_info columns[NCOLUMNS];

/* One CSV file of the schema: its columns and the ones that are never empty. */
struct table_info {
	const char *file;   /* "FILE.csv", "FILE.ops.csv", "FILE.rpc.csv", "FILE.hosts.csv" */
	const char *suffix; /* what replaces ".csv" in FILE.csv: "", ".ops", ".rpc" */
	const char *rows;   /* what one row is */
	const struct column_info *cols;
	int ncols;
	int min_cols; /* the shortest header a reader accepts (older minors) */
	const int *required;
	size_t nrequired;
};
extern const struct table_info table_results, table_ops, table_mountstats, table_hosts, table_run,
	table_lat;
extern const struct table_info *const schema_tables[];
extern const size_t schema_ntables;
/* The CSV files made from results: compare's, make bench's and the chart-ready tables. */
extern const struct table_info table_compare, table_bench, table_chart, table_nconnect_table,
	table_curve_table, table_depth_table;
extern const struct table_info *const schema_made_tables[];
extern const size_t schema_nmade_tables;

/* 0 if @val is a valid cell of column @c of @t (empty is valid unless required), else -1 and @why. */
int table_check_cell(const struct table_info *t, int c, const char *val, char *why, size_t len);
/* Column index of @name in @t, or -1. */
int table_find(const struct table_info *t, const char *name);

/* The status values of the status column. */
#define STATUS_OK "ok"
#define STATUS_FIO_ERROR "fio_error"
#define STATUS_TIMEOUT "timeout"
#define STATUS_INTERRUPTED "interrupted"
#define STATUS_SETUP_ERROR "setup_error"

/* "1.0" */
const char *schema_version(void);

/*
 * The engines of op-mix profiles, as the engine column names them: their
 * rows count operations, not bytes (bs=1), and their per-operation rows
 * are in FILE.ops.csv. nfsweep-ops drives the kernel's NFS client with
 * system calls; nfsweep-rpc sends NFSv3 RPCs itself (an nfs:// target).
 */
#define ENGINE_OPS "nfsweep-ops"
#define ENGINE_RPC "nfsweep-rpc"
extern const char *const schema_op_mix_engines[2]; /* ENGINE_OPS, ENGINE_RPC */
/* @engine as schema_op_mix_engines has it, or NULL when it is not an op-mix engine. */
const char *schema_op_mix_engine_name(const char *engine);
bool schema_op_mix_engine(const char *engine);

/* table_check_cell() of the results file FILE.csv. */
int schema_check_cell(enum column c, const char *val, char *why, size_t len);

/* The time of a TIME cell (2026-11-30T02:05:00Z), 0 when @val is not one. */
time_t schema_time(const char *val);

/* 0 if @v is a schema version this reader understands (same major). */
int schema_check_version(const char *v, char *why, size_t len);

/*
 * The columns that say how a point was measured (engine, depth, jobs,
 * sizes, times, fio's and nfsweep's versions): the rows of one results
 * file must agree on them, and --resume refuses a run that does not.
 */
extern const enum column schema_config_columns[];
extern const size_t schema_nconfig_columns;

/* Column index of @name, or -1. */
int schema_find(const char *name);

/* The schema document (Markdown): every file's columns, as results-schema/README.md holds them. */
void schema_print_markdown(FILE *out);

#endif
