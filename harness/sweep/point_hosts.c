// SPDX-License-Identifier: GPL-2.0
/* A point's figures per host, and their sum (see point_hosts.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/detail_file.h"
#include "sweep/fio_run.h"
#include "sweep/point_hosts.h"

int point_hosts_read(const struct sweep *s, const char *json, struct point_hosts *ph,
		     struct fio_result *total, char *json_err, size_t jlen, char *host_err,
		     size_t hlen)
{
	const struct host_list *l = &s->o->hosts;
	const char *addr[MAX_HOSTS];
	int port[MAX_HOSTS];
	char *text = fio_run_output(json);

	memset(ph, 0, sizeof(*ph));
	memset(total, 0, sizeof(*total));
	host_err[0] = '\0';
	if (!text) {
		snprintf(json_err, jlen, "read %s: %s", json, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < l->n; i++) {
		addr[i] = l->h[i].addr;
		port[i] = l->h[i].port;
	}
	ph->parsed = !fio_json_parse_hosts(text, l->n, addr, port, ph->res, ph->present, total,
					   json_err, jlen);
	for (size_t i = 0; i < l->n; i++) {
		char line[300];

		if (hosts_find_failure(l, i, text, line, sizeof(line)))
			snprintf(ph->err[i], sizeof(ph->err[i]), "%s", line);
		else if (ph->parsed && !ph->present[i])
			snprintf(ph->err[i], sizeof(ph->err[i]), "no figures of it in fio's report");
		else if (ph->parsed && ph->res[i].error)
			snprintf(ph->err[i], sizeof(ph->err[i]), "fio job error %d (%s)",
				 ph->res[i].error, strerror(ph->res[i].error));
		if (ph->err[i][0] && !host_err[0])
			snprintf(host_err, hlen, "host %s (%s): %s", l->h[i].spec,
				 l->h[i].name[0] ? l->h[i].name : "?", ph->err[i]);
	}
	free(text);
	return ph->parsed ? 0 : -1;
}

/* A host's figures into its row's cells. */
static void host_cells(char **cells, const struct fio_result *res)
{
	const struct fio_dir *d[2] = { &res->rd, &res->wr };
	static const int iops[2] = { HOSTS_COL_read_iops, HOSTS_COL_write_iops };
	static const int mib[2] = { HOSTS_COL_read_mib_s, HOSTS_COL_write_mib_s };
	static const int bytes[2] = { HOSTS_COL_read_io_bytes, HOSTS_COL_write_io_bytes };
	static const int lat[2][4] = {
		{ HOSTS_COL_read_clat_mean_us, HOSTS_COL_read_clat_p50_us, HOSTS_COL_read_clat_p99_us,
		  HOSTS_COL_read_clat_p99_9_us },
		{ HOSTS_COL_write_clat_mean_us, HOSTS_COL_write_clat_p50_us,
		  HOSTS_COL_write_clat_p99_us, HOSTS_COL_write_clat_p99_9_us },
	};

	for (int i = 0; i < 2; i++) {
		cells_set_num(cells, iops[i], d[i]->iops);
		cells_set_num(cells, mib[i], d[i]->mib_s);
		cells_set(cells, bytes[i], "%llu", d[i]->io_bytes);
		if (!d[i]->has_clat)
			continue;
		cells_set_num(cells, lat[i][0], d[i]->clat_mean_us);
		cells_set_num(cells, lat[i][1], d[i]->clat_p50_us);
		cells_set_num(cells, lat[i][2], d[i]->clat_p99_us);
		cells_set_num(cells, lat[i][3], d[i]->clat_p99_9_us);
	}
	cells_set_num(cells, HOSTS_COL_runtime_s, fio_result_runtime(res));
	cells_set_num(cells, HOSTS_COL_usr_cpu_pct, res->usr_cpu);
	cells_set_num(cells, HOSTS_COL_sys_cpu_pct, res->sys_cpu);
}

int point_hosts_record(const struct sweep *s, struct row *r, const struct point_hosts *ph)
{
	const struct host_list *l = &s->o->hosts;
	double first = 0, last = 0;
	int ret = 0, known = 0;

	for (size_t i = 0; i < l->n; i++) {
		if (!ph->start_s[i])
			continue;
		if (!known++ || ph->start_s[i] < first)
			first = ph->start_s[i];
		if (ph->start_s[i] > last)
			last = ph->start_s[i];
	}
	if (known >= 2)
		row_set_num(r, COL_start_skew_ms, (last - first) * 1000.0);

	for (size_t i = 0; i < l->n && !ret; i++) {
		char *cells[HOSTS_NCOLUMNS] = { 0 };

		detail_identity(cells, &table_hosts, r);
		cells_set(cells, HOSTS_COL_host, "%s", l->h[i].spec);
		cells_set(cells, HOSTS_COL_host_name, "%s", l->h[i].name);
		cells_set(cells, HOSTS_COL_reported, "%d", ph->present[i]);
		cells_set(cells, HOSTS_COL_error, "%s", ph->err[i]);
		if (ph->present[i])
			host_cells(cells, &ph->res[i]);
		if (ph->start_s[i])
			cells_set_num(cells, HOSTS_COL_start_offset_ms, (ph->start_s[i] - first) * 1000.0);
		cells_protect_text(cells, &table_hosts);
		ret = detail_append(s->hosts_path, &table_hosts, cells);
		cells_free(cells, HOSTS_NCOLUMNS);
	}
	if (ret)
		fprintf(stderr, "\nnfsweep %s: write to %s: %s; this point's rows are not recorded, "
			"every earlier row is\n", s->cmd, s->hosts_path,
			ret == -EPROTO ? "it has another header" : strerror(-ret));
	return ret;
}
