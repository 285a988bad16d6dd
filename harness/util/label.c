// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <string.h>

#include "util/label.h"

bool label_valid(const char *s, size_t len)
{
	if (!len || len >= LABEL_MAX || !(isalnum((unsigned char)s[0]) || s[0] == '_'))
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("_.-", s[i]))
			return false;
	return true;
}
