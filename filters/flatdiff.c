/*
 * flatdiff - compare the flat profiles of two data sets: what changed, and
 * is it more than noise?
 *
 * Reads two profiles, A and B (perf script text, with or without the run
 * markers of a data set's raw file, or folded stacks), and writes one row
 * per function (or DSO): its self and total share in A and in B, the
 * difference in points, and whether the difference is significant, tested
 * against the run-to-run variation when both sides have runs, against the
 * counting error otherwise, with Benjamini–Hochberg over all rows (see
 * views/compare.h).  Functions of one side only are listed apart, as new
 * and gone.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/json_write.h"
#include "base/xalloc.h"
#include "views/compare.h"
#include "views/report.h"
#include "views/view_cli.h"

enum section { CHANGED, NEW, GONE };
static const char *const section_name[] = {"changed", "new", "gone"};
static const char *const section_title[] = {"in both A and B", "new: only in B",
                                            "gone: only in A"};

struct options {
	struct view_options view;
	struct compare_options compare;
	enum compare_key by;
	uint32_t measure; /* what orders and selects rows: 0 self, 1 total */
	uint64_t limit;   /* rows of a section that are not significant */
	bool all;
};

struct flatdiff {
	struct options opt;
	struct compare c;
	uint32_t *order; /* items, as written */
	uint32_t nshown[3], nhidden[3];
	int dso_width;
};

enum {
	OPT_ABSOLUTE = 256,
	OPT_EXACT_DSO,
	OPT_FORCE,
	OPT_ALL,
	OPT_FDR,
	OPT_MIN_SAMPLES
};

static const struct option flatdiff_options[] = {
    {"absolute", no_argument, NULL, OPT_ABSOLUTE},
    {"exact-dso", no_argument, NULL, OPT_EXACT_DSO},
    {"force", no_argument, NULL, OPT_FORCE},
    {"all", no_argument, NULL, OPT_ALL},
    {"fdr", required_argument, NULL, OPT_FDR},
    {"min-samples", required_argument, NULL, OPT_MIN_SAMPLES},
    {"limit", required_argument, NULL, 'n'},
    {"sort", required_argument, NULL, 's'},
    {"by", required_argument, NULL, 'b'},
    {NULL, 0, NULL, 0},
};

static const struct program flatdiff = {
    .name = "flatdiff",
    .usage = "flatdiff [--absolute] [--all] [--limit N] [--sort self|total]\n"
             "                [--by sym,dso|dso] [--fdr P] [--min-samples N]\n"
             "                [--exact-dso] [--force] [--period] [--event "
             "NAME]\n"
             "                [--inline leaf|caller] [--format text|csv|json] "
             "[--strict]\n"
             "                [--resolve] [--expand-inline] [--demangle] "
             "[--srcline] A B\n",
    .summary = "Compare the flat profiles of A and B: what changed, and is "
               "it more than noise?",
    .help = "  A, B                    the profiles: perf script text (run "
            "markers make\n"
            "                          runs) or folded stacks; - is stdin\n"
            "      --absolute          compare counts per run, not shares "
            "of each total\n"
            "      --all               every row (default: significant "
            "rows, then the\n"
            "                          largest others up to --limit)\n"
            "  -n, --limit N           rows of a section, significant ones "
            "apart (default 20)\n"
            "  -s, --sort self|total   order and test by self (default) or "
            "total share\n"
            "  -b, --by sym,dso|dso    a row per function (default) or per "
            "DSO\n"
            "      --fdr P             false discovery rate, percent "
            "(default 5)\n"
            "      --min-samples N     test rows with N samples or more in "
            "A and B together\n"
            "                          (default 10)\n"
            "      --exact-dso         match DSOs by exact name, versions "
            "included\n"
            "      --force             compare different events or "
            "weighting anyway\n",
    .shortopts = "n:s:b:" VIEW_SHORTOPTS,
    .options = flatdiff_options,
    .shared = view_options_long,
    .shared_help = view_options_help,
};

