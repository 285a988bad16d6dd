// SPDX-License-Identifier: GPL-2.0
/* gnuplot, as every chart uses it (see gnuplot.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plot/gnuplot.h"

void gp_text(char *dst, size_t len, const char *src, int enhanced)
{
	static const char apostrophe[] = "\xe2\x80\x99"; /* U+2019, in UTF-8 */
	size_t o = 0;

	for (; *src && o + 4 < len; src++) {
		if (*src == '"' || *src == '\'' || *src == '`') {
			/*
			 * Not a backquote: gnuplot runs the text between two
			 * backquotes as a shell command, even in a string.
			 */
			memcpy(dst + o, apostrophe, 3);
			o += 3;
		} else if (*src == '\\') {
			dst[o++] = '/';
		} else if (*src == '\n') {
			dst[o++] = ' ';
		} else if (enhanced && strchr("_^@&~{}", *src)) {
			dst[o++] = '\\';
			dst[o++] = '\\';
			dst[o++] = *src;
		} else {
			dst[o++] = *src;
		}
	}
	dst[o] = '\0';
}

FILE *gp_open(const char *dir, const char *name, char *path, size_t len)
{
	char full[PATH_MAX];
	FILE *f;

	snprintf(path, len, GP_DATA "/%s", name);
	snprintf(full, sizeof(full), "%s/%s", dir, name);
	f = fopen(full, "w");
	if (!f)
		fprintf(stderr, "nfsweep plot: open %s: %s\n", full, strerror(errno));
	return f;
}

void gp_terminals(FILE *gp, const char *name, const char *body_path, int png)
{
	/* The same script twice: after a PNG terminal and after an SVG one. */
	fprintf(gp, "set encoding utf8\n");
	if (png)
		fprintf(gp,
			"set terminal pngcairo size 1280,800 enhanced font 'sans,11'\n"
			"set output '%s.png'\nload '%s'\n",
			name, body_path);
	/*
	 * The SVG is the report's: drawn at about the width the page shows it (200 mm less its
	 * padding, 724 CSS px), every font 1.35 times the PNG's, so that its smallest text (a
	 * subtitle at 0.8, a label at 9) is at least 11 px there (report_check measures it).
	 */
	fprintf(gp,
		"set terminal svg size 760,620 enhanced font 'sans,11' fontscale 1.35 "
		"background '#ffffff'\nset output '%s.svg'\nload '%s'\nunset output\n",
		name, body_path);
}

int gp_run(const char *dir, const char *script, const char *err_path)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		/*
		 * The scripts are UTF-8 (set encoding utf8; a title's U+2019):
		 * under the C locale gnuplot warns "iconv failed" for each. C.UTF-8
		 * is glibc's own, there on every Debian system.
		 */
		unsetenv("LC_ALL");
		setenv("LC_CTYPE", "C.UTF-8", 1);
		/* the scripts name no directory: the charts' is the working one */
		if (chdir(dir)) {
			fprintf(stderr, "nfsweep plot: chdir %s: %s\n", dir, strerror(errno));
			_exit(126);
		}
		if (err_path) {
			int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

			if (fd < 0 || dup2(fd, 2) < 0) {
				fprintf(stderr, "nfsweep plot: open %s/%s: %s\n", dir, err_path,
					strerror(errno));
				_exit(126);
			}
		}
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
		fprintf(stderr,
			"nfsweep plot: exec gnuplot: %s (install gnuplot; in nfsweep's source "
			"tree, tools/deps.sh plot)\n",
			strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}
