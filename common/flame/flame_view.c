/*
 * flame_view.c - see flame_view.h.
 */
#include <string.h>

#include "base/cli.h"
#include "base/message.h"
#include "flame/flame_view.h"
#include "flame/palette.h"

void
flame_view_defaults(struct flame_view_options *o)
{
	memset(o, 0, sizeof *o);
	o->layout.image_width = 1200;
	o->layout.frame_height = 16;
	o->layout.font_size = 12;
	o->layout.font_width = 0.59;
	o->min_width = 0.1;
	o->svg.nametype = "Function:";
	o->svg.countname = "samples";
	o->svg.font_type = "Verdana";
	o->svg.palette = PALETTE_HOT;
	o->svg.factor = 1;
}

void
flame_view_settle(struct flame_view_options *o)
{
	if (!palette_background(o->bgcolors, o->svg.palette,
	                        o->svg.background[0], o->svg.background[1]))
		usage_error("unknown background '%s': want yellow, blue, "
		            "green, grey or #rrggbb",
		            o->bgcolors);
	if (o->layout.image_width <= 2 * FLAME_XPAD)
		usage_error("bad --width %d: want more than %d pixels",
		            o->layout.image_width, 2 * FLAME_XPAD);
	o->layout.subtitle =
	    flame_svg_subtitle_lines(&o->layout, o->svg.subtitle);
}

/* The counts the full width stands for: the total, or a larger total. */
static double
full_width_total(const struct flame_view_options *o, double total)
{
	if (o->total == 0 || o->total >= total)
		return o->total > 0 ? o->total : total;
	if (o->total / total > 0.02)
		warnmsg("--total %g is less than the actual total %g; ignored",
		        o->total, total);
	return total;
}

bool
flame_view_write(FILE *out, struct flame_graph *g, struct flame_view_options *o)
{
	double total = flame_graph_total(g);

	if (!(total > 0)) {
		flame_layout_init(&o->layout, 0, 0);
		flame_svg_write_message(out, &o->layout, &o->svg,
		                        "No samples: the input has no stacks "
		                        "with a count.");
		return false;
	}
	double full = full_width_total(o, total);
	double min_width = o->min_width_percent
	                       ? full * o->min_width / 100
	                       : o->min_width * full /
	                             (o->layout.image_width - 2.0 * FLAME_XPAD);
	flame_graph_finish(g, min_width);
	flame_layout_init(&o->layout, full, g->max_depth);
	flame_svg_write(out, g, &o->layout, &o->svg);
	return true;
}
