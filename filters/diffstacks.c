/*
 * diffstacks - two profiles as the input of a differential flame graph.
 *
 * Reads two profiles, A and B (folded stacks, or perf script text with or
 * without the run markers of a data set's raw file), and writes each stack
 * of either once, as FlameGraph's difffolded.pl does: "stack countA
 * countB", the counts scaled to equal totals unless told not to.  Each
 * stack's change is tested as flatdiff tests a function's self share
 * (views/compare.h), and the result goes on a comment line before it,
 * which flamesvg reads and FlameGraph's scripts ignore (the format is
 * input/folded_diff.h's):
 *
 *   # perfviews-diff: widths=B; SUMMARY    first line: which column is
 *                                          the width, and a summary
 *   # p=0.00012 q=0.0031 yes               before a stack that was
 *                                          tested: p, q, significant
 *   stack 12.5 31
 *
 * With --a-widths the columns are swapped, "stack countB countA", so that
 * flamesvg (or flamegraph.pl --negate) draws A's widths.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "input/folded_diff.h"
#include "views/compare.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct compare_options compare;
	bool a_widths;
	const char *glue; /* --glue FILE, or NULL: the default glue.rules */
	bool no_glue;
};

/* --format: taken by every view, refused by this one. */
static void
format_option(void *field, const char *value, const char *option)
{
	(void)field, (void)value;
	usage_error("%s: diffstacks writes folded stacks only", option);
}

#define O struct options
static const struct option_row diffstacks_options[] = {
    OPT_NOTE("A, B", "the profiles: folded stacks or perf script text (run\n"
                     "markers make runs); - is stdin"),
    OPT_FLAG(0, "a-widths", O, a_widths,
             "widths from A (\"stack countB countA\"): what went\n"
             "away shows; default widths from B"),
    OPT_FLAG(0, "absolute", O, compare.absolute,
             "counts as read, tested per run; default: scaled to\n"
             "the width side's total, shares tested"),
    OPT_TEXT(0, "glue", "FILE", O, glue,
             "leave out of stacks the functions FILE's rules put\n"
             "in category glue (default: glue.rules)"),
    OPT_FLAG(0, "no-glue", O, no_glue, "match stacks frame by frame"),
    OPT_CALL('f', "format", "FORMAT", O, view, format_option, NULL),
    OPT_TABLE(O, compare, compare_option_table),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program diffstacks = {
    .name = "diffstacks",
    .usage = "diffstacks [--a-widths] [--absolute] [--fdr P] [--min-samples "
             "N]\n"
             "                [--glue FILE | --no-glue] [--unit "
             "time|samples|share]\n"
             "                [--exact-dso] [--force] [--period] [--event "
             "NAME]\n"
             "                [--strict] [--resolve] [--expand-inline] "
             "[--demangle]\n"
             "                [--srcline] A B\n",
    .summary = "Two profiles as the input of a differential flame graph: "
               "\"stack countA countB\".",
    .options = diffstacks_options,
};

/* For qsort_r over a comparison: stacks bytewise by their text. */
static int
compare_stacks(const void *pa, const void *pb, void *arg)
{
	const struct compare *c = arg;
	const struct compare_item *a = &c->items[*(const uint32_t *)pa];
	const struct compare_item *b = &c->items[*(const uint32_t *)pb];

	return span_compare(compare_text(c, a->name), compare_text(c, b->name));
}

/* A count: whole, or with up to two decimals once scaled. */
static void
put_count(double v)
{
	char text[64];
	size_t n = (size_t)snprintf(text, sizeof text, "%.2f", v);

	while (n > 0 && text[n - 1] == '0')
		n--;
	if (n > 0 && text[n - 1] == '.')
		n--;
	printf(" %.*s", (int)n, text);
}

/* What flamesvg shows under the title: one line, in the header. */
static void
write_summary(struct compare *c, const struct options *o, double scale)
{
	double share[2];
	int width = o->a_widths ? 0 : 1, other = 1 - width;
	const char *name[2] = {"A", "B"};
	double hidden = 0;
	uint32_t nhidden = 0;
	char *summary = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&summary, &n);

	for (uint32_t i = 0; i < c->nitems; i++) {
		const struct compare_result *r = compare_result(c, i, 0);
		if (r->weight[width] == 0) {
			nhidden++;
			hidden += r->weight[other];
		}
	}
	if (out == NULL)
		die_errno(EXIT_DATA, "open_memstream");
	compare_unmatched(c, share);
	fprintf(out,
	        "%s (%s, %u run%s) against A (%s, "
	        "%u run%s): %u of %u stacks changed significantly (%s, "
	        "FDR %g%%); widths %s",
	        "B", input_name(c->side[1].path), c->side[1].nruns,
	        c->side[1].nruns == 1 ? "" : "s", input_name(c->side[0].path),
	        c->side[0].nruns, c->side[0].nruns == 1 ? "" : "s",
	        c->nsignificant[0], c->nitems,
	        c->test == TEST_WELCH ? "Welch's t-test on runs"
	                              : "counting error",
	        100 * c->opt.alpha, name[width]);
	if (c->unit == UNIT_TIME)
		fprintf(out, ", %s scaled by %.4g to %s's %s", name[other],
		        scale, name[width], compare_unit_text(c));
	else if (c->unit == UNIT_SHARE)
		fprintf(out, ", %s scaled by %.4g to equal totals", name[other],
		        scale);
	if (nhidden > 0)
		fprintf(out,
		        "; %u stack%s only in %s (%.1f%% of it) not drawn: "
		        "they show %s --a-widths",
		        nhidden, nhidden == 1 ? "" : "s", name[other],
		        100 * hidden / (double)c->side[other].profile.total,
		        o->a_widths ? "without" : "with");
	char *unmatched = compare_unmatched_text(share);
	fprintf(out, "; %s", unmatched);
	free(unmatched);
	/* The legend: the drawing must read as an image (GitHub). */
	fputs("; red: B grew, blue: B shrank, white: no significant change",
	      out);
	fclose(out);
	folded_diff_write_header(stdout, o->a_widths, summary);
	free(summary);
}

