/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_STRBUF_H
#define NFSWEEP_STRBUF_H

/* A growing string; the allocation failure policy is the caller's (NULL buf). */
#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len, cap;
	int oom; /* set once an allocation failed: the content is incomplete */
};

void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_adds(struct strbuf *sb, const char *s);
void sb_addc(struct strbuf *sb, char c);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_reset(struct strbuf *sb);
void sb_free(struct strbuf *sb);
/* The content, "" when empty; owned by the strbuf. */
const char *sb_str(const struct strbuf *sb);

#endif
