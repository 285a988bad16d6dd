// SPDX-License-Identifier: GPL-2.0
/*
 * A results CSV, through every reader: validate, the --resume scan (which
 * may cut a last row short), and the table that summary, compare and plot
 * fold it into. Users edit these files, spreadsheets re-save them, and a
 * crash can leave the last row unfinished.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "results/csv.h"
#include "fuzz_input.h"
#include "results/results_file.h"
#include "results/results_table.h"

static struct results_table *table;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct done_set done = { 0 };
	struct csv_record rec = { 0 };
	char path[64], why[256];
	size_t rows, line = 0;
	int truncated = 0, fd;
	FILE *f, *devnull;

	if (!table && !(table = malloc(sizeof(*table))))
		abort();
	devnull = fopen("/dev/null", "w");

	f = fmemopen((void *)data, size ? size : 1, "r");
	if (f) {
		while (size && csv_read_record(f, &rec, &line) > 0)
			;
		csv_record_free(&rec);
		fclose(f);
	}

	fd = fuzz_memfd(data, size, path, sizeof(path));
	(void)results_validate(path, devnull, "fuzz", 20, &rows);
	(void)results_table_load(path, table, why, sizeof(why));
	if (!results_scan_for_resume(path, NULL, &done, &truncated, why, sizeof(why)))
		(void)done_set_has(&done, "seq64k|nc1|100|1");
	done_set_free(&done);
	close(fd);
	fclose(devnull);
	return 0;
}
