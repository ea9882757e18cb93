/*
 * svg.c - see svg.h.
 */
#include <stdbool.h>
#include <stdint.h>

#include "flame/svg.h"

static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

size_t
utf8_sequence_length(struct span s)
{
	const unsigned char *p = (const unsigned char *)s.p;
	unsigned char c = p[0];
	size_t len;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	if (s.n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* Overlong forms, UTF-16 surrogates, and beyond Unicode. */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

/* Bytes of the character at the start of s: an invalid byte is one. */
static size_t
character_length(struct span s)
{
	size_t len = utf8_sequence_length(s);
	return len == 0 ? 1 : len;
}

size_t
utf8_count(struct span s)
{
	size_t count = 0;

	for (size_t i = 0; i < s.n; count++) {
		if ((unsigned char)s.p[i] < 0x80)
			i++;
		else
			i += character_length(span_make(s.p + i, s.n - i));
	}
	return count;
}

struct span
utf8_prefix(struct span s, size_t nchars)
{
	size_t i = 0;

	for (size_t count = 0; i < s.n && count < nchars; count++)
		i += character_length(span_make(s.p + i, s.n - i));
	return span_make(s.p, i);
}

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
