/*
 * flame_view.h - a flame graph drawn as flamesvg draws it: its options
 * with their defaults (flamegraph.pl's), checked, and a finished graph
 * written as one SVG document, or a message in one when it has no
 * samples.  flamesvg reads folded stacks into a flame_graph and calls
 * this; so does whatever has its stacks already (perfviews views of a
 * perf.data, from its fold).
 */
#ifndef PERFVIEWS_FLAME_VIEW_H
#define PERFVIEWS_FLAME_VIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "flame/flame_graph.h"
#include "flame/flame_svg.h"

struct flame_view_options {
	struct flame_svg_options svg;
	struct flame_layout layout;
	double min_width; /* pixels, or percent of the total */
	bool min_width_percent;
	double total;         /* counts across the width; 0: the graph's */
	const char *bgcolors; /* NULL: the palette's default */
	bool reverse;         /* merge stacks from the leaves */
	bool flamechart;      /* input order, stacks not merged */
};

/* flamesvg's defaults: 1200 pixels wide, frames 16 high, hot, ... */
void flame_view_defaults(struct flame_view_options *o);

/*
 * After the options are set: the background from bgcolors and the
 * palette, the lines the subtitle takes.  A bad background or width is a
 * usage error.
 */
void flame_view_settle(struct flame_view_options *o);

/*
 * g (made with o's reverse and flamechart, its stacks added) finished and
 * written to out; false when it has no samples, the document then saying
 * so.
 */
bool flame_view_write(FILE *out, struct flame_graph *g,
                      struct flame_view_options *o);

#endif
