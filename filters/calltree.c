/*
 * calltree - the call tree of a profile, from the roots down.
 *
 * Reads `perf script` text or folded stacks and writes the tree of calls:
 * the command at the top, then the outermost functions, each with its
 * callees beneath.  Every node shows its inclusive weight and percentage
 * and its self weight; children are sorted largest first, and those below
 * --percent-limit are folded into one "[other]" line, so a node always
 * equals its self plus its children.  --inverted turns the tree upside
 * down: leaf functions at the top, their callers beneath.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "views/calltree_view.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct calltree_view_options tree;
};

/* --max-depth: levels at most, in the tree's unsigned. */
static void
max_depth_option(void *field, const char *value, const char *option)
{
	uint64_t *depth = field;

	*depth = option_count(value, option, false);
	if (*depth > UINT32_MAX)
		usage_error("%s: too large: '%s'", option, value);
}

#define O struct options
static const struct option_row calltree_options[] = {
    OPT_PERCENT('p', "percent-limit", "P", O, tree.percent_limit,
                "fold nodes below P percent into [other] (default 0.5)"),
    OPT_CALL('d', "max-depth", "N", O, tree.max_depth, max_depth_option,
             "show N levels at most"),
    OPT_FLAG('i', "inverted", O, tree.inverted,
             "leaves at the top, callers beneath"),
    OPT_FLAG('a', "ascii", O, tree.ascii,
             "indentation instead of line drawing"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program calltree = {
    .name = "calltree",
    .operands = "[file ...]",
    .summary = "The call tree of perf script text or folded stacks.",
    .options = calltree_options,
    .reads_files = true,
};

static void
write_tree(struct profile *profile, void *opts)
{
	struct options *opt = opts;

	opt->tree.format = opt->view.format;
	calltree_view_write(profile, &opt->tree);
}

int
main(int argc, char *argv[])
{
	struct options opt = {0};

	calltree_view_defaults(&opt.tree);
	return view_main(&calltree, argc, argv, &opt, &opt.view, write_tree);
}
