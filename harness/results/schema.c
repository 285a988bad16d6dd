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

const struct column_info columns[NCOLUMNS] = {
#define COLUMN(id, type, unit, meaning) [COL_##id] = { #id, COL_##type, unit, meaning },
#include "columns.def"
#undef COLUMN
};

static const char *const type_names[] = {
	[COL_STR] = "text", [COL_INT] = "integer", [COL_NUM] = "decimal",
	[COL_TIME] = "time (ISO 8601 UTC)", [COL_STATUS] = "status",
};
_Static_assert(sizeof(type_names) / sizeof(type_names[0]) == COL_STATUS + 1,
	       "every column type has a name");

const enum column schema_config_columns[] = {
	COL_engine, COL_iodepth, COL_numjobs, COL_direct, COL_size, COL_runtime_s, COL_ramp_s,
	COL_batch_submit, COL_batch_complete_min, COL_fio_opts, COL_fio_version,
	COL_nfsweep_version,
};
const size_t schema_nconfig_columns = sizeof(schema_config_columns) /
				      sizeof(schema_config_columns[0]);

const char *schema_version(void)
{
#define STR2(x) #x
#define STR(x) STR2(x)
	return STR(NFSWEEP_SCHEMA_MAJOR) "." STR(NFSWEEP_SCHEMA_MINOR);
}

int schema_find(const char *name)
{
	int i;

	for (i = 0; i < NCOLUMNS; i++)
		if (!strcmp(columns[i].name, name))
			return i;
	return -1;
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

int schema_check_cell(enum column c, const char *val, char *why, size_t len)
{
	static const char *const statuses[] = { STATUS_OK, STATUS_FIO_ERROR, STATUS_TIMEOUT,
						STATUS_INTERRUPTED, STATUS_SETUP_ERROR };
	unsigned int i;

	if (!*val) {
		/* The outcome and the point's identity are always there. */
		if (c == COL_status || c == COL_schema_version || c == COL_profile ||
		    c == COL_target || c == COL_read_pct || c == COL_repeat) {
			snprintf(why, len, "is empty");
			return -1;
		}
		return 0;
	}
	switch (columns[c].type) {
	case COL_STR:
		return 0;
	case COL_INT:
		if (is_int(val))
			return 0;
		snprintf(why, len, "'%s' is not a whole number >= 0", val);
		return -1;
	case COL_NUM:
		if (is_num(val))
			return 0;
		snprintf(why, len, "'%s' is not a decimal number with a '.' separator", val);
		return -1;
	case COL_TIME:
		if (is_time(val))
			return 0;
		snprintf(why, len, "'%s' is not an ISO 8601 UTC time like 2026-11-30T02:05:00Z", val);
		return -1;
	case COL_STATUS:
		for (i = 0; i < sizeof(statuses) / sizeof(statuses[0]); i++)
			if (!strcmp(val, statuses[i]))
				return 0;
		snprintf(why, len, "'%s' is not one of ok, fio_error, timeout, interrupted, setup_error", val);
		return -1;
	}
	return 0;
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
		snprintf(why, len, "schema version %s: this nfsweep reads major version %d only",
			 v, NFSWEEP_SCHEMA_MAJOR);
		return -1;
	}
	return 0;
}

void schema_print_markdown(FILE *out)
{
	int i;

	fprintf(out, "| column | type | unit | meaning |\n|---|---|---|---|\n");
	for (i = 0; i < NCOLUMNS; i++)
		fprintf(out, "| `%s` | %s | %s | %s |\n", columns[i].name,
			type_names[columns[i].type], columns[i].unit, columns[i].meaning);
	fprintf(out, "\nThe rows of one file agree on the columns that say how a point was measured; "
		"`--resume` refuses a run that does not:");
	for (size_t k = 0; k < schema_nconfig_columns; k++)
		fprintf(out, "%s `%s`", k ? "," : "", columns[schema_config_columns[k]].name);
	fprintf(out, ".\n");
}
