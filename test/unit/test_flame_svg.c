/*
 * test_flame_svg.c - a flame graph as one SVG document (flame/flame_svg.h):
 * a small graph's document checked for well-formed XML by a small checker
 * here, then for its exact frames (titles, rectangles, labels cut to fit,
 * escaping, colours by name), its titles and options, a differential
 * graph, the message document, and the embedded style and script.
 */
#include <stdio.h>

#include "flame/flame_graph.h"
#include "flame/flame_svg.h"
#include "flame/palette.h"
#include "unit.h"

/*
 * Is text well-formed XML, as far as an SVG viewer cares: one root
 * element, tags nested and closed, attributes quoted, '<' never in text or
 * attributes, '&' only as an entity?  Comments, the declaration and CDATA
 * sections are skipped.  On failure, why says what and where.
 */
static bool
entity_at(const char *p)
{
	static const char *const entities[] = {"&lt;", "&gt;", "&amp;",
	                                       "&quot;", "&apos;"};
	for (size_t i = 0; i < 5; i++)
		if (strncmp(p, entities[i], strlen(entities[i])) == 0)
			return true;
	return false;
}

static bool
well_formed(const char *text, char *why, size_t whylen)
{
	const char *stack[64];
	size_t depth = 0, roots = 0;
	const char *p = text;

#define BAD(what)                                                              \
	do {                                                                   \
		snprintf(why, whylen, "%s at byte %zu: %.40s", what,           \
		         (size_t)(p - text), p);                               \
		return false;                                                  \
	} while (0)
	while (*p != '\0') {
		if (*p == '&') {
			if (!entity_at(p))
				BAD("bare &");
			p++;
			continue;
		}
		if (*p != '<') {
			if (depth == 0 && *p != '\n' && *p != ' ')
				BAD("text outside the root");
			p++;
			continue;
		}
		static const char *const skips[][2] = {
		    {"<?", "?>"}, {"<!--", "-->"}, {"<![CDATA[", "]]>"}};
		bool skipped = false;
		for (size_t i = 0; i < 3 && !skipped; i++) {
			if (strncmp(p, skips[i][0], strlen(skips[i][0])) != 0)
				continue;
			const char *end = strstr(p, skips[i][1]);
			if (end == NULL)
				BAD("unterminated");
			if (i == 2 && depth == 0)
				BAD("CDATA outside the root");
			p = end + strlen(skips[i][1]);
			skipped = true;
		}
		if (skipped)
			continue;
		bool closing = p[1] == '/';
		const char *name = p + 1 + closing;
		size_t n = strcspn(name, " \t\n/>");
		if (n == 0)
			BAD("tag without a name");
		const char *q = name + n;
		/* Attributes: name="value", values without '<'. */
		while (*q != '>' && *q != '\0') {
			if (*q == '/' && q[1] == '>')
				break;
			if (*q == ' ' || *q == '\n') {
				q++;
				continue;
			}
			size_t an = strcspn(q, "=> ");
			if (an == 0 || q[an] != '=' || q[an + 1] != '"') {
				p = q;
				BAD("attribute not name=\"value\"");
			}
			q += an + 2;
			while (*q != '"' && *q != '\0') {
				if (*q == '<' || (*q == '&' && !entity_at(q))) {
					p = q;
					BAD("bad character in attribute");
				}
				q++;
			}
			if (*q == '\0')
				BAD("unterminated attribute");
			q++;
		}
		if (*q == '\0')
			BAD("unterminated tag");
		bool empty = *q == '/';
		if (closing) {
			if (depth == 0 ||
			    strncmp(stack[depth - 1], name, n) != 0 ||
			    strcspn(stack[depth - 1], " \t\n/>") != n)
				BAD("closing tag does not match");
			depth--;
		} else if (!empty) {
			if (depth == 0)
				roots++;
			if (depth == 64)
				BAD("nested too deeply");
			stack[depth++] = name;
		} else if (depth == 0) {
			roots++;
		}
		p = q + (empty ? 2 : 1);
	}
#undef BAD
	if (depth != 0) {
		snprintf(why, whylen, "%zu elements left open", depth);
		return false;
	}
	if (roots != 1) {
		snprintf(why, whylen, "%zu root elements", roots);
		return false;
	}
	return true;
}

