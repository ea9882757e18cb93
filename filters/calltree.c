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
#include "views/report.h"
#include "views/tree.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	double percent_limit;
	uint64_t max_depth; /* 0: no limit */
	bool inverted;
	bool ascii;
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
    OPT_PERCENT('p', "percent-limit", "P", O, percent_limit,
                "fold nodes below P percent into [other] (default 0.5)"),
    OPT_CALL('d', "max-depth", "N", O, max_depth, max_depth_option,
             "show N levels at most"),
    OPT_FLAG('i', "inverted", O, inverted,
             "leaves at the top, callers beneath"),
    OPT_FLAG('a', "ascii", O, ascii, "indentation instead of line drawing"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program calltree = {
    .name = "calltree",
    .usage = "calltree [--percent-limit P] [--max-depth N] [--inverted] "
             "[--ascii]\n"
             "                [--period] [--event NAME] [--inline "
             "leaf|caller]\n"
             "                [--format text|csv|json] [--strict] "
             "[--resolve]\n"
             "                [--expand-inline] [--demangle] [--srcline] "
             "[file ...]\n",
    .summary = "The call tree of perf script text or folded stacks.",
    .options = calltree_options,
    .reads_files = true,
};

/* The child of parent for one function, by its name and DSO. */
static uint32_t
function_node(struct tree *t, const struct profile *p, uint32_t parent,
              uint32_t function)
{
	const struct function *fn = profile_function(p, function);
	return tree_child(t, parent, fn->name, fn->dso);
}

/*
 * Add each distinct stack as one path: the command, then its functions
 * from the outermost to the one owning the self weight, which gets the
 * self weight; inverted, the other way round, ending at the command, and
 * the self weight on the leaf function at the top.
 */
static void
build_tree(struct tree *t, const struct profile *p, bool inverted)
{
	for (uint32_t id = 0; id < profile_stack_count(p); id++) {
		struct profile_stack s = profile_stack_get(p, id);
		uint32_t node;
		if (!inverted) {
			node = tree_child(t, TREE_NONE, s.comm, TREE_NONE);
			t->nodes[node].count += s.weight;
			for (uint32_t i = s.n; i-- > s.self;) {
				node =
				    function_node(t, p, node, s.functions[i]);
				t->nodes[node].count += s.weight;
			}
			t->nodes[node].self += s.weight;
		} else {
			/* The leaf is the root of its path; self is its own. */
			uint32_t leaf = TREE_NONE;
			node = TREE_NONE;
			for (uint32_t i = s.self; i < s.n; i++) {
				node =
				    function_node(t, p, node, s.functions[i]);
				t->nodes[node].count += s.weight;
				if (leaf == TREE_NONE)
					leaf = node;
			}
			node = tree_child(t, node, s.comm, TREE_NONE);
			t->nodes[node].count += s.weight;
			t->nodes[leaf == TREE_NONE ? node : leaf].self +=
			    s.weight;
		}
	}
}

int
main(int argc, char *argv[])
{
	struct options opt = {.percent_limit = 0.5};
	struct profile profile;
	struct tree tree;

	cli_start(calltree.name);
	int first = program_parse(&calltree, argc, argv, &opt);
	if (!view_load(&profile, &opt.view, argc - first, argv + first)) {
		profile_free(&profile);
		return EXIT_DATA;
	}

	tree_init(&tree);
	build_tree(&tree, &profile, opt.inverted);
	tree_sort(&tree, &profile.names);

	struct report_meta meta = {"calltree", profile_event_name(&profile),
	                           profile_weight_name(&profile),
	                           profile.total};
	struct tree_style style = {
	    .format = opt.view.format,
	    .percent_limit = opt.percent_limit,
	    .max_depth = (unsigned)opt.max_depth,
	    .ascii = opt.ascii,
	    .show_self = true,
	    .self_is_own = opt.inverted,
	    .label = opt.inverted ? "callers" : "call tree",
	};
	report_tree(&tree, &profile.names, &meta, &style);
	finish_output();
	tree_free(&tree);
	profile_free(&profile);
	return EXIT_OK;
}
