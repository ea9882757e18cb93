/*
 * compare_text.c - the words of a comparison: its header and the name of
 * its test (see compare.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "base/cli.h"
#include "compare/compare.h"

/* "1234567" -> "1,234,567". */
static const char *
thousands(double v, char *out, size_t size)
{
	char digits[64];
	int n = snprintf(digits, sizeof digits, "%.0f", v);
	size_t j = 0;

	for (int i = 0; i < n && j + 2 < size; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			out[j++] = ',';
		out[j++] = digits[i];
	}
	out[j] = '\0';
	return out;
}

const char *
compare_unit_text(const struct compare *c)
{
	if (c->unit == UNIT_TIME)
		return c->per_loop ? "ms per loop" : "ms per run";
	return c->opt.absolute ? "samples per run" : "percent";
}

const char *
compare_test_text(const struct compare *c)
{
	static char text[200];
	const char *what = c->unit == UNIT_TIME
	                       ? (c->per_loop ? "times per loop" : "times")
	                   : c->opt.absolute ? "counts"
	                                     : "shares";

	if (c->test == TEST_WELCH)
		snprintf(text, sizeof text,
		         "Welch's t-test on per-run %s (%u and %u runs)", what,
		         c->side[0].nruns, c->side[1].nruns);
	else if (c->opt.absolute)
		snprintf(text, sizeof text,
		         "Poisson z-test on sample counts (counting error "
		         "only: %s has one run, so how runs vary is unknown)",
		         c->side[0].nruns < 2 ? "A" : "B");
	else
		snprintf(text, sizeof text,
		         "two-proportion z-test on sample counts (counting "
		         "error only: %s has one run, so how runs vary is "
		         "unknown)",
		         c->side[0].nruns < 2 ? "A" : "B");
	return text;
}

/* A header line; one that would end with a digit gets a full stop. */
static void
header_line(FILE *out, const char *prefix, const char *text)
{
	size_t n = strlen(text);

	fprintf(out, "%s%s%s\n", prefix, text,
	        n > 0 && text[n - 1] >= '0' && text[n - 1] <= '9' ? "." : "");
}

static void
describe_side(const struct compare *c, int side, char *text, size_t size)
{
	const struct compare_side *s = &c->side[side];
	const struct profile *p = s->profile;
	const char *event = profile_event_name(p);
	const char *weight = profile_weight_name(p);
	char total[64], samples[64];

	thousands((double)p->total, total, sizeof total);
	thousands((double)p->stream.samples, samples, sizeof samples);
	int n =
	    snprintf(text, size, "%s: %s: %u run%s, ", side ? "B" : "A",
	             input_name(s->path), s->nruns, s->nruns == 1 ? "" : "s");
	if (n < 0 || (size_t)n >= size)
		return;
	if (strcmp(weight, "period") == 0)
		snprintf(text + n, size - n, "period %s in %s samples of %s",
		         total, samples, event ? event : "an unknown event");
	else if (strcmp(weight, "count") == 0)
		snprintf(text + n, size - n, "%s counted (folded stacks)",
		         total);
	else
		snprintf(text + n, size - n, "%s samples of %s", total,
		         event ? event : "an unknown event");
}

/* bytecode_view_family_source's answer in words. */
static const char *
family_source_words(const char *source)
{
	return strcmp(source, "table") == 0
	           ? "from its interpreter's table of specialisations"
	       : strcmp(source, "name") == 0 ? "by the name rule"
	                                     : "from a table for some DSOs, by "
	                                       "the name rule for others";
}

/*
 * How a sample is put in an instruction, and how many of each side's
 * samples have an eval loop frame and were placed.
 */
static void
describe_eval_loop(const struct compare *c, char *text, size_t size)
{
	char n[4][64];

	for (int s = 0; s < 2; s++) {
		const struct bytecode_view *v = c->side[s].bytecode;
		thousands((double)bytecode_view_loop_samples(v), n[2 * s],
		          sizeof n[2 * s]);
		thousands((double)bytecode_view_placed_samples(v), n[2 * s + 1],
		          sizeof n[2 * s + 1]);
	}
	int k = snprintf(
	    text, size,
	    "%s of CPython's eval loop placed by the interpreter's "
	    "DWARF, as bytecode places them (A: %s samples with an eval "
	    "loop frame, %s placed; B: %s, %s placed); self: the "
	    "sample's leaf is in its code, total: also the functions it "
	    "called; values of all samples",
	    c->key == KEY_FAMILY ? "instruction families" : "instructions",
	    n[0], n[1], n[2], n[3]);
	/* Families made two ways group instructions two ways: said. */
	const char *from[2] = {
	    bytecode_view_family_source(c->side[0].bytecode),
	    bytecode_view_family_source(c->side[1].bytecode)};
	if (c->key == KEY_FAMILY && k > 0 && (size_t)k < size &&
	    from[0] != NULL && from[1] != NULL &&
	    (strcmp(from[0], from[1]) != 0 || strcmp(from[0], "mixed") == 0))
		snprintf(text + k, size - (size_t)k,
		         "; beware: A's families are %s, B's %s, so a family "
		         "may not hold the same instructions on both sides",
		         family_source_words(from[0]),
		         family_source_words(from[1]));
}

