/*
 * category_chart.c - see category_chart.h.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/numbers.h"
#include "flame/category_chart.h"
#include "flame/palette.h"
#include "flame/svg.h"

enum {
	WIDTH = 1200,
	MARGIN = 10,
	BAR_TOP = 64,
	BAR_HEIGHT = 26,
	BAR_GAP = 10,
	LEGEND_COLUMN = 236,
	LEGEND_ROW = 20,
	CHAR_WIDTH = 7, /* about, for 12px Verdana */
};

/*
 * Hover: the segment's title into the details line, and back.  The line's
 * hint is the script's: where the SVG is shown as an image (GitHub), no
 * script runs, and nothing invites a hover that does nothing.
 */
static const char script[] =
    "(function () {\n"
    "\tvar details = document.getElementById(\"details\");\n"
    "\tvar idle = \"Hover over a segment for its share\";\n"
    "\tdetails.textContent = idle;\n"
    "\tfunction titled(e) {\n"
    "\t\tfor (var n = e.target; n && n.getAttribute; n = n.parentNode)\n"
    "\t\t\tif (n.querySelector && n.querySelector(\":scope > title\"))\n"
    "\t\t\t\treturn n;\n"
    "\t\treturn null;\n"
    "\t}\n"
    "\tdocument.addEventListener(\"mouseover\", function (e) {\n"
    "\t\tvar g = titled(e);\n"
    "\t\tif (g)\n"
    "\t\t\tdetails.textContent = "
    "g.querySelector(\":scope > title\").textContent;\n"
    "\t});\n"
    "\tdocument.addEventListener(\"mouseout\", function (e) {\n"
    "\t\tif (titled(e))\n"
    "\t\t\tdetails.textContent = idle;\n"
    "\t});\n"
    "})();\n";

/* "1234567" -> "1,234,567". */
static void
put_count(FILE *out, uint64_t v)
{
	char digits[32];
	int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);

	for (int i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			putc_unlocked(',', out);
		putc_unlocked(digits[i], out);
	}
}

static void
put_colour(FILE *out, struct span category)
{
	struct rgb c = palette_category_colour(category);
	fprintf(out, "rgb(%u,%u,%u)", c.r, c.g, c.b);
}

/* Black or white, whichever reads better on the category's colour. */
static const char *
ink_on(struct span category)
{
	struct rgb c = palette_category_colour(category);
	double luma = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
	return luma < 128 ? "#fff" : "#000";
}

/* About how many characters s shows: its bytes but UTF-8 continuations. */
static size_t
characters(struct span s)
{
	size_t n = 0;

	for (size_t i = 0; i < s.n; i++)
		n += ((unsigned char)s.p[i] & 0xc0) != 0x80;
	return n;
}

static size_t
label_width(const struct category_chart *c)
{
	size_t chars = 0;

	for (size_t b = 0; b < c->nbars; b++) {
		size_t n = characters(c->labels[b]);
		if (n > chars)
			chars = n;
	}
	size_t w = chars * CHAR_WIDTH + 12;
	return w > WIDTH / 4 ? WIDTH / 4 : w;
}

static void
write_segment(FILE *out, const struct category_chart *c, size_t cat, size_t bar,
              double x, double w, double y)
{
	uint64_t count = c->counts[cat * c->nbars + bar];
	double share = percent_of(count, c->totals[bar]);
	struct span name = c->categories[cat];

	fprintf(out, "<g class=\"seg\" data-category=\"");
	svg_write_text(out, name);
	fprintf(out, "\" data-share=\"%.2f\"><title>", share);
	svg_write_text(out, c->labels[bar]);
	fputs(": ", out);
	svg_write_text(out, name);
	fprintf(out, " %.2f%% (", share);
	put_count(out, count);
	fputs(" of ", out);
	put_count(out, c->totals[bar]);
	fprintf(out, " %s)</title>\n", c->weight);
	fprintf(out,
	        "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%d\" "
	        "fill=\"",
	        x, y, w, BAR_HEIGHT);
	put_colour(out, name);
	fputs("\"/>", out);
	/* The share, where it fits: about 5 characters. */
	if (w >= 6 * CHAR_WIDTH)
		fprintf(out,
		        "<text x=\"%.2f\" y=\"%.0f\" text-anchor=\"middle\" "
		        "fill=\"%s\">%.*f%%</text>",
		        x + w / 2, y + BAR_HEIGHT / 2 + 4, ink_on(name),
		        share < 10 ? 1 : 0, share);
	fputs("</g>\n", out);
}

