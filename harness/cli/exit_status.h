/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CLI_EXIT_STATUS_H
#define NFSWEEP_CLI_EXIT_STATUS_H

/*
 * nfsweep's exit statuses, the same for every command: one table,
 * exit_status.def. Library code returns -errno, or -1 with a message; only
 * the commands (cmd/) turn outcomes into these.
 */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>

enum exit_status {
#define EXIT_STATUS(name, code, word, meaning) name = code,
#include "cli/exit_status.def"
#undef EXIT_STATUS
};

/* Stopped by signal @sig (SIGINT 130, SIGTERM 143), as the shell reports it. */
static inline int exit_signalled(int sig)
{
	return 128 + sig;
}

_Static_assert(EXIT_SIGINT == 128 + SIGINT && EXIT_SIGTERM == 128 + SIGTERM,
	       "exit_status.def: the interrupted statuses are the shell's");

/*
 * A status a command can end with, and what it means there (NULL: the
 * table's word). A command's list ends with { -1 }.
 */
struct exit_use {
	int status;
	const char *why;
};

/* The table's WORD of @status, or NULL if it is not one of nfsweep's. */
const char *exit_status_word(int status);

/*
 * A command's "0 ok, 2 usage, ..": @uses in order, each number from the
 * table, in @buf. 0, or -ENAMETOOLONG (cut) or -EINVAL (a status not in
 * the table: the unit test walks every command).
 */
int exit_status_text(const struct exit_use *uses, char *buf, size_t len);

/* The man page's EXIT STATUS entries and docs/troubleshooting.md's table (tools/docs.sh). */
void exit_status_print_man(FILE *out);
void exit_status_print_markdown(FILE *out);

#endif