START_TEST(checker_catches_bad_xml)
{
	char why[128];

	ck_assert(well_formed("<?xml x?>\n<a b=\"1\"><c/><d>t&amp;</d></a>\n",
	                      why, sizeof why));
	static const char *const bad[] = {
	    "<a><b></a></b>", "<a>",          "<a></a><b></b>",
	    "<a>x & y</a>",   "<a b=1></a>",  "<a b=\"<\"></a>",
	    "x<a></a>",       "<a><!-- </a>",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!well_formed(bad[i], why, sizeof why),
		              "accepted %s", bad[i]);
}
END_TEST

struct doc {
	struct flame_graph g;
	struct flame_layout l;
	struct flame_svg_options o;
	char *text; /* the document */
	size_t n;
};

static void
options(struct doc *d)
{
	memset(&d->o, 0, sizeof d->o);
	d->o.nametype = "Function:";
	d->o.countname = "samples";
	d->o.font_type = "Verdana";
	d->o.palette = PALETTE_HOT;
	d->o.factor = 1;
	ck_assert(palette_background(NULL, PALETTE_HOT, d->o.background[0],
	                             d->o.background[1]));
	memset(&d->l, 0, sizeof d->l);
	d->l.image_width = 1200;
	d->l.frame_height = 16;
	d->l.font_size = 12;
	d->l.font_width = 0.59;
}

/* Build the graph of "stack count" (or "stack A B") lines. */
static void
build(struct doc *d, const char *const *lines, bool diff)
{
	flame_graph_init(&d->g, false, false);
	unit_flame_graph_lines(&d->g, lines, diff);
}

/* Lay out and write the document; it must be well-formed. */
static const char *
write_doc(struct doc *d)
{
	char why[256];
	static char *text; /* static: open_memstream sets it at fclose */
	static size_t n;
	FILE *f = open_memstream(&text, &n);

	flame_layout_init(&d->l, flame_graph_total(&d->g), d->g.max_depth);
	flame_svg_write(f, &d->g, &d->l, &d->o);
	fclose(f);
	d->text = text;
	d->n = n;
	ck_assert_uint_eq(strlen(text), n);
	ck_assert_msg(well_formed(text, why, sizeof why), "%s", why);
	return text;
}

static void
doc_free(struct doc *d)
{
	free(d->text);
	flame_graph_free(&d->g);
}

static const char *
fill(const char *name)
{
	static char out[16];
	struct rgb c =
	    palette_colour(PALETTE_HOT, span_cstr(name), false, false);
	snprintf(out, sizeof out, "#%02x%02x%02x", c.r, c.g, c.b);
	return out;
}

#define assert_has(text, want)                                                 \
	ck_assert_msg(strstr((text), (want)) != NULL, "no '%s'", (want))

/* The line of the frame called name. */
static const char *
frame_of(const char *text, const char *name)
{
	static char line[1024];
	char want[256];

	snprintf(want, sizeof want, "<g><title>%s (", name);
	const char *at = strstr(text, want);
	ck_assert_msg(at != NULL, "no frame %s", name);
	snprintf(line, sizeof line, "%.*s", (int)strcspn(at, "\n"), at);
	return line;
}

static const char *const small[] = {
    "main;work 60",  "main;idle<&>\"' 20",
    "main;k_[k] 10", "main;a_very_long_function_name_for_a_narrow_frame 9",
    "main;tiny 1",   NULL,
};

