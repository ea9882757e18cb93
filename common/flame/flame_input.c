/*
 * flame_input.c - see flame_input.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "flame/flame_input.h"
#include "input/folded.h"
#include "input/folded_diff.h"
#include "input/input_format.h"

/* The comment lines of diffstacks (folded_diff.h); others are comments. */
static void
read_comment(void *ctx, struct span line)
{
	struct flame_input *in = ctx;
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
	} else if (folded_diff_read_in_both(line, &summary)) {
		flame_graph_in_both(&in->graph, summary);
	} else if (in->tested && folded_diff_read_test(line, &t)) {
		in->next.p = t.p;
		in->next.q = t.q;
		in->next.verdict =
		    t.significant ? FLAME_SIGNIFICANT : FLAME_NOISE;
	}
}

static void
add_line(struct flame_input *in, const struct folded_reader *r,
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

void
flame_input_init(struct flame_input *in, bool reverse, bool flamechart)
{
	memset(in, 0, sizeof *in);
	flame_graph_init(&in->graph, reverse, flamechart);
}

void
flame_input_read(struct flame_input *in, int fd, const char *name, bool strict)
{
	struct folded_reader r;
	struct folded_line line;

	folded_reader_init(&r, fd, name);
	r.lines.strict = strict;
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
}

void
flame_input_settle(const struct flame_input *in, struct flame_view_options *v)
{
	if (in->graph.tested) {
		/* Red is where B grew, whichever side gives the widths. */
		v->svg.a_widths = in->a_widths;
		v->svg.negate ^= in->a_widths;
		if (v->svg.subtitle == NULL && in->summary != NULL)
			v->svg.subtitle = in->summary;
		v->layout.subtitle =
		    flame_svg_subtitle_lines(&v->layout, v->svg.subtitle);
	}
	if (in->graph.diff)
		v->svg.a_widths = in->a_widths;
}

void
flame_input_free(struct flame_input *in)
{
	flame_graph_free(&in->graph);
	free(in->summary);
}
