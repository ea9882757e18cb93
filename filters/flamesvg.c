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
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "flame/flame_graph.h"
#include "flame/flame_svg.h"
#include "input/folded.h"
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

#define DIFF_HEADER "# perfviews-diff: widths="

enum {
	OPT_TITLE = 256,
	OPT_SUBTITLE,
	OPT_NOTES,
	OPT_WIDTH,
	OPT_HEIGHT,
	OPT_FONTSIZE,
	OPT_FONTTYPE,
	OPT_FONTWIDTH,
	OPT_MINWIDTH,
	OPT_COUNTNAME,
	OPT_NAMETYPE,
	OPT_COLORS,
	OPT_BGCOLORS,
	OPT_HASH,
	OPT_REVERSE,
	OPT_INVERTED,
	OPT_FLAMECHART,
	OPT_NEGATE,
	OPT_TOTAL,
	OPT_FACTOR,
	OPT_STRICT,
};

static const struct option flamesvg_options[] = {
    {"title", required_argument, NULL, OPT_TITLE},
    {"subtitle", required_argument, NULL, OPT_SUBTITLE},
    {"notes", required_argument, NULL, OPT_NOTES},
    {"width", required_argument, NULL, OPT_WIDTH},
    {"height", required_argument, NULL, OPT_HEIGHT},
    {"fontsize", required_argument, NULL, OPT_FONTSIZE},
    {"fonttype", required_argument, NULL, OPT_FONTTYPE},
    {"fontwidth", required_argument, NULL, OPT_FONTWIDTH},
    {"minwidth", required_argument, NULL, OPT_MINWIDTH},
    {"countname", required_argument, NULL, OPT_COUNTNAME},
    {"nametype", required_argument, NULL, OPT_NAMETYPE},
    {"colors", required_argument, NULL, OPT_COLORS},
    {"bgcolors", required_argument, NULL, OPT_BGCOLORS},
    {"hash", no_argument, NULL, OPT_HASH},
    {"reverse", no_argument, NULL, OPT_REVERSE},
    {"inverted", no_argument, NULL, OPT_INVERTED},
    {"flamechart", no_argument, NULL, OPT_FLAMECHART},
    {"negate", no_argument, NULL, OPT_NEGATE},
    {"total", required_argument, NULL, OPT_TOTAL},
    {"factor", required_argument, NULL, OPT_FACTOR},
    {"strict", no_argument, NULL, OPT_STRICT},
    {NULL, 0, NULL, 0},
};

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
    .help =
        "      --title TEXT        title (default \"Flame Graph\")\n"
        "      --subtitle TEXT     second line under the title\n"
        "      --notes TEXT        notes kept in the SVG (<desc>)\n"
        "      --width PX          image width (default 1200)\n"
        "      --height PX         height of a frame (default 16)\n"
        "      --fontsize PX       font size (default 12)\n"
        "      --fonttype FONT     font family (default Verdana)\n"
        "      --fontwidth RATIO   average character width / font size "
        "(default 0.59)\n"
        "      --minwidth PX|N%    omit narrower frames (default 0.1 pixel)\n"
        "      --countname TEXT    what counts are (default \"samples\")\n"
        "      --nametype TEXT     what names are (default \"Function:\")\n"
        "      --colors PALETTE    hot (default), mem, io, wakeup, chain, red, "
        "green,\n"
        "                          blue, aqua, yellow, purple, orange, java, "
        "js, perl,\n"
        "                          python\n"
        "      --bgcolors COLOR    yellow, blue, green, grey or #rrggbb\n"
        "      --hash              names that start alike get alike colours\n"
        "      --reverse           merge stacks from the leaves\n"
        "      --inverted          icicle graph: root at the top\n"
        "      --flamechart        keep input order, do not merge stacks\n"
        "      --negate            diff input: swap red and blue\n"
        "      --total N           counts across the full width\n"
        "      --factor F          multiply counts shown by F\n"
        "      --strict            a line without a count is fatal\n",
    .shortopts = "",
    .options = flamesvg_options,
    .reads_files = true,
};

static int
parse_pixels(const char *option, const char *value)
{
	uint64_t v;

	if (!parse_u64(value, &v) || v == 0 || v > 1000000)
		usage_error("bad %s '%s': want a whole number of pixels",
		            option, value);
	return (int)v;
}

static double
parse_positive(const char *option, const char *value)
{
	double v;

	if (!parse_double(value, &v) || !(v > 0) || v > 1e300)
		usage_error("bad %s '%s': want a positive number", option,
		            value);
	return v;
}

