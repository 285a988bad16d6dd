// SPDX-License-Identifier: GPL-2.0
/* Runs one fio child per point (see fio_run.h). */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fio/fio_json.h"
#include "fio/fio_run.h"
#include "util/paths.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* @path from fio's working directory (path_absolute), or as given when it does not fit */
static const char *from_here(const char *path, char *buf, size_t len)
{
	const char *abs = path_absolute(path, buf, len);

	return abs ? abs : path;
}

static void child(const struct fio_cmd *cmd, int out_fd, int err_fd)
{
	char *argv[cmd->nargs + 8], format[64], client[4096 + 16], output[4096 + 16];
	char jobfile[8192], json[8192], client_file[8192];
	const char *json_path = cmd->json_path, *job = cmd->jobfile, *client_arg = cmd->client;
	int i, n = 0;

	/* Own process group: a timeout or Ctrl-C reaches fio and its jobs. */
	setpgid(0, 0);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	for (i = 0; i < cmd->nvars; i++)
		setenv(cmd->vars[i].name, cmd->vars[i].value, 1);
	if (cmd->cwd) {
		job = from_here(cmd->jobfile, jobfile, sizeof(jobfile));
		json_path = from_here(cmd->json_path, json, sizeof(json));
		if (client_arg)
			client_arg = from_here(client_arg, client_file, sizeof(client_file));
		if (chdir(cmd->cwd)) {
			dprintf(err_fd, "nfsweep: chdir %s: %s\n", cmd->cwd, strerror(errno));
			_exit(127);
		}
	}
	dup2(out_fd, STDOUT_FILENO);
	dup2(err_fd, STDERR_FILENO);
	close(out_fd);
	close(err_fd);
	argv[n++] = (char *)cmd->fio;
	snprintf(format, sizeof(format), "--output-format=%s", cmd->format ? cmd->format : "json");
	argv[n++] = format;
	/* a status line wanted: the JSON to its file by name, stdout (a pipe) for the status */
	if (cmd->status) {
		snprintf(output, sizeof(output), "--output=%s", json_path);
		argv[n++] = output;
		argv[n++] = "--eta=always";
		argv[n++] = "--eta-newline=1";
	}
	for (i = 0; i < cmd->nargs; i++)
		argv[n++] = (char *)cmd->args[i];
	/* last before the job file: fio sends what follows --client to its servers */
	if (cmd->client) {
		snprintf(client, sizeof(client), "--client=%s", client_arg);
		argv[n++] = client;
	}
	argv[n++] = (char *)job;
	argv[n] = NULL;
	execvp(cmd->fio, argv);
	fprintf(stderr, "nfsweep: exec %s: %s\n", cmd->fio, strerror(errno));
	_exit(127);
}

/*
 * Wait for what is left of fio's process group after its main process is
 * gone and the group was sent SIGKILL: its job processes, which nfsweep
 * gets back as their subreaper. A job blocked in the kernel (a hard NFS
 * mount waiting for its server) dies only when its wait ends; it must not
 * overlap the next point's fio. After @limit_s seconds it says so, and
 * keeps waiting unless the sweep is being stopped (@stop).
 */
static void reap_group(pid_t pgid, double limit_s, volatile sig_atomic_t *stop)
{
	double until = now_s() + limit_s;
	int status, warned = 0;

	for (;;) {
		pid_t w = waitpid(-pgid, &status, WNOHANG);

		if (w > 0)
			continue;
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return; /* ECHILD: nothing of the group is left */
		if (!warned && now_s() > until) {
			fprintf(stderr,
				"\nnfsweep: fio's job processes (group %d) are still in the "
				"kernel %.0f s after SIGKILL (a hard NFS mount waits for its server); "
				"waiting for them (Ctrl-C stops the sweep)\n",
				(int)pgid, limit_s);
			warned = 1;
		}
		if (warned && stop && *stop)
			return;
		usleep(50000);
	}
}

/*
 * A guard of fio's process group that outlives nfsweep only to kill it. If
 * nfsweep is killed (SIGKILL, the OOM killer), fio and its job processes
 * would go on measuring, unseen, while a --resume measures the same target
 * again. The guard is a child blocked reading a pipe whose write end only
 * nfsweep holds: at the point's end nfsweep writes one byte and the guard
 * leaves; if nfsweep dies first, the read ends without it, and the guard
 * kills the group, until it is gone (jobs waiting in the kernel die only
 * when their wait ends). Returns its pid and the write end in @wfd, or -1
 * (no guard: said once).
 */
