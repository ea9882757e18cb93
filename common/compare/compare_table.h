/*
 * compare_table.h - flatdiff's table: the items of a comparison (see
 * compare.h) as rows, written as text, csv or json.
 *
 * Rows come in three sections: items in both A and B, new (only in B) and
 * gone (only in A); in each, the significant rows by the measure that
 * orders them, always, then the others by the size of the difference up to
 * a limit, or all.  A row is a function (DSO and symbol), a DSO, or a
 * category, as the comparison's key says.
 *
 *   text  aligned columns under '#' header lines (compare_write_header,
 *         then each section's title, and how many rows were left out);
 *   csv   status, significant, self_a ... total_significant, then dso and
 *         symbol (a function), dso (a DSO) or category; numbers in full,
 *         an untested p or q empty;
 *   json  one object: both sides, the test, the counts, and "rows" of the
 *         csv's keys (an untested p or q null).
 */
#ifndef PERFVIEWS_COMPARE_TABLE_H
#define PERFVIEWS_COMPARE_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "compare/compare.h"
#include "views/report.h"

struct compare_table {
	struct compare *c;
	uint32_t measure; /* 0 self, 1 total: orders and selects rows */
	uint32_t *order;  /* the items shown, in order */
	uint32_t nrows;
	uint32_t nshown[3], nhidden[3]; /* by section */
	int dso_width;
};

/*
 * The rows of c, after compare_run: in each section the significant ones
 * and up to limit others, or every row with all.
 */
void compare_table_select(struct compare_table *t, struct compare *c,
                          uint32_t measure, uint64_t limit, bool all);
void compare_table_write(const struct compare_table *t,
                         enum report_format format);
void compare_table_free(struct compare_table *t);

#endif
