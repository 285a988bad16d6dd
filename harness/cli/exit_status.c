// SPDX-License-Identifier: GPL-2.0
/* nfsweep's exit statuses, from exit_status.def (see exit_status.h). */
#include <errno.h>
#include <string.h>

#include "cli/exit_status.h"
#include "cli/opt.h"

static const struct {
	int code;
	const char *word, *meaning;
} statuses[] = {
#define EXIT_STATUS(name, code, word, meaning) { code, word, meaning },
#include "cli/exit_status.def"
#undef EXIT_STATUS
};

#define NSTATUSES (sizeof(statuses) / sizeof(statuses[0]))

const char *exit_status_word(int status)
{
	for (size_t i = 0; i < NSTATUSES; i++)
		if (statuses[i].code == status)
			return statuses[i].word;
	return NULL;
}

int exit_status_text(const struct exit_use *uses, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (const struct exit_use *u = uses; u->status >= 0; u++) {
		const char *word = exit_status_word(u->status);
		int n;

		if (!word)
			return -EINVAL;
		n = snprintf(buf + o, len - o, "%s%d %s", o ? ", " : "", u->status,
			     u->why ? u->why : word);
		if (n < 0 || (size_t)n >= len - o)
			return -ENAMETOOLONG;
		o += (size_t)n;
	}
	return 0;
}

void exit_status_print_man(FILE *out)
{
	for (size_t i = 0; i < NSTATUSES; i++) {
		fprintf(out, ".TP\n.B %d\n", statuses[i].code);
		opt_roff_text(out, statuses[i].meaning);
		fputc('\n', out);
	}
}

void exit_status_print_markdown(FILE *out)
{
	fputs("| status | meaning |\n| --- | --- |\n", out);
	for (size_t i = 0; i < NSTATUSES; i++)
		fprintf(out, "| %d | %s |\n", statuses[i].code, statuses[i].meaning);
}
