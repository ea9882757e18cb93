/*
 * test_tree.c - the tree of weights of the tree views (views/tree.h).
 */
#include "views/tree.h"
#include "unit.h"

START_TEST(tree_finds_children_and_sorts)
{
	struct string_table names;
	struct tree t;

	string_table_init(&names);
	uint32_t a = string_table_intern(&names, span_cstr("a"));
	uint32_t b = string_table_intern(&names, span_cstr("b"));
	tree_init(&t);
	uint32_t root = tree_child(&t, TREE_NONE, a, TREE_NONE);
	uint32_t x = tree_child(&t, root, a, TREE_NONE);
	uint32_t y = tree_child(&t, root, b, TREE_NONE);
	ck_assert_uint_eq(tree_child(&t, root, a, TREE_NONE), x);
	ck_assert_uint_ne(tree_child(&t, root, a, b), x);
	t.nodes[x].count = 1;
	t.nodes[y].count = 5;
	tree_sort(&t, &names);
	ck_assert_uint_eq(t.first_root, root);
	ck_assert_uint_eq(t.nodes[root].first_child, y);
	ck_assert_uint_eq(t.nodes[y].next_sibling, x);
	tree_free(&t);
	string_table_free(&names);
}
END_TEST

START_TEST(new_nodes_start_empty)
{
	struct tree t;

	tree_init(&t);
	ck_assert_uint_eq(t.first_root, TREE_NONE);
	uint32_t r = tree_child(&t, TREE_NONE, 7, 9);
	ck_assert_uint_eq(t.count, 1);
	ck_assert_uint_eq(t.nodes[r].parent, TREE_NONE);
	ck_assert_uint_eq(t.nodes[r].name, 7);
	ck_assert_uint_eq(t.nodes[r].dso, 9);
	ck_assert_uint_eq(t.nodes[r].count, 0);
	ck_assert_uint_eq(t.nodes[r].self, 0);
	ck_assert_uint_eq(t.nodes[r].first_child, TREE_NONE);
	ck_assert_uint_eq(t.nodes[r].next_sibling, TREE_NONE);
	/* The same label under another parent is another node. */
	uint32_t c = tree_child(&t, r, 7, 9);
	ck_assert_uint_ne(c, r);
	ck_assert_uint_eq(t.nodes[c].parent, r);
	/* Many nodes: the array grows and keeps what it held. */
	t.nodes[r].count = 42;
	for (uint32_t i = 0; i < 10000; i++)
		tree_child(&t, c, i, TREE_NONE);
	ck_assert_uint_eq(t.count, 10002);
	ck_assert_uint_eq(t.nodes[r].count, 42);
	ck_assert_uint_eq(tree_child(&t, c, 9999, TREE_NONE), 10001);
	tree_free(&t);
}
END_TEST

START_TEST(ties_by_name_then_dso)
{
	struct string_table names;
	struct tree t;

	string_table_init(&names);
	/* Interned in the reverse of their text order. */
	uint32_t zz = string_table_intern(&names, span_cstr("zz"));
	uint32_t z = string_table_intern(&names, span_cstr("z"));
	uint32_t lib2 = string_table_intern(&names, span_cstr("lib2"));
	uint32_t lib1 = string_table_intern(&names, span_cstr("lib1"));
	tree_init(&t);
	uint32_t r1 = tree_child(&t, TREE_NONE, zz, TREE_NONE);
	uint32_t r2 = tree_child(&t, TREE_NONE, z, lib2);
	uint32_t r3 = tree_child(&t, TREE_NONE, z, lib1);
	uint32_t r4 = tree_child(&t, TREE_NONE, z, TREE_NONE);
	uint32_t big = tree_child(&t, TREE_NONE, zz, lib1);
	for (uint32_t i = 0; i < t.count; i++)
		t.nodes[i].count = 3;
	t.nodes[big].count = 4;
	tree_sort(&t, &names);
	/* Largest first; then "z" before "zz"; no DSO before any. */
	uint32_t want[] = {big, r4, r3, r2, r1};
	uint32_t id = t.first_root;
	for (int i = 0; i < 5; i++) {
		ck_assert_uint_eq(id, want[i]);
		id = t.nodes[id].next_sibling;
	}
	ck_assert_uint_eq(id, TREE_NONE);
	tree_free(&t);
	string_table_free(&names);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {tree_finds_children_and_sorts,
	                        new_nodes_start_empty, ties_by_name_then_dso,
	                        NULL};
	return unit_main("tree", tests);
}
