/*
 * flamesvg - draw folded stacks as an interactive flame graph.
 *
 * Reads folded stacks ("root;...;leaf COUNT", as collapse writes them, or
 * "stack A B" for a differential graph) and writes one self-contained SVG:
 * hover for details, click to zoom, search with a regular expression.  The
 * layout is flamegraph.pl's; see flamesvg(1) for where it differs.  A
 * differential input written by diffstacks carries its tests on comment
 * lines: frames whose change is not significant are drawn white.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "flame/flame_graph.h"
#include "flame/flame_input.h"
#include "flame/flame_view.h"
#include "flame/palette.h"

struct options {
	struct flame_view_options view;
	bool strict;
};

/* --width, --height: whole pixels. */
static void
pixels_option(void *field, const char *value, const char *option)
{
	uint64_t v;

	if (!parse_u64(value, &v) || v == 0 || v > 1000000)
		usage_error("bad %s '%s': want a whole number of pixels",
		            option, value);
	*(int *)field = (int)v;
}

/* --fontsize, --fontwidth, --total, --factor: a positive number. */
static void
positive_option(void *field, const char *value, const char *option)
{
	double v;

	if (!parse_double(value, &v) || !(v > 0) || v > 1e300)
		usage_error("bad %s '%s': want a positive number", option,
		            value);
	*(double *)field = v;
}

/* --minwidth: "0.5" pixels or "2%" of the total. */
static void
min_width_option(void *field, const char *value, const char *option)
{
	struct flame_view_options *o = field;
	size_t n = strlen(value);
	char number[64];

	o->min_width_percent = n > 0 && value[n - 1] == '%';
	if (o->min_width_percent)
		n--;
	if (n == 0 || n >= sizeof number)
		usage_error("bad %s '%s': want pixels or N%%", option, value);
	memcpy(number, value, n);
	number[n] = '\0';
	if (!parse_double(number, &o->min_width) || o->min_width < 0)
		usage_error("bad %s '%s': want pixels or N%%", option, value);
}

static void
palette_option(void *field, const char *value, const char *option)
{
	(void)option;
	if (!palette_parse(value, field))
		usage_error("unknown palette '%s'", value);
}

#define O struct options
static const struct option_row flamesvg_options[] = {
    OPT_TEXT(0, "title", "TEXT", O, view.svg.title,
             "title (default \"Flame Graph\")"),
    OPT_TEXT(0, "subtitle", "TEXT", O, view.svg.subtitle,
             "second line under the title"),
    OPT_TEXT(0, "notes", "TEXT", O, view.svg.notes,
             "notes kept in the SVG (<desc>)"),
    OPT_CALL(0, "width", "PX", O, view.layout.image_width, pixels_option,
             "image width (default 1200)"),
    OPT_CALL(0, "height", "PX", O, view.layout.frame_height, pixels_option,
             "height of a frame (default 16)"),
    OPT_CALL(0, "fontsize", "PX", O, view.layout.font_size, positive_option,
             "font size (default 12)"),
    OPT_TEXT(0, "fonttype", "FONT", O, view.svg.font_type,
             "font family (default Verdana)"),
    OPT_CALL(0, "fontwidth", "RATIO", O, view.layout.font_width,
             positive_option,
             "average character width / font size (default 0.59)"),
    OPT_CALL(0, "minwidth", "PX|N%", O, view, min_width_option,
             "omit narrower frames (default 0.1 pixel)"),
    OPT_TEXT(0, "countname", "TEXT", O, view.svg.countname,
             "what counts are (default \"samples\")"),
    OPT_TEXT(0, "nametype", "TEXT", O, view.svg.nametype,
             "what names are (default \"Function:\")"),
    OPT_CALL(0, "colors", "PALETTE", O, view.svg.palette, palette_option,
             "hot (default), mem, io, wakeup, chain, red, green,\n"
             "blue, aqua, yellow, purple, orange, java, js, perl,\n"
             "python"),
    OPT_TEXT(0, "bgcolors", "COLOR", O, view.bgcolors,
             "yellow, blue, green, grey or #rrggbb"),
    OPT_FLAG(0, "hash", O, view.svg.hash_colours,
             "names that start alike get alike colours"),
    OPT_FLAG(0, "reverse", O, view.reverse, "merge stacks from the leaves"),
    OPT_FLAG(0, "inverted", O, view.layout.inverted,
             "icicle graph: root at the top"),
    OPT_FLAG(0, "flamechart", O, view.flamechart,
             "keep input order, do not merge stacks"),
    OPT_FLAG(0, "negate", O, view.svg.negate, "diff input: swap red and blue"),
    OPT_CALL(0, "total", "N", O, view.total, positive_option,
             "counts across the full width"),
    OPT_CALL(0, "factor", "F", O, view.svg.factor, positive_option,
             "multiply counts shown by F"),
    OPT_FLAG(0, "strict", O, strict, "a line without a count is fatal"),
    OPT_END,
};
#undef O

static const struct program flamesvg = {
    .name = "flamesvg",
    .operands = "[file ...]",
    .summary = "Draw folded stacks as an interactive flame graph (SVG on "
               "stdout).",
    .options = flamesvg_options,
    .reads_files = true,
};

static void
read_input(struct flame_input *in, const struct options *o, const char *path)
{
	int fd = input_open(path);

	flame_input_read(in, fd, input_name(path), o->strict);
	input_close(fd);
}

/* The options; returns the index of the first input. */
static int
parse_options(struct options *o, int argc, char *argv[])
{
	memset(o, 0, sizeof *o);
	flame_view_defaults(&o->view);
	int first = program_parse(&flamesvg, argc, argv, o);
	flame_view_settle(&o->view);
	return first;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct flame_input in;

	cli_start(flamesvg.name);
	int first = parse_options(&o, argc, argv);
	argc -= first;
	argv += first;

	flame_input_init(&in, o.view.reverse, o.view.flamechart);
	if (argc == 0)
		read_input(&in, &o, "-");
	for (int i = 0; i < argc; i++)
		read_input(&in, &o, argv[i]);
	flame_input_settle(&in, &o.view);
	if (!flame_view_write(stdout, &in.graph, &o.view)) {
		finish_output();
		warnmsg("no samples%s",
		        in.bad_lines > 0 ? " (is the input perf script text? "
		                           "fold it with collapse first)"
		                         : "");
		flame_input_free(&in);
		return EXIT_DATA;
	}
	finish_output();
	flame_input_free(&in);
	return EXIT_OK;
}
