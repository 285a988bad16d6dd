/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FIO_STEADY_H
#define NFSWEEP_FIO_STEADY_H

/*
 * Points that end when they are steady (run and curve --steady): fio's own
 * steady-state detection (steadystate=, ss_dur=, ss_ramp=), as nfsweep asks
 * for it and as fio's report says it ran. fio judges a point's jobs
 * together (group_reporting, which every profile sets), once a second, and
 * ends them when the criterion holds over the last ss_dur seconds; its
 * report then holds the window's per-second samples and their means.
 *
 * Pure functions: the unit test drives every case, fio's own strings
 * included.
 */
#include <stddef.h>

/* The criterion nfsweep asks for when --steady names none (see steady.c). */
#define STEADY_DEFAULT "iops_slope:0.1%"
#define STEADY_WINDOW_DEFAULT 30
#define STEADY_STR(x) #x
#define STEADY_XSTR(x) STEADY_STR(x)

enum steady_metric {
	STEADY_IOPS,
	STEADY_BW
};

struct steady_spec {
	enum steady_metric metric;
	int slope; /* 1: the slope of a least-squares line; 0: the largest deviation from the mean */
	double limit; /* in % of the window's mean (per second, for a slope) */
};

/*
 * @text ("iops_slope:0.1%", "bw:2%"; fio's own form "iops_slope:0.100000%"
 * as well) into @sp. Only thresholds in % of the mean: an absolute one
 * depends on the target's speed, so one sweep of several targets would
 * judge each by another rule. 0, or -1 with @err saying why.
 */
int steady_parse(const char *text, struct steady_spec *sp, char *err, size_t len);

/* The criterion as nfsweep writes it, the one spelling of it ("iops_slope:0.1%"). */
void steady_format(const struct steady_spec *sp, char *buf, size_t len);

/*
 * fio's ss_ramp for a point whose ramp_time is @ramp_s: fio counts ss_ramp
 * from the job's start until ramp_time ends and from the end of ramp_time
 * after (it resets the job's clock there, and its byte and I/O counts), and
 * a sample taken across that reset is garbage. ramp_s + 1 keeps every
 * sample after the ramp: fio's window data begin ramp_s + 2 s into the
 * measured time (a second after ss_ramp, by fio's rule).
 */
int steady_fio_ramp(int ramp_s);

/*
 * Where fio's window samples begin, seconds into the measured time (after the ramp): a
 * second after steady_fio_ramp(), by fio's rule. A point can end steady no sooner than this
 * plus the window.
 */
int steady_first_sample_s(int ramp_s);

/* What fio's report says of a point's steady state (its "steadystate" object). */
struct steady_result {
	int reported;	  /* the job had a steadystate object */
	int attained;	  /* fio found the criterion held and ended the jobs */
	char ss[64];	  /* fio's "ss": the criterion it ran, its spelling */
	int window_s;	  /* fio's "duration": the window, seconds */
	double measure;	  /* fio's "criterion": the last value of the measure, % of the mean */
	double iops_mean; /* the window's per-second samples' means */
	double bw_mean;	  /* bytes per second */
	int samples;	  /* samples in the window's data */
	double iops_min;  /* the window's smallest per-second IOPS (0: a second without I/O, or a
			     window fio had not yet filled) */
};

/*
 * Whether fio ran what was asked: @r's criterion and window against @asked
 * and @window_s. 0, or -1 with @err naming both.
 */
int steady_check_ran(const struct steady_result *r, const struct steady_spec *asked, int window_s,
		     char *err, size_t len);

/*
 * Whether one host was steady over its last window: fio said so, or its last measure was
 * under the limit over a full window in which every second had I/O.
 */
int steady_host_steady(const struct steady_result *h, const struct steady_spec *asked);

/*
 * --steady with --hosts (the rule is in steady.c): @n hosts' steady states at the point's
 * end, @names for the messages, into @total: the hosts' window means summed, the worst
 * host's measure, attained when every host was steady over its last window and fio ended at
 * least one of them steady. @note, when fio ended a host steady while another was not: which
 * ("" otherwise). 0, or -1 with @err when a host did not run what was asked.
 */
int steady_hosts(const struct steady_result *hosts, const char *const *names, size_t n,
		 const struct steady_spec *asked, int window_s, struct steady_result *total,
		 char *note, size_t nlen, char *err, size_t elen);

#endif
