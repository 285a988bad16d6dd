/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_RESULTS_TABLE_H
#define NFSWEEP_RESULTS_TABLE_H

/*
 * A results CSV folded into one mean per (profile, target, read %) over its
 * ok rows (the repeats of a point), with their least and greatest: what
 * summary, compare and plot show.
 */
#include <stddef.h>

#define RT_MAX 16     /* profiles, targets: a run has at most 16 of each */
#define RT_BAD_MAX 20 /* unusable lines named one by one; the rest are counted */

enum rt_metric {
	RT_READ_IOPS,
	RT_WRITE_IOPS,
	RT_TOTAL_IOPS,
	RT_READ_MIB,
	RT_WRITE_MIB,
	RT_TOTAL_MIB,
	RT_READ_P50,
	RT_READ_P99,
	RT_WRITE_P50,
	RT_WRITE_P99,
	RT_NMETRICS
};

/* The results column each metric is the mean of. */
extern const char *const rt_metric_column[RT_NMETRICS];

struct rt_cell {
	int n;			/* ok rows */
	int count[RT_NMETRICS]; /* of them with the metric (latency needs completions) */
	double sum[RT_NMETRICS], min[RT_NMETRICS], max[RT_NMETRICS];
	/* the sums of the values' logarithms and of their squares (results/stats.h), over the
	 * rows whose value is above 0: those the ratios' intervals are made of */
	int logs[RT_NMETRICS];
	double sumlog[RT_NMETRICS], sumlog2[RT_NMETRICS];
	int unsteady; /* of them run with --steady that never were: they ran to the cap */
};

struct results_table {
	/*
	 * Of sweep points; curve rows are only counted. A profile run at several depths (a depth
	 * sweep: numjobs x iodepth) is one profile per depth, named PROFILE-NUMJOBSxIODEPTH
	 * ("rand4k-4x16"), so that no reader takes one depth's rows for another's repeats.
	 */
	char profiles[RT_MAX][64];
	char profile_base[RT_MAX][64];	      /* the profile's own name */
	int numjobs[RT_MAX], iodepth[RT_MAX]; /* each profile's depth */
	int depth_sweep;		      /* some profile ran at several depths */
	char targets[RT_MAX][64];
	/* per target, over its ok sweep rows: nconnect asked, transports seen; -1 none, 0 mixed */
	int nconnect[RT_MAX], transports[RT_MAX];
	long long block_size[RT_MAX]; /* per profile */
	int op_mix[RT_MAX];	      /* per profile: its rows count operations (nfsweep-ops) */
	int nprofiles, ntargets;
	int failed;			/* rows whose status is not ok */
	int curve_rows;			/* ok rows of load curves (not sweep points) */
	char curve_targets[RT_MAX][64]; /* the targets those rows are of */
	int ncurve_targets;
	int steady_rows;    /* ok sweep rows run with --steady (steady_attained 0 or 1) */
	int unsteady_rows;  /* of them never steady */
	int unsteady_hosts; /* of those, run on several hosts: at the cap, or ended with the first
			       steady host while another was not (fio/steady.c) */
	int unused;	    /* lines that could not be used (named in bad[]) */
	struct {
		size_t line;
		char why[256];
	} bad[RT_BAD_MAX];   /* the first of them */
	char note[256];	     /* of the first row */
	char first_time[32]; /* start_time of the first row: the sweep's start */
	struct rt_cell cell[RT_MAX][101][RT_MAX]; /* [profile][read %][target] */
};

/*
 * 0, or -1 with @why (unreadable, not a results file, too many profiles).
 * A row that is not valid (validate's checks of each cell) is not used,
 * and named in bad[].
 */
int results_table_load(const char *path, struct results_table *t, char *why, size_t len);

/* The same into a table of its own (it is large), or NULL with @why; free() it. */
struct results_table *results_table_read(const char *path, char *why, size_t len);

