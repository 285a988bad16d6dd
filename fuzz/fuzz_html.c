// SPDX-License-Identifier: GPL-2.0
/*
 * The report's sinks (util/sink.c): sink_html over any bytes gives valid
 * UTF-8 with no character that starts or ends markup, and gives back the
 * input, once its references are read, when the input was text HTML can
 * carry; sink_data_url's base64 decodes to the bytes that went in.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "util/sink.h"
#include "util/strbuf.h"

/* @s with sink_html's five references read back; malloc'd */
static char *unescape(const char *s)
{
	static const struct {
		const char *ref;
		char c;
	} refs[] = { { "&amp;", '&' },
		     { "&lt;", '<' },
		     { "&gt;", '>' },
		     { "&quot;", '"' },
		     { "&#39;", '\'' } };
	char *out = malloc(strlen(s) + 1), *o = out;

	while (*s) {
		size_t i;

		for (i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
			if (!strncmp(s, refs[i].ref, strlen(refs[i].ref)))
				break;
		if (i < sizeof(refs) / sizeof(refs[0])) {
			*o++ = refs[i].c;
			s += strlen(refs[i].ref);
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
	return out;
}

static int b64_value(char c)
{
	const char *set = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *p = c ? strchr(set, c) : NULL;

	return p ? (int)(p - set) : -1;
}

static void check_data_url(const uint8_t *data, size_t size)
{
	struct strbuf sb = { 0 };
	const char *prefix = "data:image/svg+xml;base64,", *p;
	size_t n = 0;
	uint8_t *back;

	sink_data_url(&sb, "image/svg+xml", data, size);
	if (sb.oom)
		abort();
	if (strncmp(sb_str(&sb), prefix, strlen(prefix)) || (sb.len - strlen(prefix)) % 4)
		abort();
	back = malloc(size + 3);
	for (p = sb_str(&sb) + strlen(prefix); *p; p += 4) {
		int v[4];

		for (int i = 0; i < 4; i++)
			v[i] = p[i] == '=' ? 0 : b64_value(p[i]);
		if (v[0] < 0 || v[1] < 0 || v[2] < 0 || v[3] < 0)
			abort();
		back[n++] = (uint8_t)(v[0] << 2 | v[1] >> 4);
		if (p[2] != '=')
			back[n++] = (uint8_t)(v[1] << 4 | v[2] >> 2);
		if (p[3] != '=')
			back[n++] = (uint8_t)(v[2] << 6 | v[3]);
	}
	if (n != size || (size && memcmp(back, data, size)))
		abort();
	free(back);
	sb_free(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf sb = { 0 };
	char *s = fuzz_strdup(data, size), *back;
	int carried = sink_utf8(s);

	for (const char *p = s; *p && carried; p++)
		carried = ((unsigned char)*p >= 0x20 && *p != 0x7f) || *p == '\t' || *p == '\n';
	sink_html(&sb, s);
	if (sb.oom || !sink_utf8(sb_str(&sb)) || strpbrk(sb_str(&sb), "<>\"'"))
		abort();
	back = unescape(sb_str(&sb));
	if (carried && strcmp(back, s))
		abort();
	free(back);
	sb_free(&sb);
	free(s);
	check_data_url(data, size);
	return 0;
}
