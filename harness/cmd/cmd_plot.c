// SPDX-License-Identifier: GPL-2.0
/*
 * nfsweep plot FILE.csv [--outdir DIR]: the published charts redrawn from
 * the user's results, with gnuplot, as PNG and SVG:
 *   <profile>.png|svg  MiB/s (64 KiB and larger) or IOPS against read %
 *                      (100 -> 0): read, write and total, a colour per target;
 *                      the published figures as a labelled series on the
 *                      right-hand axis (a cloud volume's numbers next to a
 *                      lab's would flatten the lab's lines on one axis)
 *   nconnect.png|svg   bars per workload: each target's ratio to the base,
 *                      printed on the bars, and the published gain beside
 * The data and the gnuplot script stay in DIR/plot/ so that the charts can be
 * restyled by hand.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmds.h"
#include "compare.h"
#include "csv.h"
#include "ort.h"
#include "reference.h"
#include "results_table.h"

struct plot_ctx {
	const struct results_table *t;
	const struct reference *ref;
	const char *dir;	/* where the charts go */
	char datadir[PATH_MAX];	/* DIR/plot */
	char subtitle[400];	/* backend/note and date */
	int base;
};

/*
 * User text in a gnuplot string: quotes, backslashes and newlines become
 * harmless. Series titles are drawn noenhanced; for the enhanced title
 * (@enhanced) the markup characters are escaped as well ("\\_" in double quotes).
 */
