// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep summary FILE.csv: per profile, a table of read % x target with the
 * headline figure of each point (MiB/s for 64 KiB and larger blocks, IOPS
 * below), the mean of its ok rows.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "csv.h"
#include "schema.h"

#define MAX_KEYS 64

struct cell {
	double sum;
	int n;
};

/* Index of @s in @list (appending it if new), or -1 when full. */
static int intern(char list[][64], int *n, const char *s)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(list[i], s))
			return i;
	if (*n == MAX_KEYS)
		return -1;
	snprintf(list[*n], 64, "%s", s);
	return (*n)++;
}

int cmd_summary(int argc, char **argv)
{
	static char profiles[MAX_KEYS][64], targets[MAX_KEYS][64];
	static struct cell cells[MAX_KEYS][101][MAX_KEYS];
	static int is_mib[MAX_KEYS];
	struct csv_record rec = { 0 };
	int np = 0, nt = 0, r, failed = 0;
	size_t line = 0;
	char why[256];
	FILE *f;

	if (argc != 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc == 2 ? stdout : stderr,
			"usage: nfsweep summary FILE.csv\n\nPer profile, read %% x target: MiB/s "
			"(blocks of 64 KiB and more) or IOPS, the mean of the ok rows.\n");
		return argc == 2 ? 0 : 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "nfsweep summary: open %s: %s\n", argv[1], strerror(errno));
		return 3;
	}
	if (csv_read_record(f, &rec, &line) != 1 || rec.n != NCOLUMNS ||
	    schema_find(rec.cells[0]) != 0) {
		fprintf(stderr, "nfsweep summary: %s: not a results file (nfsweep validate tells why)\n",
			argv[1]);
		fclose(f);
		csv_record_free(&rec);
		return 3;
	}
	while ((r = csv_read_record(f, &rec, &line)) == 1) {
		int p, t, pct;

		if (rec.n != NCOLUMNS ||
		    schema_check_version(rec.cells[COL_schema_version], why, sizeof(why)))
			continue;
		if (strcmp(rec.cells[COL_status], "ok")) {
			failed++;
			continue;
		}
		p = intern(profiles, &np, rec.cells[COL_profile]);
		t = intern(targets, &nt, rec.cells[COL_target]);
		pct = atoi(rec.cells[COL_read_pct]);
		if (p < 0 || t < 0 || pct < 0 || pct > 100)
			continue;
		is_mib[p] = atoll(rec.cells[COL_block_size_bytes]) >= 65536;
		cells[p][pct][t].sum += atof(rec.cells[is_mib[p] ? COL_total_mib_s : COL_total_iops]);
		cells[p][pct][t].n++;
	}
	fclose(f);
	csv_record_free(&rec);

	for (int p = 0; p < np; p++) {
		printf("\n%s: total %s (mean of ok rows)\n%-7s", profiles[p],
		       is_mib[p] ? "MiB/s" : "IOPS", "read %");
		for (int t = 0; t < nt; t++)
			printf(" %12s", targets[t]);
		printf("\n");
		for (int pct = 100; pct >= 0; pct--) {
			int any = 0;

			for (int t = 0; t < nt; t++)
				any |= cells[p][pct][t].n > 0;
			if (!any)
				continue;
			printf("%-7d", pct);
			for (int t = 0; t < nt; t++) {
				const struct cell *c = &cells[p][pct][t];

				if (c->n)
					printf(" %12.*f", is_mib[p] ? 1 : 0, c->sum / c->n);
				else
					printf(" %12s", "-");
			}
			printf("\n");
		}
	}
	if (failed)
		printf("\n%d failed row%s not counted (status column)\n", failed, failed > 1 ? "s" : "");
	return 0;
}
