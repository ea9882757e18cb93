/*
 * folded_diff.h - the comment lines of a differential folded file:
 * written by diffstacks, read by flamesvg (FlameGraph's scripts skip them).
 *
 * A differential file is folded stacks with two counts, "stack A B"
 * (folded.h).  diffstacks tests each stack's change and says so on comment
 * lines, which this module writes and reads:
 *
 *   # perfviews-diff: widths=B; SUMMARY   the first line: the column that
 *                                         gives the widths (A or B, the
 *                                         second count), and one line of
 *                                         summary for under the title
 *   # p=0.00012 q=0.0031 yes              before a stack that was tested:
 *                                         its p-value, its q-value
 *                                         (Benjamini-Hochberg), and
 *                                         whether it is significant
 *   # in both: _PyEval_Vector             a function both profiles have
 *                                         though the stacks of one side
 *                                         lack it (glue left it out):
 *                                         not new, not gone
 *
 * Numbers are written with three significant digits (%.3g).  Other
 * comment lines are comments.
 */
#ifndef PERFVIEWS_FOLDED_DIFF_H
#define PERFVIEWS_FOLDED_DIFF_H

#include <stdbool.h>
#include <stdio.h>

#include "base/span.h"

/* The header line: widths from A (else B), then the summary. */
void folded_diff_write_header(FILE *out, bool a_widths, const char *summary);

/* The line before a tested stack. */
void folded_diff_write_test(FILE *out, double p, double q, bool significant);

/*
 * Is line the header?  Then side is the column of the widths, 'A' or 'B'
 * (0 for another: a header this reader does not know), and summary the
 * summary, a span of line (its p NULL when the line has none).
 */
bool folded_diff_read_header(struct span line, char *side,
                             struct span *summary);

/* A stack's test, as read. */
struct folded_diff_test {
	float p, q;
	bool significant;
};

/* Is line a test?  Then t is what it says. */
bool folded_diff_read_test(struct span line, struct folded_diff_test *t);

/* A function of both sides, that the stacks of one side lack. */
void folded_diff_write_in_both(FILE *out, struct span name);

/* Is line an "in both"?  Then name is the function's, a span of line. */
bool folded_diff_read_in_both(struct span line, struct span *name);

#endif
