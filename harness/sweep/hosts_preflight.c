// SPDX-License-Identifier: GPL-2.0
/* Each host checked before the first point of a --hosts sweep (see hosts_preflight.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fio/fio_json.h"
#include "fio/fio_run.h"
#include "sweep/hosts_preflight.h"
#include "util/sink.h"

#define CONNECT_MS 3000
#define PROBE_S 30

/*
 * The probe job: a small write with each engine the sweep runs, in every target directory;
 * for an nfs:// target, twenty operations of nfsweep-rpc on a set of two files of its own (the
 * server answers each host, from a privileged port where the export wants one).
 */
static int write_probe(const struct sweep *s, const char *path)
{
	const struct sweep_opts *o = s->o;
	int op_mix = 0;
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	for (size_t i = 0; i < o->nprofiles; i++)
		op_mix |= s->prof.info[i].op_mix;
	fprintf(f, "; nfsweep's pre-flight of a --hosts sweep: each engine writes in each target\n"
		   "[global]\nsize=64k\nbs=4k\nrw=write\nstonewall\n"
		   "filename_format=nfsweep-preflight.$jobname\n");
	for (size_t t = 0; t < o->ntargets; t++) {
		/* the values were checked for fio's parser before (sweep_opts_finish) */
		char dir[2 * PATH_MAX];

		if (o->targets[t].url) {
			fprintf(f,
				"[%s-rpc]\nioengine=external:%s/nfsweep-rpc.so\nrpc_url=%s\n"
				"rw=randrw\nbs=1\nsize=1m\nnumber_ios=20\niodepth=1\nrpc_dirs=1\n"
				"rpc_files_per_dir=2\nrpc_links_per_dir=1\nrpc_spares_per_dir=1\n",
				o->targets[t].label, o->engine_dir, o->targets[t].path);
			continue;
		}
		if (sink_fio_dir(o->targets[t].path, dir, sizeof(dir))) {
			fclose(f);
			return -ENAMETOOLONG;
		}
		fprintf(f, "[%s]\ndirectory=%s\nioengine=%s\n", o->targets[t].label, dir,
			s->engine_value);
		if (op_mix)
			fprintf(f,
				"[%s-ops]\ndirectory=%s\nioengine=external:%s/nfsweep-ops.so\n"
				"ops_mix=sfs2008\nrw=randrw\nbs=1\nsize=1m\nnumber_ios=20\n"
				"ops_dirs=1\nops_files_per_dir=2\nops_file_size=4k\n",
				o->targets[t].label, dir, o->engine_dir);
	}
	return fclose(f) ? -errno : 0;
}

/* The first line of @text that says fio failed, or its last line. */
static void first_complaint(const char *text, char *buf, size_t len)
{
	const char *line = text, *last = NULL;
	size_t lastn = 0;

	buf[0] = '\0';
	while (*line) {
		size_t n = strcspn(line, "\n");
		/* fio's text, not its JSON document (whose lines start with a brace or a blank) */
		int prose = n && !strchr("{} \t\"", *line);
		char one[320];

		snprintf(one, sizeof(one), "%.*s", (int)(n > 300 ? 300 : n), line);
		if (prose && (strstr(one, "fio:") || strstr(one, "error") ||
			      strstr(one, "mismatch") || strstr(one, "invalid"))) {
			snprintf(buf, len, "%s", one);
			return;
		}
		if (prose) {
			last = line;
			lastn = n;
		}
		line += n + (line[n] == '\n');
	}
	if (last)
		snprintf(buf, len, "%.*s", (int)(lastn > 300 ? 300 : lastn), last);
}

/*
 * What to do when a host's fio could not load an engine (@why is its complaint): the jobs name
 * the engines by this nfsweep's path, so every load generator must have them there. "" when
 * the complaint is another.
 */
static const char *engine_hint(const char *why, const char *engine_dir, char *buf, size_t len)
{
	if (!strstr(why, "ioengine path") && !strstr(why, "not loadable") && !strstr(why, "dlopen"))
		return "";
	snprintf(buf, len,
		 "; the jobs load the engines from %s, this nfsweep's --engine-dir, on every host: "
		 "install nfsweep the same way on each (Debian's package puts them in "
		 "/usr/lib/<multiarch>/nfsweep, make install PREFIX=/usr the same) or give an "
		 "--engine-dir they all have",
		 engine_dir);
	return buf;
}

