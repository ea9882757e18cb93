/*
 * flame_svg.c - see flame_svg.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/utf8.h"
#include "base/xalloc.h"
#include "flame/flame_svg.h"
#include "flame/svg.h"
#include "input/frame_tidy.h"

/* A number as Perl prints it, which is how flamegraph.pl writes y. */
static void
put_number(FILE *out, double v)
{
	fprintf(out, "%.15g", v);
}

static void
put_text(FILE *out, const char *s)
{
	svg_write_text(out, span_cstr(s));
}

/* "1234567.8" -> "1,234,568": rounded, with thousands separators. */
static void
format_count(double v, char *out, size_t size)
{
	char digits[400];
	int n = snprintf(digits, sizeof digits, "%.0f", v);
	size_t lead = digits[0] == '-' ? 1 : 0;
	size_t j = 0;

	if (n < 0 || (size_t)n >= sizeof digits || (size_t)n * 2 >= size) {
		snprintf(out, size, "%.0f", v);
		return;
	}
	for (size_t i = 0; i < (size_t)n; i++) {
		if (i > lead && ((size_t)n - i) % 3 == 0)
			out[j++] = ',';
		out[j++] = digits[i];
	}
	out[j] = '\0';
}

/*
 * x with three decimals, so the script can zoom far in exactly; where that
 * would round to another tenth than x itself, the tenth wins.
 */
static void
format_x(double x, char *out, size_t size)
{
	char tenth[64], check[64];

	snprintf(tenth, sizeof tenth, "%.1f", x);
	snprintf(out, size, "%.3f", x);
	snprintf(check, sizeof check, "%.1f", strtod(out, NULL));
	if (strcmp(check, tenth) != 0) {
		snprintf(out, size, "%s", tenth);
		return;
	}
	size_t n = strlen(out);
	while (n > 0 && out[n - 1] == '0')
		n--;
	if (n > 0 && out[n - 1] == '.')
		n--;
	out[n] = '\0';
}

/* flamegraph.pl's annotations: _[k] kernel, _[w] waker, _[i], _[j]. */
static struct span
strip_annotation(struct span name)
{
	if (name.n >= 4 && name.p[name.n - 4] == '_' &&
	    name.p[name.n - 3] == '[' && name.p[name.n - 1] == ']' &&
	    strchr("kwij", name.p[name.n - 2]) != NULL)
		name.n -= 4;
	return name;
}

static const char *
default_title(const struct flame_graph *g, const struct flame_layout *l)
{
	if (g != NULL && g->flamechart)
		return "Flame Chart";
	return l->inverted ? "Icicle Graph" : "Flame Graph";
}

static void
write_head(FILE *out, const struct flame_layout *l,
           const struct flame_svg_options *o, double height)
{
	fprintf(out,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
	        "<svg version=\"1.1\" width=\"%d\" height=\"",
	        l->image_width);
	put_number(out, height);
	fprintf(out, "\" viewBox=\"0 0 %d ", l->image_width);
	put_number(out, height);
	fprintf(out, "\" xmlns=\"http://www.w3.org/2000/svg\">\n"
	             "<!-- Flame graph by perfviews flamesvg " PERFVIEWS_VERSION
	             " -->\n");
	if (o->notes != NULL && *o->notes != '\0') {
		fputs("<desc id=\"notes\">", out);
		put_text(out, o->notes);
		fputs("</desc>\n", out);
	}
	fprintf(out,
	        "<defs><linearGradient id=\"background\" y1=\"0\" y2=\"1\" "
	        "x1=\"0\" x2=\"0\"><stop stop-color=\"%s\" offset=\"5%%\"/>"
	        "<stop stop-color=\"%s\" offset=\"95%%\"/></linearGradient>"
	        "<clipPath id=\"viewport\"><rect x=\"%d\" y=\"0\" width=\"%d\" "
	        "height=\"",
	        o->background[0], o->background[1], FLAME_XPAD,
	        l->image_width - 2 * FLAME_XPAD);
	put_number(out, height);
	fputs("\"/></clipPath></defs>\n", out);
	fputs("<style type=\"text/css\">\ntext { font-family:", out);
	put_text(out, o->font_type);
	fputs("; font-size:", out);
	put_number(out, l->font_size);
	fputs("px; fill:rgb(0,0,0); }\n#title { text-anchor:middle; "
	      "font-size:",
	      out);
	put_number(out, l->font_size + 5);
	fprintf(out, "px; }\n%s</style>\n", flame_style);
	fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"",
	        l->image_width);
	put_number(out, height);
	fputs("\" fill=\"url(#background)\"/>\n", out);
}

