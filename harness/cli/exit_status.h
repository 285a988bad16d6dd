/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CLI_EXIT_STATUS_H
#define NFSWEEP_CLI_EXIT_STATUS_H

/*
 * nfsweep's exit statuses, the same for every command (nfsweep.1, EXIT
 * STATUS). Library code returns -errno, or -1 with a message; only the
 * commands (cmd/) turn outcomes into these.
 */
enum exit_status {
	EXIT_OK = 0,		/* every point ok; validate: the file is valid */
	EXIT_FAILED = 1,	/* some point failed (its row says why); validate: problems */
	EXIT_USAGE = 2,		/* bad input: nothing ran */
	EXIT_SETUP = 3,		/* setup or I/O error: completed rows are kept */
	EXIT_BUSY = 4,		/* another nfsweep holds the results file or the target */
	EXIT_HOSTS = 5,		/* --hosts: a host failed the pre-flight: nothing ran */
};

/* Stopped by signal @sig (SIGINT 130, SIGTERM 143), as the shell reports it. */
static inline int exit_signalled(int sig)
{
	return 128 + sig;
}

#endif