static void gp_text_mode(char *dst, size_t len, const char *src, int enhanced)
{
	size_t o = 0;

	for (; *src && o + 4 < len; src++) {
		if (*src == '"' || *src == '\\' || *src == '\n' || *src == '\'') {
			dst[o++] = '`';
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

static void gp_text(char *dst, size_t len, const char *src)
{
	gp_text_mode(dst, len, src, 0);
}

static FILE *open_in(const char *dir, const char *name, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "nfsweep plot: open %s: %s\n", path, strerror(errno));
	return f;
}

/* Each chart is drawn twice: the same script after a PNG and an SVG terminal. */
static void terminals(FILE *gp, const char *dir, const char *name, const char *body_path)
{
	fprintf(gp, "set terminal pngcairo size 1280,800 enhanced font 'sans,11'\n"
		"set output '%s/%s.png'\nload '%s'\n", dir, name, body_path);
	fprintf(gp, "set terminal svg size 1280,800 enhanced font 'sans,11' background '#ffffff'\n"
		"set output '%s/%s.svg'\nload '%s'\nunset output\n", dir, name, body_path);
}

static int profile_chart(struct plot_ctx *c, FILE *gp, int p)
{
	const struct results_table *t = c->t;
	int mib = rt_is_throughput(t, p);
	enum rt_metric rd = mib ? RT_READ_MIB : RT_READ_IOPS, wr = mib ? RT_WRITE_MIB : RT_WRITE_IOPS,
		       tot = mib ? RT_TOTAL_MIB : RT_TOTAL_IOPS;
	const char *figure = mib ? "scale-out throughput" : "scale-out IOPS";
	const char *unit = mib ? "MiB/s" : "IO/s";
	const struct ref_value *r100, *r0;
	char dat[PATH_MAX], refdat[PATH_MAX], body[PATH_MAX], name[80], title[160];
	FILE *f;
	int have;

	snprintf(name, sizeof(name), "%s.dat", t->profiles[p]);
	f = open_in(c->datadir, name, dat, sizeof(dat));
	if (!f)
		return -1;
	/* One block per target, two blank lines apart: gnuplot's "index". */
	for (int tg = 0; tg < t->ntargets; tg++) {
		fprintf(f, "# target %s: read_pct read write total (%s)\n", t->targets[tg], unit);
		for (int pct = 100; pct >= 0; pct--) {
			double v = rt_mean(t, p, pct, tg, tot, &have);

			if (have)
				fprintf(f, "%d %.3f %.3f %.3f\n", pct, rt_mean(t, p, pct, tg, rd, &have),
					rt_mean(t, p, pct, tg, wr, &have), v);
		}
		fprintf(f, "\n\n");
	}
	fclose(f);

	r100 = reference_find(c->ref, figure, t->profiles[p], 100, mib ? "total_mib_s" : "total_iops");
	r0 = reference_find(c->ref, figure, t->profiles[p], 0, mib ? "total_mib_s" : "total_iops");
	snprintf(name, sizeof(name), "%s-published.dat", t->profiles[p]);
	f = open_in(c->datadir, name, refdat, sizeof(refdat));
	if (!f)
		return -1;
	if (r100)
		fprintf(f, "100 %.3f\n", r100->value);
	if (r0)
		fprintf(f, "0 %.3f\n", r0->value);
	fclose(f);

	snprintf(name, sizeof(name), "%s.gp", t->profiles[p]);
	f = open_in(c->datadir, name, body, sizeof(body));
	if (!f)
		return -1;
	if (mib)
		snprintf(title, sizeof(title), "%s: %lld KiB sequential, throughput against read share",
			 t->profiles[p], t->block_size[p] / 1024);
	else
		snprintf(title, sizeof(title), "%s: %lld KiB random, IOPS against read share",
			 t->profiles[p], t->block_size[p] / 1024);
	fprintf(f, "reset\nset title \"%s\\n{/*0.8 %s}\"\n", title, c->subtitle);
	fprintf(f, "set xlabel 'read share (%%), from pure read to pure write'\n"
		"set ylabel '%s (%s)'\nset xrange [105:-5]\nset xtics 10\n"
		"set yrange [0:*]\nset grid\nset key below horizontal maxcols 3 spacing 1.2\n", unit,
		mib ? "MiB/s, 2^{20} bytes per second" : "I/O operations per second");
	if (r100 || r0)
		fprintf(f, "set y2label 'published (%s)'\nset y2range [0:*]\nset y2tics\nset ytics nomirror\n",
			unit);
	fprintf(f, "plot \\\n");
	for (int tg = 0; tg < t->ntargets; tg++) {
		char lbl[80];

		gp_text(lbl, sizeof(lbl), t->targets[tg]);
		fprintf(f, "  '%s' index %d using 1:4 with linespoints lw 2 pt 7 lc %d title '%s total' noenhanced, \\\n"
			"  '' index %d using 1:2 with linespoints dt 2 pt 6 lc %d title '%s read' noenhanced, \\\n"
			"  '' index %d using 1:3 with linespoints dt 3 pt 4 lc %d title '%s write' noenhanced%s\n",
			dat, tg, tg + 1, lbl, tg, tg + 1, lbl, tg, tg + 1, lbl,
			(tg + 1 < t->ntargets || r100 || r0) ? ", \\" : "");
	}
	if (r100 || r0) {
		char src[160];

		gp_text(src, sizeof(src), (r100 ? r100 : r0)->source);
		fprintf(f, "  '%s' using 1:2 axes x1y2 with points pt 9 ps 2.5 lc rgb '#000000' "
			"title 'published: %s, %s (right axis)' noenhanced\n", refdat, src, figure);
	}
	fclose(f);
	terminals(gp, c->dir, t->profiles[p], body);
	return 0;
}

static int nconnect_chart(struct plot_ctx *c, FILE *gp)
{
	const struct results_table *t = c->t;
	char dat[PATH_MAX], body[PATH_MAX];
	int n = 0, col;
	FILE *f;

	f = open_in(c->datadir, "nconnect.dat", dat, sizeof(dat));
	if (!f)
		return -1;
	fprintf(f, "# workload");
	for (int tg = 0; tg < t->ntargets; tg++)
		if (tg != c->base)
			fprintf(f, " %s/%s", t->targets[tg], t->targets[c->base]);
	fprintf(f, " published\n");
	for (int h = 0; h < NHEADLINES; h++) {
		int p = rt_profile(t, headlines[h].profile);
		const struct ref_value *pub = reference_find(c->ref, "nconnect gain",
							     headlines[h].profile, headlines[h].read_pct,
							     "ratio");

		fprintf(f, "\"%s\"", headlines[h].name);
		for (int tg = 0; tg < t->ntargets; tg++) {
			double v, bv, r;

			if (tg == c->base)
				continue;
			if (p >= 0 && !compare_ratio(t, p, headlines[h].read_pct, tg, c->base,
						     headlines[h].metric, &v, &bv, &r)) {
				fprintf(f, " %.3f", r);
				n++;
			} else {
				fprintf(f, " NaN");
			}
		}
		if (pub)
			fprintf(f, " %.3f\n", pub->value);
		else
			fprintf(f, " NaN\n");
	}
	fclose(f);
	if (!n)
		return 1;	/* no headline point measured on two targets: no chart */

	f = open_in(c->datadir, "nconnect.gp", body, sizeof(body));
	if (!f)
		return -1;
	fprintf(f, "reset\nset title \"nconnect comparison: each target's ratio to %s, per workload\\n{/*0.8 %s}\"\n",
		t->targets[c->base], c->subtitle);
	fprintf(f, "set ylabel 'ratio to %s (x)'\nset yrange [0:*]\nset grid ytics\n"
		"set style data histograms\nset style histogram clustered gap 1\n"
		"set style fill solid 0.8 border -1\nset boxwidth 0.9\nset key below horizontal\n"
		"set xtics nomirror\nset arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n",
		t->targets[c->base]);
	{
		int nseries = t->ntargets;	/* the non-base targets, plus published */
		double w = 1.0 / (nseries + 1);	/* bar width with gap 1 */

		fprintf(f, "plot \\\n");
		col = 2;
		for (int tg = 0; tg < t->ntargets; tg++) {
			char lbl[80];

			if (tg == c->base)
				continue;
			gp_text(lbl, sizeof(lbl), t->targets[tg]);
			fprintf(f, "  '%s' using %d:xtic(1) lc %d title '%s / %s (measured)' noenhanced, \\\n", dat,
				col, tg + 1, lbl, t->targets[c->base]);
			col++;
		}
		fprintf(f, "  '' using %d lc rgb '#888888' title 'published nconnect gain (Azure NetApp Files)' noenhanced", col);
		/* The ratio printed on each bar. */
		for (int s = 0; s < nseries; s++) {
			double off = (s - (nseries - 1) / 2.0) * w;

			fprintf(f, ", \\\n  '' using ($0%+.3f):%d:(sprintf('%%.2fx', $%d)) with labels offset 0,0.8 notitle",
				off, s + 2, s + 2);
		}
		fprintf(f, "\n");
	}
	fclose(f);
	terminals(gp, c->dir, "nconnect", body);
	return 0;
}

/* The ok load points of @target in a curve results file, by achieved IOPS. */
static size_t curve_points(const char *csv_path, const char *target, struct ort_point *pts, size_t max)
{
	struct csv_record rec = { 0 };
	int c_t = -1, c_lp = -1, c_st = -1, c_ops = -1, c_rt = -1;
	size_t line = 0, n = 0;
	FILE *f = fopen(csv_path, "r");

	if (!f)
		return 0;
	if (csv_read_record(f, &rec, &line) == 1)
		for (size_t i = 0; i < rec.n; i++) {
			const char *h = rec.cells[i];

			c_t = !strcmp(h, "target") ? (int)i : c_t;
			c_lp = !strcmp(h, "load_point") ? (int)i : c_lp;
			c_st = !strcmp(h, "status") ? (int)i : c_st;
			c_ops = !strcmp(h, "total_iops") ? (int)i : c_ops;
			c_rt = !strcmp(h, "rt_ms") ? (int)i : c_rt;
		}
	if (c_t >= 0 && c_lp >= 0 && c_st >= 0 && c_ops >= 0 && c_rt >= 0)
		while (n < max && csv_read_record(f, &rec, &line) == 1) {
			if (rec.n <= (size_t)c_rt || strcmp(rec.cells[c_t], target) ||
			    strcmp(rec.cells[c_st], "ok") || atoi(rec.cells[c_lp]) < 1)
				continue;
			pts[n].ops_s = atof(rec.cells[c_ops]);
			pts[n].rt_ms = atof(rec.cells[c_rt]);
			n++;
		}
	csv_record_free(&rec);
	fclose(f);
	ort_sort(pts, n);
	return n;
}

/*
 * curve.png|svg: response time against achieved throughput, a line per
 * target with its ORT in the legend, the published SPEC SFS curves beside
 * (top axis: their ops/s are of another scale). 1 when there is no curve.
 */
static int curve_chart(struct plot_ctx *c, FILE *gp, const char *csv_path, const char *refdir)
{
	const struct results_table *t = c->t;
	char dat[PATH_MAX], pub[PATH_MAX], body[PATH_MAX], curvedir[PATH_MAX];
	struct ort_point pts[101];
	double ort[RT_MAX];
	size_t npts[RT_MAX];
	struct dirent **names = NULL;
	int any = 0, nfiles = 0;
	char why[256];
	FILE *f;

	f = open_in(c->datadir, "curve.dat", dat, sizeof(dat));
	if (!f)
		return -1;
	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		npts[tg] = curve_points(csv_path, t->curve_targets[tg], pts, 101);
		ort[tg] = 0;
		if (npts[tg] >= 2 && !ort_compute(pts, npts[tg], &ort[tg], why, sizeof(why)))
			any = 1;
		fprintf(f, "# target %s: achieved IOPS, response time ms\n", t->curve_targets[tg]);
		for (size_t i = 0; i < npts[tg]; i++)
			fprintf(f, "%.3f %.4f\n", pts[i].ops_s, pts[i].rt_ms);
		fprintf(f, "\n\n");
	}
	fclose(f);
	if (!any)
		return 1;

	f = open_in(c->datadir, "curve-published.dat", pub, sizeof(pub));
	if (!f)
		return -1;
	snprintf(curvedir, sizeof(curvedir), "%s/curves", refdir);
	nfiles = scandir(curvedir, &names, NULL, alphasort);
	for (int i = 0; i < nfiles; i++) {
		char path[PATH_MAX], *src = NULL;
		struct csv_record rec = { 0 };
		struct ort_point rp[64];
		size_t line = 0, n = 0;
		double o = 0;
		FILE *r;

		r = NULL;
		if (snprintf(path, sizeof(path), "%s/%s", curvedir, names[i]->d_name) < (int)sizeof(path) &&
		    strstr(names[i]->d_name, ".csv"))
			r = fopen(path, "r");
		free(names[i]);
		if (!r)
			continue;
		/* source,load_point,ops_s,rt_ms,published_ort_ms */
		if (csv_read_record(r, &rec, &line) == 1)
			while (n < 64 && csv_read_record(r, &rec, &line) == 1 && rec.n >= 4) {
				if (!src)
					src = strdup(rec.cells[0]);
				rp[n].ops_s = atof(rec.cells[2]);
				rp[n].rt_ms = atof(rec.cells[3]);
				n++;
			}
		fclose(r);
		csv_record_free(&rec);
		if (src && n >= 2 && !ort_compute(rp, n, &o, why, sizeof(why))) {
			char lbl[160];

			gp_text(lbl, sizeof(lbl), src);
			fprintf(f, "# published: %s (ORT %.2f ms)\n", lbl, o);
			for (size_t k = 0; k < n; k++)
				fprintf(f, "%.0f %.3f\n", rp[k].ops_s, rp[k].rt_ms);
			fprintf(f, "\n\n");
		}
		free(src);
	}
	free(names);
	fclose(f);

	f = open_in(c->datadir, "curve.gp", body, sizeof(body));
	if (!f)
		return -1;
	fprintf(f, "reset\nset title \"load curve: response time against achieved throughput\\n{/*0.8 %s}\"\n",
		c->subtitle);
	fprintf(f, "set xlabel 'achieved throughput (IO/s)'\nset ylabel 'response time (ms): mean "
		"completion latency'\nset x2label 'published SPEC SFS 2008 results (ops/s)'\n"
		"set x2tics\nset xtics nomirror\nset xrange [0:*]\nset x2range [0:*]\n"
		"set yrange [0:*]\nset grid\nset key below horizontal maxcols 2 spacing 1.2\nplot \\\n");
	for (int tg = 0; tg < t->ncurve_targets; tg++) {
		char lbl[80];

		if (npts[tg] < 2)
			continue;
		gp_text(lbl, sizeof(lbl), t->curve_targets[tg]);
		fprintf(f, "  '%s' index %d using 1:2 with linespoints lw 2 pt 7 lc %d title '%s (ORT %.2f ms)' noenhanced, \\\n",
			dat, tg, tg + 1, lbl, ort[tg]);
	}
	/* One published series per block of the file, titled from its comment. */
	{
		FILE *r = fopen(pub, "r");
		char line[256];
		int idx = 0;

		while (r && fgets(line, sizeof(line), r)) {
			if (strncmp(line, "# published: ", 13))
				continue;
			line[strcspn(line, "\n")] = '\0';
			fprintf(f, "  '%s' index %d using 1:2 axes x2y1 with linespoints dt 2 pt %d lc rgb '#%s' "
				"title 'published: %s' noenhanced, \\\n", pub, idx, 4 + idx,
				idx == 0 ? "555555" : idx == 1 ? "999999" : "333333", line + 13);
			idx++;
		}
		if (r)
			fclose(r);
	}
	fprintf(f, "  NaN notitle\n");
	fclose(f);
	terminals(gp, c->dir, "curve", body);
	return 0;
}

static int run_gnuplot(const char *script)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
		fprintf(stderr, "nfsweep plot: exec gnuplot: %s (install it: tools/deps.sh plot)\n",
			strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static void usage(FILE *out)
{
	fprintf(out, "usage: nfsweep plot FILE.csv [--outdir DIR] [--base LABEL] [--reference DIR]\n\n"
		"Draws, with gnuplot, PNG and SVG charts of a results file into DIR (default: the\n"
		"file's directory): one per profile (throughput or IOPS against read %%, read, write\n"
		"and total per target, published figures beside) and nconnect.png|svg (each\n"
		"target's ratio to the base per workload, published gains beside).\n\n"
		"exit status: 0, 2 usage, 3 unreadable results or gnuplot failed\n");
}

int cmd_plot(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "outdir", required_argument, NULL, 'o' },
		{ "base", required_argument, NULL, 'b' },
		{ "reference", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outdir = NULL, *base_label = NULL, *refdir = reference_default_dir();
	struct results_table *t = NULL;
	struct reference ref = { 0 };
	struct plot_ctx c = { 0 };
	char why[512], dirbuf[PATH_MAX], script[PATH_MAX], note[256], date[16] = "";
	FILE *gp;
	int ch, ret = 3, r, drew_nconnect, drew_curve;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'o': outdir = optarg; break;
		case 'b': base_label = optarg; break;
		case 'r': refdir = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	t = malloc(sizeof(*t));
	if (!t || results_table_load(argv[optind], t, why, sizeof(why))) {
		fprintf(stderr, "nfsweep plot: %s\n", t ? why : "out of memory");
		goto out;
	}
	if (!t->nprofiles && !t->curve_rows) {
		fprintf(stderr, "nfsweep plot: %s has no ok rows to draw\n", argv[optind]);
		goto out;
	}
	if (reference_load_dir(refdir, &ref, why, sizeof(why)))
		fprintf(stderr, "nfsweep plot: drawing without published figures: %s\n", why);
	if (!outdir) {
		const char *slash = strrchr(argv[optind], '/');

		snprintf(dirbuf, sizeof(dirbuf), "%.*s", slash ? (int)(slash - argv[optind]) : 1,
			 slash ? argv[optind] : ".");
		outdir = dirbuf;
	}
	c.t = t;
	c.ref = &ref;
	c.dir = outdir;
	c.base = base_label ? rt_target(t, base_label) : 0;
	if (c.base < 0) {
		fprintf(stderr, "nfsweep plot: --base %s: no such target\n", base_label);
		ret = 2;
		goto out;
	}
	if (snprintf(c.datadir, sizeof(c.datadir), "%s/plot", outdir) >= (int)sizeof(c.datadir) ||
	    snprintf(script, sizeof(script), "%s/charts.gp", c.datadir) >= (int)sizeof(script)) {
		fprintf(stderr, "nfsweep plot: --outdir %s: path too long\n", outdir);
		ret = 2;
		goto out;
	}
	if (mkdir(c.datadir, 0755) && errno != EEXIST) {
		fprintf(stderr, "nfsweep plot: mkdir %s: %s\n", c.datadir, strerror(errno));
		goto out;
	}
	gp_text_mode(note, sizeof(note), t->note[0] ? t->note : "no --note recorded", 1);
	memcpy(date, t->first_time, 10);
	snprintf(c.subtitle, sizeof(c.subtitle), "%s, %s", note, date);

	gp = fopen(script, "w");
	if (!gp) {
		fprintf(stderr, "nfsweep plot: open %s: %s\n", script, strerror(errno));
		goto out;
	}
	for (int p = 0; p < t->nprofiles; p++)
		if (profile_chart(&c, gp, p)) {
			fclose(gp);
			goto out;
		}
	r = t->ntargets > 1 ? nconnect_chart(&c, gp) : 1;
	if (r < 0) {
		fclose(gp);
		goto out;
	}
	drew_nconnect = r == 0;
	r = curve_chart(&c, gp, argv[optind], refdir);
	fclose(gp);
	if (r < 0)
		goto out;
	drew_curve = r == 0;
	r = run_gnuplot(script);
	if (r) {
		fprintf(stderr, "nfsweep plot: gnuplot %s failed (exit %d)\n", script, r);
		goto out;
	}
	for (int p = 0; p < t->nprofiles; p++)
		printf("%s/%s.png %s/%s.svg\n", outdir, t->profiles[p], outdir, t->profiles[p]);
	if (drew_nconnect)
		printf("%s/nconnect.png %s/nconnect.svg\n", outdir, outdir);
	if (drew_curve)
		printf("%s/curve.png %s/curve.svg\n", outdir, outdir);
	ret = 0;
out:
	reference_free(&ref);
	free(t);
	return ret;
}
