/*
 * bydso_view.c - see bydso_view.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "views/bydso_view.h"
#include "views/tree.h"

struct bydso {
	struct bydso_view_options opt;
	const struct profile *profile;
	struct tree tree;
	uint32_t *seen; /* tree node id -> last stack counted, plus one */
	size_t seen_cap;
	uint32_t no_caller; /* "[none]" in the profile's names */
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
	uint32_t dso = profile_function(b->profile, s->functions[at])->dso;

	for (uint32_t i = at + 1; i < s->n; i++) {
		uint32_t caller =
		    profile_function(b->profile, s->functions[i])->dso;
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
	    profile_function(b->profile, s->functions[at]);
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
	const struct profile *p = b->profile;

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

void
bydso_view_write(struct profile *p, const struct bydso_view_options *o)
{
	struct bydso b;

	memset(&b, 0, sizeof b);
	b.opt = *o;
	b.profile = p;
	if (!profile_names_dsos(p))
		warnmsg("the input names no DSOs (perf script -F without dso, "
		        "or folded stacks): every sample is in [unknown]");
	b.no_caller = string_table_intern(&p->names, span_cstr("[none]"));
	tree_init(&b.tree);
	build_tree(&b);
	tree_sort(&b.tree, &p->names);

	struct report_meta meta = {"bydso", profile_event_name(p),
	                           profile_weight_name(p), p->total, NULL};
	struct tree_style style = {
	    .format = o->format,
	    .percent_limit = o->percent_limit,
	    .label = "dso / symbol / called from",
	};
	report_tree(&b.tree, &p->names, &meta, &style);
	tree_free(&b.tree);
	free(b.seen);
}

void
bydso_view_defaults(struct bydso_view_options *o)
{
	memset(o, 0, sizeof *o);
	o->depth = 2;
}
