// SPDX-License-Identifier: GPL-2.0
/* nfsweep validate FILE.csv..: check results files against the schema. */
#include <stdio.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
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

/* One file: EXIT_OK valid, EXIT_FAILED problems (said), EXIT_SETUP unreadable. */
static int validate_one(const char *path)
{
	int reference = is_reference_file(path), problems;
	size_t rows;

	if (reference)
		problems = reference_validate(path, stderr, "nfsweep validate", &rows);
	else
		problems = results_validate(path, stderr, "nfsweep validate", 20, &rows);
	if (problems < 0) {
		fprintf(stderr, "nfsweep validate: open %s: %s\n", path, strerror(-problems));
		return EXIT_SETUP;
	}
	if (problems) {
		fprintf(stderr, "nfsweep validate: %s: %d problem%s\n", path, problems,
			problems > 1 ? "s" : "");
		return EXIT_FAILED;
	}
	if (reference)
		printf("%s: %zu reference rows, valid\n", path, rows);
	else
		printf("%s: %zu rows, schema %s, valid\n", path, rows, schema_version());
	return EXIT_OK;
}

static int cmd_validate_main(const struct command *cmd, int argc, char **argv)
{
	int ret, argi, bad = 0;

	ret = cmd_parse(cmd, argc, argv, NULL, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	for (int i = argi; i < argc; i++) {
		ret = validate_one(argv[i]);
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
	.min_args = 1, .max_args = -1,
	.about = "Checks results files against the schema: the header, the number of cells, each "
		 "cell's\ntype, the schema version of each row. Problems are printed as FILE:LINE: "
		 "column NAME: why.\nPublished-figures files (results-schema/reference/) are checked "
		 "against their own columns.",
	.exit_status = "0 valid, 1 problems found, 2 usage, 3 unreadable file",
	.run = cmd_validate_main,
};
