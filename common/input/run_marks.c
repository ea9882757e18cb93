/*
 * run_marks.c - see run_marks.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "input/run_marks.h"

void
run_marks_init(struct run_marks *rm, const char *name, bool strict)
{
	memset(rm, 0, sizeof *rm);
	rm->name = name;
	rm->strict = strict;
}

/* A decimal number at *p, moved past it; false when there is none. */
static bool
number(const char **p, const char *end, unsigned long *v)
{
	const char *s = *p;

	*v = 0;
	while (*p < end && **p >= '0' && **p <= '9' && *v < 1000000000000UL)
		*v = *v * 10 + (unsigned long)(*(*p)++ - '0');
	return *p > s;
}

/* "N/M" at *p. */
static bool
run_number(const char **p, const char *end, uint32_t *n, uint32_t *m)
{
	unsigned long a, b;

	if (!number(p, end, &a) || *p == end || **p != '/')
		return false;
	(*p)++;
	if (!number(p, end, &b) || a > UINT32_MAX || b > UINT32_MAX)
		return false;
	*n = (uint32_t)a;
	*m = (uint32_t)b;
	return true;
}

bool
run_marks_is_mark(struct span line)
{
	return span_starts_with(line, RUN_MARK_START) ||
	       span_starts_with(line, RUN_MARK_END);
}

/* Fatal under strict, a warning otherwise. */
static void not_whole(struct run_marks *rm, unsigned long lineno,
                      const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
not_whole(struct run_marks *rm, unsigned long lineno, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	rm->not_whole++;
	if (rm->strict)
		die(EXIT_DATA, "%s:%lu: %s", rm->name, lineno, what);
	warnmsg("WARNING: %s:%lu: %s: the samples read are kept, but not "
	        "as that run's (--strict: an error)",
	        rm->name, lineno, what);
}

/* The open run is over without its end line. */
static void
cut(struct run_marks *rm, unsigned long lineno, const char *where)
{
	not_whole(rm, lineno,
	          "run %u/%u (from line %lu) is not whole: %s, "
	          "without its end line",
	          rm->n, rm->m, rm->start_line, where);
}

static void
start(struct run_marks *rm, const char *p, const char *end,
      unsigned long lineno)
{
	uint32_t n, m;

	if (rm->open && rm->expects_end)
		cut(rm, lineno, "another run starts here");
	if (!run_number(&p, end, &n, &m))
		return; /* a comment that looks like one: not a run */
	rm->starts++;
	rm->open = true;
	rm->n = n;
	rm->m = m;
	rm->start_line = lineno;
	rm->samples = 0;
	size_t ended = strlen(RUN_MARK_ENDED);
	rm->expects_end =
	    (size_t)(end - p) >= ended && memcmp(p, RUN_MARK_ENDED, ended) == 0;
	if (!rm->expects_end)
		rm->unknown++;
}

static void
finish_run(struct run_marks *rm, const char *p, const char *end,
           unsigned long lineno)
{
	uint32_t n, m;
	unsigned long said;
	static const char samples[] = " samples";

	if (!run_number(&p, end, &n, &m) || end - p < 2 || p[0] != ':' ||
	    p[1] != ' ' || (p += 2, !number(&p, end, &said)) ||
	    (size_t)(end - p) < sizeof samples - 1 ||
	    memcmp(p, samples, sizeof samples - 1) != 0) {
		not_whole(rm, lineno, "an end line that cannot be read");
		rm->open = false;
		return;
	}
	if (!rm->open)
		not_whole(rm, lineno,
		          "run %u/%u is not whole: its start line is lost "
		          "(it ends here, and no run is open)",
		          n, m);
	else if (n != rm->n || m != rm->m)
		not_whole(rm, lineno,
		          "run %u/%u (from line %lu) is not whole: the end "
		          "line of run %u/%u comes next, the text between "
		          "is lost",
		          rm->n, rm->m, rm->start_line, n, m);
	else if (said != rm->samples)
		not_whole(rm, lineno,
		          "run %u/%u (from line %lu) is not whole: %lu "
		          "samples read, its end line says %lu",
		          n, m, rm->start_line, rm->samples, said);
	rm->open = false;
}

void
run_marks_line(struct run_marks *rm, struct span line, unsigned long lineno)
{
	if (lineno <= rm->last_line)
		return; /* the reader read it again */
	rm->last_line = lineno;
	const char *end = line.p + line.n;
	while (end > line.p && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	if (span_starts_with(line, RUN_MARK_START))
		start(rm, line.p + strlen(RUN_MARK_START), end, lineno);
	else if (span_starts_with(line, RUN_MARK_END))
		finish_run(rm, line.p + strlen(RUN_MARK_END), end, lineno);
}

void
run_marks_finish(struct run_marks *rm, unsigned long lineno)
{
	if (rm->open && rm->expects_end)
		cut(rm, lineno, "the input ends inside it");
	rm->open = false;
}

const char *
run_marks_state(const struct run_marks *rm)
{
	if (rm->starts == 0)
		return "";
	if (rm->not_whole > 0)
		return "not whole";
	return rm->unknown > 0 ? "unknown" : "whole";
}

int
run_mark_start(char *buf, uint32_t n, uint32_t m, const char *words)
{
	int len = snprintf(buf, RUN_MARK_SIZE,
	                   RUN_MARK_START "%u/%u" RUN_MARK_ENDED "%s%.40s\n", n,
	                   m, words != NULL ? " " : "", words ? words : "");
	return len < RUN_MARK_SIZE ? len : RUN_MARK_SIZE - 1;
}

int
run_mark_end(char *buf, uint32_t n, uint32_t m, unsigned long samples)
{
	return snprintf(buf, RUN_MARK_SIZE, RUN_MARK_END "%u/%u: %lu samples\n",
	                n, m, samples);
}
