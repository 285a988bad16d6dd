// SPDX-License-Identifier: GPL-2.0
/* The sinks of a user's strings (see sink.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/sink.h"

bool sink_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned int c = *p, need, cp;

		if (c < 0x80) {
			p++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			need = 1, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3, cp = c & 0x07;
		else
			return false;
		for (unsigned int i = 1; i <= need; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (p[i] & 0x3f);
		}
		/* overlong, surrogate, beyond U+10FFFF */
		if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return false;
		p += need + 1;
	}
	return true;
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
