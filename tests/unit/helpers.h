/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_TEST_HELPERS_H
#define NFSWEEP_TEST_HELPERS_H

/* t_* helpers shared by the unit tests (liburing's test/helpers.h idea). */
#include <stdbool.h>
#include <stddef.h>
#include <check.h>

/* A directory on the disk's file system (not tmpfs), for real block I/O. */
#define T_DISK_DIR "/var/tmp"

/*
 * Create a file of @size bytes in @dir whose 4 KiB block n is filled with
 * the byte (n & 0xff); returns an fd open read-write, path in @path.
 */
int t_make_file(const char *dir, size_t size, char *path, size_t pathlen);

/* Write @text to a new temporary file, its path in @path (the caller unlinks it). 0 or -1. */
int t_write_temp(const char *text, char *path, size_t pathlen);

/* Does @buf hold the pattern of block @n? */
bool t_block_ok(const char *buf, unsigned int n);

Suite *make_uring_core_suite(void);
Suite *make_aio_core_suite(void);
Suite *make_numa_place_suite(void);
Suite *make_fio_json_suite(void);
Suite *make_mountstats_suite(void);
Suite *make_csv_suite(void);
Suite *make_plan_suite(void);
Suite *make_results_file_suite(void);
Suite *make_mount_manage_suite(void);
Suite *make_ort_suite(void);
Suite *make_cli_suite(void);
Suite *make_point_suite(void);
Suite *make_curve_suite(void);
Suite *make_results_table_suite(void);
Suite *make_reference_suite(void);
Suite *make_sweep_opts_suite(void);
Suite *make_mountinfo_suite(void);
Suite *make_row_suite(void);
Suite *make_lock_suite(void);
Suite *make_mountstats_window_suite(void);
Suite *make_limits_suite(void);
Suite *make_job_barrier_suite(void);
Suite *make_live_suite(void);
Suite *make_detail_file_suite(void);
Suite *make_ops_suite(void);
Suite *make_rpc_suite(void);
Suite *make_rpc_wire_suite(void);
Suite *make_gnuplot_suite(void);
Suite *make_sink_suite(void);
Suite *make_steady_suite(void);
Suite *make_stats_suite(void);

#ifndef T_DATA
#error "T_DATA (tests/data) must be defined by the build"
#endif

#endif