static enum section
section_of(const struct flatdiff *f, uint32_t item)
{
	int only = compare_only_in(&f->c, item);

	return only < 0 ? CHANGED : only == 1 ? NEW : GONE;
}

/* Sort, and keep the rows shown: order[0..returned). */
static uint32_t
select_rows(struct flatdiff *f)
{
	const struct compare *c = &f->c;
	uint32_t n = 0;

	f->order = compare_order(c, f->opt.measure);
	for (uint32_t i = 0; i < c->nitems; i++) {
		uint32_t item = f->order[i];
		enum section s = section_of(f, item);
		bool sig = compare_result(c, item, f->opt.measure)->significant;
		if (!f->opt.all && !sig && f->nshown[s] >= f->opt.limit) {
			f->nhidden[s]++;
			continue;
		}
		f->nshown[s]++;
		f->order[n++] = item;
		int w = (int)compare_item_dso(c, item).n;
		if (w > f->dso_width)
			f->dso_width = w;
	}
	return n;
}

static const char *
yes_no(bool v)
{
	return v ? "yes" : "no";
}

/* A value: percent with two decimals, or a count per run with one. */
static const char *
value_format(const struct flatdiff *f, bool sign)
{
	if (f->opt.compare.absolute)
		return sign ? "%+.1f" : "%.1f";
	return sign ? "%+.2f" : "%.2f";
}

/* A p- or q-value with two digits, "-" when not tested. */
static void
probability(double p, char out[32])
{
	if (isnan(p))
		snprintf(out, 32, "-");
	else
		snprintf(out, 32, "%.2g", p);
}

static void
write_text_row(const struct flatdiff *f, uint32_t item)
{
	const struct compare *c = &f->c;
	const struct compare_result *self = compare_result(c, item, 0);
	const struct compare_result *total = compare_result(c, item, 1);
	char v[6][32];

	snprintf(v[0], 32, value_format(f, false), self->share[0]);
	snprintf(v[1], 32, value_format(f, false), self->share[1]);
	snprintf(v[2], 32, value_format(f, true), self->diff);
	snprintf(v[3], 32, value_format(f, false), total->share[0]);
	snprintf(v[4], 32, value_format(f, false), total->share[1]);
	snprintf(v[5], 32, value_format(f, true), total->diff);
	char p[2][32], q[2][32];
	probability(self->test.p, p[0]);
	probability(self->q, q[0]);
	printf("  %8s %8s %8s %8s %8s %-3s  %8s %8s %8s %-3s  %-*.*s", v[0],
	       v[1], v[2], p[0], q[0], yes_no(self->significant), v[3], v[4],
	       v[5], yes_no(total->significant), f->dso_width,
	       (int)compare_item_dso(c, item).n, compare_item_dso(c, item).p);
	if (c->items[item].name != COMPARE_NONE) {
		struct span name = compare_text(c, c->items[item].name);
		printf("  %.*s", (int)name.n, name.p);
	}
	printf("\n");
}

static void
write_text(struct flatdiff *f, uint32_t nrows)
{
	const char *unit = f->opt.compare.absolute ? "" : "%";
	bool by_dso = f->opt.by == KEY_DSO;
	int section = -1;

	printf("# flatdiff: B against A, a row per %s\n",
	       by_dso ? "DSO" : "function (symbol and DSO)");
	compare_write_header(stdout, &f->c, "# ",
	                     by_dso ? "DSOs" : "functions");
	printf("# rows: significant by %s first, then by the size of the "
	       "difference\n",
	       f->opt.measure ? "total" : "self");
	for (uint32_t i = 0; i <= nrows; i++) {
		int s = i < nrows ? (int)section_of(f, f->order[i]) : 3;
		while (section < s) {
			if (section >= 0 && f->nhidden[section] > 0)
				printf("# ... and %u more, not significant "
				       "(--all shows them)\n",
				       f->nhidden[section]);
			if (++section > 2)
				break;
			uint32_t n = f->nshown[section] + f->nhidden[section];
			printf("#\n# %s: %u %s%s\n", section_title[section], n,
			       by_dso ? "DSO" : "function", n == 1 ? "" : "s");
			if (f->nshown[section] == 0)
				continue;
			printf("#  %7s%s %7s%s %8s %8s %8s %-3s  %7s%s %7s%s "
			       "%8s %-3s  %-*s%s\n",
			       "self A", unit, "self B", unit, "change",
			       "p-value", "q-value", "sig", "total A", unit,
			       "total B", unit, "change", "sig", f->dso_width,
			       "dso", by_dso ? "" : "  symbol");
		}
		if (i < nrows)
			write_text_row(f, f->order[i]);
	}
}