/* A text element with an id, at x (two decimals) and y. */
static void
write_label(FILE *out, const char *id, double x, double y, const char *cls,
            const char *text)
{
	fprintf(out, "<text id=\"%s\" x=\"%.2f\" y=\"", id, x);
	put_number(out, y);
	fputs("\"", out);
	if (cls != NULL)
		fprintf(out, " class=\"%s\"", cls);
	fputs(">", out);
	put_text(out, text);
	fputs("</text>\n", out);
}

/*
 * The length of the next line of text that fits in chars characters:
 * up to its last blank that fits, or chars when a word is longer.
 */
static size_t
line_length(const char *text, size_t chars)
{
	size_t n = strlen(text), cut = chars;

	if (n <= chars)
		return n;
	while (cut > 0 && text[cut] != ' ')
		cut--;
	return cut > 0 ? cut : chars;
}

/* Characters of a subtitle line: the image's width less its margins. */
static size_t
subtitle_chars(const struct flame_layout *l)
{
	size_t chars =
	    flame_layout_label_chars(l, l->image_width - 2 * FLAME_XPAD);

	return chars > 10 ? chars : 10;
}

unsigned
flame_svg_subtitle_lines(const struct flame_layout *l, const char *subtitle)
{
	unsigned lines = 0;

	for (const char *s = subtitle; s != NULL && *s != '\0'; lines++) {
		s += line_length(s, subtitle_chars(l));
		s += strspn(s, " ");
	}
	return lines;
}

static void
write_titles(FILE *out, const struct flame_layout *l,
             const struct flame_svg_options *o, const char *title)
{
	double w = l->image_width, fs = l->font_size;
	unsigned line = 0;
	char id[32];

	write_label(out, "title", (int)(w / 2), fs * 2, NULL, title);
	/* A long subtitle wraps (subtitle, subtitle-2, ...), never cut. */
	for (const char *s = o->subtitle; s != NULL && *s != '\0'; line++) {
		size_t n = line_length(s, subtitle_chars(l));
		char *text = xstrndup(s, n);
		snprintf(id, sizeof id, line ? "subtitle-%u" : "subtitle",
		         line + 1);
		write_label(out, id, (int)(w / 2), fs * 4 + line * fs * 1.25,
		            "subtitle", text);
		free(text);
		s += n;
		s += strspn(s, " ");
	}
}

/* A bar's background, drawn only while the script floats the bar. */
static void
write_band(FILE *out, const struct flame_layout *l, double y, double height,
           const char *colour)
{
	fputs("<rect class=\"band\" x=\"0\" y=\"", out);
	put_number(out, y);
	fprintf(out, "\" width=\"%d\" height=\"", l->image_width);
	put_number(out, height);
	fprintf(out, "\" fill=\"%s\"/>\n", colour);
}

/*
 * The controls above the frames and the details line below them, each in
 * a group that the script keeps in view while the page scrolls.  They come
 * after the frames so that, moved over them, they are drawn on top.
 */