START_TEST(small_graph_frames)
{
	struct doc d;
	char want[512];

	options(&d);
	build(&d, small, false);
	const char *text = write_doc(&d);

	/* 3 levels: 3 * 16 + 36 above + 34 below. */
	assert_has(text, "<?xml version=\"1.0\" encoding=\"UTF-8\" "
	                 "standalone=\"no\"?>\n<svg version=\"1.1\" "
	                 "width=\"1200\" height=\"118\" viewBox=\"0 0 1200 "
	                 "118\" xmlns=\"http://www.w3.org/2000/svg\">\n");
	ck_assert_msg(strncmp(text, "<?xml ", 6) == 0, "%.40s", text);
	assert_has(text, "<text id=\"title\" x=\"600.00\" y=\"24\">Flame "
	                 "Graph</text>\n");
	ck_assert_ptr_null(strstr(text, "id=\"subtitle\""));
	ck_assert_ptr_null(strstr(text, "<desc"));

	/* The root, labelled with its count. */
	snprintf(want, sizeof want,
	         "<g><title>all (100 samples, 100%%)</title><rect x=\"10\" "
	         "y=\"69\" width=\"1180.0\" height=\"15.0\" fill=\"%s\"/>"
	         "<text x=\"13.00\" y=\"79.5\">all (100 samples, "
	         "100%%)</text></g>\n",
	         fill("all"));
	assert_has(text, want);
	snprintf(want, sizeof want,
	         "<g><title>work (60 samples, 60.00%%)</title><rect x=\"482\" "
	         "y=\"37\" width=\"708.0\" height=\"15.0\" fill=\"%s\"/>"
	         "<text x=\"485.00\" y=\"47.5\">work</text></g>\n",
	         fill("work"));
	assert_has(text, want);
	/* Names escaped in titles and labels. */
	snprintf(want, sizeof want,
	         "<g><title>idle&lt;&amp;&gt;&quot;&apos; (20 samples, "
	         "20.00%%)</title><rect x=\"116.2\" y=\"37\" width=\"236.0\" "
	         "height=\"15.0\" fill=\"%s\"/><text x=\"119.20\" "
	         "y=\"47.5\">idle&lt;&amp;&gt;&quot;&apos;</text></g>\n",
	         fill("idle<&>\"'"));
	assert_has(text, want);
	/* Annotations are not shown, but colour as the whole name. */
	snprintf(want, sizeof want,
	         "<g><title>k (10 samples, 10.00%%)</title><rect x=\"352.2\" "
	         "y=\"37\" width=\"118.0\" height=\"15.0\" fill=\"%s\"/>"
	         "<text x=\"355.20\" y=\"47.5\">k</text></g>\n",
	         fill("k_[k]"));
	assert_has(text, want);
	/* A label cut to the 15 characters that fit: 13 and "..". */
	assert_has(text, "<title>a_very_long_function_name_for_a_narrow_frame "
	                 "(9 samples, 9.00%)</title>");
	assert_has(text, "<text x=\"13.00\" y=\"47.5\">a_very_long_f..</text>");
	/* Too narrow for 3 characters: no label. */
	snprintf(want, sizeof want,
	         "<g><title>tiny (1 samples, 1.00%%)</title><rect x=\"470.2\" "
	         "y=\"37\" width=\"11.8\" height=\"15.0\" fill=\"%s\"/></g>\n",
	         fill("tiny"));
	assert_has(text, want);

	/* Pre-order, as sorted lines: a frame, then its descendants. */
	static const char *const order[] = {
	    "<title>all ", "<title>main ", "<title>a_very", "<title>idle",
	    "<title>k ",   "<title>tiny ", "<title>work ",  NULL};
	const char *last = text;
	for (size_t i = 0; order[i] != NULL; i++) {
		const char *at = strstr(text, order[i]);
		ck_assert_msg(at != NULL && at > last, "%s", order[i]);
		last = at;
	}
	/* One group per frame, inside the frames group, controls after. */
	size_t frames = 0;
	for (const char *p = text; (p = strstr(p, "<g><title>")) != NULL; p++)
		frames++;
	ck_assert_uint_eq(frames, 7);
	const char *group = strstr(text, "<g id=\"frames\" data-xpad=\"10\" "
	                                 "data-width=\"1200\" ");
	ck_assert_ptr_nonnull(group);
	ck_assert(group < strstr(text, "<title>all "));
	ck_assert(strstr(text, "<g id=\"controls\">") > last);
	ck_assert(strstr(text, "<g id=\"status\">") > last);
	assert_has(text, "data-diff=\"0\" data-nametype=\"Function:\" "
	                 "data-countname=\"samples\">\n");
	doc_free(&d);
}
END_TEST