/* "0.5" pixels or "2%" of the total. */
static void
parse_min_width(struct options *o, const char *value)
{
	size_t n = strlen(value);
	char number[64];

	o->min_width_percent = n > 0 && value[n - 1] == '%';
	if (o->min_width_percent)
		n--;
	if (n == 0 || n >= sizeof number)
		usage_error("bad --minwidth '%s': want pixels or N%%", value);
	memcpy(number, value, n);
	number[n] = '\0';
	if (!parse_double(number, &o->min_width) || o->min_width < 0)
		usage_error("bad --minwidth '%s': want pixels or N%%", value);
}

/* The comment lines of diffstacks; others are comments. */
static void
read_comment(void *ctx, struct span line)
{
	struct input_state *in = ctx;
	char text[64], verdict[8];
	float p, q;

	if (span_starts_with(line, DIFF_HEADER) &&
	    line.n > sizeof DIFF_HEADER) {
		char side = line.p[sizeof DIFF_HEADER - 1];
		in->tested = side == 'A' || side == 'B';
		in->a_widths = side == 'A';
		struct span rest = span_make(line.p + sizeof DIFF_HEADER,
		                             line.n - sizeof DIFF_HEADER);
		if (span_starts_with(rest, "; ")) {
			free(in->summary);
			in->summary = xstrndup(rest.p + 2, rest.n - 2);
		}
		return;
	}
	if (!in->tested || !span_starts_with(line, "# p=") ||
	    line.n >= sizeof text)
		return;
	memcpy(text, line.p, line.n);
	text[line.n] = '\0';
	if (sscanf(text, "# p=%f q=%f %7s", &p, &q, verdict) != 3)
		return;
	in->next.p = p;
	in->next.q = q;
	in->next.verdict =
	    strcmp(verdict, "yes") == 0 ? FLAME_SIGNIFICANT : FLAME_NOISE;
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

static void
parse_options(struct options *o, int argc, char *argv[])
{
	int ch;

	while ((ch = program_option(&flamesvg, argc, argv)) != -1) {
		switch (ch) {
		case OPT_TITLE:
			o->svg.title = optarg;
			break;
		case OPT_SUBTITLE:
			o->svg.subtitle = optarg;
			break;
		case OPT_NOTES:
			o->svg.notes = optarg;
			break;
		case OPT_WIDTH:
			o->layout.image_width = parse_pixels("--width", optarg);
			break;
		case OPT_HEIGHT:
			o->layout.frame_height =
			    parse_pixels("--height", optarg);
			break;
		case OPT_FONTSIZE:
			o->layout.font_size =
			    parse_positive("--fontsize", optarg);
			break;
		case OPT_FONTTYPE:
			o->svg.font_type = optarg;
			break;
		case OPT_FONTWIDTH:
			o->layout.font_width =
			    parse_positive("--fontwidth", optarg);
			break;
		case OPT_MINWIDTH:
			parse_min_width(o, optarg);
			break;
		case OPT_COUNTNAME:
			o->svg.countname = optarg;
			break;
		case OPT_NAMETYPE:
			o->svg.nametype = optarg;
			break;
		case OPT_COLORS:
			if (!palette_parse(optarg, &o->svg.palette))
				usage_error("unknown palette '%s'", optarg);
			break;
		case OPT_BGCOLORS:
			o->bgcolors = optarg;
			break;
		case OPT_HASH:
			o->svg.hash_colours = true;
			break;
		case OPT_REVERSE:
			o->reverse = true;
			break;
		case OPT_INVERTED:
			o->layout.inverted = true;
			break;
		case OPT_FLAMECHART:
			o->flamechart = true;
			break;
		case OPT_NEGATE:
			o->svg.negate = true;
			break;
		case OPT_TOTAL:
			o->total = parse_positive("--total", optarg);
			break;
		case OPT_FACTOR:
			o->svg.factor = parse_positive("--factor", optarg);
			break;
		case OPT_STRICT:
			o->strict = true;
			break;
		}
	}
	if (!palette_background(o->bgcolors, o->svg.palette,
	                        o->svg.background[0], o->svg.background[1]))
		usage_error("unknown background '%s': want yellow, blue, "
		            "green, grey or #rrggbb",
		            o->bgcolors);
	if (o->layout.image_width <= 2 * FLAME_XPAD)
		usage_error("bad --width %d: want more than %d pixels",
		            o->layout.image_width, 2 * FLAME_XPAD);
	o->layout.subtitle = o->svg.subtitle != NULL && *o->svg.subtitle;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct input_state in;

	cli_start(flamesvg.name);
	set_defaults(&o);
	parse_options(&o, argc, argv);
	argc -= optind;
	argv += optind;

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
		o.layout.subtitle = o.svg.subtitle != NULL && *o.svg.subtitle;
	}

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
