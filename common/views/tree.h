/*
 * tree.h - a tree of weights, built by adding paths, for the tree views.
 *
 * calltree (functions under their callers) and bydso (symbols under their
 * DSO) both build one: a node is a label (a name, and a DSO or none) under
 * a parent, found or added in one hash lookup, so memory grows with the
 * number of distinct paths, not with the samples added.  Each node has an
 * inclusive weight (count) and the weight of the paths that end there
 * (self).  After tree_sort, children are linked largest first.
 *
 * The tree does not enforce that a node's children and self sum to its
 * count: calltree keeps that invariant by adding every path whole; bydso
 * with --inclusive does not have it, by design.
 */
#ifndef PERFVIEWS_TREE_H
#define PERFVIEWS_TREE_H

#include <stdint.h>

#include "base/tuple_table.h"
#include "base/string_table.h"

enum { TREE_NONE = UINT32_MAX }; /* no parent, no DSO, no child */

struct tree_node {
	uint32_t parent; /* TREE_NONE at the top level */
	uint32_t name;   /* id in the names table the tree is printed with */
	uint32_t dso;    /* id in the same table, or TREE_NONE */
	uint64_t count;  /* weight of the paths through this node */
	uint64_t self;   /* weight of the paths ending here */
	uint32_t first_child;  /* after tree_sort; TREE_NONE when none */
	uint32_t next_sibling; /* after tree_sort; TREE_NONE at the end */
};

struct tree {
	struct tuple_table index; /* (parent, name, dso) -> node id */
	struct tree_node *nodes;  /* by node id, same ids as index */
	uint32_t count;
	size_t cap;
	uint32_t first_root; /* after tree_sort */
};

void tree_init(struct tree *t);
void tree_free(struct tree *t);

/* The node (name, dso) under parent, added with zero weights if new. */
uint32_t tree_child(struct tree *t, uint32_t parent, uint32_t name,
                    uint32_t dso);

/* Link children by count, largest first; ties by name, then DSO. */
void tree_sort(struct tree *t, const struct string_table *names);

#endif