static void
write_bars(FILE *out, const struct flame_layout *l,
           const struct flame_svg_options *o, double height)
{
	double w = l->image_width, fs = l->font_size;
	double bottom = flame_layout_bottom(l);
	double bottom_line = height - bottom / 2;

	fputs("<g id=\"controls\">\n", out);
	write_band(out, l, 0, fs * 3, o->background[0]);
	write_label(out, "unzoom", FLAME_XPAD, fs * 2, "hide", "Reset Zoom");
	/* Hidden until the script shows them: where an SVG is shown as an
	 * image (GitHub), no script runs and they would do nothing. */
	write_label(out, "search", w - FLAME_XPAD - 30, fs * 2, "hide",
	            "Search");
	write_label(out, "ignorecase", w - FLAME_XPAD - 16, fs * 2, "hide",
	            "ic");
	fputs("</g>\n<g id=\"status\">\n", out);
	write_band(out, l, height - bottom, bottom, o->background[1]);
	write_label(out, "details", FLAME_XPAD, bottom_line, NULL, " ");
	write_label(out, "matched", w - FLAME_XPAD - 100, bottom_line, NULL,
	            " ");
	fputs("</g>\n", out);
}

/* What the script needs to know about the layout, on <g id="frames">. */
static void
write_frames_start(FILE *out, const struct flame_graph *g,
                   const struct flame_layout *l,
                   const struct flame_svg_options *o)
{
	struct flame_node root = {.name = FLAME_ROOT};
	struct flame_box box = flame_layout_box(l, &root);
	double factor = o->factor;

	/* Zooming scales the frames; the clip keeps them inside the margins. */
	fputs("<g clip-path=\"url(#viewport)\">\n", out);
	fprintf(out,
	        "<g id=\"frames\" data-xpad=\"%d\" data-width=\"%d\" "
	        "data-unit=\"%.17g\" data-total=\"%.17g\" data-y0=\"",
	        FLAME_XPAD, l->image_width,
	        factor > 0 ? l->pixels_per_count / factor : 0,
	        l->total * factor);
	put_number(out, box.y1);
	fprintf(out,
	        "\" data-dy=\"%d\" data-fh=\"%d\" data-charw=\"%.17g\" "
	        "data-diff=\"%d\" data-nametype=\"",
	        l->inverted ? l->frame_height : -l->frame_height,
	        l->frame_height, l->font_size * l->font_width, g->diff);
	put_text(out, o->nametype);
	fputs("\" data-countname=\"", out);
	put_text(out, o->countname);
	fputs("\">\n", out);
}

/* The count shown for a node, as a whole number: the root shows total. */
static double
shown_count(const struct flame_layout *l, const struct flame_svg_options *o,
            const struct flame_node *n)
{
	double end = n->depth == 0 ? l->total : n->end;
	char number[64];

	snprintf(number, sizeof number, "%.0f", (end - n->start) * o->factor);
	return strtod(number, NULL);
}

/* "; self A 10 -> B 25, p=0.0012 q=0.031, significant" */
static void
write_test(FILE *out, const struct flame_svg_options *o,
           const struct flame_node *n)
{
	/* The widths are one side's counts; the other's is width - delta. */
	double width = n->self * o->factor;
	double other = (n->self - n->delta) * o->factor;
	char a[600], b[600];

	if (n->self == 0 && n->delta == 0) {
		fputs("; no self samples", out);
		return;
	}
	format_count(o->a_widths ? width : other, a, sizeof a);
	format_count(o->a_widths ? other : width, b, sizeof b);
	fprintf(out, "; self A %s -> B %s", a, b);
	if (n->test.verdict == FLAME_UNTESTED)
		fputs(", not tested: too few samples", out);
	else
		fprintf(out, ", p=%.2g q=%.2g, %s", n->test.p, n->test.q,
		        n->test.verdict == FLAME_SIGNIFICANT
		            ? "significant"
		            : "not significant");
}