/* Host @i: the probe through fio's client. 0, or -1 with @err. */
static int probe_host(struct sweep *s, struct host_list *l, size_t i, const char *jobfile,
		      char *err, size_t len)
{
	struct host *h = &l->h[i];
	char json[PATH_MAX + 64], why[400] = "", jerr[256] = "", msg[400] = "",
				  hint[PATH_MAX + 300];
	const char *call = "";
	const char *addr[1] = { h->addr };
	struct fio_result one, total;
	struct fio_outcome out;
	struct fio_cmd cmd;
	char *text;
	int present = 0, ret;

	snprintf(json, sizeof(json), "%s/preflight-%zu.json", s->fio_dir, i + 1);
	/* clang-format off */
	cmd = (struct fio_cmd){ .fio = s->o->fio, .jobfile = jobfile, .json_path = json,
				.format = "json+", .client = h->fio, .timeout_s = PROBE_S };
	/* clang-format on */
	ret = fio_run(&cmd, &stop_signal, &out, &call);
	if (ret) {
		snprintf(err, len, "--hosts %s: pre-flight: %s: %s", h->spec, call, strerror(-ret));
		return -1;
	}
	text = fio_run_output(json);
	if (!text) {
		snprintf(err, len, "--hosts %s: pre-flight: read %s: %s", h->spec, json,
			 strerror(errno));
		return -1;
	}
	hosts_learn_name(l, i, text);
	first_complaint(text, why, sizeof(why));
	if (out.timed_out || out.interrupted || !out.exited || out.exit_code) {
		snprintf(err, len, "--hosts %s: pre-flight: fio --client %s (%s): %s%s", h->spec,
			 out.timed_out	 ? "did not finish in 30 s" :
			 out.interrupted ? "interrupted" :
					   "failed",
			 why[0] ? why : "no output", json,
			 engine_hint(why, s->o->engine_dir, hint, sizeof(hint)));
		free(text);
		return -1;
	}
	ret = fio_json_parse_hosts(text, 1, addr, &h->port, &one, &present, &total, jerr,
				   sizeof(jerr));
	/* fio's own complaint says most: "invalid external ioengine path ..", "mismatch" */
	if (ret)
		snprintf(msg, sizeof(msg), "%s", why[0] ? why : jerr);
	else if (!present)
		snprintf(msg, sizeof(msg), "%s", why[0] ? why : "fio reported nothing of it");
	else if (one.error)
		snprintf(msg, sizeof(msg), "fio job error %d (%s)%s%.300s", one.error,
			 strerror(one.error), why[0] ? ": " : "", why);
	else
		hosts_find_failure(l, i, text, msg, sizeof(msg));
	free(text);
	if (msg[0]) {
		snprintf(err, len, "--hosts %s: pre-flight: %s (%s)%s", h->spec, msg, json,
			 engine_hint(msg, s->o->engine_dir, hint, sizeof(hint)));
		return -1;
	}
	return 0;
}

int hosts_preflight(struct sweep *s, struct host_list *l, char *err, size_t len)
{
	char jobfile[PATH_MAX + 32];
	int ret;

	for (size_t i = 0; i < l->n; i++) {
		ret = host_connect_probe(&l->h[i], CONNECT_MS);
		if (ret) {
			snprintf(err, len,
				 "--hosts %s: pre-flight: connect to port %d: %s (is "
				 "`fio --server` running there? On Debian: `systemctl start fio`, "
				 "bound to the test network's address: docs/several-hosts.md)",
				 l->h[i].spec, l->h[i].port,
				 ret == -ENOENT ? "no such host" : strerror(-ret));
			return -1;
		}
	}
	snprintf(jobfile, sizeof(jobfile), "%s/preflight.fio", s->fio_dir);
	ret = write_probe(s, jobfile);
	if (ret) {
		snprintf(err, len, "--hosts: pre-flight: write %s: %s", jobfile, strerror(-ret));
		return -1;
	}
	for (size_t i = 0; i < l->n; i++)
		if (probe_host(s, l, i, jobfile, err, len))
			return -1;
	/* --steady: every host ends when the first does, and this machine learns it from the
	 * shared target (point_hosts.c) */
	for (size_t t = 0; s->o->steady && t < s->o->ntargets; t++) {
		const struct target *tg = &s->o->targets[t];
		struct stat st;
		const char *why = stat(tg->path, &st)  ? strerror(errno) :
				  !S_ISDIR(st.st_mode) ? "not a directory" :
							 NULL;

		if (why) {
			snprintf(err, len,
				 "--steady with --hosts: pre-flight: target %s: stat %s: %s here: "
				 "nfsweep ends every host when the first is steady, and learns it "
				 "from the shared target, so this machine must see it at the same "
				 "path",
				 tg->label, tg->path, why);
			return -1;
		}
	}
	return 0;
}
