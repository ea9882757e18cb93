/*
 * folded_diff.c - see folded_diff.h.
 */
#include <stdio.h>
#include <string.h>

#include "input/folded_diff.h"

#define HEADER "# perfviews-diff: widths="
#define TEST   "# p="
#define BOTH   "# in both: "

void
folded_diff_write_header(FILE *out, bool a_widths, const char *summary)
{
	fprintf(out, HEADER "%c; %s\n", a_widths ? 'A' : 'B', summary);
}

void
folded_diff_write_test(FILE *out, double p, double q, bool significant)
{
	fprintf(out, TEST "%.3g q=%.3g %s\n", p, q, significant ? "yes" : "no");
}

bool
folded_diff_read_header(struct span line, char *side, struct span *summary)
{
	if (!span_starts_with(line, HEADER) || line.n <= sizeof HEADER)
		return false;
	char c = line.p[sizeof HEADER - 1];
	struct span rest =
	    span_make(line.p + sizeof HEADER, line.n - sizeof HEADER);

	*side = c == 'A' || c == 'B' ? c : 0;
	*summary = span_starts_with(rest, "; ")
	               ? span_make(rest.p + 2, rest.n - 2)
	               : span_make(NULL, 0);
	return true;
}

bool
folded_diff_read_test(struct span line, struct folded_diff_test *t)
{
	char text[64], verdict[8];

	if (!span_starts_with(line, TEST) || line.n >= sizeof text)
		return false;
	memcpy(text, line.p, line.n);
	text[line.n] = '\0';
	if (sscanf(text, TEST "%f q=%f %7s", &t->p, &t->q, verdict) != 3)
		return false;
	t->significant = strcmp(verdict, "yes") == 0;
	return true;
}

void
folded_diff_write_in_both(FILE *out, struct span name)
{
	fprintf(out, BOTH "%.*s\n", (int)name.n, name.p);
}

bool
folded_diff_read_in_both(struct span line, struct span *name)
{
	size_t n = sizeof BOTH - 1;

	if (!span_starts_with(line, BOTH) || line.n <= n)
		return false;
	*name = span_make(line.p + n, line.n - n);
	return true;
}
