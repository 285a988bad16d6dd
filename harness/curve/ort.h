/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CURVE_ORT_H
#define NFSWEEP_CURVE_ORT_H

/*
 * SPEC SFS's Overall Response Time of a load curve: the area under the
 * response time against achieved throughput, from the origin (0 ops/s,
 * 0 ms) through each load point in turn (trapezoids), divided by the peak
 * throughput. Checked against the published results: FAS3140 CIFS 1.48 ms,
 * ANX 1500-20 NFSv3 0.92 ms (results-schema/README.md).
 */
#include <stddef.h>

struct ort_point {
	double ops_s;
	double rt_ms;
};

/*
 * 0 with *ort in ms, or -1 with @why: fewer than two points, a throughput
 * or response time that is not > 0, points not in ascending throughput
 * (point numbers in @why count from 1).
 */
int ort_compute(const struct ort_point *p, size_t n, double *ort, char *why, size_t len);

/*
 * Put measured points in order of achieved throughput, as the ORT takes
 * them (past the peak, achieved throughput can dip while the offer grows).
 */
void ort_sort(struct ort_point *p, size_t n);

#endif
