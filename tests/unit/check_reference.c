// SPDX-License-Identifier: GPL-2.0
/*
 * results/reference.c on the project's own published figures
 * (results-schema/reference/), and bad reference files refused by line.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "results/reference.h"

#define REFDIR T_DATA "/../../results-schema/reference"

START_TEST(test_published)
{
	struct reference r;
	const struct ref_value *v;
	char why[256];

	ck_assert_int_eq(reference_load_dir(REFDIR, &r, why, sizeof(why)), 0);
	v = reference_find(&r, "nconnect gain", "seq64k", 100, "ratio");
	ck_assert_ptr_nonnull(v);
	ck_assert(v->value == 2.3);
	v = reference_find(&r, "scale-out IOPS", "rand4k", 100, "total_iops");
	ck_assert_ptr_nonnull(v);
	ck_assert(v->value == 460000);
	ck_assert_ptr_null(reference_find(&r, "nconnect gain", "seq64k", 50, "ratio"));
	reference_free(&r);
	ck_assert_int_eq(reference_load_dir("/no/such/dir", &r, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "/no/such/dir"));
}
END_TEST

START_TEST(test_validate)
{
	/* clang-format off */
	static const struct { const char *text; int problems; const char *says; } cases[] = {
		{ "source,figure,workload,read_pct,metric,value,unit\nx,y,z,100,m,1.5,u\n", 0, "" },
		{ "source,figure\n", 1, "not the reference header" },
		{ "source,figure,workload,read_pct,metric,value,unit\nx,y,z,150,m,1,u\n", 1,
		  ":2: read_pct" },
		{ "source,figure,workload,read_pct,metric,value,unit\nx,y,z,10,m,1,5,u\n", 1,
		  ":2: a row has 7 cells" },
		{ "source,figure,workload,read_pct,metric,value,unit\nx,,z,10,m,1,u\n", 1, "empty" },
	};
	/* clang-format on */
	char path[64], *out = NULL;
	size_t len = 0, rows;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		FILE *errs = open_memstream(&out, &len);

		ck_assert_int_eq(t_write_temp(cases[i].text, path, sizeof(path)), 0);
		ck_assert_int_eq(reference_validate(path, errs, "t", &rows), cases[i].problems);
		fclose(errs);
		ck_assert_msg(strstr(out, cases[i].says), "case %zu: '%s'", i, out);
		free(out);
		out = NULL;
		unlink(path);
	}
}
END_TEST

Suite *make_reference_suite(void)
{
	Suite *s = suite_create("reference");
	TCase *tc = tcase_create("files");

	tcase_add_test(tc, test_published);
	tcase_add_test(tc, test_validate);
	suite_add_tcase(s, tc);
	return s;
}
