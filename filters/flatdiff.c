/*
 * flatdiff - compare the flat profiles of two data sets: what changed, and
 * is it more than noise?
 *
 * Reads two profiles, A and B (perf script text, with or without the run
 * markers of a data set's raw file, or folded stacks), and writes one row
 * per function (or DSO, or category of the rules bycategory uses): its self
 * and total share in A and in B, the difference in points, and whether the
 * difference is significant, tested against the run-to-run variation when
 * both sides have runs, against the counting error otherwise, with
 * Benjamini–Hochberg over all rows (see compare/compare.h).  By instruction
 * or family, the rows are CPython's eval loop as bytecode places its
 * samples (views/bytecode_view.h), per run as functions are.  Rows of one
 * side only are listed apart, as new and gone (compare/compare_table.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "match/category_rules.h"
#include "compare/compare.h"
#include "compare/compare_table.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct compare_options compare;
	enum compare_key by;
	const char *rules; /* --rules, or NULL */
	uint32_t measure;  /* what orders and selects rows: 0 self, 1 total */
	uint64_t limit;    /* rows of a section that are not significant */
	bool all;
};

struct flatdiff {
	struct options opt;
	struct compare c;
	struct category_rules rules; /* by category */
	struct compare_table table;
};

static const struct option_choice measures[] = {
    {"self", 0},
    {"total", 1},
    {NULL, 0},
};

static const struct option_choice row_keys[] = {
    {"sym,dso", KEY_FUNCTION},  {"dso", KEY_DSO},
    {"category", KEY_CATEGORY}, {"instruction", KEY_INSTRUCTION},
    {"family", KEY_FAMILY},     {NULL, 0},
};

#define O struct options
static const struct option_row flatdiff_options[] = {
    OPT_NOTE("A, B", "the profiles: perf script text (run markers make\n"
                     "runs) or folded stacks; - is stdin"),
    OPT_FLAG(0, "absolute", O, compare.absolute,
             "compare counts per run (--unit samples)"),
    OPT_FLAG(0, "all", O, all,
             "every row (default: significant rows, then the\n"
             "largest others up to --limit)"),
    OPT_COUNT('n', "limit", "N", O, limit,
              "rows of a section, significant ones apart (default 20)"),
    OPT_CHOICE('s', "sort", "self|total", O, measure, measures,
               "order and test by self (default) or total share"),
    OPT_CHOICE('b', "by", "sym,dso|dso|category|instruction|family", O, by,
               row_keys,
               "\na row per function (default), DSO or category; or\n"
               "per instruction or instruction family of CPython's\n"
               "eval loop (as bytecode places samples)"),
    OPT_TEXT(0, "rules", "FILE", O, rules,
             "by category: the rules (default: bycategory's)"),
    OPT_TABLE(O, compare, compare_option_table),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program flatdiff = {
    .name = "flatdiff",
    .operands = "A B",
    .summary = "Compare the flat profiles of A and B: what changed, and is "
               "it more than noise?",
    .options = flatdiff_options,
};

/* The options; returns the index of A (B follows). */
static int
parse_options(struct options *o, int argc, char *argv[])
{
	compare_options_default(&o->compare);
	o->limit = 20;
	o->by = KEY_FUNCTION;
	int first = program_parse(&flatdiff, argc, argv, o);
	if (o->rules != NULL && o->by != KEY_CATEGORY)
		usage_error("--rules: only with --by category");
	if (argc - first != 2)
		usage_error("two profiles to compare, A and B, expected");
	return first;
}

int
main(int argc, char *argv[])
{
	struct flatdiff f;

	memset(&f, 0, sizeof f);
	cli_start(flatdiff.name);
	int first = parse_options(&f.opt, argc, argv);
	compare_init(&f.c, &f.opt.compare, f.opt.by);
	inputs_check(2, argv + first);
	if (f.opt.by == KEY_CATEGORY)
		category_rules_load_or_exit(&f.rules, f.opt.rules);
	compare_read_both(&f.c, &f.opt.view, argv[first], argv[first + 1]);
	compare_check(&f.c);
	for (int s = 0; s < 2 && compare_key_eval_loop(f.opt.by); s++) {
		const char *why;
		if (!compare_eval_loop_placed(&f.c, s, &why))
			die(EXIT_DATA, "%s (%s): %s: nothing to compare by %s",
			    input_name(argv[first + s]), s ? "B" : "A", why,
			    f.opt.by == KEY_FAMILY ? "family" : "instruction");
	}
	if (f.opt.by == KEY_CATEGORY)
		compare_categorize(&f.c, &f.rules,
		                   category_rules_shown(&f.rules, f.opt.rules));
	compare_run(&f.c);

	compare_table_select(&f.table, &f.c, f.opt.measure, f.opt.limit,
	                     f.opt.all);
	compare_table_write(&f.table, f.opt.view.format);
	finish_output();
	compare_table_free(&f.table);
	compare_free(&f.c);
	if (f.opt.by == KEY_CATEGORY)
		category_rules_free(&f.rules);
	return EXIT_OK;
}
