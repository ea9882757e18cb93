/*
 * folded.h - reading folded stacks: "root;caller;...;leaf COUNT".
 *
 * The format collapse writes and FlameGraph, inferno and speedscope read.
 * A diff file has two counts per line: "stack COUNT_A COUNT_B".  Counts may
 * be fractional, as flamegraph.pl accepts them; 2^64 or more is no count
 * (a count of samples or periods fits in a uint64_t).  Lines are read in large
 * blocks and handed out as spans, valid until the next call; nothing is
 * allocated per line.
 *
 * Blank lines and lines starting with '#' are skipped; a reader with a
 * comment callback hands it the comment lines, in order with the stacks
 * (annotations such as diffstacks writes).  A line without a
 * count is a warning naming the input and line, counted in lines.bad_lines
 * (fatal with lines.strict).  The head of the input (its first 64 KiB)
 * fixes the number of counts: one when a line there has one count, two
 * when every line there has two (else the first good line fixes it).  In a
 * file of one count, "a;Thread 5 7" is the frame "Thread 5" with count 7,
 * wherever the line is, so a leaf that ends in a number keeps it; in a diff
 * file, a line with one count is bad.  flamegraph.pl reads each line for
 * itself, and "a;Thread 5 7" as two counts.
 */
#ifndef PERFVIEWS_FOLDED_H
#define PERFVIEWS_FOLDED_H

#include <stdbool.h>

#include <stdint.h>

#include "base/span.h"
#include "base/string_table.h"
#include "input/line_reader.h"

struct folded_line {
	struct span stack; /* "root;...;leaf", without the counts */
	double count[2];   /* count[1] only in a diff file */
	int ncounts;       /* 1, or 2 in a diff file */
	unsigned long lineno;
};

struct folded_reader {
	struct line_reader lines;
	int ncounts;          /* 0 until the first good line */
	unsigned long stacks; /* lines returned */
	/* Called, when set, with each comment line, without its newline. */
	void (*comment)(void *ctx, struct span line);
	void *comment_ctx;
};

void folded_reader_init(struct folded_reader *r, int fd, const char *name);
void folded_reader_free(struct folded_reader *r);
/* The next stack, or false at end of input. */
bool folded_reader_next(struct folded_reader *r, struct folded_line *out);
/* One line on stderr if lines were bad. */
void folded_reader_summary(const struct folded_reader *r);

/* Split one line into stack and counts; false when it has no count. */
bool folded_parse_line(struct span line, struct folded_line *out);

/*
 * The frames of a stack, root first: call with *rest = the stack, then
 * repeatedly; false when no frame is left.
 */
bool folded_next_frame(struct span *rest, struct span *frame);

/*
 * Compare two stacks of name ids (root first) in the bytewise order of
 * their folded text "name;name;...": end is the byte taken to follow a
 * stack that ends (-1 to compare stacks alone, as collapse sorts them; ' '
 * to compare whole lines "stack COUNT", as flamegraph.pl sorts them).
 */
int folded_compare(const struct string_table *names, const uint32_t *a,
                   uint32_t na, const uint32_t *b, uint32_t nb, int end);

#endif
