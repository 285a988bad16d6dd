// SPDX-License-Identifier: GPL-2.0
/* nfsweep schema: the column document, printed from the column table. */
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "schema.h"

int cmd_schema(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--markdown")) {
		printf("usage: nfsweep schema [--markdown]\n\nPrints the results columns "
		       "(schema %s) as a Markdown table.\n", schema_version());
		return strcmp(argv[1], "--help") ? 2 : 0;
	}
	schema_print_markdown(stdout);
	return 0;
}
