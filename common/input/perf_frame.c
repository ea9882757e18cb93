/*
 * perf_frame.c - see perf_frame.h.
 */
#include <string.h>

#include "input/perf_frame.h"

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Hex digit values plus one; 0 for every other byte.  A table: it is hot. */
static const unsigned char hex_digit_plus_one[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,
    ['6'] = 7,  ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12,
    ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

static int
hex_value(char c)
{
	return hex_digit_plus_one[(unsigned char)c] - 1;
}

/*
 * The DSO is the parenthesised group that ends a frame line, and may hold
 * parentheses itself: "(/tmp/x (deleted))".  The usual case, a group with
 * none inside, is found with memrchr; otherwise parentheses are matched
 * from the end.  rest ends with ')'.
 */
static void
split_dso(struct span *rest, struct span *dso)
{
	const char *p = rest->p, *close = p + rest->n - 1;
	const char *open = memrchr(p, '(', (size_t)(close - p));
	size_t at;

	if (open != NULL &&
	    memchr(open + 1, ')', (size_t)(close - open - 1)) == NULL) {
		at = (size_t)(open - p);
	} else {
		int depth = 0;
		size_t i = rest->n;
		while (i-- > 0) {
			if (p[i] == ')')
				depth++;
			else if (p[i] == '(' && --depth == 0)
				break;
		}
		if (i == SIZE_MAX)
			return;
		at = i;
	}
	if (at > 0 && !is_blank_char(p[at - 1]))
		return; /* "f(int)": no DSO was printed */
	*dso = span_make(p + at + 1, rest->n - at - 2);
	*rest = span_trim(span_make(p, at));
}

bool
perf_frame_parse(struct span line, struct perf_frame *f)
{
	const char *p = line.p, *end = line.p + line.n;
	uint64_t addr = 0;
	int digits = 0;

	while (p < end && is_blank_char(*p))
		p++;
	for (int v; p < end && (v = hex_value(*p)) >= 0; p++, digits++)
		addr = addr << 4 | (uint64_t)v;
	if (digits == 0 || digits > 16)
		return false;
	if (p < end && !is_blank_char(*p))
		return false;

	struct span rest = span_trim(span_make(p, (size_t)(end - p)));
	f->addr = addr;
	f->offset = 0;
	f->srcline = span_make(NULL, 0);
	f->dso = span_make(NULL, 0);
	f->inlined = false;
	if (rest.n >= 2 && rest.p[rest.n - 1] == ')')
		split_dso(&rest, &f->dso);
	f->inlined = span_eq_cstr(f->dso, "inlined");

	/* "symbol+0x1f": the offset goes to its own field. */
	for (size_t i = rest.n; i-- > 0;) {
		if (hex_value(rest.p[i]) >= 0)
			continue;
		if (i + 1 < rest.n && i >= 3 && rest.p[i] == 'x' &&
		    rest.p[i - 1] == '0' && rest.p[i - 2] == '+') {
			uint64_t off = 0;
			for (size_t j = i + 1; j < rest.n; j++)
				off = off << 4 | (uint64_t)hex_value(rest.p[j]);
			f->offset = off;
			rest.n = i - 2;
		}
		break;
	}
	f->symbol = rest;
	return true;
}

/*
 * What `perf script -F +srcline` prints under a frame: "file.c:12", "??:0",
 * "libc.so.6[27b25]", "[kernel.kallsyms][ffffffff8100]".  A path may hold
 * spaces, so the test is the ending, or no space at all.
 */
bool
perf_srcline_looks_valid(struct span s)
{
	if (s.n == 0)
		return false;
	if (memchr(s.p, ' ', s.n) == NULL && memchr(s.p, '\t', s.n) == NULL)
		return true;
	if (s.p[s.n - 1] == ']')
		return true;
	size_t i = s.n;
	while (i > 0 && is_digit(s.p[i - 1]))
		i--;
	return i < s.n && i > 0 && s.p[i - 1] == ':';
}

bool
srcline_has_line(struct span srcline)
{
	if (srcline.n == 0 || srcline.p[srcline.n - 1] == ']' ||
	    span_starts_with(srcline, "??"))
		return false;
	size_t i = srcline.n;
	while (i > 0 && is_digit(srcline.p[i - 1]))
		i--;
	/* A file name, ':', and a line number that is not 0. */
	return i < srcline.n && i > 1 && srcline.p[i - 1] == ':' &&
	       !(srcline.n - i == 1 && srcline.p[i] == '0');
}