/*
 * Name on stderr each line of @path that @t could not use, and why, as
 * "nfsweep CMD: PATH:LINE: ...: not used". The number of such lines: a
 * command that used less than the whole file says so in its exit status.
 */
int rt_report_unused(const struct results_table *t, const char *cmd, const char *path);

int rt_profile(const struct results_table *t, const char *name);

/*
 * Is a row of @profile at @numjobs x @iodepth (its cells) one of the point profile @name's, as
 * struct results_table names them: @profile itself, or a depth sweep's PROFILE-NUMJOBSxIODEPTH?
 * What a reader that goes back to the rows of a table's point matches them by.
 */
int rt_name_is_row(const char *name, const char *profile, const char *numjobs, const char *iodepth);
int rt_target(const struct results_table *t, const char *name);

/* Mean of @m at (p, pct, tg); 0 with *have = 0 when no ok row has it. */
double rt_mean(const struct results_table *t, int p, int pct, int tg, enum rt_metric m, int *have);

/*
 * The 95 % interval of the mean of @m there, of its repeats (of their geometric mean: Student's t
 * on their logarithms, results/stats.h, as compare's intervals are made) into @lo and @hi: 1, or
 * 0 with fewer than two repeats (then @lo and @hi are the one value).
 */
int rt_interval(const struct results_table *t, int p, int pct, int tg, enum rt_metric m, double *lo,
		double *hi);

/* The least and greatest of @m there (the spread of the repeats); 0 if none has it. */
int rt_range(const struct results_table *t, int p, int pct, int tg, enum rt_metric m, double *min,
	     double *max);

/*
 * The repeats of @m at (p, pct, tg) on the log scale, into @out (results/stats.h): 0, or -1
 * when none has it, or one of them is not above 0 (no logarithm: no interval).
 */
struct stats_logs;
int rt_logs(const struct results_table *t, int p, int pct, int tg, enum rt_metric m,
	    struct stats_logs *out);

/*
 * A depth sweep's curve at one read share and target: of base profile @name's depths, the one
 * that moved the most (@m: total IOPS or MiB/s) and the least total depth (numjobs x iodepth)
 * whose mean is within @share (0.9) of that: the knee, the least concurrency that gets there;
 * and the published method's depth (REFERENCE_METHOD_*) where the sweep has it.
 */
struct rt_knee {
	int most, knee;	       /* profile indexes (depths) */
	double most_v, knee_v; /* their means */
	int repeated;	       /* every depth has two repeats or more (intervals) */
	int knee_within;       /* with repeats: the knee's interval reaches the most's mean */
	int depths;	       /* how many depths have the point */
	int published;	       /* the published method's depth (4x128), -1 if not swept */
	double published_v;    /* its mean */
};
/* 0 with @k; -1 when fewer than two depths have the point. */
int rt_depth_knee(const struct results_table *t, const char *name, int pct, int tg,
		  enum rt_metric m, double share, struct rt_knee *k);

/*
 * The first profile index of profile @p's own (a depth sweep's depths share it): where what is
 * said once per profile, its depth chart and its curve, is said.
 */
int rt_first_depth(const struct results_table *t, int p);

/*
 * The depths of base profile @name (its profile indexes), sorted by numjobs, then iodepth: into
 * @idx (RT_MAX), their count.
 */
int rt_depths(const struct results_table *t, const char *name, int *idx);

/* Ok rows at (p, pct, tg): the repeats measured. */
int rt_rows(const struct results_table *t, int p, int pct, int tg);

/* Has any target an ok row at (p, pct)? */
int rt_has_pct(const struct results_table *t, int p, int pct);

/* The unit of profile @p's counts: "ops/s" for an op-mix profile, else "IOPS". */
const char *rt_rate_unit(const struct results_table *t, int p);

/* Blocks of 64 KiB and more are shown in MiB/s, smaller ones in IOPS. */
#define RT_THROUGHPUT_BS 65536
int rt_is_throughput(const struct results_table *t, int p);

#endif