START_TEST(titles_and_options)
{
	struct doc d;

	options(&d);
	d.o.title = "My <graph> & co";
	d.o.subtitle = "sub \"title\"";
	d.o.notes = "n&otes";
	d.o.countname = "bytes<";
	d.o.nametype = "Fn&:";
	d.o.font_type = "Courier & Co";
	d.o.factor = 2;
	d.l.subtitle = true;
	build(&d, small, false);
	const char *text = write_doc(&d);

	/* Room for the subtitle: 24 pixels more. */
	assert_has(text, "width=\"1200\" height=\"142\" viewBox=\"0 0 1200 "
	                 "142\"");
	assert_has(text, "<desc id=\"notes\">n&amp;otes</desc>\n");
	assert_has(text, "<text id=\"title\" x=\"600.00\" y=\"24\">My "
	                 "&lt;graph&gt; &amp; co</text>\n<text "
	                 "id=\"subtitle\" x=\"600.00\" y=\"48\" "
	                 "class=\"subtitle\">sub "
	                 "&quot;title&quot;</text>\n");
	assert_has(text,
	           "text { font-family:Courier &amp; Co; font-size:12px;");
	/* Counts shown multiplied; percentages unchanged. */
	assert_has(text, "<title>all (200 bytes&lt;, 100%)</title>");
	assert_has(text, ">all (200 bytes&lt;, 100%)</text>");
	assert_has(text, "<title>work (120 bytes&lt;, 60.00%)</title>");
	assert_has(text, "data-nametype=\"Fn&amp;:\" "
	                 "data-countname=\"bytes&lt;\">");
	doc_free(&d);

	/* The default titles of an icicle graph and a flame chart. */
	options(&d);
	d.l.inverted = true;
	build(&d, small, false);
	assert_has(write_doc(&d), ">Icicle Graph</text>");
	doc_free(&d);
	options(&d);
	flame_graph_init(&d.g, false, true);
	flame_graph_add(&d.g, span_cstr("a;b"), 1, 0);
	flame_graph_finish(&d.g, 0);
	assert_has(write_doc(&d), ">Flame Chart</text>");
	doc_free(&d);
}
END_TEST

START_TEST(counts_with_thousands)
{
	static const char *const lines[] = {"a 1234567", "b 1000", "c 999",
	                                    NULL};
	struct doc d;

	options(&d);
	build(&d, lines, false);
	const char *text = write_doc(&d);
	assert_has(text, "<title>all (1,236,566 samples, 100%)</title>");
	assert_has(text, "<title>a (1,234,567 samples, 99.84%)</title>");
	assert_has(text, "<title>b (1,000 samples, 0.08%)</title>");
	assert_has(text, "<title>c (999 samples, 0.08%)</title>");
	doc_free(&d);
}
END_TEST

