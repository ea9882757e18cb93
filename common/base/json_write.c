/*
 * json_write.c - see json_write.h.
 */
#include <stdio.h>

#include "base/json_write.h"

/* Length of the valid UTF-8 sequence at p, or 0 when it is not valid. */
static size_t
utf8_length(const unsigned char *p, size_t n)
{
	size_t len;
	unsigned min;
	unsigned c = p[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		min = 0x80;
		c &= 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		min = 0x800;
		c &= 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		min = 0x10000;
		c &= 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return len;
}

void
json_write_string(FILE *out, struct span s)
{
	const unsigned char *p = (const unsigned char *)s.p;

	putc_unlocked('"', out);
	for (size_t i = 0; i < s.n;) {
		unsigned char c = p[i];
		if (c == '"' || c == '\\') {
			putc_unlocked('\\', out);
			putc_unlocked(c, out);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(out, "\\u%04x", c);
			i++;
		} else {
			size_t len = utf8_length(p + i, s.n - i);
			if (len == 0) {
				fputs("\\ufffd", out);
				i++;
			} else {
				fwrite_unlocked(p + i, 1, len, out);
				i += len;
			}
		}
	}
	putc_unlocked('"', out);
}
