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
#include "flame/flame_svg.h"
#include "input/folded.h"
#include "input/folded_diff.h"
#include "input/input_format.h"
#include "flame/palette.h"

struct options {
	struct flame_svg_options svg;
	struct flame_layout layout;
	double min_width; /* pixels, or percent of the total */
	bool min_width_percent;
	double total;         /* --total; 0 when not given */
	const char *bgcolors; /* NULL: the palette's default */
	bool reverse;
	bool flamechart;
	bool strict;
};

struct input_state {
	struct flame_graph graph;
	bool seen_stack; /* the first line fixed diff or not */
	unsigned long bad_lines;
	/* diffstacks' comment lines: its header, and each stack's test. */
	bool tested;            /* "# perfviews-diff: widths=A|B; SUMMARY" */
	bool a_widths;          /* widths=A: the columns are B, A */
	char *summary;          /* SUMMARY, or NULL */
	struct flame_test next; /* "# p=P q=Q yes|no" before a stack */
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
	struct options *o = field;
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
    OPT_TEXT(0, "title", "TEXT", O, svg.title,
             "title (default \"Flame Graph\")"),
    OPT_TEXT(0, "subtitle", "TEXT", O, svg.subtitle,
             "second line under the title"),
    OPT_TEXT(0, "notes", "TEXT", O, svg.notes,
             "notes kept in the SVG (<desc>)"),
    OPT_CALL(0, "width", "PX", O, layout.image_width, pixels_option,
             "image width (default 1200)"),
    OPT_CALL(0, "height", "PX", O, layout.frame_height, pixels_option,
             "height of a frame (default 16)"),
    OPT_CALL(0, "fontsize", "PX", O, layout.font_size, positive_option,
             "font size (default 12)"),
    OPT_TEXT(0, "fonttype", "FONT", O, svg.font_type,
             "font family (default Verdana)"),
    OPT_CALL(0, "fontwidth", "RATIO", O, layout.font_width, positive_option,
             "average character width / font size (default 0.59)"),
    OPT_CALL_ALL(0, "minwidth", "PX|N%", min_width_option,
                 "omit narrower frames (default 0.1 pixel)"),
    OPT_TEXT(0, "countname", "TEXT", O, svg.countname,
             "what counts are (default \"samples\")"),
    OPT_TEXT(0, "nametype", "TEXT", O, svg.nametype,
             "what names are (default \"Function:\")"),
    OPT_CALL(0, "colors", "PALETTE", O, svg.palette, palette_option,
             "hot (default), mem, io, wakeup, chain, red, green,\n"
             "blue, aqua, yellow, purple, orange, java, js, perl,\n"
             "python"),
    OPT_TEXT(0, "bgcolors", "COLOR", O, bgcolors,
             "yellow, blue, green, grey or #rrggbb"),
    OPT_FLAG(0, "hash", O, svg.hash_colours,
             "names that start alike get alike colours"),
    OPT_FLAG(0, "reverse", O, reverse, "merge stacks from the leaves"),
    OPT_FLAG(0, "inverted", O, layout.inverted,
             "icicle graph: root at the top"),
    OPT_FLAG(0, "flamechart", O, flamechart,
             "keep input order, do not merge stacks"),
    OPT_FLAG(0, "negate", O, svg.negate, "diff input: swap red and blue"),
    OPT_CALL(0, "total", "N", O, total, positive_option,
             "counts across the full width"),
    OPT_CALL(0, "factor", "F", O, svg.factor, positive_option,
             "multiply counts shown by F"),
    OPT_FLAG(0, "strict", O, strict, "a line without a count is fatal"),
    OPT_END,
};
#undef O

static const struct program flamesvg = {
    .name = "flamesvg",
    .usage = "flamesvg [--title TEXT] [--subtitle TEXT] [--notes TEXT]\n"
             "                [--width PX] [--height PX] [--fontsize PX] "
             "[--fonttype FONT]\n"
             "                [--fontwidth RATIO] [--minwidth PX | "
             "--minwidth N%]\n"
             "                [--countname TEXT] [--nametype TEXT] "
             "[--colors PALETTE]\n"
             "                [--bgcolors COLOR] [--hash] [--reverse] "
             "[--inverted]\n"
             "                [--flamechart] [--negate] [--total N] "
             "[--factor F] [--strict]\n"
             "                [file ...]\n",
    .summary = "Draw folded stacks as an interactive flame graph (SVG on "
               "stdout).",
    .options = flamesvg_options,
    .reads_files = true,
};

