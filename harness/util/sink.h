/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_UTIL_SINK_H
#define NFSWEEP_UTIL_SINK_H

/*
 * Where a user's strings go, and what each place can carry: one function
 * per sink (docs/CONTRIBUTING.md, "Sinks", lists who calls which). A
 * string is either made safe for its sink by a rule the sink documents,
 * or refused by name before anything runs; it is never pasted in as it is.
 */
#include <stdbool.h>
#include <stddef.h>

#include "util/strbuf.h"

/* Is @s valid UTF-8 (no overlong forms, no surrogates)? */
bool sink_utf8(const char *s);

/*
 * Is @s one line of text (UTF-8, no control character)? A results cell,
 * a chart's title and a terminal line carry it as it is. 0, or -1 with
 * @err naming @opt.
 */
int sink_text(const char *opt, const char *s, char *err, size_t len)
	__attribute__((warn_unused_result));

/*
 * May @s be the value of a fio option (job file, command line or an
 * environment variable that a job file names with ${VAR})? fio's parser
 * ends a value at ';' and '#', strips blanks at either end, replaces
 * ${NAME} with the environment and $ncpus, $mb_memory and $pagesize with
 * the machine's figures (then hands the value to bc), and reads a job file
 * line by line. 0, or -1 with @err: "@opt 'S': what fio would do with it".
 * Refused too: text that is not UTF-8 (the rows and fio's JSON carry text).
 */
int sink_fio_value(const char *opt, const char *s, char *err, size_t len)
	__attribute__((warn_unused_result));

/*
 * @s as fio's directory= takes it: fio splits the value on ':', and a ':'
 * after a backslash is a literal ':' (fio's documented escape, which also
 * turns "\\:" into "\:"). 0, or -ENAMETOOLONG.
 */
int sink_fio_dir(const char *s, char *dst, size_t len) __attribute__((warn_unused_result));

/*
 * @s as the argument of printf %b in a shell command line: the bytes of
 * [A-Za-z0-9/._-] as they are, every other byte as \0NNN. The result has
 * no character that fio's parser or a shell gives a meaning to, so a fixed
 * command can carry any path in it (the --hosts mountstats snapshots).
 * 0, or -ENAMETOOLONG.
 */
int sink_printf_b(const char *s, char *dst, size_t len) __attribute__((warn_unused_result));

/*
 * @s as HTML text, or as an attribute value in double quotes: '&', '<', '>', '"' and '\''
 * as character references, so that the browser shows the string and never reads markup in it.
 * What HTML cannot carry as text is shown as U+FFFD: a byte that is not part of valid UTF-8,
 * and a control character other than tab and newline.
 */
void sink_html(struct strbuf *sb, const char *s);

/*
 * @s as the text of an XML 1.0 element (a workbook's cell, libxlsxwriter escapes the markup):
 * what XML cannot carry is U+FFFD, a byte that is not part of valid UTF-8, a control
 * character other than tab and newline, U+FFFE and U+FFFF. At most @max bytes are kept, cut
 * at a character; *@cut says whether some were left out.
 */
void sink_xml_text(struct strbuf *sb, const char *s, size_t max, bool *cut);

/*
 * @n bytes of @data as a data: URL of type @mime (RFC 2397), in base64 (RFC 4648): an image
 * that a page carries inside itself, for an <img> whose document loads nothing else. The
 * result has only [A-Za-z0-9+/=:;,-] and the characters of @mime, a constant.
 */
void sink_data_url(struct strbuf *sb, const char *mime, const unsigned char *data, size_t n);

/*
 * @s, a relative path, as the path of a URL (an href): every byte but
 * [A-Za-z0-9/._~-] percent-encoded (RFC 3986), so that ' ', '#', '?',
 * '%' and ':' in a file name stay part of the name. The result needs no
 * HTML escaping.
 */
void sink_url_path(struct strbuf *sb, const char *s);

/* @s as literal text in a glob(3) pattern: '*', '?', '[' and '\\' escaped. 0, or -ENAMETOOLONG. */
int sink_glob(const char *s, char *dst, size_t len) __attribute__((warn_unused_result));

/* @s as one POSIX shell word, for a command line a user copies: as it is when safe, else '..'. */
void sink_shell_word(struct strbuf *sb, const char *s);

/*
 * Is @s a host name or an address (letters, digits, '.', '-', '_', and ':'
 * for IPv6)? It goes into fio's host file, its client's messages and file
 * names on the shared target.
 */
bool sink_host(const char *s);

#endif
