// SPDX-License-Identifier: GPL-2.0
/* nfsweep validate FILE.csv: check a results file against the schema. */
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "reference.h"
#include "results_file.h"
#include "schema.h"

int cmd_validate(int argc, char **argv)
{
	size_t rows;
	int bad = 0, problems;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: nfsweep validate FILE.csv [FILE.csv ..]\n\n"
			"Checks results files against schema %s: the header, the number of cells,\n"
			"each cell's type, the schema version of each row. Problems are printed as\n"
			"FILE:LINE: column NAME: why. Published-figures files (results-schema/reference/)\n"
			"are checked against their own columns.\n\n"
			"exit status: 0 valid, 1 problems found, 2 usage, 3 unreadable file\n",
			schema_version());
		return argc < 2 ? 2 : 0;
	}
	for (int i = 1; i < argc; i++) {
		char first[16] = "";
		FILE *f = fopen(argv[i], "r");

		/* A published-figures file (results-schema/reference/) has its own columns. */
		if (f) {
			if (!fgets(first, sizeof(first), f))
				first[0] = '\0';
			fclose(f);
		}
		if (!strncmp(first, "source,figure,", 14)) {
			problems = reference_validate(argv[i], stderr, "nfsweep validate", &rows);
			if (!problems)
				printf("%s: %zu reference rows, valid\n", argv[i], rows);
			else if (problems > 0)
				bad = 1;
			if (problems >= 0)
				continue;
		} else {
			problems = results_validate(argv[i], stderr, "nfsweep validate", 20, &rows);
		}
		if (problems < 0) {
			fprintf(stderr, "nfsweep validate: open %s: %s\n", argv[i], strerror(-problems));
			return 3;
		}
		if (problems) {
			fprintf(stderr, "nfsweep validate: %s: %d problem%s\n", argv[i], problems,
				problems > 1 ? "s" : "");
			bad = 1;
		} else {
			printf("%s: %zu rows, schema %s, valid\n", argv[i], rows, schema_version());
		}
	}
	return bad;
}