static void
write_stacks(struct compare *c, const struct options *o)
{
	int width = o->a_widths ? 0 : 1, other = 1 - width;
	double scale = 1;

	if (c->unit == UNIT_TIME) /* other's time per loop (or run), in
	                             width's samples */
		scale = c->side[other].scale * c->side[width].nruns /
		        (c->side[width].scale * c->side[other].nruns);
	else if (c->unit == UNIT_SHARE)
		scale = (double)c->side[width].profile.total /
		        (double)c->side[other].profile.total;
	write_summary(c, o, scale);
	compare_write_header(stdout, c, "# ", "stacks");
	printf("# columns: stack, then %s then %s (the widths)%s\n",
	       o->a_widths ? "B" : "A", o->a_widths ? "A" : "B",
	       c->unit == UNIT_TIME ? ", scaled to equal time per unit of work"
	       : c->unit == UNIT_SHARE ? ", scaled to equal totals"
	                               : ", as read");
	if (c->glue != NULL && c->nglue[0] + c->nglue[1] > 0)
		printf("# glue: %u and %u functions of A and B left out of "
		       "stacks but as leaves, by %s\n",
		       c->nglue[0], c->nglue[1], c->glue);
	if (c->glue != NULL && c->nreentry[0] + c->nreentry[1] > 0)
		printf("# re-entries: %u and %u functions of A and B one frame "
		       "with their caller when directly under it, by %s\n",
		       c->nreentry[0], c->nreentry[1], c->glue);
	if (c->glue != NULL && c->nroot[0] + c->nroot[1] > 0)
		printf("# roots: %u and %u functions of A and B start stacks, "
		       "their callers left out, by %s\n",
		       c->nroot[0], c->nroot[1], c->glue);

	uint32_t nboth;
	uint32_t *both = compare_hidden_in_both(c, &nboth);
	for (uint32_t i = 0; i < nboth; i++)
		folded_diff_write_in_both(stdout, compare_text(c, both[i]));
	free(both);

	uint32_t *order =
	    xreallocarray(NULL, c->nitems ? c->nitems : 1, sizeof *order);
	for (uint32_t i = 0; i < c->nitems; i++)
		order[i] = i;
	qsort_r(order, c->nitems, sizeof *order, compare_stacks, c);
	for (uint32_t i = 0; i < c->nitems; i++) {
		const struct compare_result *r = compare_result(c, order[i], 0);
		struct span text = compare_text(c, c->items[order[i]].name);
		if (r->tested)
			folded_diff_write_test(stdout, r->test.p, r->q,
			                       r->significant);
		printf("%.*s", (int)text.n, text.p);
		put_count(r->weight[other] * scale);
		put_count(r->weight[width]);
		printf("\n");
	}
	free(order);
}

/* The options; returns the index of A (B follows). */
static int
parse_options(struct options *o, int argc, char *argv[])
{
	compare_options_default(&o->compare);
	int first = program_parse(&diffstacks, argc, argv, o);
	if (argc - first != 2)
		usage_error("two profiles to compare, A and B, expected");
	if (o->glue != NULL && o->no_glue)
		usage_error("--glue and --no-glue: one or the other");
	return first;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct compare c;

	memset(&o, 0, sizeof o);
	cli_start(diffstacks.name);
	int first = parse_options(&o, argc, argv);
	compare_init(&c, &o.compare, KEY_STACK);
	compare_read_both(&c, &o.view, argv[first], argv[first + 1]);
	compare_check(&c);
	if (!o.no_glue)
		compare_glue_file(&c, o.glue);
	compare_run(&c);
	write_stacks(&c, &o);
	finish_output();
	compare_free(&c);
	return EXIT_OK;
}
