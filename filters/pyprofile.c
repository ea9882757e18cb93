/*
 * pyprofile - the Python functions of a profile, and where each one's own
 * time goes in CPython.
 *
 * Reads `perf script` text of a Python run with -X perf (its Python-level
 * frames "py::NAME:FILE") or folded stacks of it.  Each Python function
 * (one whatever process ran it) gets its self samples (those whose
 * innermost Python frame it is), its total samples (those with it anywhere
 * in the stack, once each), and its self samples split by category: the
 * category of the sample's leaf, by the first rule of bycategory's rules
 * that matches it (the interpreter, float, dict, gc, ...).  Its kind is
 * bycategory --python's category of its file (program, harness, stdlib,
 * site_packages, ...): the harness (pyperf, pyperformance) is listed after
 * the rest.  Then, for the top functions, their callers and callees among
 * Python functions and their own time (a sandwich view).
 *
 * --folded writes the stacks with Python frames only, root first, and the
 * native frames under the innermost one folded into one leaf per category
 * ("[float]"), for flamesvg (which labels Python frames short, their full
 * name in the details).
 *
 * Where no sample has two Python frames, the stacks stop at the innermost
 * one (a Python without frame pointers recorded with dwarf call graphs):
 * the header says that totals and callers cannot be shown.
 *
 * One pass over the input; memory grows with distinct stacks, functions
 * and caller-callee pairs, never with samples.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "views/python_view.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct python_view_options python;
	const char *rules;
	bool folded;
	struct python_view *python_view; /* made once the options are read */
};

#define O struct options
static const struct option_row pyprofile_options[] = {
    OPT_TEXT(0, "rules", "FILE", O, rules,
             "the category rules (default: $PERFVIEWS_RULES,\n"
             "else the installed cpython.rules)"),
    OPT_COUNT(0, "top", "N", O, python.top,
              "functions shown with callers and callees (default 5)"),
    OPT_COUNT('n', "limit", "N", O, python.limit,
              "show the first N functions only (0: all, the default)"),
    OPT_FLAG(0, "folded", O, folded,
             "write Python-only folded stacks, native frames\n"
             "folded into a leaf per category"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program pyprofile = {
    .name = "pyprofile",
    .operands = "[file ...]",
    .summary = "The Python functions of a -X perf profile: self, total, "
               "and their own time by category.",
    .options = pyprofile_options,
    .reads_files = true,
};

/* The view, its rules loaded before any input is read. */
static void
start_python(void *opts)
{
	struct options *opt = opts;

	opt->python_view = python_view_new(opt->rules);
}

static void
write_python(struct profile *profile, void *opts)
{
	struct options *opt = opts;

	python_view_count(opt->python_view, profile);
	opt->python.format = opt->view.format;
	if (opt->folded)
		python_view_write_folded(opt->python_view);
	else
		python_view_write(opt->python_view, &opt->python);
}

static void
end_python(void *opts)
{
	python_view_free(((struct options *)opts)->python_view);
}

int
main(int argc, char *argv[])
{
	static const struct view_hooks hooks = {.start = start_python,
	                                        .end = end_python};
	struct options opt;

	memset(&opt, 0, sizeof opt);
	python_view_defaults(&opt.python);
	return view_main_with(&pyprofile, argc, argv, &opt, &opt.view,
	                      write_python, &hooks);
}
