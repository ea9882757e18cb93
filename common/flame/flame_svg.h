/*
 * flame_svg.h - a flame graph as one self-contained interactive SVG.
 *
 * The document needs nothing outside itself: the style and the script are
 * inline.  Its structure is the one flamegraph.pl writes, so tools that
 * read those SVGs read these: a <g id="frames"> whose children are one <g>
 * per frame holding <title>, <rect> and, when the label fits, <text>.
 * Frames are written in pre-order (a frame, then its descendants), which
 * lets the script find a subtree as a contiguous run.
 * The controls and the details line come after the frames, in
 * <g id="controls"> and <g id="status">, so that the script can keep them
 * in view, drawn over the frames, while a tall graph scrolls.
 *
 * Titles read "name (1,234 samples, 5.67%)", or with a diff input
 * "name (1,234 samples, 5.67%; +1.23%)", and with diffstacks' tests
 * "name (1,234 samples, 5.67%; +1.23%; self A 10 -> B 25, p=0.0012
 * q=0.031, significant)": a frame whose change is not significant, or was
 * not tested, is drawn white, as one that did not change.  Rectangles have
 * flamegraph.pl's x and width to 0.1 pixel; x carries more digits so that
 * zooming stays exact.
 */
#ifndef PERFVIEWS_FLAME_SVG_H
#define PERFVIEWS_FLAME_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include "flame/flame_graph.h"
#include "flame/palette.h"

struct flame_svg_options {
	const char *title;     /* NULL: "Flame Graph", "Icicle Graph", ... */
	const char *subtitle;  /* NULL or "": none */
	const char *notes;     /* NULL or "": none */
	const char *nametype;  /* "Function:" */
	const char *countname; /* "samples" */
	const char *font_type; /* "Verdana" */
	enum palette palette;
	bool hash_colours;     /* --hash */
	char background[2][8]; /* gradient, "#rrggbb" */
	bool negate;           /* diff: swap red and blue */
	bool a_widths;         /* diff: widths are A's (columns B A) */
	double factor;         /* counts are shown multiplied by this */
};

/* The whole document for a finished, pruned graph laid out by l. */
void flame_svg_write(FILE *out, const struct flame_graph *g,
                     const struct flame_layout *l,
                     const struct flame_svg_options *o);

/* A small valid document that shows message instead of a graph. */
void flame_svg_write_message(FILE *out, const struct flame_layout *l,
                             const struct flame_svg_options *o,
                             const char *message);

/*
 * The style and script embedded in every graph, NUL-terminated: the files
 * flame_style.css and flame_script.js, copied in by flame_script.c.
 */
extern const char flame_script[];
extern const char flame_style[];

/*
 * How many lines a subtitle takes at the layout's width: a long one wraps
 * at blanks (a word longer than a line is cut into lines).
 */
unsigned flame_svg_subtitle_lines(const struct flame_layout *l,
                                  const char *subtitle);

#endif