START_TEST(diff_graph)
{
	static const char *const lines[] = {"main;grow 1 3", "main;shrink 3 1",
	                                    "main 2 2", NULL};
	struct doc d;

	options(&d);
	build(&d, lines, true);
	const char *text = write_doc(&d);
	assert_has(text, "data-diff=\"1\"");
	/* Widths are the second counts; deltas of all samples. */
	assert_has(text, "<title>grow (3 samples, 50.00%; +33.33%)</title>");
	assert_has(text, "<title>shrink (1 samples, 16.67%; -33.33%)</title>");
	assert_has(text, "<title>main (6 samples, 100.00%; 0.00%)</title>");
	assert_has(text, "<title>all (6 samples, 100%)</title>");
	/* Growth red, shrinkage blue, no change white. */
	assert_has(frame_of(text, "grow"), " fill=\"#ff0000\"/>");
	assert_has(frame_of(text, "shrink"), " fill=\"#0000ff\"/>");
	assert_has(frame_of(text, "main"), " fill=\"#ffffff\"/>");
	doc_free(&d);

	/* --negate: the other way round. */
	options(&d);
	d.o.negate = true;
	build(&d, lines, true);
	text = write_doc(&d);
	assert_has(text, "<title>grow (3 samples, 50.00%; -33.33%)</title>");
	assert_has(text, "<title>shrink (1 samples, 16.67%; +33.33%)</title>");
	assert_has(frame_of(text, "grow"), " fill=\"#0000ff\"/>");
	assert_has(frame_of(text, "shrink"), " fill=\"#ff0000\"/>");
	doc_free(&d);
}
END_TEST

START_TEST(message_document)
{
	struct flame_layout l = {.image_width = 1200,
	                         .frame_height = 16,
	                         .font_size = 12,
	                         .font_width = 0.59};
	struct doc d;
	char why[256];
	char *text;
	size_t n;

	options(&d);
	flame_layout_init(&l, 0, 0);
	FILE *f = open_memstream(&text, &n);
	flame_svg_write_message(f, &l, &d.o, "No stacks & <none>");
	fclose(f);
	ck_assert_msg(well_formed(text, why, sizeof why), "%s", why);
	assert_has(text, "<svg version=\"1.1\" width=\"1200\" height=\"60\" "
	                 "viewBox=\"0 0 1200 60\"");
	assert_has(text, "<text id=\"title\" x=\"600.00\" y=\"24\">No stacks "
	                 "&amp; &lt;none&gt;</text>\n<g id=\"frames\"></g>\n"
	                 "</svg>\n");
	ck_assert_str_eq(text + n - 7, "</svg>\n");
	ck_assert_ptr_null(strstr(text, "<script"));
	free(text);
}
END_TEST

/* The whole file, NUL-terminated, read from the top directory. */
static char *
read_source(const char *path)
{
	static char buf[256 * 1024];
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "cannot open %s (run from the top directory)",
	              path);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	ck_assert(n < sizeof buf - 1 && !ferror(f));
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/*
 * Kept from test_svg.c: the arrays are the files, whole, and safe where
 * the SVG puts them.
 */
START_TEST(embedded_files)
{
	ck_assert_str_eq(flame_style,
	                 read_source("common/flame/flame_style.css"));
	ck_assert_str_eq(flame_script,
	                 read_source("common/flame/flame_script.js"));
	ck_assert(strlen(flame_script) > 1000);
	/* XML character data, and the inside of a CDATA section. */
	ck_assert_ptr_null(strpbrk(flame_style, "<&"));
	ck_assert_ptr_null(strstr(flame_script, "]]>"));
}
END_TEST

/* The style and the script are in every document, whole. */
START_TEST(style_and_script_inline)
{
	struct doc d;

	options(&d);
	build(&d, small, false);
	const char *text = write_doc(&d);
	assert_has(text, flame_style);
	assert_has(text, flame_script);
	const char *script = strstr(text, "<script type=\"text/ecmascript\">"
	                                  "<![CDATA[\n");
	ck_assert_ptr_nonnull(script);
	ck_assert(strstr(script, flame_script) ==
	          script + strlen("<script type=\"text/ecmascript\">"
	                          "<![CDATA[\n"));
	ck_assert_str_eq(text + d.n - strlen("]]></script>\n</svg>\n"),
	                 "]]></script>\n</svg>\n");
	doc_free(&d);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {checker_catches_bad_xml,
	                        small_graph_frames,
	                        titles_and_options,
	                        counts_with_thousands,
	                        diff_graph,
	                        message_document,
	                        embedded_files,
	                        style_and_script_inline,
	                        NULL};
	return unit_main("flame_svg", tests);
}
