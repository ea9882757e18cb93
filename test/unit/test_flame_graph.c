/*
 * test_flame_graph.c - merging folded stacks into flame graph frames, and
 * their layout in pixels.
 */
#include <math.h>
#include <stdio.h>

#include "flame/flame_graph.h"
#include "unit.h"

/* "name@depth:start-end" for every node, joined by spaces. */
static const char *
describe(const struct flame_graph *g)
{
	static char out[4096];
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < g->nnodes; i++) {
		const struct flame_node *n = &g->nodes[i];
		struct span name = flame_graph_name(g, n);
		used += (size_t)snprintf(out + used, sizeof out - used,
		                         "%s%.*s@%u:%g-%g", i ? " " : "",
		                         (int)name.n, name.p, n->depth,
		                         n->start, n->end);
	}
	return out;
}

START_TEST(equal_stacks_merge)
{
	static const char *const lines[] = {"a;b 3", "a;c 2", "a;b 1", NULL};
	struct flame_graph g;

	flame_graph_init(&g, false, false);
	unit_flame_graph_lines(&g, lines, false);
	ck_assert_str_eq(describe(&g), "all@0:0-6 a@1:0-6 b@2:0-4 c@2:4-6");
	ck_assert(flame_graph_total(&g) == 6);
	flame_graph_free(&g);
}
END_TEST

/* flamegraph.pl sorts lines: "a;b 1" < "a;b2;x 1" < "a;b;c 1". */
START_TEST(sorted_as_lines)
{
	static const char *const lines[] = {"a;b;c 1", "a;b2;x 1", "a;b 1",
	                                    NULL};
	struct flame_graph g;

	flame_graph_init(&g, false, false);
	unit_flame_graph_lines(&g, lines, false);
	ck_assert_str_eq(describe(&g), "all@0:0-3 a@1:0-3 b@2:0-1 b2@2:1-2 "
	                               "x@3:1-2 b@2:2-3 c@3:2-3");
	flame_graph_free(&g);
}
END_TEST

START_TEST(reverse_merges_leaves)
{
	static const char *const lines[] = {"a;b 1", "c;b 2", NULL};
	struct flame_graph g;

	flame_graph_init(&g, true, false);
	unit_flame_graph_lines(&g, lines, false);
	ck_assert_str_eq(describe(&g), "all@0:0-3 b@1:0-3 a@2:0-1 c@2:1-3");
	flame_graph_free(&g);
}
END_TEST

START_TEST(flamechart_keeps_input_order)
{
	static const char *const lines[] = {"a;b 1", "c 1", "a;b 1", "a;b 2",
	                                    NULL};
	struct flame_graph g;

	flame_graph_init(&g, false, true);
	unit_flame_graph_lines(&g, lines, false);
	ck_assert_str_eq(describe(&g), "all@0:0-5 a@1:0-1 b@2:0-1 c@1:1-2 "
	                               "a@1:2-5 b@2:2-5");
	flame_graph_free(&g);
}
END_TEST

START_TEST(shared_beginnings_parsed_right)
{
	static const char *const lines[] = {
	    "abc;def 1", "abc;de 1", "abc;defg;h 1", "abc;def 1", "ab 1",
	    "a;b; 1",    NULL};
	struct flame_graph g;

	flame_graph_init(&g, false, false);
	unit_flame_graph_lines(&g, lines, false);
	/* "a;b;" is a;b; "abc;def" twice merges. */
	ck_assert_str_eq(describe(&g),
	                 "all@0:0-6 a@1:0-1 b@2:0-1 ab@1:1-2 abc@1:2-6 "
	                 "de@2:2-3 def@2:3-5 defg@2:5-6 h@3:5-6");
	flame_graph_free(&g);
}
END_TEST

START_TEST(diff_widths_and_deltas)
{
	static const char *const lines[] = {"p;grow 10 30", "p;shrink 40 10",
	                                    "p 5 5", NULL};
	struct flame_graph g;

	flame_graph_init(&g, false, false);
	unit_flame_graph_lines(&g, lines, true);
	ck_assert_str_eq(describe(&g),
	                 "all@0:0-45 p@1:0-45 grow@2:5-35 shrink@2:35-45");
	ck_assert(g.nodes[1].delta == 0);
	ck_assert(g.nodes[2].delta == 20);
	ck_assert(g.nodes[3].delta == -30);
	ck_assert(g.max_delta == 30);
	flame_graph_free(&g);
}
END_TEST

