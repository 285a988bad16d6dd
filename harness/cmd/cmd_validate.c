// SPDX-License-Identifier: GPL-2.0
/* nfsweep validate FILE.csv..: check results files against the schema. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "results/detail_file.h"
#include "results/reference.h"
#include "results/results_file.h"
#include "results/schema.h"

/* A published-figures file (results-schema/reference/) has its own columns. */
static int is_reference_file(const char *path)
{
	char first[16] = "";
	FILE *f = fopen(path, "r");

	if (f) {
		if (!fgets(first, sizeof(first), f))
			first[0] = '\0';
		fclose(f);
	}
	return !strncmp(first, "source,figure,", 14);
}

/* The detail table FILE.ops.csv or FILE.rpc.csv that @path names, or NULL. */
static const struct table_info *detail_table(const char *path)
{
	size_t n = strlen(path);

	for (size_t i = 1; i < schema_ntables; i++) {
		const struct table_info *t = schema_tables[i];
		size_t k = strlen(t->suffix) + 4;

		if (n > k && !strncmp(path + n - k, t->suffix, k - 4) &&
		    !strcmp(path + n - 4, ".csv"))
			return t;
	}
	return NULL;
}

/* A validator's count as an exit status: said when not EXIT_OK. */
static int problems_status(const char *path, int problems)
{
	if (problems < 0) {
		fprintf(stderr, "nfsweep validate: open %s: %s\n", path, strerror(-problems));
		return EXIT_SETUP;
	}
	if (problems) {
		fprintf(stderr, "nfsweep validate: %s: %d problem%s\n", path, problems,
			problems > 1 ? "s" : "");
		return EXIT_FAILED;
	}
	return EXIT_OK;
}

/*
 * The detail file of @t (@path) against the attempts of its results file
 * @results (NULL: no such file to compare with).
 */
static int validate_detail(const char *path, const struct table_info *t, const char *results)
{
	struct done_set attempts = { 0 };
	size_t rows, orphans;
	int problems, ret, have = results && !results_attempts(results, 0, &attempts);

	problems = detail_validate(path, t, have ? &attempts : NULL, stderr, "nfsweep validate", 20,
				   &rows, &orphans);
	done_set_free(&attempts);
	ret = problems_status(path, problems);
	if (ret != EXIT_OK)
		return ret;
	printf("%s: %zu rows, schema %s, valid", path, rows, schema_version());
	if (orphans)
		printf(" (%zu of an attempt with no row in %s: an interrupted point's, skipped by "
		       "readers)",
		       orphans, results);
	printf("\n");
	return EXIT_OK;
}

/* One file: EXIT_OK valid, EXIT_FAILED problems (said), EXIT_SETUP unreadable. */
static int validate_one(const char *path)
{
	const struct table_info *t = detail_table(path);
	int reference = !t && is_reference_file(path), problems, ret = EXIT_OK;
	char results[4096], detail[4096];
	size_t rows;

	if (t) {
		/* FILE.ops.csv: FILE.csv is its results file */
		snprintf(results, sizeof(results), "%.*s.csv",
			 (int)(strlen(path) - strlen(t->suffix) - 4), path);
		return validate_detail(path, t, access(results, R_OK) ? NULL : results);
	}
	if (reference)
		problems = reference_validate(path, stderr, "nfsweep validate", &rows);
	else
		problems = results_validate(path, stderr, "nfsweep validate", 20, &rows);
	ret = problems_status(path, problems);
	if (ret == EXIT_SETUP)
		return ret;
	if (ret == EXIT_OK && reference)
		printf("%s: %zu reference rows, valid\n", path, rows);
	else if (ret == EXIT_OK)
		printf("%s: %zu rows, schema %s, valid\n", path, rows, schema_version());
	/* and the detail files beside it */
	for (size_t i = 1; !reference && i < schema_ntables; i++) {
		int r;

		if (detail_path(path, schema_tables[i], detail, sizeof(detail)) ||
		    access(detail, F_OK))
			continue;
		r = validate_detail(detail, schema_tables[i], path);
		if (r == EXIT_SETUP)
			return r;
		if (r)
			ret = r;
	}
	return ret;
}

static int cmd_validate_main(const struct command *cmd, int argc, char **argv)
{
	int ret, argi, bad = 0;

	ret = cmd_parse(cmd, argc, argv, NULL, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	for (int i = argi; i < argc; i++) {
		char dir[PATH_MAX];
		const char *path;

		ret = cmd_results_arg("validate", argv[i], dir, sizeof(dir), &path);
		if (ret)
			return ret;
		ret = validate_one(path);
		if (ret == EXIT_SETUP)
			return ret;
		bad |= ret == EXIT_FAILED;
	}
	return bad ? EXIT_FAILED : EXIT_OK;
}

const struct command command_validate = {
	.name = "validate",
	.summary = "check results CSVs against the schema",
	.args = "FILE.csv [FILE.csv ..]",
	.min_args = 1,
	.max_args = -1,
	.about =
		"Checks results files against the schema: the header, the number of cells, each "
		"cell's\ntype, the schema version of each row. Problems are printed as FILE:LINE: "
		"column NAME: why.\nThe detail files beside FILE.csv (FILE.ops.csv, FILE.rpc.csv) "
		"are checked too, against their\nown columns, and can be named alone. "
		"Published-figures files (results-schema/reference/) are\nchecked against their own "
		"columns.",
	.exits = (const struct exit_use[]){ { EXIT_OK, "valid" },
					    { EXIT_FAILED, "problems found" },
					    { EXIT_USAGE, NULL },
					    { EXIT_SETUP, "unreadable file" },
					    { -1, NULL } },
	.run = cmd_validate_main,
};
