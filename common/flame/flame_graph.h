/*
 * flame_graph.h - the frames of a flame graph, built from folded stacks.
 *
 * Stacks are added one line at a time; equal stacks are merged as they come,
 * so memory grows with the number of distinct stacks, not lines.  Finishing
 * lays the stacks out as flamegraph.pl does: sorted bytewise by their folded
 * text (as whole lines: the end of a stack sorts like the space before its
 * count), then each stack's frames merged with the frames of the stack
 * before it while their names agree from the root.  A flame chart keeps
 * input order instead, so a frame spans only consecutive lines.
 *
 * The result is an array of nodes in pre-order: a node comes before its
 * descendants, and they follow it contiguously.  Node 0 is the root, "all".
 * Positions are in counts; a layout turns them into pixels.  Only the
 * frames to be drawn are kept: a node narrower than the minimum width is
 * dropped as soon as it closes, with its descendants (the nodes after
 * it), so that memory follows the frames drawn and the distinct stacks,
 * not every frame of every stack.
 *
 * In a diff file ("stack A B") widths are B and each node's delta is B - A
 * summed over the stacks that end at that node.  A diff file written by
 * diffstacks also says whether each stack's change is significant
 * (flame_graph_add_tested); the node where a stack ends takes its test.
 */
#ifndef PERFVIEWS_FLAME_GRAPH_H
#define PERFVIEWS_FLAME_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "base/tuple_table.h"
#include "base/string_table.h"

/* The name id of the root node. */
#define FLAME_ROOT UINT32_MAX

/* Which columns of a diff file have a name (flame_graph.sides_of). */
enum { FLAME_IN_WIDTHS = 1, FLAME_IN_OTHER = 2 };

/* diffstacks' test of the change of one stack. */
enum flame_verdict { FLAME_UNTESTED, FLAME_SIGNIFICANT, FLAME_NOISE };

struct flame_test {
	float p, q;      /* p-value, and adjusted (Benjamini–Hochberg) */
	uint8_t verdict; /* enum flame_verdict */
};

struct flame_node {
	uint32_t name;  /* id in the graph's names, or FLAME_ROOT */
	uint32_t depth; /* 0 for the root */
	double start;   /* left edge, in counts */
	double end;     /* right edge, in counts */
	double delta;   /* diff input: B - A of the stacks ending here */
	double self;    /* width of the stacks ending here */
	double other;   /* diff input: the other side's count of the stacks
	                   through here; 0: the frame is on one side only */
	/* Tested diff input: the test of the stack ending here. */
	struct flame_test test;
};

struct flame_graph {
	bool reverse;    /* leaf first: merge from the leaves */
	bool flamechart; /* input order, no sorting */
	bool diff;       /* two counts per line */
	bool tested;     /* diff input with diffstacks' tests */

	struct string_table names;
	struct tuple_table stacks;  /* name ids, root first as drawn */
	double *width_of;           /* by stack id */
	double *delta_of;           /* by stack id */
	struct flame_test *test_of; /* by stack id */
	/* Diff input, by name id: FLAME_IN_WIDTHS and FLAME_IN_OTHER, the
	   columns with a count on some stack through a frame of the name. */
	uint8_t *sides_of;
	size_t sides_cap;
	size_t width_cap, delta_cap, test_cap;

	/* The previous line, so a shared beginning is not parsed again. */
	char *line;
	size_t line_n, line_cap;
	uint32_t *line_ids; /* its frames' name ids, as read */
	size_t *line_ends;  /* where each of its frames ends */
	size_t line_frames;
	size_t line_ids_cap, line_ends_cap;
	uint32_t *drawn_ids; /* the frames in drawing order */
	size_t drawn_ids_cap;

	/* Merging: the path of open nodes of the stack merged last. */
	uint32_t *path_ids;   /* name ids, depth 1 first */
	uint32_t *path_nodes; /* node index by depth; [0] is the root */
	size_t path_n, path_ids_cap, path_nodes_cap;
	double time;      /* counts merged so far */
	double total;     /* counts added so far */
	double min_width; /* narrower nodes are dropped (flame_graph_finish) */

	struct flame_node *nodes;
	size_t nnodes, nodes_cap;
	uint32_t max_depth; /* after flame_graph_finish */
	/* Largest |delta| of a node kept (when tested: of a significant
	   node), the deepest colour. */
	double max_delta;
	bool finished;
};

void flame_graph_init(struct flame_graph *g, bool reverse, bool flamechart);
void flame_graph_free(struct flame_graph *g);

/*
 * Add one folded stack ("root;...;leaf") with its width and, for a diff
 * file, its delta (B - A).  Trailing empty frames are ignored.
 */
void flame_graph_add(struct flame_graph *g, struct span stack, double width,
                     double delta);
/* The same, with the stack's test; sets tested. */
void flame_graph_add_tested(struct flame_graph *g, struct span stack,
                            double width, double delta,
                            const struct flame_test *test);

/*
 * Sort and merge: fills nodes with the frames min_width counts wide or
 * wider (a frame's descendants are no wider than it), and sets max_depth
 * and max_delta from them.  Call once, after the last add.
 */
void flame_graph_finish(struct flame_graph *g, double min_width);

/* Sum of the widths added: the root's width. */
static inline double
flame_graph_total(const struct flame_graph *g)
{
	return g->total;
}

/* Diff input: a function both sides have, whatever the stacks say. */
void flame_graph_in_both(struct flame_graph *g, struct span name);

/*
 * Diff input: is the node's function on its side only, nowhere in the
 * other column's stacks (new, or gone)?  A function the other side has on
 * other paths is not: its path changed, the code did not.  The root never.
 */
bool flame_graph_one_side(const struct flame_graph *g,
                          const struct flame_node *n);

/* The name of a node ("all" for the root). */
struct span flame_graph_name(const struct flame_graph *g,
                             const struct flame_node *n);

/*
 * Geometry, in pixels, as flamegraph.pl computes it: a frame is
 * frame_height high less one pixel of padding, frames span the image width
 * less 10 pixels each side, and there is room above for the title (and
 * subtitle) and below for the details line.
 */
enum { FLAME_XPAD = 10, FLAME_FRAME_PAD = 1 };

struct flame_layout {
	int image_width;
	int frame_height;
	double font_size;
	double font_width; /* average character width / font size */
	bool inverted;     /* icicle: the root at the top */
	unsigned subtitle; /* lines of subtitle to leave room for */

	/* Set by flame_layout_init. */
	double total; /* counts across the full width */
	double pixels_per_count;
	double image_height;
};

struct flame_box {
	double x1, x2, y1, y2;
};

/* Fill in the computed fields; total is the graph's total or --total. */
void flame_layout_init(struct flame_layout *l, double total,
                       uint32_t max_depth);
/* The rectangle of a node; the root spans the full width. */
struct flame_box flame_layout_box(const struct flame_layout *l,
                                  const struct flame_node *n);
/* How many characters of a label fit in width pixels. */
size_t flame_layout_label_chars(const struct flame_layout *l, double width);
/* Space above the frames: title, and subtitle when there is one. */
double flame_layout_top(const struct flame_layout *l);
/* Space below the frames, for the details line. */
double flame_layout_bottom(const struct flame_layout *l);

#endif
