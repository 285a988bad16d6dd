// SPDX-License-Identifier: GPL-2.0
/* The report's HTML page (see page.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/page.h"
#include "util/sink.h"

/*
 * The style: readable on a screen, A4 on paper. A figure or a table row is
 * never cut across a page (break-inside), a table's head repeats on every
 * page, and a long command line breaks anywhere rather than running off.
 */
static const char style[] =
	"@page{size:A4;margin:12mm}"
	"body{font-family:sans-serif;font-size:10.5pt;line-height:1.35;max-width:200mm;"
	"margin:0 auto;padding:0 4mm;color:#111}"
	"h1{font-size:16pt;margin:8pt 0 2pt}h2{font-size:13pt;border-bottom:1px solid #888;"
	"margin:16pt 0 6pt;break-after:avoid}h3{font-size:11pt;margin:10pt 0 4pt;break-after:avoid}"
	"table{border-collapse:collapse;margin:4pt 0 8pt;font-size:9pt}"
	"th,td{border:1px solid #bbb;padding:1.5pt 4pt;text-align:left;vertical-align:top}"
	"td{overflow-wrap:anywhere}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
	"th{background:#eee}"
	"thead{display:table-header-group}tr{break-inside:avoid}"
	"code,pre{font-family:monospace;font-size:8.5pt;white-space:pre-wrap;"
	"overflow-wrap:anywhere}"
	"figure{margin:6pt 0 10pt;break-inside:avoid;page-break-inside:avoid}"
	"figure img{width:100%;height:auto;max-height:240mm;border:1px solid #ddd}"
	"figcaption{font-size:9pt;color:#333}"
	"#glance table{break-inside:avoid;page-break-inside:avoid}"
	".warn{background:#fff3cd;border:1px solid #d6a400;padding:4pt 6pt}"
	".bad{background:#fde2e1;border:1px solid #c0392b;padding:4pt 6pt}"
	".ok{color:#1a7f37}.fail{color:#b3261e;font-weight:bold}.muted{color:#555}"
	"nav ol{columns:2;font-size:9.5pt}"
	"@media print{nav{display:none}a{color:inherit;text-decoration:none}}";

void pg_raw(struct page *p, const char *markup)
{
	sb_adds(&p->sb, markup);
}

/* @fmt with @ap, as markup or (@escape) as text; out of memory marks the page incomplete. */
static void vadd(struct page *p, int escape, const char *fmt, va_list ap)
{
	char *s = NULL;

	if (vasprintf(&s, fmt, ap) < 0) {
		p->sb.oom = 1;
		return;
	}
	if (escape)
		sink_html(&p->sb, s);
	else
		sb_adds(&p->sb, s);
	free(s);
}

void pg_rawf(struct page *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vadd(p, 0, fmt, ap);
	va_end(ap);
}

void pg_text(struct page *p, const char *s)
{
	sink_html(&p->sb, s ? s : "");
}

void pg_textf(struct page *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vadd(p, 1, fmt, ap);
	va_end(ap);
}

void pg_elem(struct page *p, const char *tag, const char *text)
{
	sb_printf(&p->sb, "<%s>", tag);
	pg_text(p, text);
	sb_printf(&p->sb, "</%s>", tag);
}

void pg_link(struct page *p, const char *href, const char *text)
{
	sb_adds(&p->sb, "<a href=\"");
	sink_url_path(&p->sb, href);
	sb_adds(&p->sb, "\">");
	pg_text(p, text);
	sb_adds(&p->sb, "</a>");
}

int pg_figure(struct page *p, const char *path, const char *alt, const char *caption)
{
	unsigned char *buf;
	struct stat st;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st)) {
		err = -errno;
		close(fd);
		return err;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	got = read(fd, buf, (size_t)st.st_size);
	if (got < 0)
		err = -errno;
	else if (got != st.st_size)
		err = -EIO;
	close(fd);
	if (!err) {
		sb_adds(&p->sb, "<figure><img src=\"");
		sink_data_url(&p->sb, "image/svg+xml", buf, (size_t)got);
		sb_adds(&p->sb, "\" alt=\"");
		pg_text(p, alt);
		sb_adds(&p->sb, "\"><figcaption>");
		pg_text(p, caption);
		sb_adds(&p->sb, "</figcaption></figure>\n");
	}
	free(buf);
	return err;
}

void pg_begin(struct page *p, const char *title)
{
	pg_raw(p, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		  /* nothing is fetched, nothing runs: images only from the page itself */
		  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		  "img-src data:; style-src 'unsafe-inline'\">\n"
		  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		  "<meta name=\"generator\" content=\"nfsweep report\">\n<title>");
	pg_text(p, title);
	pg_raw(p, "</title>\n<style>");
	pg_raw(p, style);
	pg_raw(p, "</style></head>\n<body>\n");
}

void pg_end(struct page *p)
{
	pg_raw(p, "</body></html>\n");
}

int pg_write(const struct page *p, const char *path)
{
	char tmp[4096 + 16];
	int fd, err = 0;
	size_t off = 0;

	if (p->sb.oom)
		return -ENOMEM;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	while (off < p->sb.len) {
		ssize_t w = write(fd, p->sb.buf + off, p->sb.len - off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		off += (size_t)w;
	}
	if (!err && fsync(fd))
		err = -errno;
	if (close(fd) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}

void pg_free(struct page *p)
{
	sb_free(&p->sb);
}
