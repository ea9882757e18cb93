/*
 * category_report.h - a profile by category, as text, CSV or JSON.
 *
 * The table bycategory writes: one row per category, in the order given,
 * and one column per input (or a single column, the inputs combined).  A
 * combined table also lists each category's largest functions.  Counts
 * are integers and percentages have two decimals, the same digits in the
 * three formats; a percentage is of its column's total.
 *
 *   text  '#' header lines, then aligned columns; with several inputs a
 *         percent column per input and a last "# samples" line of totals;
 *   csv   category,samples,percent,top (combined), or category then
 *         "LABEL samples","LABEL percent" for each input;
 *   json  view, event, weight, total, attribution, rules, inputs (label
 *         and total each), then rows: category, samples and percent
 *         (numbers when combined, arrays with one value per input) and,
 *         combined, top: [{symbol, dso, samples, percent}].
 */
#ifndef PERFVIEWS_CATEGORY_REPORT_H
#define PERFVIEWS_CATEGORY_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "views/report.h"

/* One of a category's largest functions. */
struct category_top {
	struct span name;
	struct span dso;
	uint64_t count;
};

struct category_row {
	struct span name;
	const uint64_t *counts; /* one per column */
	const struct category_top *top;
	size_t ntop;
};

struct category_report {
	const char *event;       /* or NULL (folded input) */
	const char *weight;      /* "samples", "period" or "count" */
	const char *attribution; /* "self" or "inclusive" */
	const char *rules;       /* the rules file */
	bool each;               /* a column per input */
	size_t ncolumns;
	const struct span *labels; /* by column */
	const uint64_t *totals;    /* by column */
	const struct category_row *rows;
	size_t nrows;
};

void category_report_write(const struct category_report *r,
                           enum report_format format);

#endif
