// SPDX-License-Identifier: GPL-2.0
/*
 * fio's JSON output, as the harness reads it after every point: fio may
 * print text before the document, and a dying fio may cut it short.
 */
#include <stdlib.h>

#include "fio/fio_json.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_strdup(data, size);
	struct fio_result res;
	char err[256];

	if (!fio_json_parse(text, &res, err, sizeof(err)))
		(void)fio_result_response_ms(&res);
	free(text);
	return 0;
}
