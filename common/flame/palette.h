/*
 * palette.h - the colours of flame graph frames and backgrounds.
 *
 * A frame's colour depends on its name only, so one function has the same
 * colour wherever it appears and in every graph drawn with the same palette.
 * Multi-hue palettes (java, js, perl, python, chain) first sort a name into
 * a kind of code from its annotation (_[k] kernel, _[j] JIT, _[i] inlined,
 * _[w] waker) or its form, then shade the kind's hue.  In the python
 * palette a category in brackets ("[float]", pyprofile --folded's leaves)
 * has the category's fixed colour.
 */
#ifndef PERFVIEWS_PALETTE_H
#define PERFVIEWS_PALETTE_H

#include <stdbool.h>

#include "base/span.h"

enum palette {
	PALETTE_HOT,
	PALETTE_MEM,
	PALETTE_IO,
	PALETTE_WAKEUP,
	PALETTE_CHAIN,
	PALETTE_RED,
	PALETTE_GREEN,
	PALETTE_BLUE,
	PALETTE_AQUA,
	PALETTE_YELLOW,
	PALETTE_PURPLE,
	PALETTE_ORANGE,
	PALETTE_JAVA,
	PALETTE_JS,
	PALETTE_PERL,
	PALETTE_PYTHON,
};

struct rgb {
	unsigned char r, g, b;
};

/* The palette called name ("hot", "java", ...); false if there is none. */
bool palette_parse(const char *name, enum palette *out);

/*
 * The colour of the frame called name.  by_prefix (--hash) makes names
 * that start alike look alike; otherwise the colour is a hash of the whole
 * name.  waker is true for frames above a "--" separator (chain graphs).
 * The separators "--" and "-" are grey in every palette.
 */
struct rgb palette_colour(enum palette p, struct span name, bool by_prefix,
                          bool waker);

/*
 * The colour of a frame in a differential graph: red for growth, blue for
 * shrinkage, white for none, deeper as |delta| approaches max_delta.
 */
/*
 * A frame of a differential graph on one side only: new (only in B,
 * purple) or gone (only in A, green).
 */
struct rgb palette_one_side_colour(bool only_a);

struct rgb palette_diff_colour(double delta, double max_delta);

/*
 * The colour of a category in every chart: a fixed colour for the
 * categories of the shipped rules and of --python ("interpreter", "gc",
 * "kernel", "stdlib", ...), chosen so that neighbours in a bar differ;
 * "unknown" is light grey; any other name gets a mid-tone colour from a
 * hash of the name, so it too is the same in every chart.
 */
struct rgb palette_category_colour(struct span category);

/*
 * The background gradient for a --bgcolors value ("yellow", "blue",
 * "green", "grey", or "#rrggbb"; NULL or "" picks the palette's default),
 * as two "#rrggbb" strings.  False for a value that is none of these.
 */
bool palette_background(const char *bgcolors, enum palette p, char top[8],
                        char bottom[8]);

#endif
