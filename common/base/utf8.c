/*
 * utf8.c - see utf8.h.
 */
#include <stdint.h>

#include "base/utf8.h"

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
