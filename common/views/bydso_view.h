/*
 * bydso_view.h - a profile rooted by shared object: each DSO with the
 * weight of the stacks whose self function lies in it (the DSOs sum to
 * 100%, as in `perf report --sort dso`), beneath each DSO its functions by
 * self weight, and at depth 3, beneath each function the DSOs it was
 * called from: the nearest caller outside its own DSO.  Inclusive counts a
 * DSO, a function and its caller once per stack in which they appear
 * anywhere, as perf report --children does; the DSOs then no longer sum
 * to 100%.  Written to stdout as text, csv or json (report.h); bydso is
 * this view.
 */
#ifndef PERFVIEWS_BYDSO_VIEW_H
#define PERFVIEWS_BYDSO_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "views/profile.h"
#include "views/report.h"

struct bydso_view_options {
	bool inclusive;
	uint64_t depth; /* 1: DSOs, 2: and functions, 3: and calling DSOs */
	double percent_limit;
	enum report_format format;
};

/* The defaults bydso starts from: a DSO's functions two deep; the rest zero. */
void bydso_view_defaults(struct bydso_view_options *o);

/* The view of p (which gets the name "[none]": no calling DSO). */
void bydso_view_write(struct profile *p, const struct bydso_view_options *o);

#endif
