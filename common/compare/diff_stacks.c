/*
 * diff_stacks.c - see diff_stacks.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "input/folded_diff.h"
#include "compare/diff_stacks.h"

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
put_count(FILE *out, double v)
{
	char text[64];
	size_t n = (size_t)snprintf(text, sizeof text, "%.2f", v);

	while (n > 0 && text[n - 1] == '0')
		n--;
	if (n > 0 && text[n - 1] == '.')
		n--;
	fprintf(out, " %.*s", (int)n, text);
}

/* What flamesvg shows under the title: one line, in the header. */
static void
write_summary(FILE *to, struct compare *c, bool a_widths, double scale)
{
	double share[2];
	int width = a_widths ? 0 : 1, other = 1 - width;
	const char *name[2] = {"A", "B"};
	double hidden = 0;
	uint32_t nhidden = 0;
	char *summary = NULL;
	size_t n = 0;
	FILE *out = xopen_memstream(&summary, &n);

	for (uint32_t i = 0; i < c->nitems; i++) {
		const struct compare_result *r = compare_result(c, i, 0);
		if (r->weight[width] == 0) {
			nhidden++;
			hidden += r->weight[other];
		}
	}
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
		        100 * hidden / (double)c->side[other].profile->total,
		        a_widths ? "without" : "with");
	char *unmatched = compare_unmatched_text(share);
	fprintf(out, "; %s", unmatched);
	free(unmatched);
	/* The legend: the drawing must read as an image (GitHub). */
	fputs("; red: B grew, blue: B shrank, white: no significant change",
	      out);
	xclose_memstream(out);
	folded_diff_write_header(to, a_widths, summary);
	free(summary);
}

void
diff_stacks_write(FILE *out, struct compare *c, bool a_widths)
{
	int width = a_widths ? 0 : 1, other = 1 - width;
	double scale = 1;

	if (c->unit == UNIT_TIME) /* other's time per loop (or run), in
	                             width's samples */
		scale = c->side[other].scale * c->side[width].nruns /
		        (c->side[width].scale * c->side[other].nruns);
	else if (c->unit == UNIT_SHARE)
		scale = (double)c->side[width].profile->total /
		        (double)c->side[other].profile->total;
	write_summary(out, c, a_widths, scale);
	compare_write_header(out, c, "# ", "stacks");
	fprintf(out, "# columns: stack, then %s then %s (the widths)%s\n",
	        a_widths ? "B" : "A", a_widths ? "A" : "B",
	        c->unit == UNIT_TIME ? ", scaled to equal time per unit of work"
	        : c->unit == UNIT_SHARE ? ", scaled to equal totals"
	                                : ", as read");
	if (c->glue != NULL && c->nglue[0] + c->nglue[1] > 0)
		fprintf(out,
		        "# glue: %u and %u functions of A and B left out of "
		        "stacks but as leaves, by %s\n",
		        c->nglue[0], c->nglue[1], c->glue);
	if (c->glue != NULL && c->nreentry[0] + c->nreentry[1] > 0)
		fprintf(
		    out,
		    "# re-entries: %u and %u functions of A and B one frame "
		    "with their caller when directly under it, by %s\n",
		    c->nreentry[0], c->nreentry[1], c->glue);
	if (c->glue != NULL && c->nroot[0] + c->nroot[1] > 0)
		fprintf(out,
		        "# roots: %u and %u functions of A and B start stacks, "
		        "their callers left out, by %s\n",
		        c->nroot[0], c->nroot[1], c->glue);

	uint32_t nboth;
	uint32_t *both = compare_hidden_in_both(c, &nboth);
	for (uint32_t i = 0; i < nboth; i++)
		folded_diff_write_in_both(out, compare_text(c, both[i]));
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
			folded_diff_write_test(out, r->test.p, r->q,
			                       r->significant);
		fprintf(out, "%.*s", (int)text.n, text.p);
		put_count(out, r->weight[other] * scale);
		put_count(out, r->weight[width]);
		fputc('\n', out);
	}
	free(order);
}
