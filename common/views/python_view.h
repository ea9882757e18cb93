/*
 * python_view.h - the Python functions of a profile, and where each one's
 * own time goes in CPython: pyprofile's view.
 *
 * Each Python function of a -X perf recording (its frames "py::NAME:FILE";
 * one function whatever process ran it) gets its self samples (those
 * whose innermost Python frame it is), its total samples (those with it
 * anywhere in the stack, once each), and its self samples split by
 * category: the category of the sample's leaf, by the first rule of
 * bycategory's rules that matches it.  Its kind is bycategory --python's
 * category of its file (program, harness, stdlib, ...): the harness
 * (pyperf, pyperformance) is listed after the rest.  In text, the top
 * functions follow with their callers and callees among Python functions
 * and their own time (a sandwich view).  The folded stacks have Python
 * frames only, root first, and the native frames under the innermost one
 * folded into one leaf per category ("[float]").
 *
 * Where no sample has two Python frames the stacks stop at the innermost
 * one (a Python without frame pointers recorded with dwarf call graphs):
 * the header says that totals and callers cannot be shown.  Counted once
 * from the profile's distinct stacks; memory grows with them, the
 * functions and the caller-callee pairs.  Written to stdout.
 */
#ifndef PERFVIEWS_PYTHON_VIEW_H
#define PERFVIEWS_PYTHON_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "views/profile.h"
#include "views/report.h"

struct python_view_options {
	uint64_t top;   /* functions given callers and callees (pyprofile: 5) */
	uint64_t limit; /* rows of the table; 0: all */
	enum report_format format;
};

/* The defaults pyprofile starts from: 5 callers and callees; the rest zero. */
void python_view_defaults(struct python_view_options *o);

struct python_view;

/*
 * A view by the rules file given (NULL: the default; one that cannot be
 * loaded ends the process, saying why).
 */
struct python_view *python_view_new(const char *rules);
void python_view_free(struct python_view *y);

/* The Python functions of p counted, once; p must outlive the view. */
void python_view_count(struct python_view *y, const struct profile *p);

/* The table (and in text the callers and callees of the top ones). */
void python_view_write(struct python_view *y,
                       const struct python_view_options *o);

/* The Python-only folded stacks, in collapse's order. */
void python_view_write_folded(const struct python_view *y);

/* The same lines, each handed to line as its stack text and weight. */
void python_view_each_folded(const struct python_view *y,
                             void (*line)(void *ctx, struct span stack,
                                          uint64_t weight),
                             void *ctx);

/* Has p a Python function (a py:: frame)? */
bool python_view_has_python(const struct profile *p);

#endif
