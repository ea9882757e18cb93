/*
 * fuzz_pattern.c - user patterns (match/pattern): the first line is the
 * pattern, compiled; the rest a subject it is matched against, line by
 * line.  perfviews has no rules language yet: these are the patterns
 * users give (strip-swapper --comm, --drop-comm).
 */
#include <string.h>

#include "fuzz.h"
#include "match/pattern.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nl = memchr(text, '\n', size);
	size_t n = nl ? (size_t)(nl - text) : size;
	char *regex = fuzz_string(data, n);
	char why[300];
	struct pattern *p =
	    pattern_try_compile(span_cstr(regex), why, sizeof why);

	if (p != NULL && nl != NULL) {
		const char *q = nl + 1, *end = text + size;
		while (q <= end) {
			const char *e = memchr(q, '\n', (size_t)(end - q));
			if (e == NULL)
				e = end;
			pattern_exec(p, span_make(q, (size_t)(e - q)), why,
			             sizeof why);
			q = e + 1;
		}
	}
	pattern_free(p);
	free(regex);
	return 0;
}