static void
write_title(FILE *out, const struct flame_graph *g,
            const struct flame_layout *l, const struct flame_svg_options *o,
            const struct flame_node *n, struct span name)
{
	double shown = shown_count(l, o, n);
	char count_text[600];

	format_count(shown, count_text, sizeof count_text);
	fputs("<title>", out);
	svg_write_text(out, n->depth == 0 ? name : strip_annotation(name));
	fprintf(out, " (%s ", count_text);
	put_text(out, o->countname);
	if (n->depth == 0) {
		fputs(", 100%)</title>", out);
		return;
	}
	double all = l->total * o->factor;
	fprintf(out, ", %.2f%%", all > 0 ? 100 * shown / all : 0);
	if (g->diff) {
		double d = o->negate ? -n->delta : n->delta;
		double pct = all > 0 ? 100 * d / all : 0;
		if (pct == 0)
			pct = 0; /* no "-0.00" */
		fprintf(out, "; %s%.2f%%", d > 0 ? "+" : "", pct);
	}
	if (g->tested)
		write_test(out, o, n);
	if (g->diff && flame_graph_one_side(g, n))
		fprintf(out, "; %s: only in %s", o->a_widths ? "gone" : "new",
		        o->a_widths ? "A" : "B");
	else if (g->diff && n->depth > 0 && n->other == 0)
		fprintf(out, "; this path only in %s, the function in both",
		        o->a_widths ? "A" : "B");
	fputs(")</title>", out);
}

static struct rgb
frame_colour(const struct flame_graph *g, const struct flame_svg_options *o,
             const struct flame_node *n, struct span name, bool waker)
{
	/* Not significant, or not tested: as if it had not changed. */
	bool noise = g->tested && n->test.verdict != FLAME_SIGNIFICANT;
	bool frame = !span_eq_cstr(name, "--") && !span_eq_cstr(name, "-");
	/* A function on one side only: new or gone, not grown from nothing
	 * (a path of one side, of a function both have, is a change). */
	if (g->diff && frame && flame_graph_one_side(g, n))
		return palette_one_side_colour(o->a_widths);
	if (g->diff && frame)
		return palette_diff_colour(noise       ? 0
		                           : o->negate ? -n->delta
		                                       : n->delta,
		                           g->max_delta);
	return palette_colour(o->palette, name, o->hash_colours, waker);
}

/* The label: as much of the name as fits, ".." where it is cut. */
static void
write_frame_label(FILE *out, const struct flame_layout *l,
                  const struct flame_box *b, struct span name)
{
	size_t chars = flame_layout_label_chars(l, b->x2 - b->x1);

	if (chars < 3 || name.n == 0)
		return;
	size_t length = utf8_count(name);
	fprintf(out, "<text x=\"%.2f\" y=\"", b->x1 + 3);
	put_number(out, 3 + (b->y1 + b->y2) / 2);
	fputs("\">", out);
	if (chars < length) {
		svg_write_text(out, utf8_prefix(name, chars - 2));
		fputs("..", out);
	} else {
		svg_write_text(out, name);
	}
	fputs("</text>", out);
}

/* The root is labelled with its title: "all (1,234 samples, 100%)". */
static void
write_root_label(FILE *out, const struct flame_layout *l,
                 const struct flame_svg_options *o, const struct flame_node *n,
                 const struct flame_box *b, struct span name)
{
	char count_text[600];
	size_t size = name.n + sizeof count_text + strlen(o->countname) + 16;
	char *label = xmalloc(size);

	format_count(shown_count(l, o, n), count_text, sizeof count_text);
	snprintf(label, size, "%.*s (%s %s, 100%%)", (int)name.n, name.p,
	         count_text, o->countname);
	write_frame_label(out, l, b, span_cstr(label));
	free(label);
}

/* Text for a double-quoted attribute: svg_write_text's, '"' escaped. */
static void
put_attribute(FILE *out, struct span s)
{
	const char *quote;

	while ((quote = memchr(s.p, '"', s.n)) != NULL) {
		svg_write_text(out, span_make(s.p, (size_t)(quote - s.p)));
		fputs("&quot;", out);
		s.n -= (size_t)(quote + 1 - s.p);
		s.p = quote + 1;
	}
	svg_write_text(out, s);
}

