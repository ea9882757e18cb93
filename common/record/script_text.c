/*
 * script_text.c - see script_text.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "record/script_text.h"
#include "input/perf_script.h"

enum { OUT_SIZE = 1 << 20 }; /* bytes written at once */

void
script_events_add(struct script_events *e, const char *line)
{
	/* "cpu-clock: type: 1, ..., sample_type: IP|TID|...|STACK_USER, ..." */
	const char *end = strstr(line, ": type: ");
	if (end == NULL)
		return;
	const char *type = strstr(end, "sample_type: ");
	bool dwarf = false;
	if (type != NULL) {
		const char *stack = strstr(type, "STACK_USER");
		dwarf = stack != NULL && stack < type + strcspn(type, ",");
	}
	size_t cap = e->cap;
	e->names = array_reserve(e->names, &e->cap, e->n + 1, sizeof *e->names);
	e->dwarf = array_reserve(e->dwarf, &cap, e->n + 1, sizeof *e->dwarf);
	e->names[e->n] = xstrndup(line, (size_t)(end - line));
	e->dwarf[e->n] = dwarf;
	e->mixed |= e->n > 0 && dwarf != e->any;
	e->any |= dwarf;
	e->n++;
}

void
script_events_free(struct script_events *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->names[i]);
	free(e->names);
	free(e->dwarf);
	memset(e, 0, sizeof *e);
}

void
script_text_init(struct script_text *s, struct inline_text *it,
                 const struct script_events *events,
                 void (*write)(void *ctx, const char *p, size_t n), void *ctx)
{
	memset(s, 0, sizeof *s);
	s->write = write;
	s->ctx = ctx;
	s->it = it;
	s->events = events;
	s->out = xmalloc(OUT_SIZE);
	s->dwarf = events->any;
}

void
script_text_free(struct script_text *s)
{
	free(s->out);
	free(s->carry);
}

static void
flush(struct script_text *s)
{
	if (s->out_len > 0)
		s->write(s->ctx, s->out, s->out_len);
	s->out_len = 0;
}

static void
put(struct script_text *s, const char *p, size_t n)
{
	if (s->out_len + n > OUT_SIZE)
		flush(s);
	if (n >= OUT_SIZE) {
		s->write(s->ctx, p, n);
		return;
	}
	memcpy(s->out + s->out_len, p, n);
	s->out_len += n;
}

/* Is the sample of this header line one perf expands? */
static bool
header_is_dwarf(const struct script_events *e, const char *p, size_t n)
{
	struct perf_sample sample;

	if (!e->mixed)
		return e->any;
	if (perf_line_classify(span_make(p, n), &sample) != PERF_LINE_HEADER)
		return e->any;
	for (size_t i = 0; i < e->n; i++)
		if (span_eq_cstr(sample.event, e->names[i]))
			return e->dwarf[i];
	return e->any;
}

/* One line of n bytes, and its '\n' when nl. */
static void
line(struct script_text *s, const char *p, size_t n, bool nl)
{
	if (n > 0 && p[0] == '\t') {
		if (s->dwarf) {
			struct span lines =
			    inline_text_frame(s->it, span_make(p, n));
			if (lines.p != NULL) {
				put(s, lines.p, lines.n);
				return;
			}
		}
	} else if (n > 0 && p[0] != '#') {
		s->headers++;
		s->dwarf = header_is_dwarf(s->events, p, n);
	}
	put(s, p, n + nl);
}

static void
carry(struct script_text *s, const char *p, size_t n)
{
	if (n == 0)
		return;
	s->carry = array_reserve(s->carry, &s->carry_cap, s->carry_len + n, 1);
	memcpy(s->carry + s->carry_len, p, n);
	s->carry_len += n;
}

void
script_text_feed(struct script_text *s, const char *p, size_t n)
{
	const char *end = p + n, *nl;

	if (s->it == NULL) {
		put(s, p, n);
		return;
	}
	if (s->carry_len > 0) {
		nl = memchr(p, '\n', n);
		size_t take = nl != NULL ? (size_t)(nl - p) + 1 : n;
		carry(s, p, take);
		p += take;
		if (nl == NULL)
			return;
		line(s, s->carry, s->carry_len - 1, true);
		s->carry_len = 0;
	}
	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		line(s, p, (size_t)(nl - p), true);
		p = nl + 1;
	}
	carry(s, p, (size_t)(end - p));
}

void
script_text_end(struct script_text *s)
{
	if (s->carry_len > 0)
		line(s, s->carry, s->carry_len, false);
	s->carry_len = 0;
	flush(s);
}