static void
write_bars(FILE *out, const struct category_chart *c, double x0)
{
	double width = WIDTH - MARGIN - x0;

	fputs("<g id=\"bars\">\n", out);
	for (size_t b = 0; b < c->nbars; b++) {
		double y = BAR_TOP + (double)b * (BAR_HEIGHT + BAR_GAP);
		fputs("<g class=\"bar\" data-label=\"", out);
		svg_write_text(out, c->labels[b]);
		fprintf(out,
		        "\">\n<text class=\"label\" x=\"%.0f\" y=\"%.0f\" "
		        "text-anchor=\"end\">",
		        x0 - 6, y + BAR_HEIGHT / 2 + 4);
		svg_write_text(out, c->labels[b]);
		fputs("</text>\n", out);
		uint64_t before = 0;
		for (size_t k = 0; k < c->ncategories; k++) {
			uint64_t n = c->counts[k * c->nbars + b];
			if (n == 0)
				continue;
			double left =
			    x0 + width * (double)before / (double)c->totals[b];
			before += n;
			double right =
			    x0 + width * (double)before / (double)c->totals[b];
			write_segment(out, c, k, b, left, right - left, y);
		}
		fputs("</g>\n", out);
	}
	fputs("</g>\n", out);
}

static void
write_legend(FILE *out, const struct category_chart *c, double top)
{
	int per_row = (WIDTH - 2 * MARGIN) / LEGEND_COLUMN;

	fputs("<g id=\"legend\">\n", out);
	for (size_t k = 0; k < c->ncategories; k++) {
		double x = MARGIN + (double)(k % per_row) * LEGEND_COLUMN;
		double y = top + (double)(k / per_row) * LEGEND_ROW;
		struct span name = c->categories[k];
		fputs("<g class=\"key\" data-category=\"", out);
		svg_write_text(out, name);
		fputs("\"><title>", out);
		svg_write_text(out, name);
		for (size_t b = 0; b < c->nbars; b++) {
			fputs(b ? ", " : ": ", out);
			if (c->nbars > 1) {
				svg_write_text(out, c->labels[b]);
				putc_unlocked(' ', out);
			}
			fprintf(out, "%.2f%%",
			        percent_of(c->counts[k * c->nbars + b],
			                   c->totals[b]));
		}
		fprintf(out,
		        "</title><rect x=\"%.0f\" y=\"%.0f\" width=\"12\" "
		        "height=\"12\" fill=\"",
		        x, y - 10);
		put_colour(out, name);
		fprintf(out,
		        "\" stroke=\"#888\" stroke-width=\"0.5\"/>"
		        "<text x=\"%.0f\" y=\"%.0f\">",
		        x + 18, y);
		svg_write_text(out, name);
		if (c->nbars == 1)
			fprintf(out, " %.2f%%",
			        percent_of(c->counts[k], c->totals[0]));
		fputs("</text></g>\n", out);
	}
	fputs("</g>\n", out);
}

/* The document up to its content: size, style, title and subtitle. */
static void
write_head(FILE *out, double height, const char *title, const char *subtitle)
{
	fprintf(
	    out,
	    "<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<svg version=\"1.1\" width=\"%d\" height=\"%.0f\" "
	    "viewBox=\"0 0 %d %.0f\" xmlns=\"http://www.w3.org/2000/svg\">\n"
	    "<style>\n"
	    "text { font-family: Verdana, sans-serif; font-size: 12px; "
	    "fill: #000; }\n"
	    "#title { font-size: 17px; }\n"
	    "#subtitle, #details { fill: #555; }\n"
	    ".seg:hover rect, .key:hover rect { stroke: #000; "
	    "stroke-width: 1.5; }\n"
	    "</style>\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
	    "<text id=\"title\" x=\"%d\" y=\"24\" "
	    "text-anchor=\"middle\">",
	    WIDTH, height, WIDTH, height, WIDTH / 2);
	svg_write_text(out, span_cstr(title));
	fputs("</text>\n", out);
	if (subtitle != NULL) {
		fprintf(out,
		        "<text id=\"subtitle\" x=\"%d\" y=\"44\" "
		        "text-anchor=\"middle\">",
		        WIDTH / 2);
		svg_write_text(out, span_cstr(subtitle));
		fputs("</text>\n", out);
	}
}

/* The line the script fills with what the pointer is over. */
static void
write_details(FILE *out, double x, double y)
{
	fprintf(out, "<text id=\"details\" x=\"%.0f\" y=\"%.0f\"> </text>\n", x,
	        y);
}

/* The script, and the end. */
static void
write_tail(FILE *out)
{
	/* Last, so that the elements it finds exist when it runs. */
	fprintf(out,
	        "<script type=\"text/ecmascript\"><![CDATA[\n%s]]></script>\n"
	        "</svg>\n",
	        script);
}

void
category_chart_write(FILE *out, const struct category_chart *c)
{
	double x0 = MARGIN + (double)label_width(c);
	double bars_end =
	    BAR_TOP + (double)c->nbars * (BAR_HEIGHT + BAR_GAP) - BAR_GAP;
	double details = bars_end + 22;
	double legend = details + 30;
	int per_row = (WIDTH - 2 * MARGIN) / LEGEND_COLUMN;
	size_t rows = (c->ncategories + (size_t)per_row - 1) / (size_t)per_row;
	double height = legend + (double)rows * LEGEND_ROW + MARGIN;

	write_head(out, height, c->title, c->subtitle);
	write_bars(out, c, x0);
	write_details(out, x0, details);
	write_legend(out, c, legend);
	write_tail(out);
}

