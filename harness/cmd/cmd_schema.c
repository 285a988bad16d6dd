// SPDX-License-Identifier: GPL-2.0
/* nfsweep schema: the column document, printed from the column table. */
#include <stdio.h>

#include "cli/exit_status.h"
#include "cmd/cmds.h"
#include "results/schema.h"

struct schema_opts {
	int markdown;
};

static const struct opt o_markdown = {
	.name = "markdown",
	.type = OPT_FLAG,
	.off = offsetof(struct schema_opts, markdown),
	.help = "as a Markdown table (the only form there is; kept for scripts that ask for it)",
};
static const struct opt *const schema_opts[] = { &o_markdown, NULL };

static int cmd_schema_main(const struct command *cmd, int argc, char **argv)
{
	struct schema_opts o = { 0 };
	int ret, argi;

	ret = cmd_parse(cmd, argc, argv, &o, &argi);
	if (ret != CMD_GO_ON)
		return ret;
	schema_print_markdown(stdout);
	return EXIT_OK;
}

const struct command command_schema = {
	.name = "schema",
	.summary = "print the results columns",
	.about = "Prints the results columns (the single source of truth, "
		 "results-schema/columns.def):\nname, type, unit and meaning, as a Markdown table "
		 "(results-schema/README.md holds it).",
	.opts = schema_opts,
	.exits = (const struct exit_use[]){ { EXIT_OK, NULL }, { EXIT_USAGE, NULL }, { -1, NULL } },
	.run = cmd_schema_main,
};
