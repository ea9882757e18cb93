/*
 * tree.c - see tree.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "views/tree.h"

void
tree_init(struct tree *t)
{
	memset(t, 0, sizeof *t);
	tuple_table_init(&t->index);
	t->first_root = TREE_NONE;
}

void
tree_free(struct tree *t)
{
	tuple_table_free(&t->index);
	free(t->nodes);
	t->nodes = NULL;
}

uint32_t
tree_child(struct tree *t, uint32_t parent, uint32_t name, uint32_t dso)
{
	uint32_t key[3] = {parent, name, dso};
	uint32_t id = tuple_table_intern(&t->index, key, 3);

	if (id < t->count)
		return id;
	t->nodes =
	    array_reserve(t->nodes, &t->cap, (size_t)id + 1, sizeof *t->nodes);
	t->nodes[t->count++] = (struct tree_node){
	    .parent = parent,
	    .name = name,
	    .dso = dso,
	    .first_child = TREE_NONE,
	    .next_sibling = TREE_NONE,
	};
	return id;
}

static int
compare_text(const struct string_table *names, uint32_t a, uint32_t b)
{
	if (a == b)
		return 0;
	if (a == TREE_NONE || b == TREE_NONE)
		return a == TREE_NONE ? -1 : 1;
	return span_compare(string_table_get(names, a),
	                    string_table_get(names, b));
}

/* What compare_nodes sorts: a tree's nodes, and the names they use. */
struct node_order {
	const struct tree *t;
	const struct string_table *names;
};

/* For qsort_r: siblings together (by parent), largest first, by text. */
static int
compare_nodes(const void *pa, const void *pb, void *arg)
{
	const struct node_order *by = arg;
	const struct tree_node *a = &by->t->nodes[*(const uint32_t *)pa];
	const struct tree_node *b = &by->t->nodes[*(const uint32_t *)pb];
	int r;

	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	if ((r = compare_text(by->names, a->name, b->name)) != 0)
		return r;
	return compare_text(by->names, a->dso, b->dso);
}

void
tree_sort(struct tree *t, const struct string_table *names)
{
	uint32_t *order = xreallocarray(NULL, t->count, sizeof *order);

	for (uint32_t i = 0; i < t->count; i++)
		order[i] = i;
	struct node_order by = {t, names};

	qsort_r(order, t->count, sizeof *order, compare_nodes, &by);

	/* Link backwards, so each list ends up in sorted order. */
	t->first_root = TREE_NONE;
	for (uint32_t i = 0; i < t->count; i++)
		t->nodes[i].first_child = TREE_NONE;
	for (uint32_t i = t->count; i-- > 0;) {
		struct tree_node *n = &t->nodes[order[i]];
		uint32_t *head = n->parent == TREE_NONE
		                     ? &t->first_root
		                     : &t->nodes[n->parent].first_child;
		n->next_sibling = *head;
		*head = order[i];
	}
	free(order);
}
