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
#include "base/xalloc.h"
#include "views/report.h"
#include "views/tree.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	bool inclusive;
	uint64_t depth; /* 1: DSOs, 2: and symbols, 3: and calling DSOs */
	double percent_limit;
};

struct bydso {
	struct options opt;
	struct profile profile;
	struct tree tree;
	uint32_t *seen; /* tree node id -> last stack counted, plus one */
	size_t seen_cap;
	uint32_t no_caller; /* "[none]" in the profile's names */
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
    OPT_FLAG('i', "inclusive", O, inclusive,
             "count a DSO once per sample it appears in"),
    OPT_CALL('d', "depth", "1|2|3", O, depth, depth_option,
             "DSOs; and symbols (default); and calling DSOs"),
    OPT_PERCENT('p', "percent-limit", "P", O, percent_limit,
                "fold lines below P percent into [other]"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program bydso = {
    .name = "bydso",
    .usage = "bydso [--inclusive] [--depth 1|2|3] [--percent-limit P] "
             "[--period]\n"
             "             [--event NAME] [--inline leaf|caller] [--format "
             "text|csv|json]\n"
             "             [--strict] [--resolve] [--expand-inline] "
             "[--demangle] [--srcline] [file ...]\n",
    .summary = "The profile of perf script text by shared object, then "
               "symbol.",
    .options = bydso_options,
    .reads_files = true,
};

/* Add weight to a node once per stack, however often the stack has it. */
static void
add_once(struct bydso *b, uint32_t node, uint32_t stack, uint64_t weight)
{
	b->seen = array_reserve(b->seen, &b->seen_cap, (size_t)node + 1,
	                        sizeof *b->seen);
	if (b->seen[node] == stack + 1)
		return;
	b->seen[node] = stack + 1;
	b->tree.nodes[node].count += weight;
}

/* The DSO of the nearest caller of functions[at] outside its DSO. */
static uint32_t
calling_dso(const struct bydso *b, const struct profile_stack *s, uint32_t at)
{
	uint32_t dso = profile_function(&b->profile, s->functions[at])->dso;

	for (uint32_t i = at + 1; i < s->n; i++) {
		uint32_t caller =
		    profile_function(&b->profile, s->functions[i])->dso;
		if (caller != dso)
			return caller;
	}
	return b->no_caller;
}

/* Count the function at s->functions[at] and what lies above it. */
static void
add_function(struct bydso *b, uint32_t stack, const struct profile_stack *s,
             uint32_t at)
{
	const struct function *fn =
	    profile_function(&b->profile, s->functions[at]);
	uint32_t node = tree_child(&b->tree, TREE_NONE, fn->dso, TREE_NONE);

	add_once(b, node, stack, s->weight);
	if (b->opt.depth >= 2) {
		node = tree_child(&b->tree, node, fn->name, fn->dso);
		add_once(b, node, stack, s->weight);
	}
	if (b->opt.depth >= 3) {
		node = tree_child(&b->tree, node, calling_dso(b, s, at),
		                  TREE_NONE);
		add_once(b, node, stack, s->weight);
	}
}

/*
 * By self weight, a stack counts for the function owning its self weight;
 * inclusive, for the first (leaf-most) place of each function in it.
 */
static void
build_tree(struct bydso *b)
{
	const struct profile *p = &b->profile;

	for (uint32_t id = 0; id < profile_stack_count(p); id++) {
		struct profile_stack s = profile_stack_get(p, id);
		if (!b->opt.inclusive) {
			add_function(b, id, &s, s.self);
			continue;
		}
		for (uint32_t i = s.self; i < s.n; i++)
			add_function(b, id, &s, i);
	}
}

int
main(int argc, char *argv[])
{
	struct bydso b;

	memset(&b, 0, sizeof b);
	b.opt.depth = 2;
	cli_start(bydso.name);
	int first = program_parse(&bydso, argc, argv, &b.opt);
	if (!view_load(&b.profile, &b.opt.view, argc - first, argv + first)) {
		profile_free(&b.profile);
		return EXIT_DATA;
	}
	if (!profile_names_dsos(&b.profile))
		warnmsg("the input names no DSOs (perf script -F without dso, "
		        "or folded stacks): every sample is in [unknown]");

	b.no_caller =
	    string_table_intern(&b.profile.names, span_cstr("[none]"));
	tree_init(&b.tree);
	build_tree(&b);
	tree_sort(&b.tree, &b.profile.names);

	struct report_meta meta = {"bydso", profile_event_name(&b.profile),
	                           profile_weight_name(&b.profile),
	                           b.profile.total};
	struct tree_style style = {
	    .format = b.opt.view.format,
	    .percent_limit = b.opt.percent_limit,
	    .label = "dso / symbol / called from",
	};
	report_tree(&b.tree, &b.profile.names, &meta, &style);
	finish_output();
	tree_free(&b.tree);
	free(b.seen);
	profile_free(&b.profile);
	return EXIT_OK;
}
