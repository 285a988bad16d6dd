/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_REPORT_PAGE_H
#define NFSWEEP_REPORT_PAGE_H

/*
 * An HTML page that carries itself: its style inline, its charts as data:
 * URLs, no script and nothing fetched (a Content-Security-Policy says so to
 * the browser). Markup comes from constants of the report's code only;
 * every text from a file goes through pg_text (sink_html), every link
 * through pg_link (sink_url_path).
 */
#include "util/strbuf.h"

struct page {
	struct strbuf sb;
};

/* <!DOCTYPE html> up to <body>, with the style: A4 when printed, a chart never cut. */
void pg_begin(struct page *p, const char *title);
void pg_end(struct page *p);

/* Markup of the report's own (a constant, or built from constants and numbers). */
void pg_raw(struct page *p, const char *markup);
void pg_rawf(struct page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Text, escaped for HTML. */
void pg_text(struct page *p, const char *s);
void pg_textf(struct page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* <TAG>text</TAG>, the text escaped; @tag a constant ("td", "th", "code" ..). */
void pg_elem(struct page *p, const char *tag, const char *text);

/* A link to @href, a path relative to the page, showing @text. */
void pg_link(struct page *p, const char *href, const char *text);

/*
 * The SVG file @path as an <img> (a data: URL) with @alt, in a <figure>
 * with @caption. 0, or -errno (the file could not be read: nothing added).
 */
int pg_figure(struct page *p, const char *path, const char *alt, const char *caption);

/* The page into @path, by a temporary file renamed over it. 0, or -errno. */
int pg_write(const struct page *p, const char *path);

void pg_free(struct page *p);

#endif