START_TEST(tested_diff_colours_only_significant)
{
	struct flame_test sig = {0.001f, 0.01f, FLAME_SIGNIFICANT};
	struct flame_test noise = {0.4f, 0.6f, FLAME_NOISE};
	struct flame_graph g;

	flame_graph_init(&g, false, false);
	g.diff = true;
	flame_graph_add_tested(&g, span_cstr("p;grow"), 30, 20, &sig);
	flame_graph_add_tested(&g, span_cstr("p;shrink"), 10, -30, &noise);
	flame_graph_add_tested(&g, span_cstr("p"), 5, 0, &noise);
	flame_graph_add_tested(&g, span_cstr("p;grow"), 2, 1, NULL);
	flame_graph_finish(&g, 0);
	ck_assert(g.tested);
	ck_assert_str_eq(describe(&g),
	                 "all@0:0-47 p@1:0-47 grow@2:5-37 shrink@2:37-47");
	/* A stack's test and self width go to the node where it ends. */
	ck_assert_int_eq(g.nodes[2].test.verdict, FLAME_SIGNIFICANT);
	ck_assert(fabs(g.nodes[2].test.p - 0.001) < 1e-6);
	ck_assert(g.nodes[2].self == 32 && g.nodes[2].delta == 21);
	ck_assert_int_eq(g.nodes[3].test.verdict, FLAME_NOISE);
	ck_assert(g.nodes[1].self == 5);
	ck_assert(g.nodes[0].self == 0);
	/* The colour scale comes from significant changes only. */
	ck_assert(g.max_delta == 21);
	flame_graph_free(&g);
}
END_TEST

START_TEST(prune_narrow_frames)
{
	static const char *const lines[] = {"a;b;c;d 1", "a;e 99", NULL};
	struct flame_graph g;

	flame_graph_init(&g, false, false);
	unit_flame_graph_lines(&g, lines, false);
	ck_assert_uint_eq(g.max_depth, 4);
	flame_graph_free(&g);

	/* Finished at 2 counts: the frames of a;b;c;d are left out. */
	flame_graph_init(&g, false, false);
	flame_graph_add(&g, span_cstr("a;b;c;d"), 1, 0);
	flame_graph_add(&g, span_cstr("a;e"), 99, 0);
	ck_assert(flame_graph_total(&g) == 100);
	flame_graph_finish(&g, 2);
	ck_assert_str_eq(describe(&g), "all@0:0-100 a@1:0-100 e@2:1-100");
	ck_assert_uint_eq(g.max_depth, 2);
	flame_graph_free(&g);
}
END_TEST

/* Narrow frames are dropped as they close: the nodes kept in memory are
   the frames drawn, not every frame of every distinct stack.  A flame
   chart, merged as it is read, is pruned alike at the end. */
START_TEST(narrow_frames_never_held)
{
	for (int chart = 0; chart <= 1; chart++) {
		struct flame_graph g;
		char stack[64];

		flame_graph_init(&g, false, chart);
		flame_graph_add(&g, span_cstr("main;wide"), 100000, 0);
		for (int i = 0; i < 5000; i++) {
			int n = snprintf(stack, sizeof stack,
			                 "main;narrow%04d;x;y", i);
			flame_graph_add(&g, span_make(stack, (size_t)n), 1, 0);
		}
		flame_graph_finish(&g, 2);
		ck_assert_str_eq(describe(&g),
		                 chart ? "all@0:0-105000 main@1:0-105000 "
		                         "wide@2:0-100000"
		                       : "all@0:0-105000 main@1:0-105000 "
		                         "wide@2:5000-105000");
		if (!chart)
			ck_assert_uint_lt(g.nodes_cap, 64);
		flame_graph_free(&g);
	}
}
END_TEST

/* Numbers from flamegraph.pl's dd graph: 10 samples of 100 are 118 px. */
START_TEST(layout_in_pixels)
{
	struct flame_layout l = {.image_width = 1200,
	                         .frame_height = 16,
	                         .font_size = 12,
	                         .font_width = 0.59};
	struct flame_node n = {.name = 0, .depth = 6, .start = 20, .end = 30};

	flame_layout_init(&l, 100, 10);
	ck_assert(fabs(l.image_height - (11 * 16 + 36 + 34)) < 1e-9);
	struct flame_box b = flame_layout_box(&l, &n);
	ck_assert(fabs(b.x1 - 246) < 1e-9 && fabs(b.x2 - 364) < 1e-9);
	ck_assert(fabs(b.y1 - 101) < 1e-9 && fabs(b.y2 - 116) < 1e-9);
	ck_assert_uint_eq(flame_layout_label_chars(&l, b.x2 - b.x1), 16);

	l.inverted = true;
	b = flame_layout_box(&l, &n);
	ck_assert(fabs(b.y1 - (36 + 6 * 16)) < 1e-9);
	ck_assert(fabs(b.y2 - b.y1 - 15) < 1e-9);

	/* The root spans the whole width even when --total is larger. */
	struct flame_node root = {.name = FLAME_ROOT, .end = 50};
	l.inverted = false;
	b = flame_layout_box(&l, &root);
	ck_assert(fabs(b.x2 - 1190) < 1e-9);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {equal_stacks_merge,
	                        sorted_as_lines,
	                        reverse_merges_leaves,
	                        flamechart_keeps_input_order,
	                        shared_beginnings_parsed_right,
	                        diff_widths_and_deltas,
	                        tested_diff_colours_only_significant,
	                        prune_narrow_frames,
	                        narrow_frames_never_held,
	                        layout_in_pixels,
	                        NULL};
	return unit_main("flame_graph", tests);
}
