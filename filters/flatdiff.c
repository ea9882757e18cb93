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
 * Benjamini–Hochberg over all rows (see views/compare.h).  Rows of one
 * side only are listed apart, as new and gone (views/compare_table.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "match/category_rules.h"
#include "views/compare.h"
#include "views/compare_table.h"
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

enum { OPT_ALL = 256, OPT_RULES };

static const struct option flatdiff_options[] = {
    COMPARE_OPTIONS_LONG,
    {"all", no_argument, NULL, OPT_ALL},
    {"limit", required_argument, NULL, 'n'},
    {"sort", required_argument, NULL, 's'},
    {"by", required_argument, NULL, 'b'},
    {"rules", required_argument, NULL, OPT_RULES},
    {NULL, 0, NULL, 0},
};

static const struct program flatdiff = {
    .name = "flatdiff",
    .usage = "flatdiff [--absolute] [--all] [--limit N] [--sort self|total]\n"
             "                [--by sym,dso|dso|category] [--rules FILE] "
             "[--fdr P]\n"
             "                [--min-samples N] [--exact-dso] [--force] "
             "[--period]\n"
             "                [--event NAME] [--inline leaf|caller] "
             "[--format text|csv|json]\n"
             "                [--strict] [--resolve] [--expand-inline] "
             "[--demangle]\n"
             "                [--srcline] A B\n",
    .summary = "Compare the flat profiles of A and B: what changed, and is "
               "it more than noise?",
    .help = "  A, B                    the profiles: perf script text (run "
            "markers make\n"
            "                          runs) or folded stacks; - is stdin\n"
            "      --absolute          compare counts per run, not shares "
            "of each total\n"
            "      --all               every row (default: significant "
            "rows, then the\n"
            "                          largest others up to --limit)\n"
            "  -n, --limit N           rows of a section, significant ones "
            "apart (default 20)\n"
            "  -s, --sort self|total   order and test by self (default) or "
            "total share\n"
            "  -b, --by sym,dso|dso|category\n"
            "                          a row per function (default), DSO "
            "or category\n"
            "      --rules FILE        by category: the rules (default: "
            "bycategory's)\n"
            "      --fdr P             false discovery rate, percent "
            "(default 5)\n"
            "      --min-samples N     test rows with N samples or more in "
            "A and B together\n"
            "                          (default 10)\n"
            "      --exact-dso         match DSOs by exact name, versions "
            "included\n"
            "      --force             compare different events or "
            "weighting anyway\n",
    .shortopts = "n:s:b:" VIEW_SHORTOPTS,
    .options = flatdiff_options,
    .shared = view_options_long,
    .shared_help = view_options_help,
};

static void
parse_options(struct options *o, int argc, char *argv[])
{
	int ch;

	compare_options_default(&o->compare);
	o->limit = 20;
	o->by = KEY_FUNCTION;
	while ((ch = program_option(&flatdiff, argc, argv)) != -1) {
		switch (ch) {
		case OPT_ALL:
			o->all = true;
			break;
		case 'n':
			o->limit = option_count(optarg, "--limit", true);
			break;
		case 's':
			if (strcmp(optarg, "self") != 0 &&
			    strcmp(optarg, "total") != 0)
				usage_error("--sort: self or total, not '%s'",
				            optarg);
			o->measure = strcmp(optarg, "total") == 0;
			break;
		case 'b':
			o->by = strcmp(optarg, "dso") == 0 ? KEY_DSO
			        : strcmp(optarg, "category") == 0
			            ? KEY_CATEGORY
			            : KEY_FUNCTION;
			if (o->by == KEY_FUNCTION &&
			    strcmp(optarg, "sym,dso") != 0)
				usage_error("--by: sym,dso, dso or category, "
				            "not '%s'",
				            optarg);
			break;
		case OPT_RULES:
			o->rules = optarg;
			break;
		default:
			if (!compare_option(&o->compare, ch, optarg))
				view_option(&o->view, ch, optarg);
		}
	}
	if (o->rules != NULL && o->by != KEY_CATEGORY)
		usage_error("--rules: only with --by category");
	if (argc - optind != 2)
		usage_error("two profiles to compare, A and B, expected");
}

int
main(int argc, char *argv[])
{
	struct flatdiff f;

	memset(&f, 0, sizeof f);
	cli_start(flatdiff.name);
	parse_options(&f.opt, argc, argv);
	compare_init(&f.c, &f.opt.compare, f.opt.by);
	if (f.opt.by == KEY_CATEGORY)
		category_rules_load_or_exit(&f.rules, f.opt.rules);
	compare_read_both(&f.c, &f.opt.view, argv[optind], argv[optind + 1]);
	compare_check(&f.c);
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
