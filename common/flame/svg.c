/*
 * svg.c - see svg.h.
 */
#include <stdbool.h>

#include "base/utf8.h"
#include "flame/svg.h"

static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

/* True for a byte that is written as it is. */
static bool
plain_byte(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f && c != '&' && c != '<' && c != '>' &&
	        c != '"' && c != '\'') ||
	       c == '\t' || c == '\n';
}

/* U+FFFE and U+FFFF are not XML characters: EF BF BE, EF BF BF. */
static bool
xml_noncharacter(const unsigned char *p, size_t len)
{
	return len == 3 && p[0] == 0xef && p[1] == 0xbf &&
	       (p[2] == 0xbe || p[2] == 0xbf);
}

void
svg_write_text(FILE *out, struct span s)
{
	const unsigned char *p = (const unsigned char *)s.p;
	size_t i = 0;

	while (i < s.n) {
		size_t run = i;
		while (run < s.n && plain_byte(p[run]))
			run++;
		if (run > i)
			fwrite_unlocked(p + i, 1, run - i, out);
		i = run;
		if (i == s.n)
			break;

		unsigned char c = p[i];
		const char *entity = NULL;
		switch (c) {
		case '&':
			entity = "&amp;";
			break;
		case '<':
			entity = "&lt;";
			break;
		case '>':
			entity = "&gt;";
			break;
		case '"':
			entity = "&quot;";
			break;
		case '\'':
			entity = "&apos;";
			break;
		}
		if (entity != NULL) {
			fputs_unlocked(entity, out);
			i++;
			continue;
		}
		if (c < 0x80) {
			/* A control character XML does not allow. */
			fputs_unlocked(replacement, out);
			i++;
			continue;
		}
		size_t len = utf8_sequence_length(span_make(s.p + i, s.n - i));
		if (len == 0 || xml_noncharacter(p + i, len)) {
			fputs_unlocked(replacement, out);
			i += len == 0 ? 1 : len;
			continue;
		}
		fwrite_unlocked(p + i, 1, len, out);
		i += len;
	}
}