/* "libpython3.11.so.1.0 = libpython3.12.so.1.0, ...": DSOs matched. */
static void
describe_dsos(struct compare *c, char *text, size_t size)
{
	struct tuple_table pairs;
	size_t n = 0, shown = 0;

	if (compare_key_eval_loop(c->key)) {
		describe_eval_loop(c, text, size);
		return;
	}

	if (c->key == KEY_CATEGORY) {
		snprintf(text, size,
		         "categories by the rules of %s (a function's first "
		         "rule that matches); self: the category of a sample's "
		         "leaf, total: every category with a frame in it",
		         c->rules);
		return;
	}
	if (c->by_name) {
		snprintf(text, size,
		         "functions matched by name alone: folded stacks "
		         "name no DSOs");
		return;
	}
	if (c->opt.exact_dso) {
		snprintf(text, size, "DSOs matched by their exact names");
		return;
	}
	n = (size_t)snprintf(text, size,
	                     "DSOs matched with their version numbers set "
	                     "aside");
	tuple_table_init(&pairs);
	for (uint32_t i = 0; c->key != KEY_STACK && i < c->nitems; i++) {
		const struct compare_item *it = &c->items[i];
		if (it->dso_of[0] == COMPARE_NONE ||
		    it->dso_of[1] == COMPARE_NONE ||
		    it->dso_of[0] == it->dso_of[1] ||
		    it->dso_of[0] == c->unknown || it->dso_of[1] == c->unknown)
			continue;
		uint32_t count = tuple_table_count(&pairs);
		if (tuple_table_intern(&pairs, it->dso_of, 2) != count)
			continue;
		if (shown++ < 4 && n < size)
			n += (size_t)snprintf(
			    text + n, size - n, "%s%s = %s",
			    shown == 1 ? ": " : ", ",
			    string_table_cstr(&c->names, it->dso_of[0]),
			    string_table_cstr(&c->names, it->dso_of[1]));
	}
	if (shown > 4 && n < size)
		snprintf(text + n, size - n, " and %zu more pairs", shown - 4);
	tuple_table_free(&pairs);
}

/* "12" for one measure, "12 by self, 7 by total" for two. */
static const char *
by_measure(const struct compare *c, const uint32_t *n, char out[64])
{
	if (c->nmeasures == 1)
		snprintf(out, 64, "%u", n[0]);
	else
		snprintf(out, 64, "%u by self, %u by total", n[0], n[1]);
	return out;
}

void
compare_write_header(FILE *out, struct compare *c, const char *prefix,
                     const char *what)
{
	char text[1024], count[64], list[64];

	describe_side(c, 0, text, sizeof text);
	header_line(out, prefix, text);
	describe_side(c, 1, text, sizeof text);
	header_line(out, prefix, text);
	if (c->unit == UNIT_TIME && c->per_loop)
		snprintf(text, sizeof text,
		         "values: ms per loop (samples / frequency / loops, "
		         "each run; A %g Hz, %g loops a run, B %g Hz, %g loops "
		         "a run: meta.json; --unit share for shares)",
		         c->side[0].frequency, c->side[0].loops,
		         c->side[1].frequency, c->side[1].loops);
	else if (c->unit == UNIT_TIME)
		snprintf(text, sizeof text,
		         "values: ms per run (samples / frequency, each run; "
		         "A %g Hz, B %g Hz: meta.json; --unit share for "
		         "shares)",
		         c->side[0].frequency, c->side[1].frequency);
	else
		snprintf(text, sizeof text, "%s",
		         c->opt.absolute
		             ? "values: samples per run (absolute counts, for "
		               "runs of equal length)"
		             : "values: percent of each side's own total");
	header_line(out, prefix, text);
	describe_dsos(c, text, sizeof text);
	header_line(out, prefix, text);
	snprintf(text, sizeof text, "test: %s", compare_test_text(c));
	header_line(out, prefix, text);
	snprintf(text, sizeof text,
	         "%s %s; tested (%g samples or more in A and B together): %s",
	         thousands(c->nitems, count, sizeof count), what,
	         c->opt.min_count, by_measure(c, c->ntested, list));
	header_line(out, prefix, text);
	snprintf(text, sizeof text,
	         "significant (q <= %g%%: Benjamini-Hochberg false discovery "
	         "rate over the %s tested): %s",
	         100 * c->opt.alpha, what,
	         by_measure(c, c->nsignificant, list));
	header_line(out, prefix, text);
}
