/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_SWEEP_POINT_LAT_H
#define NFSWEEP_SWEEP_POINT_LAT_H

/*
 * A point's completion-latency histograms (fio/fio_hist.h: its report's json+ bins, the jobs'
 * and, with --hosts, the hosts' added up) written as FILE.lat.csv rows, one per direction and
 * bucket with a completion, before the point's row in FILE.csv (results/detail_file.h).
 */
#include "results/row.h"
#include "sweep/sweep.h"

/*
 * The rows of the point @r whose fio report is @json. 0; -errno when a row could not be written
 * (said, as the other detail files say it). A report without histograms (fio wrote no json+)
 * writes nothing and says so on stderr: the row is still true, only its histogram is missing.
 */
int point_lat_record(const struct sweep *s, const struct row *r, const char *json);

#endif
