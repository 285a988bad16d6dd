// SPDX-License-Identifier: GPL-2.0
/* The sinks of a user's strings (see sink.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/sink.h"

/* The length of the UTF-8 sequence at @p (1 to 4), or 0 when it is not valid there. */
static unsigned int utf8_seq(const unsigned char *p)
{
	unsigned int c = *p, need, cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		need = 1, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		need = 2, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		need = 3, cp = c & 0x07;
	else
		return 0;
	for (unsigned int i = 1; i <= need; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* overlong, surrogate, beyond U+10FFFF */
	if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return need + 1;
}

bool sink_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned int n = utf8_seq(p);

		if (!n)
			return false;
		p += n;
	}
	return true;
}

void sink_html(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned int n = utf8_seq(p);

		if (!n || (*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f) {
			sb_adds(sb, "\xef\xbf\xbd"); /* U+FFFD */
			p++;
			continue;
		}
		switch (*p) {
		case '&':
			sb_adds(sb, "&amp;");
			break;
		case '<':
			sb_adds(sb, "&lt;");
			break;
		case '>':
			sb_adds(sb, "&gt;");
			break;
		case '"':
			sb_adds(sb, "&quot;");
			break;
		case '\'':
			sb_adds(sb, "&#39;");
			break;
		default:
			sb_addn(sb, (const char *)p, n);
		}
		p += n;
	}
}

void sink_xml_text(struct strbuf *sb, const char *s, size_t max, bool *cut)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t start = sb->len;

	*cut = false;
	while (*p) {
		unsigned int n = utf8_seq(p);
		int bad =
			!n || (*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f ||
			(n == 3 && p[0] == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf));

		if (sb->len - start + (bad ? 3 : n) > max) {
			*cut = true;
			return;
		}
		if (bad) {
			sb_adds(sb, "\xef\xbf\xbd"); /* U+FFFD */
			p += n && *p >= 0x80 ? n : 1;
			continue;
		}
		sb_addn(sb, (const char *)p, n);
		p += n;
	}
}

void sink_url_path(struct strbuf *sb, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/._~-", *p))
			sb_addc(sb, (char)*p);
		else
			sb_printf(sb, "%%%02X", *p);
	}
}

void sink_data_url(struct strbuf *sb, const char *mime, const unsigned char *data, size_t n)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	sb_printf(sb, "data:%s;base64,", mime);
	for (size_t i = 0; i < n; i += 3) {
		unsigned int v = (unsigned int)data[i] << 16;
		char q[4];

		if (i + 1 < n)
			v |= (unsigned int)data[i + 1] << 8;
		if (i + 2 < n)
			v |= data[i + 2];
		q[0] = b64[v >> 18 & 63];
		q[1] = b64[v >> 12 & 63];
		q[2] = i + 1 < n ? b64[v >> 6 & 63] : '=';
		q[3] = i + 2 < n ? b64[v & 63] : '=';
		sb_addn(sb, q, 4);
	}
}

/* The first control character of @s, or NULL. */
static const char *control_char(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return s;
	return NULL;
}

int sink_text(const char *opt, const char *s, char *err, size_t len)
{
	const char *c = control_char(s);

	if (c) {
		snprintf(err, len,
			 "%s: a control character (byte 0x%02x at %zu): the text goes "
			 "into one line of the results, charts and terminal",
			 opt, (unsigned char)*c, (size_t)(c - s));
		return -1;
	}
	if (!sink_utf8(s)) {
		snprintf(err, len, "%s: not UTF-8: the results and charts carry UTF-8 text", opt);
		return -1;
	}
	return 0;
}

/* fio's keywords (options.c, fio_keywords): replaced in every value, then bc runs. */
static const char *const fio_keywords[] = { "$pagesize", "$mb_memory", "$ncpus" };

int sink_fio_value(const char *opt, const char *s, char *err, size_t len)
{
	const char *c;
	size_t n = strlen(s);

	if (sink_text(opt, s, err, len))
		return -1;
	c = strpbrk(s, ";#");
	if (c) {
		snprintf(err, len, "%s '%s': fio ends an option's value at '%c' (a comment)", opt,
			 s, *c);
		return -1;
	}
	if (n && (s[0] == ' ' || s[n - 1] == ' ')) {
		snprintf(err, len, "%s '%s': fio strips the blanks at either end of a value", opt,
			 s);
		return -1;
	}
	if (strstr(s, "${")) {
		snprintf(err, len,
			 "%s '%s': fio replaces ${NAME} in a value with an environment "
			 "variable",
			 opt, s);
		return -1;
	}
	for (size_t i = 0; i < sizeof(fio_keywords) / sizeof(fio_keywords[0]); i++)
		if (strstr(s, fio_keywords[i])) {
			snprintf(err, len,
				 "%s '%s': fio replaces %s in a value with a figure of the "
				 "machine",
				 opt, s, fio_keywords[i]);
			return -1;
		}
	return 0;
}

/* @s with a backslash before each character of @special. 0, or -ENAMETOOLONG. */
static int backslash(const char *s, const char *special, char *dst, size_t len)
{
	size_t o = 0;

	for (; *s; s++) {
		if (o + 3 > len)
			return -ENAMETOOLONG;
		if (strchr(special, *s))
			dst[o++] = '\\';
		dst[o++] = *s;
	}
	if (o + 1 > len)
		return -ENAMETOOLONG;
	dst[o] = '\0';
	return 0;
}

int sink_fio_dir(const char *s, char *dst, size_t len)
{
	return backslash(s, ":", dst, len);
}

static bool plain(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '/' || c == '.' || c == '_' || c == '-';
}

int sink_printf_b(const char *s, char *dst, size_t len)
{
	size_t o = 0;

	for (; *s; s++) {
		if (o + 6 > len)
			return -ENAMETOOLONG;
		if (plain(*s))
			dst[o++] = *s;
		else
			o += (size_t)snprintf(dst + o, len - o, "\\0%03o", (unsigned char)*s);
	}
	if (o + 1 > len)
		return -ENAMETOOLONG;
	dst[o] = '\0';
	return 0;
}

int sink_glob(const char *s, char *dst, size_t len)
{
	return backslash(s, "*?[\\", dst, len);
}

void sink_shell_word(struct strbuf *sb, const char *s)
{
	bool safe = *s != '\0';

	for (const char *p = s; *p && safe; p++)
		safe = plain(*p) || strchr("=,:+@%", *p);
	if (safe) {
		sb_adds(sb, s);
		return;
	}
	sb_addc(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sb_adds(sb, "'\\''");
		else
			sb_addc(sb, *s);
	}
	sb_addc(sb, '\'');
}

bool sink_host(const char *s)
{
	if (!*s || *s == '-' || *s == '.')
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr(".-_:", *s)))
			return false;
	return true;
}
