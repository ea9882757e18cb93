/*
 * flat_view.h - the flat profile of a profile: a row per function (or per
 * DSO), its self weight (stacks whose self function it is), its total
 * weight (stacks it appears in, once per stack however deep the
 * recursion), both also as a percentage of the profile's total: the Self
 * and Children columns of `perf report --children --sort sym`.  Written
 * to stdout as text, csv or json (report.h); flatsort is this view.
 */
#ifndef PERFVIEWS_FLAT_VIEW_H
#define PERFVIEWS_FLAT_VIEW_H

#include <stdint.h>

#include "views/profile.h"
#include "views/report.h"

enum flat_row_key { FLAT_BY_SYM_DSO, FLAT_BY_SYM, FLAT_BY_DSO };
enum flat_sort_key { FLAT_SORT_SELF, FLAT_SORT_TOTAL };

struct flat_view_options {
	enum flat_sort_key sort;
	uint64_t limit; /* rows at most; 0: no limit */
	double
	    percent_limit; /* rows below it of the sort column are left out */
	enum flat_row_key by;
	enum report_format format;
};

/* The view of p, whose DSOs it warns about when by DSO and none named. */
void flat_view_write(const struct profile *p,
                     const struct flat_view_options *o);

#endif
