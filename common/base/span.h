/*
 * span.h - a read-only view of bytes that someone else owns.
 *
 * The perf-script and folded readers hand out spans that point into their
 * input buffer; they stay valid until the reader's next call.  A span is not
 * NUL-terminated.
 */
#ifndef PERFVIEWS_SPAN_H
#define PERFVIEWS_SPAN_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct span {
	const char *p;
	size_t n;
};

static inline struct span
span_make(const char *p, size_t n)
{
	struct span s = {p, n};
	return s;
}

static inline struct span
span_cstr(const char *s)
{
	return span_make(s, strlen(s));
}

static inline bool
span_eq(struct span a, struct span b)
{
	return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0);
}

static inline bool
span_eq_cstr(struct span a, const char *s)
{
	return span_eq(a, span_cstr(s));
}

/*
 * Bytewise order, as memcmp and sort(1) under LC_ALL=C: a span that is a
 * prefix of the other comes first.  Negative, 0 or positive.
 */
static inline int
span_compare(struct span a, struct span b)
{
	size_t n = a.n < b.n ? a.n : b.n;
	int r = n > 0 ? memcmp(a.p, b.p, n) : 0;

	return r != 0 ? r : (a.n > b.n) - (a.n < b.n);
}

static inline bool
span_starts_with(struct span a, const char *prefix)
{
	size_t n = strlen(prefix);
	return a.n >= n && memcmp(a.p, prefix, n) == 0;
}

static inline bool
span_ends_with(struct span a, const char *suffix)
{
	size_t n = strlen(suffix);
	return a.n >= n && memcmp(a.p + a.n - n, suffix, n) == 0;
}

/* A blank or a tab: the white space of perf script text. */
static inline bool
is_blank_char(char c)
{
	return c == ' ' || c == '\t';
}

/* s without the blanks and tabs at either end. */
static inline struct span
span_trim(struct span s)
{
	while (s.n > 0 && is_blank_char(s.p[0])) {
		s.p++;
		s.n--;
	}
	while (s.n > 0 && is_blank_char(s.p[s.n - 1]))
		s.n--;
	return s;
}

/* The part of a path after its last '/'. */
static inline struct span
span_basename(struct span a)
{
	const char *slash = a.n ? memrchr(a.p, '/', a.n) : NULL;
	if (slash == NULL)
		return a;
	return span_make(slash + 1, a.n - (size_t)(slash + 1 - a.p));
}

#endif
