/*
 * flame_input.h - flamesvg's reading of folded stacks into a flame graph:
 * "stack COUNT", or "stack A B" for a differential graph, and the comment
 * lines diffstacks writes (input/folded_diff.h: which side gives the
 * widths, a summary for the subtitle, each stack's test, the functions
 * drawn on one side only though both have them).  flamesvg reads its
 * inputs with it, and so does a comparison's one pass
 * (dataset/comparison_files.h), from the stacks it wrote into memory.
 */
#ifndef PERFVIEWS_FLAME_INPUT_H
#define PERFVIEWS_FLAME_INPUT_H

#include <stdbool.h>

#include "flame/flame_graph.h"
#include "flame/flame_view.h"

struct flame_input {
	struct flame_graph graph;
	bool seen_stack; /* the first line fixed diff or not */
	unsigned long bad_lines;
	/* diffstacks' comment lines: its header, and each stack's test. */
	bool tested;            /* "# perfviews-diff: widths=A|B; SUMMARY" */
	bool a_widths;          /* widths=A: the columns are B, A */
	char *summary;          /* SUMMARY, or NULL */
	struct flame_test next; /* "# p=P q=Q yes|no" before a stack */
};

void flame_input_init(struct flame_input *in, bool reverse, bool flamechart);

/*
 * The folded stacks of fd (named name in messages) added: a line that
 * cannot be read is reported and counted in bad_lines (fatal with
 * strict), a line of the other kind than the first (one count, two) too.
 */
void flame_input_read(struct flame_input *in, int fd, const char *name,
                      bool strict);

/*
 * A differential graph's view settled after reading: the side that gives
 * the widths, and for diffstacks' tested stacks red where B grew
 * whichever side that is, with its summary as the subtitle unless one
 * was given.
 */
void flame_input_settle(const struct flame_input *in,
                        struct flame_view_options *v);

void flame_input_free(struct flame_input *in);

#endif
