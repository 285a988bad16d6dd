/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_REPORT_REPORT_H
#define NFSWEEP_REPORT_REPORT_H

/*
 * One page per run: FILE.html beside FILE.csv, made from the results files
 * alone (FILE.csv, the detail files and FILE.run.csv beside it, fio's JSON
 * by link, the published figures), with the charts of `nfsweep plot`
 * drawn beside them and carried inside the page. Sections, in order: what
 * was run, the headline against the published figures, the charts, the
 * tables, what went wrong, the files.
 */
#include <stddef.h>

struct report_in {
	const char *csv;	 /* the results file */
	const char *out;	 /* the page (NULL: FILE.html beside FILE.csv) */
	const char *refdir;	 /* the published figures */
	const char *resume_with; /* the wrapper's command that finishes the file (make sweep's) */
	const char *cmd;	 /* the command whose messages these are (NULL: report) */
};

/*
 * Write the page. 0 with @written its path, or -errno with @why (the file
 * cannot be read, the page cannot be written). A file whose rows do not
 * validate still gets its page, which says so at the top; @problems counts
 * what validate found, and each line the tables could not use is named on
 * stderr ("nfsweep report: PATH:LINE: ..: not used"). @missing counts the charts gnuplot
 * could not draw, each named on stderr with its message (and on the page).
 */
int report_run(const struct report_in *in, char *written, size_t wlen, int *problems, int *missing,
	       char *why, size_t len);

/*
 * Before and after, point by point, as a page of its own (@out): the ratios
 * of @ratios (compare-runs.csv, just written by compare: the same numbers),
 * and what each run was. 0, or -errno with @why.
 */
int report_compare(const char *before, const char *after, const char *ratios, const char *out,
		   char *why, size_t len);

#endif