/* The columns of csv and json, in order. */
static const char *const columns[] = {
    "status",
    "significant",
    "self_a",
    "self_b",
    "self_diff",
    "self_p",
    "self_q",
    "total_a",
    "total_b",
    "total_diff",
    "total_p",
    "total_q",
    "total_significant",
    "dso",
    "symbol",
};
enum { NCOLUMNS = sizeof columns / sizeof columns[0] };

/* Field i of a row, numbers with full precision. */
static void
write_field(const struct flatdiff *f, uint32_t item, int i, bool json)
{
	const struct compare *c = &f->c;
	const struct compare_result *r =
	    compare_result(c, item, i >= 7 && i <= 12 ? 1 : 0);
	double number[] = {0,           0,         r->share[0], r->share[1],
	                   r->diff,     r->test.p, r->q,        r->share[0],
	                   r->share[1], r->diff,   r->test.p,   r->q};
	struct span text;

	if (i >= 2 && i <= 11) {
		bool p = i == 5 || i == 6 || i == 10 || i == 11;
		if (p && isnan(number[i]))
			fputs(json ? "null" : "", stdout); /* not tested */
		else
			printf(p ? "%.6g" : "%.4f", number[i]);
		return;
	}
	if (i == 0)
		text = span_cstr(section_name[section_of(f, item)]);
	else if (i == 1 || i == 12)
		text = span_cstr(yes_no(r->significant));
	else if (i == 13)
		text = compare_item_dso(c, item);
	else
		text = c->items[item].name == COMPARE_NONE
		           ? span_cstr("")
		           : compare_text(c, c->items[item].name);
	if (json)
		json_write_string(stdout, text);
	else
		csv_write_field(stdout, text);
}

static void
write_csv(const struct flatdiff *f, uint32_t nrows)
{
	int n = f->opt.by == KEY_DSO ? NCOLUMNS - 1 : NCOLUMNS;

	for (int i = 0; i < n; i++)
		printf("%s%s", columns[i], i + 1 < n ? "," : "\n");
	for (uint32_t r = 0; r < nrows; r++)
		for (int i = 0; i < n; i++) {
			write_field(f, f->order[r], i, false);
			printf(i + 1 < n ? "," : "\n");
		}
}

static void
write_json_side(const struct compare *c, int s)
{
	const struct profile *p = &c->side[s].profile;
	const char *event = profile_event_name(p);

	printf("\"%s\":{\"input\":", s ? "b" : "a");
	json_write_string(stdout, span_cstr(input_name(c->side[s].path)));
	printf(",\"runs\":%u,\"total\":%llu,\"event\":", c->side[s].nruns,
	       (unsigned long long)p->total);
	if (event != NULL)
		json_write_string(stdout, span_cstr(event));
	else
		printf("null");
	printf(",\"weight\":\"%s\"},", profile_weight_name(p));
}

