// SPDX-License-Identifier: GPL-2.0
/*
 * The --hosts live view's record: what an engine writes (engines/common/live_log.c) is what the
 * harness reads (harness/sweep/point_live.c), a record that is not one is refused, and a job's
 * record file has its counts once a second and, when it stops, its last counts marked end.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/live_log.h"
#include "helpers.h"
#include "sweep/point_live.h"

/* Written by the engine, read by the harness: the same counts, the reads' and writes' added. */
START_TEST(test_record_round_trip)
{
	const uint64_t ios[2] = { 123456789012ULL, 7 }, bytes[2] = { UINT64_MAX / 4, 28672 };
	char rec[LIVE_RECORD_BYTES + 1];
	struct live_job j = { 0 };

	ck_assert_int_eq(live_record(rec, 42, 3001, ios, bytes, 1), LIVE_RECORD_BYTES);
	ck_assert_int_eq(rec[LIVE_RECORD_BYTES - 1], '\n');
	rec[LIVE_RECORD_BYTES] = '\0';
	ck_assert_int_eq(point_live_parse(rec, &j), 0);
	ck_assert(j.seq == 42 && j.ms == 3001 && j.end == 1);
	ck_assert(j.ios == 123456789019ULL && j.bytes == UINT64_MAX / 4 + 28672);
	/* the largest counts still fit */
	ck_assert_int_eq(live_record(rec, UINT64_MAX, UINT64_MAX, (uint64_t[2]){ UINT64_MAX, 0 },
				     (uint64_t[2]){ UINT64_MAX, 0 }, 0),
			 LIVE_RECORD_BYTES);
}
END_TEST

/* What the target may hold instead of a record: each refused, nothing taken from it. */
START_TEST(test_not_a_record)
{
	static const char *const bad[] = {
		"",
		"not json",
		"{\"nfsweep_live\":2,\"seq\":1,\"ms\":1,\"ios\":[1,1],\"bytes\":[1,1],\"end\":0}",
		"{\"nfsweep_live\":1,\"seq\":-1,\"ms\":1,\"ios\":[1,1],\"bytes\":[1,1],\"end\":0}",
		"{\"nfsweep_live\":1,\"seq\":1,\"ms\":1,\"ios\":[1],\"bytes\":[1,1],\"end\":0}",
		"{\"nfsweep_live\":1,\"seq\":1,\"ms\":1,\"ios\":[1,\"1\"],\"bytes\":[1,1],\"end\":0}",
		"{\"nfsweep_live\":1,\"seq\":1,\"ms\":1,\"ios\":[1,1],\"bytes\":[1,1],\"end\":2}",
		"{\"nfsweep_live\":1,\"seq\":1,\"ms\":1,\"ios\":[1,1],\"bytes\":[1,1]}",
		"[1,2,3]",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct live_job j = { 0 };

		ck_assert_msg(point_live_parse(bad[i], &j) == -1, "taken: %s", bad[i]);
	}
}
END_TEST

/* A job's record: its counts within a second of the start, the last ones marked end at stop. */
START_TEST(test_log_file)
{
	uint64_t ios[2] = { 10, 20 }, bytes[2] = { 40960, 81920 };
	char dir[] = "/tmp/check-live.XXXXXX", host[256], path[1024], text[LIVE_RECORD_BYTES + 1];
	struct live_log l;
	struct live_job j = { 0 };
	int fd;

	ck_assert(mkdtemp(dir));
	ck_assert_int_eq(gethostname(host, sizeof(host)), 0);
	snprintf(path, sizeof(path), "%s/p.%s.live.3", dir, host);
	ck_assert_int_eq(live_log_start(&l, "", 3, ios, bytes), 0); /* no stem: nothing */
	ck_assert(!l.running && access(path, F_OK));
	live_log_stop(&l);
	snprintf(text, sizeof(text), "%s/p", dir);
	ck_assert_int_eq(live_log_start(&l, text, 3, ios, bytes), 0);
	/* the file is made before the start returns; its first record as the thread first runs */
	fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	for (int i = 0; i < 500 && pread(fd, text, LIVE_RECORD_BYTES, 0) < LIVE_RECORD_BYTES; i++)
		usleep(10000);
	ck_assert_int_eq(pread(fd, text, LIVE_RECORD_BYTES, 0), LIVE_RECORD_BYTES);
	text[LIVE_RECORD_BYTES] = '\0';
	ck_assert_int_eq(point_live_parse(text, &j), 0);
	ck_assert(j.ios == 30 && j.bytes == 122880 && !j.end);
	ios[0] = 1000;
	live_log_stop(&l);
	ck_assert_int_eq(pread(fd, text, LIVE_RECORD_BYTES, 0), LIVE_RECORD_BYTES);
	ck_assert_int_eq(point_live_parse(text, &j), 0);
	/* (a busy machine may have let the thread write more than one record first) */
	ck_assert(j.seq >= 1 && j.ios == 1020 && j.end == 1);
	close(fd);
	unlink(path);
	rmdir(dir);
	/* a record that cannot be made: the errno, no thread */
	ck_assert_int_eq(live_log_start(&l, "/nonexistent-dir/p", 1, ios, bytes), ENOENT);
	ck_assert(!l.running);
	live_log_stop(&l);
}
END_TEST

Suite *make_live_suite(void)
{
	Suite *s = suite_create("live");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_record_round_trip);
	tcase_add_test(tc, test_not_a_record);
	tcase_add_test(tc, test_log_file);
	suite_add_tcase(s, tc);
	return s;
}
