// SPDX-License-Identifier: GPL-2.0
/* One runner for every unit suite (Check's tests/check_check_main.c). */
#include <check.h>
#include <stdlib.h>

#include "helpers.h"

int main(void)
{
	SRunner *sr = srunner_create(make_uring_core_suite());
	int failed;

	srunner_add_suite(sr, make_aio_core_suite());
	srunner_add_suite(sr, make_numa_place_suite());
	srunner_add_suite(sr, make_fio_json_suite());
	srunner_add_suite(sr, make_mountstats_suite());
	srunner_add_suite(sr, make_csv_suite());
	srunner_add_suite(sr, make_plan_suite());
	srunner_add_suite(sr, make_results_file_suite());
	srunner_add_suite(sr, make_mount_manage_suite());
	srunner_add_suite(sr, make_ort_suite());
	srunner_add_suite(sr, make_cli_suite());
	srunner_add_suite(sr, make_point_suite());
	srunner_add_suite(sr, make_curve_suite());
	srunner_add_suite(sr, make_results_table_suite());
	srunner_add_suite(sr, make_reference_suite());
	srunner_add_suite(sr, make_sweep_opts_suite());
	srunner_add_suite(sr, make_mountinfo_suite());
	srunner_add_suite(sr, make_row_suite());
	srunner_add_suite(sr, make_lock_suite());
	srunner_add_suite(sr, make_mountstats_window_suite());
	srunner_add_suite(sr, make_limits_suite());
	srunner_add_suite(sr, make_job_barrier_suite());
	srunner_add_suite(sr, make_live_suite());
	srunner_add_suite(sr, make_detail_file_suite());
	srunner_add_suite(sr, make_ops_suite());
	srunner_add_suite(sr, make_rpc_suite());
	srunner_add_suite(sr, make_rpc_wire_suite());
	srunner_add_suite(sr, make_gnuplot_suite());
	srunner_add_suite(sr, make_sink_suite());
	srunner_add_suite(sr, make_steady_suite());
	srunner_add_suite(sr, make_stats_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