static pid_t guard_start(pid_t pgid, int *wfd)
{
	int p[2];
	pid_t g;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	g = fork();
	if (g < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (!g) {
		char c;
		ssize_t r;

		/*
		 * Nothing of nfsweep's but the pipe: a results file or target
		 * lock inherited here would outlive nfsweep with the guard.
		 */
		close_range(3, (unsigned int)p[0] - 1, 0);
		close_range((unsigned int)p[0] + 1, ~0U, 0);
		/* Ctrl-C reaches nfsweep's process group: the guard must outlive it. */
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		while ((r = read(p[0], &c, 1)) < 0 && errno == EINTR)
			;
		if (r == 1)
			_exit(0); /* the point ended: nothing to do */
		for (int i = 0; i < 600 && !kill(-pgid, SIGKILL); i++)
			usleep(100000);
		_exit(0);
	}
	close(p[0]);
	*wfd = p[1];
	return g;
}

static void guard_stop(pid_t g, int wfd)
{
	if (g < 0)
		return;
	if (write(wfd, "d", 1) != 1)
		kill(g, SIGKILL); /* it must not kill a group whose number may be reused */
	close(wfd);
	while (waitpid(g, NULL, 0) < 0 && errno == EINTR)
		;
}

/* fio's status lines as they come: a line is handed on at its '\n' or '\r'. */
struct status_line {
	char buf[512];
	size_t n;
};

static void status_read(const struct fio_cmd *cmd, int fd, struct status_line *sl)
{
	char chunk[1024];
	ssize_t r;

	while ((r = read(fd, chunk, sizeof(chunk))) > 0)
		for (ssize_t i = 0; i < r; i++) {
			if (chunk[i] == '\n' || chunk[i] == '\r') {
				sl->buf[sl->n] = '\0';
				if (sl->n)
					cmd->status(cmd->status_ctx, sl->buf);
				sl->n = 0;
			} else if (sl->n + 1 < sizeof(sl->buf)) {
				sl->buf[sl->n++] = chunk[i];
			}
		}
}

/*
 * fio's outputs: its JSON file (or, with cmd->status, the write end of a pipe whose read end,
 * non-blocking, goes to *@status_fd, -1 otherwise) and its stderr file (@json_path.stderr). 0, or
 * -errno with @call (nothing left open).
 */
static int open_outputs(const struct fio_cmd *cmd, int *out_fd, int *err_fd, int *status_fd,
			const char **call)
{
	char err_path[4096];
	int ret;

	*status_fd = -1;
	snprintf(err_path, sizeof(err_path), "%s.stderr", cmd->json_path);
	if (cmd->status) {
		int p[2];

		/* the read end stays here, non-blocking; fio writes its JSON itself */
		if (pipe2(p, O_CLOEXEC)) {
			*call = "pipe (fio's status)";
			return -errno;
		}
		*status_fd = p[0];
		fcntl(*status_fd, F_SETFL, O_NONBLOCK);
		*out_fd = p[1];
	} else {
		*out_fd = open(cmd->json_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (*out_fd < 0) {
			*call = "open (fio JSON file)";
			return -errno;
		}
	}
	*err_fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (*err_fd < 0) {
		ret = -errno;
		*call = "open (fio stderr file)";
		close(*out_fd);
		if (*status_fd >= 0)
			close(*status_fd);
		*status_fd = -1;
		return ret;
	}
	return 0;
}

/*
 * Until fio (@pid, started at @start) exits: its timeout and the stop flag acted on (SIGINT
 * on a stop, SIGTERM at the timeout, SIGKILL 10 s after either), cmd->tick called, its status
 * lines read from @status_fd. 0 with its wait status in *@status, or -errno with @call.
 */
static int wait_fio(const struct fio_cmd *cmd, pid_t pid, double start, volatile sig_atomic_t *stop,
		    int status_fd, struct fio_outcome *out, int *status, const char **call)
{
	struct status_line sl = { .n = 0 };
	double kill_at = 0;
	int sent_term = 0, ret = 0;
	/* Readable when fio exits: no polling delay added to each point. */
	int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);

	for (;;) {
		pid_t w = waitpid(pid, status, WNOHANG);
		double t = now_s();

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			*call = "waitpid";
			ret = -errno;
			break;
		}
		if (!sent_term &&
		    ((cmd->timeout_s > 0 && t - start > cmd->timeout_s) || (stop && *stop))) {
			out->timed_out = !(stop && *stop);
			out->interrupted = stop && *stop;
			/* SIGINT lets fio stop its jobs cleanly; SIGKILL if it does not. */
			kill(-pid, out->interrupted ? SIGINT : SIGTERM);
			sent_term = 1;
			kill_at = t + 10;
		} else if (sent_term && t > kill_at) {
			kill(-pid, SIGKILL);
			kill_at = t + 3600;
		}
		if (cmd->tick)
			cmd->tick(cmd->tick_ctx);
		if (status_fd >= 0)
			status_read(cmd, status_fd, &sl);
		if (pidfd >= 0) {
			struct pollfd pf = { .fd = pidfd, .events = POLLIN };

			/* A signal (the stop flag) interrupts the wait too. */
			poll(&pf, 1, cmd->tick ? 25 : 200);
		} else {
			usleep(20000);
		}
	}
	if (pidfd >= 0)
		close(pidfd);
	return ret;
}