enum {
	SHIFT_HEADING = 24, /* a group's heading row */
	SHIFT_ROW = 18,     /* a bar's row */
	SHIFT_BAR = 14,
	SHIFT_LABELS = 150, /* the categories' names, left of the axis */
	SHIFT_VALUES = 70,  /* room for a value beyond a bar's end */
};

/* A change as the value beside its bar: "+1.234", "-0.05". */
static void
put_change(FILE *out, double v)
{
	fprintf(out,
	        fabs(v) >= 100 ? "%+.0f"
	        : fabs(v) >= 1 ? "%+.2f"
	                       : "%+.3f",
	        v);
}

static void
write_shift(FILE *out, const struct category_shifts *c,
            const struct category_shift *r, double axis, double half,
            double max, double y)
{
	struct span name = span_cstr(r->category);
	double w = max > 0 ? half * fabs(r->change) / max : 0;
	double x = r->change < 0 ? axis - w : axis;

	fputs("<g class=\"seg\" data-category=\"", out);
	svg_write_text(out, name);
	fprintf(out, "\" data-change=\"%.6g\" data-significant=\"%s\"><title>",
	        r->change, r->significant ? "yes" : "no");
	svg_write_text(out, span_cstr(r->label));
	fputs(": ", out);
	svg_write_text(out, name);
	fprintf(out, " A %.6g, B %.6g, change ", r->a, r->b);
	put_change(out, r->change);
	fputc(' ', out);
	svg_write_text(out, span_cstr(c->unit));
	if (isnan(r->q))
		fputs(" (not tested)", out);
	else
		fprintf(out, " (q = %.2g: %s)", r->q,
		        r->significant ? "significant" : "not significant");
	fprintf(out,
	        "</title><text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\"%s>",
	        MARGIN + (double)SHIFT_LABELS - 6, y + SHIFT_BAR - 3,
	        r->significant ? "" : " style=\"fill: #888\"");
	svg_write_text(out, name);
	fprintf(out,
	        "</text><rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" "
	        "height=\"%d\" fill=\"",
	        x, y, w < 1 ? 1 : w, SHIFT_BAR);
	put_colour(out, name);
	/* Insignificant: the same colour, muted; significant: outlined. */
	fputs(r->significant ? "\" stroke=\"#000\" stroke-width=\"1\"/>"
	                     : "\" fill-opacity=\"0.3\"/>",
	      out);
	double vx = r->change < 0 ? x - 4 : x + (w < 1 ? 1 : w) + 4;
	fprintf(out, "<text x=\"%.2f\" y=\"%.0f\" text-anchor=\"%s\"%s>", vx,
	        y + SHIFT_BAR - 3, r->change < 0 ? "end" : "start",
	        r->significant ? "" : " style=\"fill: #888\"");
	put_change(out, r->change);
	fputs("</text></g>\n", out);
}

void
category_chart_shifts_write(FILE *out, const struct category_shifts *c)
{
	double max = 0, height = 64;

	for (size_t i = 0; i < c->nrows; i++) {
		if (fabs(c->rows[i].change) > max)
			max = fabs(c->rows[i].change);
		bool first = i == 0 || strcmp(c->rows[i].label,
		                              c->rows[i - 1].label) != 0;
		height += (first ? SHIFT_HEADING : 0) + SHIFT_ROW;
	}
	double details = height + 16;
	double left = MARGIN + SHIFT_LABELS + SHIFT_VALUES;
	double half = (WIDTH - MARGIN - SHIFT_VALUES - left) / 2;
	double axis = left + half;

	write_head(out, details + 16, c->title, c->subtitle);
	fprintf(out,
	        "<line x1=\"%.2f\" y1=\"56\" x2=\"%.2f\" y2=\"%.0f\" "
	        "stroke=\"#888\" stroke-width=\"1\"/>\n<g id=\"bars\">\n",
	        axis, axis, height);
	double y = 64;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct category_shift *r = &c->rows[i];
		if (i == 0 || strcmp(r->label, c->rows[i - 1].label) != 0) {
			fprintf(out,
			        "<text class=\"label\" x=\"%d\" y=\"%.0f\" "
			        "font-weight=\"bold\">",
			        MARGIN, y + 16);
			svg_write_text(out, span_cstr(r->label));
			fputs("</text>\n", out);
			y += SHIFT_HEADING;
		}
		write_shift(out, c, r, axis, half, max, y);
		y += SHIFT_ROW;
	}
	fputs("</g>\n", out);
	write_details(out, MARGIN, details);
	write_tail(out);
}
