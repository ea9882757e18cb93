/*
 * flame_graph.c - see flame_graph.h.
 *
 * Merging follows the stacks in drawing order with a path of open nodes:
 * a stack closes the open nodes below the first frame where it differs from
 * the path, and opens a node for each of its frames from there.  Nodes are
 * appended as they open, which is pre-order; a node that closes narrower
 * than the minimum width is dropped by cutting the array back to it, since
 * every node after it is its descendant (and closed before it).  Sorted
 * stacks are merged once all are added, when the total, and so the
 * minimum width, is known; a flame chart merges as it reads, and is pruned
 * at the end.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "flame/flame_graph.h"
#include "input/folded.h"

void
flame_graph_init(struct flame_graph *g, bool reverse, bool flamechart)
{
	memset(g, 0, sizeof *g);
	g->reverse = reverse;
	g->flamechart = flamechart;
	string_table_init(&g->names);
	tuple_table_init(&g->stacks);
}

void
flame_graph_free(struct flame_graph *g)
{
	string_table_free(&g->names);
	tuple_table_free(&g->stacks);
	free(g->width_of);
	free(g->delta_of);
	free(g->test_of);
	free(g->sides_of);
	free(g->line);
	free(g->line_ids);
	free(g->line_ends);
	free(g->drawn_ids);
	free(g->path_ids);
	free(g->path_nodes);
	free(g->nodes);
	memset(g, 0, sizeof *g);
}

static uint32_t
new_node(struct flame_graph *g, uint32_t name, size_t depth)
{
	if (g->nnodes >= UINT32_MAX)
		die(EXIT_DATA, "too many frames");
	g->nodes = array_reserve(g->nodes, &g->nodes_cap, g->nnodes + 1,
	                         sizeof *g->nodes);
	struct flame_node *n = &g->nodes[g->nnodes];
	n->name = name;
	n->depth = (uint32_t)depth;
	n->start = g->time;
	n->end = g->time;
	n->delta = 0;
	n->self = 0;
	memset(&n->test, 0, sizeof n->test);
	return (uint32_t)g->nnodes++;
}

static void
ensure_path(struct flame_graph *g, size_t depth)
{
	g->path_ids = array_reserve(g->path_ids, &g->path_ids_cap, depth + 1,
	                            sizeof *g->path_ids);
	g->path_nodes = array_reserve(g->path_nodes, &g->path_nodes_cap,
	                              depth + 1, sizeof *g->path_nodes);
}

/* Close the open nodes deeper than depth, dropping the narrow ones. */
static void
close_path(struct flame_graph *g, size_t depth)
{
	for (size_t d = g->path_n; d > depth; d--) {
		uint32_t i = g->path_nodes[d];
		struct flame_node *n = &g->nodes[i];
		n->end = g->time;
		if (n->end - n->start < g->min_width)
			g->nnodes = i;
	}
}

/* Merge one stack (name ids, root side first) into the nodes. */
static void
merge_stack(struct flame_graph *g, const uint32_t *ids, size_t n, double width,
            double delta, const struct flame_test *test)
{
	if (g->nnodes == 0) {
		ensure_path(g, 0);
		g->path_nodes[0] = new_node(g, FLAME_ROOT, 0);
	}
	ensure_path(g, n);

	size_t same = 0;
	while (same < n && same < g->path_n && g->path_ids[same] == ids[same])
		same++;
	close_path(g, same);
	for (size_t depth = same + 1; depth <= n; depth++) {
		g->path_ids[depth - 1] = ids[depth - 1];
		g->path_nodes[depth] = new_node(g, ids[depth - 1], depth);
	}
	g->path_n = n;
	for (size_t depth = 0; depth <= n; depth++)
		g->nodes[g->path_nodes[depth]].other += width - delta;
	struct flame_node *leaf = &g->nodes[g->path_nodes[n]];
	leaf->delta += delta;
	leaf->self += width;
	if (test != NULL && test->verdict != FLAME_UNTESTED)
		leaf->test = *test;
	g->time += width;
}

static void
ensure_line_frames(struct flame_graph *g, size_t frames)
{
	g->line_ids = array_reserve(g->line_ids, &g->line_ids_cap, frames,
	                            sizeof *g->line_ids);
	g->line_ends = array_reserve(g->line_ends, &g->line_ends_cap, frames,
	                             sizeof *g->line_ends);
}

