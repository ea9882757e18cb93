/*
 * flatsort - the flat profile: functions sorted by samples.
 *
 * Reads `perf script` text or folded stacks and writes one row per
 * function (or per DSO): its self weight (samples whose leaf it is), its
 * total weight (samples it appears in, once per sample however deep the
 * recursion), both also as a percentage of all samples shown.  These are
 * the Self and Children columns of `perf report --children --sort sym`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "views/flat_view.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct flat_view_options flat;
};

static const struct option_choice sort_keys[] = {
    {"self", FLAT_SORT_SELF},
    {"total", FLAT_SORT_TOTAL},
    {NULL, 0},
};

static const struct option_choice row_keys[] = {
    {"sym", FLAT_BY_SYM},
    {"dso", FLAT_BY_DSO},
    {"sym,dso", FLAT_BY_SYM_DSO},
    {NULL, 0},
};

#define O struct options
static const struct option_row flatsort_options[] = {
    OPT_CHOICE('s', "sort", "self|total", O, flat.sort, sort_keys,
               "sort by self (default) or total samples"),
    OPT_COUNT('n', "limit", "N", O, flat.limit,
              "show the first N rows only (0: all, the default)"),
    OPT_PERCENT('p', "percent-limit", "P", O, flat.percent_limit,
                "hide rows below P percent of the sort column"),
    OPT_CHOICE('b', "by", "sym|dso|sym,dso", O, flat.by, row_keys,
               "a row per symbol, per DSO, or per symbol in a\n"
               "DSO (default)"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program flatsort = {
    .name = "flatsort",
    .operands = "[file ...]",
    .summary = "The flat profile of perf script text or folded stacks, "
               "sorted by samples.",
    .options = flatsort_options,
    .reads_files = true,
};

static void
write_flat(struct profile *profile, void *opts)
{
	struct options *opt = opts;

	opt->flat.format = opt->view.format;
	flat_view_write(profile, &opt->flat);
}

int
main(int argc, char *argv[])
{
	struct options opt;

	memset(&opt, 0, sizeof opt);
	return view_main(&flatsort, argc, argv, &opt, &opt.view, write_flat);
}
