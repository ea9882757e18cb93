/*
 * json_write.c - see json_write.h.
 */
#include <math.h>
#include <stdio.h>

#include "base/json_write.h"
#include "base/utf8.h"

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
			size_t len =
			    utf8_sequence_length(span_make(s.p + i, s.n - i));
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

void
json_write_member(FILE *out, const char *key, const char *s)
{
	fprintf(out, "\"%s\": ", key);
	if (s == NULL)
		fputs("null", out);
	else
		json_write_string(out, span_cstr(s));
}

void
json_write_member_number(FILE *out, const char *key, double v)
{
	if (isnan(v) || isinf(v))
		fprintf(out, "\"%s\": null", key);
	else
		fprintf(out, "\"%s\": %.9g", key, v);
}
