/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_REPORT_FACTS_H
#define NFSWEEP_REPORT_FACTS_H

/*
 * What was run, as the rows say it: the facts the report's first section
 * and the workbook's run sheet both show, each the distinct values of one
 * column of the results file (rows_distinct), named for a reader.
 */
#include <stddef.h>

#include "results/schema.h"

struct run_fact {
	const char *what; /* "client (uname -n)" */
	enum column col;  /* its column: COL_host */
};

/* Of the whole file: client, kernel, fio, nfsweep, engine, note. */
extern const struct run_fact run_facts[];
extern const size_t nrun_facts;

/* Of each target: path, file system, server, mount options, nconnect asked, transports. */
extern const struct run_fact target_facts[];
extern const size_t ntarget_facts;

#endif
