/*
 * bydso - a profile rooted by shared object.
 *
 * Reads `perf script` text and writes each DSO with the samples whose leaf
 * frame lies in it (the DSOs sum to 100%, as in `perf report --sort dso`),
 * beneath each DSO its symbols by self weight, and with --depth 3, beneath
 * each symbol the DSOs it was called from: the nearest caller outside the
 * symbol's own DSO.  --inclusive counts a DSO, a symbol and its caller
 * once per sample in which they appear anywhere, as perf report --children
 * does; the DSOs then no longer sum to 100%.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "views/bydso_view.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct bydso_view_options dso;
};

/* --depth: 1, 2 or 3, read as a number. */
static void
depth_option(void *field, const char *value, const char *option)
{
	uint64_t *depth = field;

	if (!parse_u64(value, depth) || *depth < 1 || *depth > 3)
		usage_error("%s: 1, 2 or 3, not '%s'", option, value);
}

#define O struct options
static const struct option_row bydso_options[] = {
    OPT_FLAG('i', "inclusive", O, dso.inclusive,
             "count a DSO once per sample it appears in"),
    OPT_CALL('d', "depth", "1|2|3", O, dso.depth, depth_option,
             "DSOs; and symbols (default); and calling DSOs"),
    OPT_PERCENT('p', "percent-limit", "P", O, dso.percent_limit,
                "fold lines below P percent into [other]"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program bydso = {
    .name = "bydso",
    .operands = "[file ...]",
    .summary = "The profile of perf script text by shared object, then "
               "symbol.",
    .options = bydso_options,
    .reads_files = true,
};

static void
write_bydso(struct profile *profile, void *opts)
{
	struct options *opt = opts;

	opt->dso.format = opt->view.format;
	bydso_view_write(profile, &opt->dso);
}

int
main(int argc, char *argv[])
{
	struct options opt;

	memset(&opt, 0, sizeof opt);
	bydso_view_defaults(&opt.dso);
	return view_main(&bydso, argc, argv, &opt, &opt.view, write_bydso);
}
