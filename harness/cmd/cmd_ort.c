// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep ort FILE.csv: the Overall Response Time of a load curve given as
 * a CSV with the columns ops_s and rt_ms, one row per load point in
 * ascending throughput (results-schema/reference/curves/ has the published
 * SPEC SFS 2008 curves in that form).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "csv.h"
#include "ort.h"

#define MAX_POINTS 1000

static int parse_num(const char *s, double *v)
{
	char *end;

	if (!*s || strchr(s, ','))
		return -1;
	*v = strtod(s, &end);
	return *end ? -1 : 0;
}

int cmd_ort(int argc, char **argv)
{
	static struct ort_point pts[MAX_POINTS];
	struct csv_record rec = { 0 };
	int col_ops = -1, col_rt = -1, col_lp = -1, col_status = -1, r, ret = 3, curve_file;
	size_t line = 0, n = 0;
	char why[256];
	double ort;
	FILE *f;

	if (argc != 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc == 2 ? stdout : stderr,
			"usage: nfsweep ort FILE.csv\n\n"
			"The Overall Response Time of a load curve, as SPEC SFS computes it: the area\n"
			"under response time against throughput from the origin through each point,\n"
			"divided by the peak throughput. FILE has the columns ops_s and rt_ms, one row\n"
			"per load point, in ascending throughput; or a results file written by nfsweep\n"
			"curve (its ok load points, achieved IOPS against rt_ms). The last line printed\n"
			"is the ORT in ms with two decimals.\n\n"
			"exit status: 0, 1 not a valid curve, 2 usage, 3 unreadable file or columns missing\n");
		return argc == 2 ? 0 : 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "nfsweep ort: open %s: %s\n", argv[1], strerror(errno));
		return 3;
	}
	if (csv_read_record(f, &rec, &line) == 1)
		for (size_t i = 0; i < rec.n; i++) {
			if (!strcmp(rec.cells[i], "ops_s"))
				col_ops = (int)i;
			else if (!strcmp(rec.cells[i], "rt_ms"))
				col_rt = (int)i;
			else if (!strcmp(rec.cells[i], "load_point"))
				col_lp = (int)i;
			else if (!strcmp(rec.cells[i], "status"))
				col_status = (int)i;
			else if (!strcmp(rec.cells[i], "total_iops") && col_ops < 0)
				col_ops = (int)i;
		}
	/*
	 * A results file of nfsweep curve: the ok rows of load points 1..N,
	 * achieved IOPS against response time, in order of achieved IOPS.
	 */
	curve_file = col_lp >= 0 && col_status >= 0;
	if (col_ops < 0 || col_rt < 0) {
		fprintf(stderr, "nfsweep ort: %s:1: the header needs the columns ops_s and rt_ms%s%s\n",
			argv[1], col_ops < 0 ? " (no ops_s)" : "", col_rt < 0 ? " (no rt_ms)" : "");
		goto out;
	}
	while ((r = csv_read_record(f, &rec, &line)) == 1) {
		if (curve_file && ((size_t)col_lp >= rec.n || (size_t)col_status >= rec.n ||
				   atoi(rec.cells[col_lp]) < 1 || strcmp(rec.cells[col_status], "ok")))
			continue;
		if (n == MAX_POINTS) {
			fprintf(stderr, "nfsweep ort: %s: more than %d load points\n", argv[1], MAX_POINTS);
			goto out;
		}
		if ((size_t)col_ops >= rec.n || (size_t)col_rt >= rec.n ||
		    parse_num(rec.cells[col_ops], &pts[n].ops_s) ||
		    parse_num(rec.cells[col_rt], &pts[n].rt_ms)) {
			fprintf(stderr, "nfsweep ort: %s:%zu: ops_s and rt_ms must be numbers\n", argv[1],
				rec.line);
			ret = 1;
			goto out;
		}
		n++;
	}
	if (curve_file)
		ort_sort(pts, n);
	if (ort_compute(pts, n, &ort, why, sizeof(why))) {
		fprintf(stderr, "nfsweep ort: %s: %s\n", argv[1], why);
		ret = 1;
		goto out;
	}
	printf("%-6s %12s %10s\n", "point", "ops/s", "rt ms");
	for (size_t i = 0; i < n; i++)
		printf("%-6zu %12.0f %10.3f\n", i + 1, pts[i].ops_s, pts[i].rt_ms);
	printf("peak %.0f ops/s; overall response time (ms):\n%.2f\n", pts[n - 1].ops_s, ort);
	ret = 0;
out:
	csv_record_free(&rec);
	fclose(f);
	return ret;
}