/* The comment lines of diffstacks (folded_diff.h); others are comments. */
static void
read_comment(void *ctx, struct span line)
{
	struct input_state *in = ctx;
	struct folded_diff_test t;
	struct span summary;
	char side;

	if (folded_diff_read_header(line, &side, &summary)) {
		in->tested = side != 0;
		in->a_widths = side == 'A';
		if (summary.p != NULL) {
			free(in->summary);
			in->summary = xstrndup(summary.p, summary.n);
		}
	} else if (in->tested && folded_diff_read_test(line, &t)) {
		in->next.p = t.p;
		in->next.q = t.q;
		in->next.verdict =
		    t.significant ? FLAME_SIGNIFICANT : FLAME_NOISE;
	}
}

static void
add_line(struct input_state *in, const struct folded_reader *r,
         const struct folded_line *line)
{
	bool diff = line->ncounts == 2;

	if (!in->seen_stack) {
		in->seen_stack = true;
		in->graph.diff = diff;
	} else if (diff != in->graph.diff) {
		warnmsg("%s:%lu: %s count%s where the first input had %s; "
		        "line skipped",
		        r->lines.name, line->lineno, diff ? "two" : "one",
		        diff ? "s" : "", diff ? "one" : "two");
		in->bad_lines++;
		return;
	}
	if (diff && in->tested)
		flame_graph_add_tested(&in->graph, line->stack, line->count[1],
		                       line->count[1] - line->count[0],
		                       &in->next);
	else if (diff)
		flame_graph_add(&in->graph, line->stack, line->count[1],
		                line->count[1] - line->count[0]);
	else
		flame_graph_add(&in->graph, line->stack, line->count[0], 0);
}

static void
read_input(struct input_state *in, const struct options *o, const char *path)
{
	struct folded_reader r;
	struct folded_line line;
	int fd = input_open(path);

	folded_reader_init(&r, fd, input_name(path));
	r.lines.strict = o->strict;
	input_format_require(&r.lines, ACCEPT_FOLDED);
	r.comment = read_comment;
	r.comment_ctx = in;
	while (folded_reader_next(&r, &line)) {
		add_line(in, &r, &line);
		in->next.verdict = FLAME_UNTESTED; /* a test is one stack's */
	}
	folded_reader_summary(&r);
	in->bad_lines += r.lines.bad_lines;
	folded_reader_free(&r);
	input_close(fd);
}

/* The counts the full width stands for: the total, or a larger --total. */
static double
full_width_total(const struct options *o, double total)
{
	if (o->total == 0 || o->total >= total)
		return o->total > 0 ? o->total : total;
	if (o->total / total > 0.02)
		warnmsg("--total %g is less than the actual total %g; ignored",
		        o->total, total);
	return total;
}

static void
set_defaults(struct options *o)
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

/* The options; returns the index of the first input. */
static int
parse_options(struct options *o, int argc, char *argv[])
{
	int first = program_parse(&flamesvg, argc, argv, o);

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
	return first;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct input_state in;

	cli_start(flamesvg.name);
	set_defaults(&o);
	int first = parse_options(&o, argc, argv);
	argc -= first;
	argv += first;

	memset(&in, 0, sizeof in);
	flame_graph_init(&in.graph, o.reverse, o.flamechart);
	if (argc == 0)
		read_input(&in, &o, "-");
	for (int i = 0; i < argc; i++)
		read_input(&in, &o, argv[i]);
	if (in.graph.tested) {
		/* Red is where B grew, whichever side gives the widths. */
		o.svg.a_widths = in.a_widths;
		o.svg.negate ^= in.a_widths;
		if (o.svg.subtitle == NULL && in.summary != NULL)
			o.svg.subtitle = in.summary;
		o.layout.subtitle =
		    flame_svg_subtitle_lines(&o.layout, o.svg.subtitle);
	}
	if (in.graph.diff)
		o.svg.a_widths = in.a_widths;

	double total = flame_graph_total(&in.graph);
	if (!(total > 0)) {
		flame_layout_init(&o.layout, 0, 0);
		flame_svg_write_message(stdout, &o.layout, &o.svg,
		                        "No samples: the input has no stacks "
		                        "with a count.");
		finish_output();
		warnmsg("no samples%s",
		        in.bad_lines > 0 ? " (is the input perf script text? "
		                           "fold it with collapse first)"
		                         : "");
		flame_graph_free(&in.graph);
		free(in.summary);
		return EXIT_DATA;
	}

	double full = full_width_total(&o, total);
	double min_width = o.min_width_percent
	                       ? full * o.min_width / 100
	                       : o.min_width * full /
	                             (o.layout.image_width - 2.0 * FLAME_XPAD);
	flame_graph_finish(&in.graph, min_width);
	flame_layout_init(&o.layout, full, in.graph.max_depth);
	flame_svg_write(stdout, &in.graph, &o.layout, &o.svg);
	finish_output();
	flame_graph_free(&in.graph);
	free(in.summary);
	return EXIT_OK;
}
