/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_PLOT_GNUPLOT_H
#define NFSWEEP_PLOT_GNUPLOT_H

/* What every chart does with gnuplot. */
#include <stddef.h>
#include <stdio.h>

/*
 * User text in a gnuplot string, single- or double-quoted: quotes and
 * backquotes become a typographic apostrophe (U+2019), backslashes a slash,
 * newlines a space, so that nothing in it can end the string or run a
 * command. Series titles are drawn noenhanced; for an enhanced title
 * (@enhanced) the markup characters are escaped as well.
 */
void gp_text(char *dst, size_t len, const char *src, int enhanced);

/*
 * gnuplot runs in the charts' directory, and every path in its scripts is
 * relative to it: the data and scripts under GP_DATA/, the charts beside.
 * No directory name, which is data, is ever in a script's text.
 */
#define GP_DATA "plot"

/* Open DIR/NAME for writing (DIR: the charts' GP_DATA/), its name for a script in @path. */
FILE *gp_open(const char *dir, const char *name, char *path, size_t len);

/*
 * Draw the chart @body_path as NAME.svg, and as NAME.png with @png, from
 * the script @gp (cairo's PNG takes nine tenths of gnuplot's time).
 */
void gp_terminals(FILE *gp, const char *name, const char *body_path, int png);

/*
 * Run gnuplot on @script (relative to @dir) in @dir, its stderr into @err_path (relative to
 * @dir; NULL: nfsweep's): its exit status, 126 if it could not change there or open
 * @err_path, 127 if it could not run, -1 fork failed.
 */
int gp_run(const char *dir, const char *script, const char *err_path);

#endif
