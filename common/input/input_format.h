/*
 * input_format.h - which text an input holds: perf script text or folded
 * stacks, told from its first lines with certainty, or not at all.
 *
 * Each text line of the head (neither blank nor a '#' comment) is evidence
 * of perf script text (a header with a cpu, a time, an event or a frame on
 * it, a frame line, a side-band record), evidence of folded stacks (a line
 * "stack COUNT" that no perf header reads), or fits both: a bare "comm pid"
 * at the start of a line is also the stack "comm" with count pid, unless
 * a frame line follows it.  An input is one format when its head holds
 * evidence of that format, none of the other, and that format reads most of
 * its lines.  Otherwise it is unknown (it reads as neither) or ambiguous
 * (it reads as both), and a reader stops with a message naming both
 * formats rather than guess.  A head of lines fitting both is folded
 * stacks: perf prints a bare "comm pid" only above frames.  Perf script
 * text whose head holds frame lines and not one line that starts a sample
 * is headerless: an error too.
 */
#ifndef PERFVIEWS_INPUT_FORMAT_H
#define PERFVIEWS_INPUT_FORMAT_H

#include <stdbool.h>

#include "base/span.h"
#include "input/line_reader.h"

enum input_format {
	INPUT_EMPTY, /* no text line at all */
	INPUT_PERF,
	INPUT_FOLDED,
	INPUT_UNKNOWN,   /* neither */
	INPUT_AMBIGUOUS, /* evidence of both */
};

struct input_guess {
	enum input_format format;
	unsigned long first_line;  /* the first text line; 0 when none */
	unsigned long perf_line;   /* the first evidence of perf script text */
	unsigned long folded_line; /* the first evidence of folded stacks */
	bool cut; /* the head ends inside its first text line */
	/*
	 * Perf script text of frame lines only, no line that starts a
	 * sample: `perf script -F ip,sym` (no comm, tid, pid, time, cpu
	 * or event) prints samples so, and no reader can tell them apart.
	 */
	bool headerless;
};

/* Guess from head, the first bytes of the input (whole: all of it). */
struct input_guess input_format_guess(struct span head, bool whole);

/*
 * Guess from the start of a reader's input, consuming nothing: 64 KiB, or
 * up to a line's maximum when the first text line is longer.
 */
struct input_guess input_format_peek(struct line_reader *r);

/* Whether the file at path starts as perf.data ("PERFILE2"); false for
 * "-" and for a file that cannot be read. */
bool input_is_perf_data(const char *path);

/* The same of an open file, whatever was read of it (its first bytes, by
 * pread; the bytes of an xz file as they are); false for a pipe. */
bool input_fd_is_perf_data(int fd);

/* "xz", "gzip" or "zstd" when head starts with its magic number; or NULL. */
const char *input_compressed_format(struct span head);

/* The formats a program reads, for input_format_require. */
enum input_accept {
	ACCEPT_PERF = 1,
	ACCEPT_FOLDED = 2,
};

/*
 * The format of a reader's input, which must be one the program accepts
 * (accept: ACCEPT_* bits) or empty; any other is fatal (exit 1) with a
 * message naming the input, the line and the formats.  A compressed
 * input (xz, gzip, zstd) is named as one.
 */
enum input_format input_format_require(struct line_reader *r, unsigned accept);

#endif
