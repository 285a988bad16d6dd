// SPDX-License-Identifier: GPL-2.0
/*
 * A results CSV, through every reader: validate, the --resume scan (which
 * may cut a last row short), the table that summary, compare and plot
 * fold it into, and the rows the report and the workbook hold. Users edit
 * these files, spreadsheets re-save them, and a crash can leave the last
 * row unfinished.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz_input.h"
#include "results/results_file.h"
#include "results/results_table.h"
#include "results/rows.h"

static struct results_table *table;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct done_set done = { 0 };
	struct rows rows_held;
	char path[64], why[256];
	size_t rows;
	int truncated = 0, fd;
	FILE *devnull;

	if (!table && !(table = malloc(sizeof(*table))))
		abort();
	devnull = fopen("/dev/null", "w");

	fd = fuzz_memfd(data, size, path, sizeof(path));
	(void)results_validate(path, devnull, "fuzz", 20, &rows);
	(void)results_table_load(path, table, why, sizeof(why));
	if (!rows_load(path, &table_results, &rows_held)) /* the report's and the workbook's */
		for (size_t i = 0; i < rows_held.n; i++)
			(void)res_at(&rows_held, i, COL_status);
	rows_free(&rows_held);
	if (!results_scan_for_resume(path, NULL, &done, &truncated, why, sizeof(why)))
		(void)done_set_has(&done, "seq64k|nc1|100|1");
	done_set_free(&done);
	close(fd);
	fclose(devnull);
	return 0;
}
