/*
 * category_view.h - a profile by category, as bycategory writes it: the
 * table (text, csv or json: category_report) of every category with
 * samples and "unknown", each with its largest functions when the inputs
 * are combined, or the chart of the shares, a stacked bar per column
 * (flame/category_chart).  Written to stdout.
 */
#ifndef PERFVIEWS_CATEGORY_VIEW_H
#define PERFVIEWS_CATEGORY_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"
#include "match/category_rules.h"
#include "views/category_profile.h"
#include "views/profile.h"
#include "views/report.h"

struct category_view_options {
	const char *rules; /* the rules file given, or NULL: the default */
	const char *title; /* the chart's; NULL: "Samples by category" */
	bool inclusive, python, each;
	bool svg;     /* the chart, not the table */
	uint64_t top; /* functions shown per category (bycategory: 3) */
	enum report_format format;
};

/* The defaults bycategory starts from: its top 3 functions a category; the rest
 * zero. */
void category_view_defaults(struct category_view_options *o);

/*
 * The view of the profile p counted last into cp (its columns labelled
 * labels, one per column), by cp's rules.
 */
void category_view_write(const struct category_view_options *o,
                         struct category_profile *cp, const struct profile *p,
                         const struct span *labels);

#endif