/*
 * The <g> of a frame.  A Python frame ("py::NAME:/long/path/file.py") is
 * labelled short, "NAME (file.py)", its full name in its title; the
 * script labels it so when zoomed (data-label).  label gets the label.
 */
static void
write_frame_start(FILE *out, struct span name, char **label, struct span *shown)
{
	struct span bare = strip_annotation(name);

	*shown = bare;
	if (!symbol_is_python(bare)) {
		fputs("<g>", out);
		return;
	}
	*label = xreallocarray(*label, bare.n + 3, 1);
	*shown = span_make(*label, python_frame_label(bare, *label));
	fputs("<g data-label=\"", out);
	put_attribute(out, *shown);
	fputs("\">", out);
}

static void
write_frame(FILE *out, const struct flame_graph *g,
            const struct flame_layout *l, const struct flame_svg_options *o,
            const struct flame_node *n, bool waker)
{
	struct span name = flame_graph_name(g, n);
	struct flame_box b = flame_layout_box(l, n);
	char x1[64], x2[64], x[64];

	/* flamegraph.pl's width: the difference of the rounded edges. */
	snprintf(x1, sizeof x1, "%.1f", b.x1);
	snprintf(x2, sizeof x2, "%.1f", b.x2);
	format_x(b.x1, x, sizeof x);
	struct rgb c = frame_colour(g, o, n, name, waker);
	char *label = NULL;
	struct span shown;

	if (n->depth > 0)
		write_frame_start(out, name, &label, &shown);
	else
		fputs("<g>", out);
	write_title(out, g, l, o, n, name);
	fprintf(out, "<rect x=\"%s\" y=\"", x);
	put_number(out, b.y1);
	fprintf(
	    out, "\" width=\"%.1f\" height=\"%.1f\" fill=\"#%02x%02x%02x\"/>",
	    strtod(x2, NULL) - strtod(x1, NULL), b.y2 - b.y1, c.r, c.g, c.b);
	if (n->depth > 0)
		write_frame_label(out, l, &b, shown);
	else
		write_root_label(out, l, o, n, &b, name);
	fputs("</g>\n", out);
	free(label);
}

static void
write_frames(FILE *out, const struct flame_graph *g,
             const struct flame_layout *l, const struct flame_svg_options *o)
{
	/* above_separator[d]: an ancestor at a depth below d is "--". */
	bool *above_separator =
	    xcalloc((size_t)g->max_depth + 2, sizeof *above_separator);

	write_frames_start(out, g, l, o);
	for (size_t i = 0; i < g->nnodes; i++) {
		const struct flame_node *n = &g->nodes[i];
		bool waker = above_separator[n->depth];
		above_separator[n->depth + 1] =
		    waker || span_eq_cstr(flame_graph_name(g, n), "--");
		write_frame(out, g, l, o, n, waker);
	}
	fputs("</g>\n</g>\n<g id=\"labels\"></g>\n", out);
	free(above_separator);
}

void
flame_svg_write(FILE *out, const struct flame_graph *g,
                const struct flame_layout *l, const struct flame_svg_options *o)
{
	const char *title = o->title != NULL ? o->title : default_title(g, l);

	write_head(out, l, o, l->image_height);
	write_titles(out, l, o, title);
	write_frames(out, g, l, o);
	write_bars(out, l, o, l->image_height);
	fprintf(out,
	        "<script type=\"text/ecmascript\"><![CDATA[\n%s]]>"
	        "</script>\n</svg>\n",
	        flame_script);
}

void
flame_svg_write_message(FILE *out, const struct flame_layout *l,
                        const struct flame_svg_options *o, const char *message)
{
	double height = l->font_size * 5;

	write_head(out, l, o, height);
	write_label(out, "title", (int)(l->image_width / 2), l->font_size * 2,
	            NULL, message);
	fputs("<g id=\"frames\"></g>\n</svg>\n", out);
}