static size_t
common_prefix(const char *a, size_t an, const char *b, size_t bn)
{
	size_t n = an < bn ? an : bn, i = 0;

	while (i + 8 <= n) {
		uint64_t x, y;
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			break;
		i += 8;
	}
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/*
 * Parse the frames of stack into line_ids, reusing the ids of the frames
 * it shares with the previous line (sorted input shares long beginnings).
 */
static size_t
parse_frames(struct flame_graph *g, struct span stack)
{
	size_t common = common_prefix(g->line, g->line_n, stack.p, stack.n);
	size_t keep = 0;

	/* A frame is shared when the ';' after it matched too. */
	while (keep < g->line_frames && g->line_ends[keep] < common)
		keep++;
	if (common == stack.n && common == g->line_n)
		keep = g->line_frames;

	size_t nframes = keep;
	if (keep < g->line_frames || common < stack.n || stack.n == 0 ||
	    g->line_frames == 0) {
		size_t offset = keep > 0 ? g->line_ends[keep - 1] + 1 : 0;
		struct span rest =
		    span_make(stack.p + offset, stack.n - offset);
		struct span frame;
		while (folded_next_frame(&rest, &frame)) {
			ensure_line_frames(g, nframes + 1);
			g->line_ids[nframes] =
			    string_table_intern(&g->names, frame);
			g->line_ends[nframes] =
			    (size_t)(frame.p + frame.n - stack.p);
			nframes++;
		}
	}
	g->line = array_reserve(g->line, &g->line_cap, stack.n + 1, 1);
	memcpy(g->line, stack.p, stack.n);
	g->line_n = stack.n;
	g->line_frames = nframes;

	/* "a;b;" is the stack a;b, as flamegraph.pl splits it. */
	while (nframes > 0 && g->names.strings[g->line_ids[nframes - 1]].n == 0)
		nframes--;
	return nframes;
}

static void
ensure_counts(struct flame_graph *g, uint32_t id)
{
	/* New counts start at zero: array_reserve clears what it adds. */
	g->width_of = array_reserve(g->width_of, &g->width_cap, (size_t)id + 1,
	                            sizeof *g->width_of);
	g->delta_of = array_reserve(g->delta_of, &g->delta_cap, (size_t)id + 1,
	                            sizeof *g->delta_of);
	g->test_of = array_reserve(g->test_of, &g->test_cap, (size_t)id + 1,
	                           sizeof *g->test_of);
}

/* Diff input: the columns with a count mark the names of the stack. */
static void
mark_sides(struct flame_graph *g, const uint32_t *ids, size_t n, double width,
           double delta)
{
	uint8_t sides = (width != 0 ? FLAME_IN_WIDTHS : 0) |
	                (width - delta != 0 ? FLAME_IN_OTHER : 0);

	for (size_t i = 0; i < n; i++) {
		g->sides_of = array_reserve(g->sides_of, &g->sides_cap,
		                            (size_t)ids[i] + 1, 1);
		g->sides_of[ids[i]] |= sides;
	}
}

void
flame_graph_in_both(struct flame_graph *g, struct span name)
{
	uint32_t id = string_table_intern(&g->names, name);

	g->sides_of =
	    array_reserve(g->sides_of, &g->sides_cap, (size_t)id + 1, 1);
	g->sides_of[id] |= FLAME_IN_WIDTHS | FLAME_IN_OTHER;
}

bool
flame_graph_one_side(const struct flame_graph *g, const struct flame_node *n)
{
	if (n->depth == 0 || n->name == FLAME_ROOT)
		return false;
	return n->name >= g->sides_cap ||
	       !(g->sides_of[n->name] & FLAME_IN_OTHER);
}

static void
add_stack(struct flame_graph *g, struct span stack, double width, double delta,
          const struct flame_test *test)
{
	size_t n = parse_frames(g, stack);
	const uint32_t *ids = g->line_ids;

	g->total += width;
	if (g->diff)
		mark_sides(g, ids, n, width, delta);

	if (g->reverse) {
		g->drawn_ids = array_reserve(g->drawn_ids, &g->drawn_ids_cap, n,
		                             sizeof *g->drawn_ids);
		for (size_t i = 0; i < n; i++)
			g->drawn_ids[i] = g->line_ids[n - 1 - i];
		ids = g->drawn_ids;
	}
	if (g->flamechart) {
		merge_stack(g, ids, n, width, delta, test);
		return;
	}
	uint32_t id = tuple_table_intern(&g->stacks, ids, n);
	ensure_counts(g, id);
	g->width_of[id] += width;
	g->delta_of[id] += delta;
	if (test != NULL && test->verdict != FLAME_UNTESTED)
		g->test_of[id] = *test;
}

void
flame_graph_add(struct flame_graph *g, struct span stack, double width,
                double delta)
{
	add_stack(g, stack, width, delta, NULL);
}

void
flame_graph_add_tested(struct flame_graph *g, struct span stack, double width,
                       double delta, const struct flame_test *test)
{
	g->tested = true;
	add_stack(g, stack, width, delta, test);
}

/*
 * Order of stacks as flamegraph.pl sorts its lines: bytewise on the folded
 * text, where a stack that ends is followed by the space before its count.
 */
static int
compare_stacks(const void *pa, const void *pb, void *arg)
{
	const struct flame_graph *g = arg;
	uint32_t na, nb;
	const uint32_t *a =
	    tuple_table_get(&g->stacks, *(const uint32_t *)pa, &na);
	const uint32_t *b =
	    tuple_table_get(&g->stacks, *(const uint32_t *)pb, &nb);
	return folded_compare(&g->names, a, na, b, nb, ' ');
}

static void
merge_sorted(struct flame_graph *g)
{
	uint32_t count = tuple_table_count(&g->stacks);
	uint32_t *order = xcalloc(count, sizeof *order);

	for (uint32_t i = 0; i < count; i++)
		order[i] = i;
	qsort_r(order, count, sizeof *order, compare_stacks, g);
	for (uint32_t i = 0; i < count; i++) {
		uint32_t n;
		const uint32_t *ids = tuple_table_get(&g->stacks, order[i], &n);
		merge_stack(g, ids, n, g->width_of[order[i]],
		            g->delta_of[order[i]], &g->test_of[order[i]]);
	}
	free(order);
}

/*
 * Keep the nodes min_width wide or wider, and set max_depth and max_delta
 * from them.  Sorted stacks have dropped the narrower ones as they closed;
 * a flame chart's, merged before the total was known, are dropped here.
 */
static void
prune(struct flame_graph *g, double min_width)
{
	size_t kept = 0;

	g->max_depth = 0;
	g->max_delta = 0;
	for (size_t i = 0; i < g->nnodes; i++) {
		struct flame_node *n = &g->nodes[i];
		if (n->end - n->start < min_width)
			continue;
		if (n->depth > g->max_depth)
			g->max_depth = n->depth;
		bool drawn_changed =
		    !g->tested || n->test.verdict == FLAME_SIGNIFICANT;
		if (drawn_changed && fabs(n->delta) > g->max_delta)
			g->max_delta = fabs(n->delta);
		g->nodes[kept++] = *n;
	}
	g->nnodes = kept;
}

void
flame_graph_finish(struct flame_graph *g, double min_width)
{
	if (g->finished)
		return;
	g->finished = true;
	g->min_width = min_width;
	if (!g->flamechart)
		merge_sorted(g);
	if (g->nnodes > 0) {
		/* The root is closed here, the rest by close_path. */
		close_path(g, 0);
		g->nodes[0].end = g->time;
		g->path_n = 0;
	}
	prune(g, min_width);
}

struct span
flame_graph_name(const struct flame_graph *g, const struct flame_node *n)
{
	if (n->name == FLAME_ROOT)
		return span_cstr("all");
	return string_table_get(&g->names, n->name);
}

double
flame_layout_top(const struct flame_layout *l)
{
	if (l->subtitle == 0)
		return l->font_size * 3;
	return l->font_size * 5 + (l->subtitle - 1) * l->font_size * 1.25;
}

double
flame_layout_bottom(const struct flame_layout *l)
{
	return l->font_size * 2 + 10;
}

void
flame_layout_init(struct flame_layout *l, double total, uint32_t max_depth)
{
	l->total = total;
	l->pixels_per_count =
	    total > 0 ? (l->image_width - 2.0 * FLAME_XPAD) / total : 0;
	l->image_height = (max_depth + 1.0) * l->frame_height +
	                  flame_layout_top(l) + flame_layout_bottom(l);
}

struct flame_box
flame_layout_box(const struct flame_layout *l, const struct flame_node *n)
{
	struct flame_box b;
	double end = n->depth == 0 ? l->total : n->end;

	b.x1 = FLAME_XPAD + n->start * l->pixels_per_count;
	b.x2 = FLAME_XPAD + end * l->pixels_per_count;
	if (l->inverted) {
		b.y1 = flame_layout_top(l) + (double)n->depth * l->frame_height;
		b.y2 = b.y1 + l->frame_height - FLAME_FRAME_PAD;
	} else {
		b.y2 = l->image_height - flame_layout_bottom(l) -
		       (double)n->depth * l->frame_height;
		b.y1 = b.y2 - l->frame_height + FLAME_FRAME_PAD;
	}
	return b;
}

size_t
flame_layout_label_chars(const struct flame_layout *l, double width)
{
	double chars = width / (l->font_size * l->font_width);
	return chars > 0 ? (size_t)chars : 0;
}
