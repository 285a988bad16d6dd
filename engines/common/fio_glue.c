// SPDX-License-Identifier: GPL-2.0
/*
 * The guard every nfsweep engine runs in init(): the running fio must be the
 * one whose headers the engine was compiled against (see fio_glue.h), and
 * the shared error format of the engines.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "fio_glue.h"
#include "numa_place.h"

#ifndef NFSWEEP_FIO_VERSION
#error "NFSWEEP_FIO_VERSION must be defined by the build (from FIO-VERSION-FILE)"
#endif

void nfsweep_err(struct thread_data *td, const char *engine, const char *hook, const char *call,
		 int err, const char *fmt, ...)
{
	char detail[256] = "";
	va_list ap;

	if (fmt && *fmt) {
		va_start(ap, fmt);
		vsnprintf(detail, sizeof(detail), fmt, ap);
		va_end(ap);
	}
	log_err("%s: %s(): %s: %s%s%s%s\n", engine, hook, call, strerror(err), *detail ? " (" : "",
		detail, *detail ? ")" : "");
	td_verror(td, err, call);
}

int nfsweep_fio_guard(struct thread_data *td, const char *engine, const struct ioengine_ops *self)
{
	if (strcmp(fio_version_string, NFSWEEP_FIO_VERSION)) {
		log_err("%s: init(): refusing to run: this engine was built against "
			"the source of %s but is loaded by %s, and struct layouts may "
			"differ; rebuild it with 'make' against this fio's source "
			"(or set FIO_SRC=<configured %s tree>)\n",
			engine, NFSWEEP_FIO_VERSION, fio_version_string, fio_version_string);
		td_vmsg(td, EPROTO, "fio version mismatch", "init");
		return 1;
	}
	if (td->io_ops != self) {
		log_err("%s: init(): refusing to run: struct thread_data of this fio "
			"does not have the layout of the %s headers the engine was "
			"built with (configure options differ?); rebuild with 'make'\n",
			engine, NFSWEEP_FIO_VERSION);
		td_vmsg(td, EPROTO, "fio layout mismatch", "init");
		return 1;
	}
	nfsweep_offload_start_wait(td);
	return 0;
}

int nfsweep_place_buffers(struct thread_data *td, const char *engine, const char *option, int node)
{
	int ret;

	if (node < 0 || !td->orig_buffer)
		return 0;
	ret = nfsweep_numa_bind(td->orig_buffer, td->orig_buffer_size, node);
	if (ret) {
		nfsweep_err(td, engine, "post_init", "mbind", -ret, "%s=%d", option, node);
		return 1;
	}
	return 0;
}

int nfsweep_check_trim(struct thread_data *td, const char *engine, struct fio_file *f)
{
	if (!td_trim(td) || f->filetype == FIO_TYPE_BLOCK)
		return 0;
	nfsweep_err(td, engine, "open_file", "trim", EOPNOTSUPP,
		    "rw=%s on %s: fio trims with BLKDISCARD, which only a block device takes",
		    td->o.td_ddir == TD_DDIR_TRIM ? "trim" : "trim and write", f->file_name);
	return 1;
}

enum fio_q_status nfsweep_queue_inline(struct thread_data *td, struct io_u *io_u,
				       bool fill_issue_time)
{
	if (fill_issue_time)
		nfsweep_issued_now(td, &io_u->issue_time);
	if (io_u->ddir == DDIR_TRIM)
		do_io_u_trim(td, io_u);
	else
		do_io_u_sync(td, io_u);
	io_u_mark_submit(td, 1);
	io_u_mark_complete(td, 1);
	return FIO_Q_COMPLETED;
}

/*
 * Append the whole line with one write() under an exclusive flock: every job
 * of a run appends to the same file at its end, and neither stdio (which
 * writes a long line in 4 KiB pieces) nor O_APPEND on every file system
 * (hostfs, NFS) keeps two jobs' lines apart. 0 or an errno.
 */
int nfsweep_append_line(const char *path, const char *line, size_t len)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno;
	if (flock(fd, LOCK_EX))
		err = errno;
	while (!err && len) {
		ssize_t n = write(fd, line, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			break;
		}
		line += n;
		len -= (size_t)n;
	}
	if (close(fd) && !err)
		err = errno;
	return err;
}

unsigned int nfsweep_settle_read_pct(struct thread_data *td, unsigned int mix_pct)
{
	if (td_rw(td)) {
		if (!fio_option_is_set(&td->o, rwmix)) {
			td->o.rwmix[DDIR_READ] = mix_pct;
			td->o.rwmix[DDIR_WRITE] = 100 - mix_pct;
		}
		return td->o.rwmix[DDIR_READ];
	}
	return td_read(td) ? 100 : 0;
}

int nfsweep_no_file(struct thread_data *td, struct fio_file *f)
{
	(void)td;
	f->fd = -1;
	return 0;
}

unsigned int nfsweep_section_jobs(struct thread_data *td)
{
	const char *name = td->o.name ? td->o.name : "";
	unsigned int n = 0;

	for (unsigned int i = 0; i < thread_number; i++) {
		struct thread_data *t = tnumber_to_td(i);

		n += t->groupid == td->groupid && !strcmp(t->o.name ? t->o.name : "", name);
	}
	return n ? n : 1;
}

void nfsweep_live_start(struct thread_data *td, const char *engine, struct live_log *l,
			const char *stem)
{
	int err = live_log_start(l, stem, (int)td->thread_number, td->io_blocks, td->io_bytes);

	/* (not an error of the job's: its figures do not depend on it) */
	if (err)
		log_info("%s: init(): live=%s: the live record of job %d: %s; the live view goes "
			 "without it\n",
			 engine, stem, (int)td->thread_number, strerror(err));
}