int fio_run(const struct fio_cmd *cmd, volatile sig_atomic_t *stop, struct fio_outcome *out,
	    const char **call)
{
	static int warned;
	pid_t guard, pid;
	int guard_fd = -1, out_fd, err_fd, status_fd, status, ret;
	double start;

	memset(out, 0, sizeof(*out));
	ret = open_outputs(cmd, &out_fd, &err_fd, &status_fd, call);
	if (ret)
		return ret;
	/* fio's job processes come back to nfsweep when fio's main process dies. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	start = now_s();
	pid = fork();
	if (pid < 0) {
		*call = "fork";
		ret = -errno;
		close(out_fd);
		close(err_fd);
		if (status_fd >= 0)
			close(status_fd);
		return ret;
	}
	if (!pid)
		child(cmd, out_fd, err_fd);
	setpgid(pid, pid); /* also here: no race with the first kill */
	close(out_fd);
	close(err_fd);
	guard = guard_start(pid, &guard_fd);
	if (guard < 0 && !warned++)
		fprintf(stderr,
			"\nnfsweep: no guard for fio's processes (%s): if nfsweep is killed, "
			"fio may outlive it\n",
			strerror(errno));
	ret = wait_fio(cmd, pid, start, stop, status_fd, out, &status, call);
	if (status_fd >= 0)
		close(status_fd);
	if (ret) {
		guard_stop(guard, guard_fd);
		return ret;
	}
	out->seconds = now_s() - start;
	if (WIFEXITED(status)) {
		out->exited = 1;
		out->exit_code = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		out->signal = WTERMSIG(status);
	}
	/* Anything fio left in its group goes with it, before the next point starts. */
	kill(-pid, SIGKILL);
	reap_group(pid, 30, stop);
	guard_stop(guard, guard_fd);
	return 0;
}

char *fio_run_output(const char *json_path)
{
	char path[PATH_MAX + 16], *a, *b, *all;

	snprintf(path, sizeof(path), "%s.stderr", json_path);
	a = fio_output_read(json_path);
	b = fio_output_read(path);
	if (asprintf(&all, "%s\n%s", a ? a : "", b ? b : "") < 0)
		all = NULL;
	free(a);
	free(b);
	return all;
}

int fio_capture(const char *fio_bin, const char *const *args, char *buf, size_t len, int *status)
{
	const char *argv[8];
	size_t n = 0, got = 0;
	int fds[2], wst, ret = 0;
	pid_t pid;

	argv[n++] = fio_bin;
	for (size_t i = 0; args[i] && n < 7; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		close(fds[0]);
		close(fds[1]);
		return ret;
	}
	if (!pid) {
		int null = open("/dev/null", O_RDONLY);

		/* both of fio's outputs: --cmdhelp and --enghelp say "no such" on either */
		dup2(null, STDIN_FILENO);
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		execvp(fio_bin, (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	for (;;) {
		/* past @len, read on into a sink: fio must not block on a full pipe */
		char sink[512], *dst = got + 1 < len ? buf + got : sink;
		size_t room = got + 1 < len ? len - 1 - got : sizeof(sink);
		ssize_t r = read(fds[0], dst, room);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (dst != sink)
			got += (size_t)r;
	}
	buf[got] = '\0';
	close(fds[0]);
	while (waitpid(pid, &wst, 0) < 0)
		if (errno != EINTR)
			return -errno;
	*status = WIFEXITED(wst) ? WEXITSTATUS(wst) : 128 + WTERMSIG(wst);
	return *status == 127 ? -ENOENT : 0;
}

int fio_version_read(const char *fio_bin, char *buf, size_t len)
{
	const char *args[] = { "--version", NULL };
	int status, ret = fio_capture(fio_bin, args, buf, len, &status);

	if (ret)
		return ret;
	buf[strcspn(buf, "\n")] = '\0';
	return status == 0 && buf[0] ? 0 : -ENOENT;
}
