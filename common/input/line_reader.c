/*
 * line_reader.c - see line_reader.h.
 *
 * Invariant: mark <= last <= pos <= end <= cap.  Refilling moves the bytes
 * [mark, end) to the front of the buffer, growing it when the kept part
 * fills it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "input/line_reader.h"

enum { INITIAL_BUFFER = 4 << 20, MAX_BUFFER = 1u << 30 };

/* Bytes of an over-long line kept for messages. */
enum { CUT_SHOWN = 256 };

void
line_reader_init(struct line_reader *r, int fd, const char *name)
{
	memset(r, 0, sizeof *r);
	r->fd = fd;
	r->name = name;
	r->cap = INITIAL_BUFFER;
	r->buf = xmalloc(r->cap);
	r->max_line = LINE_READER_MAX_LINE;
	r->max_warnings = 10;
}

void
line_reader_free(struct line_reader *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* Read more input; false at end of input. */
static bool
refill(struct line_reader *r)
{
	if (r->eof)
		return false;
	if (r->mark > 0) {
		size_t keep = r->end - r->mark;
		memmove(r->buf, r->buf + r->mark, keep);
		r->pos -= r->mark;
		r->last -= r->mark;
		r->end = keep;
		r->mark = 0;
		r->generation++;
	}
	if (r->end == r->cap) {
		if (r->cap >= MAX_BUFFER)
			die(EXIT_DATA, "%s:%lu: a sample larger than %u MiB",
			    r->name, r->lineno, MAX_BUFFER >> 20);
		r->cap *= 2;
		r->buf = xreallocarray(r->buf, r->cap, 1);
		r->generation++;
	}
	for (;;) {
		ssize_t n = input_read(r->fd, r->buf + r->end, r->cap - r->end);
		if (n > 0) {
			r->end += (size_t)n;
			return true;
		}
		if (n == 0) {
			r->eof = true;
			return false;
		}
		if (errno != EINTR)
			die_errno(EXIT_DATA, "%s: read error", r->name);
	}
}

/*
 * Consume an over-long line that starts at pos: keep its first bytes for
 * messages and discard the rest as it is read, so memory stays bounded.
 */
static void
cut_long_line(struct line_reader *r, struct span *line)
{
	size_t cut = r->pos + CUT_SHOWN;
	bool newline = false;

	for (;;) {
		char *nl = memchr(r->buf + cut, '\n', r->end - cut);
		if (nl != NULL) {
			/* Keep the '\n' itself: the line still ends. */
			size_t at = (size_t)(nl - r->buf);
			memmove(r->buf + cut, r->buf + at, r->end - at);
			r->end -= at - cut;
			newline = true;
			break;
		}
		r->end = cut;
		if (!refill(r))
			break;
		cut = r->pos + CUT_SHOWN;
	}
	*line = span_make(r->buf + r->pos, CUT_SHOWN);
	r->pos = cut + newline;
}

bool
line_reader_next(struct line_reader *r, struct span *line)
{
	char *nl;
	size_t len;

	for (;;) {
		nl = memchr(r->buf + r->pos, '\n', r->end - r->pos);
		if (nl != NULL) {
			len = (size_t)(nl - (r->buf + r->pos));
			break;
		}
		if (r->end - r->pos > r->max_line) {
			nl = NULL;
			len = r->max_line;
			break;
		}
		if (!refill(r)) {
			if (r->pos == r->end)
				return false;
			len = r->end - r->pos; /* last line, no '\n' */
			break;
		}
	}

	r->last = r->pos;
	r->lineno++;
	r->unterminated = nl == NULL && len < r->max_line;
	r->too_long = len >= r->max_line && !(nl != NULL && len == r->max_line);
	if (r->too_long && nl != NULL) {
		/* Wholly in the buffer: show its start, step over the rest. */
		*line = span_make(r->buf + r->pos, CUT_SHOWN);
		r->pos += len + 1;
		return true;
	}
	if (r->too_long) {
		cut_long_line(r, line);
		return true;
	}
	r->pos += len + (nl != NULL);
	if (len > 0 && r->buf[r->last + len - 1] == '\r')
		len--;
	*line = span_make(r->buf + r->last, len);
	return true;
}

void
line_reader_unget(struct line_reader *r)
{
	r->pos = r->last;
	r->lineno--;
}

struct span
line_reader_peek(struct line_reader *r, size_t want)
{
	while (r->end - r->pos < want && refill(r))
		;
	size_t n = r->end - r->pos;
	return span_make(r->buf + r->pos, n < want ? n : want);
}

void
line_reader_bad(struct line_reader *r, unsigned long lineno, const char *what)
{
	if (r->strict)
		die(EXIT_DATA, "%s:%lu: %s", r->name, lineno, what);
	if (r->bad_lines == 0)
		r->first_bad = lineno;
	if (r->bad_lines < r->max_warnings)
		warnmsg("%s:%lu: %s", r->name, lineno, what);
	else if (r->bad_lines == r->max_warnings)
		warnmsg("%s: further bad lines are counted, not shown",
		        r->name);
	r->bad_lines++;
}

void
line_reader_summary(const struct line_reader *r)
{
	if (r->bad_lines > 0)
		warnmsg("%s: %lu line%s not understood and skipped (first at "
		        "line %lu)",
		        r->name, r->bad_lines, r->bad_lines == 1 ? "" : "s",
		        r->first_bad);
}

struct span
first_text_line(struct span head, bool whole)
{
	const char *p = head.p, *end = head.p + head.n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && whole)
			break;
		struct span line = span_make(p, (size_t)((nl ? nl : end) - p));
		if (line.n > 0 && line.p[line.n - 1] == '\r')
			line.n--;
		size_t i = 0;
		while (i < line.n && (line.p[i] == ' ' || line.p[i] == '\t'))
			i++;
		if (i < line.n && line.p[0] != '#')
			return line;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return span_make(NULL, 0);
}
