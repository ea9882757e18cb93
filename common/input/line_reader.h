/*
 * line_reader.h - lines from an input (base/cli's input_open: a file, stdin,
 * or an .xz file decoded as read), read in large blocks.
 *
 * The reader owns one buffer and hands out lines as spans into it, without
 * the '\n' and without a trailing '\r' (CRLF input reads like LF input).
 * A last line without '\n' is still a line.  Nothing is allocated per line.
 *
 * A caller that needs several lines to stay together (a perf sample) calls
 * line_reader_mark() before the first; everything from the mark up to the
 * current position is then kept contiguous, and line_reader_marked() returns
 * it.  Spans obtained before a call to line_reader_next() may move when the
 * buffer is refilled, unless they lie after the mark, in which case they move
 * together and their offsets from line_reader_marked().p stay the same.
 *
 * A line longer than max_line bytes is consumed but not returned whole:
 * line_reader_next() returns its first max_line bytes and sets too_long.
 */
#ifndef PERFVIEWS_LINE_READER_H
#define PERFVIEWS_LINE_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/span.h"

struct line_reader {
	int fd;
	const char *name; /* for messages: a path or "stdin" */
	char *buf;
	size_t cap;
	size_t pos;           /* start of the next line */
	size_t end;           /* end of the valid data */
	size_t mark;          /* data before this may be discarded */
	size_t last;          /* start of the line returned last */
	unsigned long lineno; /* number of the line returned last */
	size_t max_line;
	bool eof;
	bool too_long;            /* the line returned last was cut */
	bool unterminated;        /* it ended the input without '\n' */
	unsigned long generation; /* counts the times the data moved */
	/* Lines the caller could not use; see line_reader_bad. */
	bool strict;             /* a bad line is fatal */
	unsigned max_warnings;   /* bad lines reported one by one */
	unsigned long bad_lines; /* how many */
	unsigned long first_bad; /* the line number of the first */
};

enum { LINE_READER_MAX_LINE = 1 << 20 };

void line_reader_init(struct line_reader *r, int fd, const char *name);
void line_reader_free(struct line_reader *r);

/* The next line; false at end of input.  A read error is fatal. */
bool line_reader_next(struct line_reader *r, struct span *line);
/* Give back the line returned last; the next call returns it again. */
void line_reader_unget(struct line_reader *r);

static inline void
line_reader_mark(struct line_reader *r)
{
	r->mark = r->pos;
}

/* Mark at the start of the line returned last. */
static inline void
line_reader_mark_last(struct line_reader *r)
{
	r->mark = r->last;
}

/* The bytes from the mark to the current position, newlines included. */
static inline struct span
line_reader_marked(const struct line_reader *r)
{
	return span_make(r->buf + r->mark, r->pos - r->mark);
}

/*
 * A line the caller could not use: a warning "NAME:LINENO: what" for the
 * first max_warnings, then only counted; fatal (exit 1) when strict.
 */
void line_reader_bad(struct line_reader *r, unsigned long lineno,
                     const char *what);
/* One line on stderr if lines were bad: how many, and the first. */
void line_reader_summary(const struct line_reader *r);

/*
 * The first line of head that is neither blank nor a '#' comment, without
 * its line end; p is NULL when there is none.  With whole, a last line not
 * ended by '\n' does not count: it may have been cut by the peek.  This
 * is how readers recognise their format from line_reader_peek.
 */
struct span first_text_line(struct span head, bool whole);

/* Peek at the first bytes of the input without consuming them. */
struct span line_reader_peek(struct line_reader *r, size_t want);

#endif
