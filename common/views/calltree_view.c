/*
 * calltree_view.c - see calltree_view.h.
 */
#include <string.h>

#include "views/calltree_view.h"
#include "views/tree.h"

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

void
calltree_view_write(const struct profile *p,
                    const struct calltree_view_options *o)
{
	struct tree tree;

	tree_init(&tree);
	build_tree(&tree, p, o->inverted);
	tree_sort(&tree, &p->names);

	struct report_meta meta = {"calltree", profile_event_name(p),
	                           profile_weight_name(p), p->total, NULL};
	struct tree_style style = {
	    .format = o->format,
	    .percent_limit = o->percent_limit,
	    .max_depth = (unsigned)o->max_depth,
	    .ascii = o->ascii,
	    .show_self = true,
	    .self_is_own = o->inverted,
	    .label = o->inverted ? "callers" : "call tree",
	};
	report_tree(&tree, &p->names, &meta, &style);
	tree_free(&tree);
}

void
calltree_view_defaults(struct calltree_view_options *o)
{
	memset(o, 0, sizeof *o);
	o->percent_limit = 0.5;
}
