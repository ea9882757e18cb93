/*
 * diffstacks - two profiles as the input of a differential flame graph.
 *
 * Reads two profiles, A and B (folded stacks, or perf script text with or
 * without the run markers of a data set's raw file), and writes each stack
 * of either once, as FlameGraph's difffolded.pl does: "stack countA
 * countB", the counts scaled to equal totals unless told not to.  Each
 * stack's change is tested as flatdiff tests a function's self share
 * (compare/compare.h), and the result goes on a comment line before it,
 * which flamesvg reads and FlameGraph's scripts ignore (the format is
 * input/folded_diff.h's):
 *
 *   # perfviews-diff: widths=B; SUMMARY    first line: which column is
 *                                          the width, and a summary
 *   # p=0.00012 q=0.0031 yes               before a stack that was
 *                                          tested: p, q, significant
 *   stack 12.5 31
 *
 * With --a-widths the columns are swapped, "stack countB countA", so that
 * flamesvg (or flamegraph.pl --negate) draws A's widths.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "compare/compare.h"
#include "compare/diff_stacks.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct compare_options compare;
	bool a_widths;
	const char *glue; /* --glue FILE, or NULL: the default glue.rules */
	bool no_glue;
};

/* --format: taken by every view, refused by this one. */
static void
format_option(void *field, const char *value, const char *option)
{
	(void)field, (void)value;
	usage_error("%s: diffstacks writes folded stacks only", option);
}

#define O struct options
static const struct option_row diffstacks_options[] = {
    OPT_NOTE("A, B", "the profiles: folded stacks or perf script text (run\n"
                     "markers make runs); - is stdin"),
    OPT_FLAG(0, "a-widths", O, a_widths,
             "widths from A (\"stack countB countA\"): what went\n"
             "away shows; default widths from B"),
    OPT_FLAG(0, "absolute", O, compare.absolute,
             "counts as read, tested per run; default: scaled to\n"
             "the width side's total, shares tested"),
    OPT_TEXT(0, "glue", "FILE", O, glue,
             "leave out of stacks the functions FILE's rules put\n"
             "in category glue (default: glue.rules)"),
    OPT_FLAG(0, "no-glue", O, no_glue, "match stacks frame by frame"),
    OPT_CALL('f', "format", "FORMAT", O, view, format_option, NULL),
    OPT_TABLE(O, compare, compare_option_table),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program diffstacks = {
    .name = "diffstacks",
    .operands = "A B",
    .summary = "Two profiles as the input of a differential flame graph: "
               "\"stack countA countB\".",
    .options = diffstacks_options,
};

/* The options; returns the index of A (B follows). */
static int
parse_options(struct options *o, int argc, char *argv[])
{
	compare_options_default(&o->compare);
	int first = program_parse(&diffstacks, argc, argv, o);
	if (argc - first != 2)
		usage_error("two profiles to compare, A and B, expected");
	if (o->glue != NULL && o->no_glue)
		usage_error("--glue and --no-glue: one or the other");
	return first;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct compare c;

	memset(&o, 0, sizeof o);
	cli_start(diffstacks.name);
	int first = parse_options(&o, argc, argv);
	compare_init(&c, &o.compare, KEY_STACK);
	compare_read_both(&c, &o.view, argv[first], argv[first + 1]);
	compare_check(&c);
	if (!o.no_glue)
		compare_glue_file(&c, o.glue);
	compare_run(&c);
	diff_stacks_write(stdout, &c, o.a_widths);
	finish_output();
	compare_free(&c);
	return EXIT_OK;
}
