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
#include "flame/category_chart.h"
#include "input/frame_tidy.h"
#include "match/category_rules.h"
#include "views/category_profile.h"
#include "views/category_report.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	const char *rules;
	const char *title;
	bool inclusive, python, each, explain, check, svg;
	uint64_t top;
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
    OPT_TEXT(0, "rules", "FILE", O, rules,
             "the rules (default: $PERFVIEWS_RULES, else the\n"
             "installed cpython.rules)"),
    OPT_FLAG('i', "inclusive", O, inclusive,
             "count a category once per sample with a frame in it"),
    OPT_FLAG(0, "python", O, python,
             "categorise the innermost Python frame by module"),
    OPT_FLAG(0, "each", O, each,
             "a column (svg: a bar) per input, not combined"),
    OPT_LIST(0, "label", "NAME", O, labels,
             "name of the next input's column or bar (default:\n"
             "its file name without -raw.txt[.xz])"),
    OPT_COUNT(0, "top", "N", O, top,
              "functions shown per category (default 3)"),
    OPT_FLAG(0, "explain", O, explain,
             "each function, its category and the rule (file:line)"),
    OPT_FLAG(0, "check-rules", O, check,
             "list rules that never match, or only match what\n"
             "earlier rules claim"),
    OPT_TEXT(0, "title", "TEXT", O, title, "the title of the svg chart"),
    OPT_CHOICE('f', "format", "text|csv|json|svg", O, format, formats,
               "output format (default text); svg:\n"
               "a stacked bar per column"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program bycategory = {
    .name = "bycategory",
    .usage = "bycategory [--rules FILE] [--inclusive] [--python] [--each] "
             "[--label NAME]...\n"
             "                  [--top N] [--explain | --check-rules] "
             "[--title TEXT] [--period]\n"
             "                  [--event NAME] [--inline leaf|caller] "
             "[--format text|csv|json|svg]\n"
             "                  [--strict] [--resolve] [--expand-inline] "
             "[--demangle] [file ...]\n",
    .summary = "Samples of perf script text or folded stacks by category "
               "(interpreter, gc, ...).",
    .options = bycategory_options,
    .reads_files = true,
};

/* The label of an input: its file name without "-raw.txt.xz" and such. */
static char *
input_label(const char *path)
{
	static const char *const packed[] = {".xz", ".gz", ".zst", ".bz2"};
	static const char *const kinds[] = {"-raw.txt", ".txt", ".folded"};
	struct span s = span_basename(span_cstr(path));

	if (strcmp(path, "-") == 0)
		return xstrdup("stdin");
	for (size_t i = 0; i < 4; i++)
		if (span_ends_with(s, packed[i]) && s.n > strlen(packed[i]))
			s.n -= strlen(packed[i]);
	for (size_t i = 0; i < 3; i++)
		if (span_ends_with(s, kinds[i]) && s.n > strlen(kinds[i])) {
			s.n -= strlen(kinds[i]);
			break;
		}
	return xstrndup(s.p, s.n);
}

static void
write_svg(struct bycategory *b, const struct category_report *r)
{
	struct span *names = xcalloc(r->nrows, sizeof *names);
	uint64_t *counts = xcalloc(r->nrows * r->ncolumns, sizeof *counts);
	char subtitle[PATH_MAX + 256];
	uint64_t total = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		names[i] = r->rows[i].name;
		memcpy(counts + i * r->ncolumns, r->rows[i].counts,
		       r->ncolumns * sizeof *counts);
	}
	for (size_t c = 0; c < r->ncolumns; c++)
		total += r->totals[c];
	snprintf(subtitle, sizeof subtitle,
	         "%s attribution%s | %llu %s%s%s | rules %s", r->attribution,
	         b->opt.python ? " of Python frames" : "",
	         (unsigned long long)total, r->weight,
	         r->event ? ", event " : "", r->event ? r->event : "",
	         span_basename(span_cstr(r->rules)).p);
	struct category_chart chart = {b->opt.title ? b->opt.title
	                                            : "Samples by category",
	                               subtitle,
	                               r->weight,
	                               r->nrows,
	                               names,
	                               r->ncolumns,
	                               r->labels,
	                               counts,
	                               r->totals};
	category_chart_write(stdout, &chart);
	free(names);
	free(counts);
}

/* The table (or chart) of every category with samples, and unknown. */
static void
write_categories(struct bycategory *b, const struct profile *p)
{
	struct category_profile *cp = &b->counts;
	uint32_t *order = xcalloc(category_count(&b->rules), sizeof *order);
	size_t nrows = category_profile_rows(cp, order);
	struct category_row *rows = xcalloc(nrows, sizeof *rows);
	struct category_top *top = NULL;

	for (size_t i = 0; i < nrows; i++) {
		rows[i].name = category_name(&b->rules, order[i]);
		rows[i].counts = cp->counts + (size_t)order[i] * b->ncolumns;
	}
	if (!b->opt.each && b->opt.top > 0)
		top = category_profile_top(cp, rows, nrows, b->opt.top);
	struct category_report r = {
	    profile_event_name(p),
	    profile_weight_name(p),
	    b->opt.inclusive ? "inclusive" : "self",
	    category_rules_shown(&b->rules, b->opt.rules),
	    b->opt.each,
	    b->ncolumns,
	    b->labels,
	    cp->totals,
	    rows,
	    nrows};
	if (b->opt.svg)
		write_svg(b, &r);
	else
		category_report_write(&r, b->opt.view.format);
	free(top);
	free(rows);
	free(order);
}

static void
check_options(const struct options *o)
{
	if (o->each && (o->explain || o->check))
		usage_error("--each: not with --explain or --check-rules");
	if (o->explain && o->check)
		usage_error("--explain and --check-rules: one at a time");
	if (o->svg && (o->explain || o->check))
		usage_error(
		    "--format svg: not with --explain or --check-rules");
	if (o->svg && o->inclusive)
		usage_error("--format svg draws shares that add up to 100%%: "
		            "not with --inclusive");
	if (o->view.profile.srcline)
		usage_error("--srcline: rules match functions, not lines");
}

/* The options; returns the index of the first input. */
static int
parse_options(struct options *o, int argc, char *argv[])
{
	o->top = 3;
	o->format = FORMAT_TEXT;
	int first = program_parse(&bycategory, argc, argv, o);
	o->svg = o->format == FORMAT_SVG;
	if (!o->svg)
		o->view.format = (enum report_format)o->format;
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
		            b->opt.each ? "inputs" : "bar");
	b->labels = xcalloc(b->ncolumns, sizeof *b->labels);
	b->owned = xcalloc(b->ncolumns, sizeof *b->owned);
	for (size_t c = 0; c < b->ncolumns; c++) {
		if (c < b->opt.labels.n)
			b->owned[c] = xstrdup(b->opt.labels.v[c]);
		else if (b->opt.each || ninputs == 1)
			b->owned[c] = input_label(inputs[c]);
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
	b.ncolumns = b.opt.each ? (size_t)ninputs : 1;
	make_labels(&b, ninputs, inputs);
	category_rules_load_or_exit(&b.rules, b.opt.rules);
	category_profile_init(&b.counts, &b.rules, b.ncolumns, b.opt.python,
	                      b.opt.inclusive);

	/* Combined: one profile of every input; --each: one per input. */
	for (size_t c = 0; c < b.ncolumns && status == EXIT_OK; c++) {
		if (!view_load(&p, &b.opt.view, b.opt.each ? 1 : ninputs,
		               inputs + c)) {
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
				write_categories(&b, &p);
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
