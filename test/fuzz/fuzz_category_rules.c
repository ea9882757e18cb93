/*
 * fuzz_category_rules.c - the category rules parser on any bytes, and
 * every rule it accepts matched against subjects made of the same bytes.
 */
#include <string.h>

#include "fuzz.h"
#include "match/category_rules.h"

static void
ignore(void *ctx, const char *message)
{
	(void)ctx;
	(void)message;
}

static volatile uint32_t sink; /* keeps what the matches find */

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct category_rules r;
	struct span text = span_make((const char *)data, size);
	uint32_t found = 0;

	category_rules_init(&r);
	category_rules_parse(&r, "fuzz", text, ignore, NULL);
	/* Subjects: each line of the input as a symbol, a DSO, a module. */
	const char *p = text.p, *end = text.p + text.n;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		struct span line = span_make(p, (size_t)((nl ? nl : end) - p));
		struct rule_subject s = {line, line, line};
		for (uint32_t at = 0;
		     (at = category_rules_match(&r, &s, at, false)) !=
		     RULE_NONE;
		     at++)
			found++;
		found += category_rules_match(&r, &s, 0, true) != RULE_NONE;
		p = nl ? nl + 1 : end;
	}
	category_rules_free(&r);
	sink = found;
	return 0;
}
