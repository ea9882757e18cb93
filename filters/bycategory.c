/*
 * bycategory - where the samples go, by category (interpreter, gc, dict,
 * kernel, ...).
 *
 * Reads `perf script` text or folded stacks and puts every sample in one
 * category: the category of the first rule of a rules file (see
 * match/category_rules.h) that matches its leaf function, "unknown" when
 * none does.  --inclusive counts a category once per sample with any frame
 * in it; --python categorises the innermost Python frame of a -X perf
 * recording by its module ("native" when the sample has none).  Inputs
 * are combined; --each gives each its own column (or bar).
 *
 * A function's rule is found once (the profile interns functions), so a
 * sample costs an array lookup per frame.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "match/category_rules.h"
#include "views/category_profile.h"
#include "dataset/file_kinds.h"
#include "views/category_view.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct category_view_options category;
	bool explain, check;
	struct option_list labels; /* --label, by column */
	int format;                /* enum report_format, or FORMAT_SVG */
};

/* --format svg: the chart, beside the report formats of the text. */
enum { FORMAT_SVG = -1 };

struct bycategory {
	struct options opt;
	struct category_rules rules;
	struct category_profile counts;
	size_t ncolumns;     /* inputs, or 1 when combined */
	struct span *labels; /* by column */
	char **owned;        /* the labels' text */
};

static const struct option_choice formats[] = {
    {"text", FORMAT_TEXT}, {"csv", FORMAT_CSV}, {"json", FORMAT_JSON},
    {"svg", FORMAT_SVG},   {NULL, 0},
};

#define O struct options
static const struct option_row bycategory_options[] = {
    OPT_TEXT(0, "rules", "FILE", O, category.rules,
             "the rules (default: $PERFVIEWS_RULES, else the\n"
             "installed cpython.rules)"),
    OPT_FLAG('i', "inclusive", O, category.inclusive,
             "count a category once per sample with a frame in it"),
    OPT_FLAG(0, "python", O, category.python,
             "categorise the innermost Python frame by module"),
    OPT_FLAG(0, "each", O, category.each,
             "a column (svg: a bar) per input, not combined"),
    OPT_LIST(0, "label", "NAME", O, labels,
             "name of the next input's column or bar (default:\n"
             "its file name without -raw.txt[.xz])"),
    OPT_COUNT(0, "top", "N", O, category.top,
              "functions shown per category (default 3)"),
    OPT_FLAG(0, "explain", O, explain,
             "each function, its category and the rule (file:line)"),
    OPT_FLAG(0, "check-rules", O, check,
             "list rules that never match, or only match what\n"
             "earlier rules claim"),
    OPT_TEXT(0, "title", "TEXT", O, category.title,
             "the title of the svg chart"),
    OPT_CHOICE('f', "format", "text|csv|json|svg", O, format, formats,
               "output format (default text); svg:\n"
               "a stacked bar per column"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program bycategory = {
    .name = "bycategory",
    .operands = "[file ...]",
    .summary = "Samples of perf script text or folded stacks by category "
               "(interpreter, gc, ...).",
    .options = bycategory_options,
    .reads_files = true,
};

static void
check_options(const struct options *o)
{
	if (o->category.each && (o->explain || o->check))
		usage_error("--each: not with --explain or --check-rules");
	if (o->explain && o->check)
		usage_error("--explain and --check-rules: one at a time");
	if (o->category.svg && (o->explain || o->check))
		usage_error(
		    "--format svg: not with --explain or --check-rules");
	if (o->category.svg && o->category.inclusive)
		usage_error("--format svg draws shares that add up to 100%%: "
		            "not with --inclusive");
	if (o->view.profile.srcline)
		usage_error("--srcline: rules match functions, not lines");
}

/* The options; returns the index of the first input. */
static int
parse_options(struct options *o, int argc, char *argv[])
{
	category_view_defaults(&o->category);
	o->format = FORMAT_TEXT;
	int first = program_parse(&bycategory, argc, argv, o);
	o->category.svg = o->format == FORMAT_SVG;
	if (!o->category.svg)
		o->view.format = (enum report_format)o->format;
	o->category.format = o->view.format;
	check_options(o);
	return first;
}

/* Labels: as given, else from the file name, else "N inputs". */
static void
make_labels(struct bycategory *b, int ninputs, char *const inputs[])
{
	if (b->opt.labels.n > b->ncolumns)
		usage_error("--label given %zu times for %zu %s",
		            b->opt.labels.n, b->ncolumns,
		            b->opt.category.each ? "inputs" : "bar");
	b->labels = xcalloc(b->ncolumns, sizeof *b->labels);
	b->owned = xcalloc(b->ncolumns, sizeof *b->owned);
	for (size_t c = 0; c < b->ncolumns; c++) {
		if (c < b->opt.labels.n)
			b->owned[c] = xstrdup(b->opt.labels.v[c]);
		else if (b->opt.category.each || ninputs == 1)
			b->owned[c] = file_kind_label(inputs[c]);
		else if (asprintf(&b->owned[c], "%d inputs", ninputs) < 0)
			die(EXIT_DATA, "out of memory");
		b->labels[c] = span_cstr(b->owned[c]);
	}
}

int
main(int argc, char *argv[])
{
	struct bycategory b;
	struct profile p;
	char *stdin_only[] = {"-"};
	int status = EXIT_OK;

	memset(&b, 0, sizeof b);
	cli_start(bycategory.name);
	int first = parse_options(&b.opt, argc, argv);
	int ninputs = argc - first;
	char **inputs = ninputs > 0 ? argv + first : stdin_only;
	ninputs = ninputs > 0 ? ninputs : 1;
	b.ncolumns = b.opt.category.each ? (size_t)ninputs : 1;
	make_labels(&b, ninputs, inputs);
	inputs_check(argc - first, argv + first);
	category_rules_load_or_exit(&b.rules, b.opt.category.rules);
	category_profile_init(&b.counts, &b.rules, b.ncolumns,
	                      b.opt.category.python, b.opt.category.inclusive);

	/* Combined: one profile of every input; --each: one per input. */
	for (size_t c = 0; c < b.ncolumns && status == EXIT_OK; c++) {
		if (!view_load(&p, &b.opt.view,
		               b.opt.category.each ? 1 : ninputs, inputs + c)) {
			status = EXIT_DATA;
		} else {
			category_profile_count(&b.counts, &p, c);
			if (b.opt.explain || b.opt.check) {
				uint32_t *order = xcalloc(
				    category_count(&b.rules), sizeof *order);
				category_profile_rows(&b.counts, order);
				free(order);
			}
			if (b.opt.explain)
				category_profile_explain(&b.counts,
				                         b.opt.view.format);
			else if (b.opt.check)
				category_profile_check(&b.counts, stdout);
			else if (c + 1 == b.ncolumns)
				category_view_write(&b.opt.category, &b.counts,
				                    &p, b.labels);
		}
		profile_free(&p);
	}
	if (status == EXIT_OK)
		finish_output();
	for (size_t c = 0; c < b.ncolumns; c++)
		free(b.owned[c]);
	free(b.owned);
	free(b.labels);
	option_list_free(&b.opt.labels);
	category_profile_free(&b.counts);
	category_rules_free(&b.rules);
	return status;
}