static void
write_json(const struct flatdiff *f, uint32_t nrows)
{
	const struct compare *c = &f->c;
	int n = f->opt.by == KEY_DSO ? NCOLUMNS - 1 : NCOLUMNS;

	printf("{\"view\":\"flatdiff\",\"by\":\"%s\",",
	       f->opt.by == KEY_DSO ? "dso" : "sym,dso");
	write_json_side(c, 0);
	write_json_side(c, 1);
	printf("\"values\":\"%s\",\"dso_versions\":\"%s\",\"test\":",
	       f->opt.compare.absolute ? "samples per run" : "percent",
	       f->opt.compare.exact_dso ? "exact" : "set aside");
	json_write_string(stdout, span_cstr(compare_test_text(c)));
	printf(",\"fdr\":%g,\"min_samples\":%g,\"items\":%u,"
	       "\"tested\":{\"self\":%u,\"total\":%u},"
	       "\"significant\":{\"self\":%u,\"total\":%u},\"rows\":[",
	       f->opt.compare.alpha, f->opt.compare.min_count, c->nitems,
	       c->ntested[0], c->ntested[1], c->nsignificant[0],
	       c->nsignificant[1]);
	for (uint32_t r = 0; r < nrows; r++) {
		printf("%s\n{", r ? "," : "");
		for (int i = 0; i < n; i++) {
			printf("%s\"%s\":", i ? "," : "", columns[i]);
			write_field(f, f->order[r], i, true);
		}
		printf("}");
	}
	printf("\n]}\n");
}

static void
parse_options(struct options *o, int argc, char *argv[])
{
	int ch;

	o->compare.alpha = 0.05;
	o->compare.min_count = 10;
	o->limit = 20;
	o->by = KEY_FUNCTION;
	while ((ch = program_option(&flatdiff, argc, argv)) != -1) {
		switch (ch) {
		case OPT_ABSOLUTE:
			o->compare.absolute = true;
			break;
		case OPT_EXACT_DSO:
			o->compare.exact_dso = true;
			break;
		case OPT_FORCE:
			o->compare.force = true;
			break;
		case OPT_ALL:
			o->all = true;
			break;
		case OPT_FDR:
			o->compare.alpha =
			    option_percent(optarg, "--fdr") / 100;
			if (o->compare.alpha == 0)
				usage_error("--fdr: more than 0 percent, not "
				            "'%s'",
				            optarg);
			break;
		case OPT_MIN_SAMPLES:
			o->compare.min_count =
			    (double)option_count(optarg, "--min-samples", true);
			break;
		case 'n':
			o->limit = option_count(optarg, "--limit", true);
			break;
		case 's':
			if (strcmp(optarg, "self") != 0 &&
			    strcmp(optarg, "total") != 0)
				usage_error("--sort: self or total, not '%s'",
				            optarg);
			o->measure = strcmp(optarg, "total") == 0;
			break;
		case 'b':
			if (strcmp(optarg, "sym,dso") == 0)
				o->by = KEY_FUNCTION;
			else if (strcmp(optarg, "dso") == 0)
				o->by = KEY_DSO;
			else
				usage_error("--by: sym,dso or dso, not '%s'",
				            optarg);
			break;
		default:
			view_option(&o->view, ch, optarg);
		}
	}
	if (argc - optind != 2)
		usage_error("two profiles to compare, A and B, expected");
}

int
main(int argc, char *argv[])
{
	struct flatdiff f;

	memset(&f, 0, sizeof f);
	cli_start(flatdiff.name);
	parse_options(&f.opt, argc, argv);
	compare_init(&f.c, &f.opt.compare, f.opt.by);
	compare_read_both(&f.c, &f.opt.view, argv[optind], argv[optind + 1]);
	compare_check(&f.c);
	compare_run(&f.c);

	uint32_t nrows = select_rows(&f);
	if (f.opt.view.format == FORMAT_TEXT)
		write_text(&f, nrows);
	else if (f.opt.view.format == FORMAT_CSV)
		write_csv(&f, nrows);
	else
		write_json(&f, nrows);
	finish_output();
	free(f.order);
	compare_free(&f.c);
	return EXIT_OK;
}
