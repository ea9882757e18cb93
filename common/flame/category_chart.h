/*
 * category_chart.h - shares of categories as horizontal stacked bars, SVG.
 *
 * One bar per input (or one for the inputs combined), each 100% wide and
 * cut into a segment per category, left to right in the order given, in
 * the category's colour from palette_category_colour (so a category looks
 * the same in every chart).  Every segment has a <title> (label, category,
 * share, count), shown by the browser on hover and copied by a few lines
 * of script into a details line under the bars; a segment wide enough is
 * labelled with its share.  A legend gives each category's colour, with
 * its share when there is one bar.  Labels and names are escaped, so any
 * bytes make a well-formed document.
 *
 * Segment edges are placed from cumulative counts, so the segments of a
 * bar tile it exactly.  A second chart, of changes between two sides, is
 * below (category_chart_shifts_write): the same style, colours and script.
 */
#ifndef PERFVIEWS_CATEGORY_CHART_H
#define PERFVIEWS_CATEGORY_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/span.h"

struct category_chart {
	const char *title;
	const char *subtitle; /* or NULL */
	const char *weight;   /* what counts count: "samples", ... */
	size_t ncategories;
	const struct span *categories; /* in drawing order */
	size_t nbars;
	const struct span *labels; /* by bar */
	const uint64_t *counts;    /* counts[category * nbars + bar] */
	const uint64_t *totals;    /* by bar; each > 0 */
};

void category_chart_write(FILE *out, const struct category_chart *c);

/*
 * How categories moved from A to B, as diverging bars: a group per label
 * (a benchmark; the rows of one label are consecutive, in the order
 * given), a bar per category from a common axis, left for less and right
 * for more, one scale for the whole chart; the category's colour, outlined
 * when the change is significant and muted when not.  Each bar's <title>
 * gives both values, the change in unit and q; the value is written at
 * the bar's end.
 */
struct category_shift {
	const char *label, *category;
	double a, b, change;
	double q; /* NaN: not tested */
	bool significant;
};

struct category_shifts {
	const char *title;
	const char *subtitle; /* or NULL */
	const char *unit;     /* "ms per loop" */
	size_t nrows;
	const struct category_shift *rows;
};

void category_chart_shifts_write(FILE *out, const struct category_shifts *c);

#endif
