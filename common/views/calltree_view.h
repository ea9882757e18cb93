/*
 * calltree_view.h - the call tree of a profile, from the roots down: the
 * command at the top, then the outermost functions, each with its callees
 * beneath.  Every node shows its inclusive weight and percentage and its
 * self weight; children are sorted largest first, and those below
 * percent_limit are folded into one "[other]" line, so a node always
 * equals its self plus its children.  Inverted, the tree is upside down:
 * leaf functions at the top, their callers beneath.  Written to stdout as
 * text, csv or json (report.h); calltree is this view.
 */
#ifndef PERFVIEWS_CALLTREE_VIEW_H
#define PERFVIEWS_CALLTREE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "views/profile.h"
#include "views/report.h"

struct calltree_view_options {
	double percent_limit; /* calltree's default is 0.5 */
	uint64_t max_depth;   /* levels at most (at most UINT32_MAX); 0: all */
	bool inverted;
	bool ascii; /* indentation instead of line drawing */
	enum report_format format;
};

/* The defaults calltree starts from: --percent-limit 0.5; the rest zero. */
void calltree_view_defaults(struct calltree_view_options *o);

void calltree_view_write(const struct profile *p,
                         const struct calltree_view_options *o);

#endif
