/*
 * flatsort - the flat profile: functions sorted by samples.
 *
 * Reads `perf script` text or folded stacks and writes one row per
 * function (or per DSO): its self weight (samples whose leaf it is), its
 * total weight (samples it appears in, once per sample however deep the
 * recursion), both also as a percentage of all samples shown.  These are
 * the Self and Children columns of `perf report --children --sort sym`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/tuple_table.h"
#include "base/xalloc.h"
#include "views/report.h"
#include "views/tree.h"
#include "views/view_cli.h"

enum row_key { BY_SYM_DSO, BY_SYM, BY_DSO };
enum sort_key { SORT_SELF, SORT_TOTAL };

struct options {
	struct view_options view;
	enum sort_key sort;
	uint64_t limit; /* 0: no limit */
	double percent_limit;
	enum row_key by;
};

/* A row of the view, and what it sums. */
struct row {
	uint32_t name; /* id in the profile's names; TREE_NONE when by DSO */
	uint32_t dso;  /* id in names; TREE_NONE when several (by sym) */
	uint64_t self;
	uint64_t total;
	uint32_t seen; /* the last stack counted in total, plus one */
};

struct flatsort {
	struct options opt;
	struct profile profile;
	struct tuple_table row_index; /* row key -> row id */
	struct row *rows;
	size_t rows_cap;
	uint32_t *row_of; /* function id -> row id */
};

static const struct option_choice sort_keys[] = {
    {"self", SORT_SELF},
    {"total", SORT_TOTAL},
    {NULL, 0},
};

static const struct option_choice row_keys[] = {
    {"sym", BY_SYM},
    {"dso", BY_DSO},
    {"sym,dso", BY_SYM_DSO},
    {NULL, 0},
};

#define O struct options
static const struct option_row flatsort_options[] = {
    OPT_CHOICE('s', "sort", "self|total", O, sort, sort_keys,
               "sort by self (default) or total samples"),
    OPT_COUNT('n', "limit", "N", O, limit,
              "show the first N rows only (0: all, the default)"),
    OPT_PERCENT('p', "percent-limit", "P", O, percent_limit,
                "hide rows below P percent of the sort column"),
    OPT_CHOICE('b', "by", "sym|dso|sym,dso", O, by, row_keys,
               "a row per symbol, per DSO, or per symbol in a\n"
               "DSO (default)"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program flatsort = {
    .name = "flatsort",
    .usage = "flatsort [--sort self|total] [--limit N] [--percent-limit P]\n"
             "                [--by sym|dso|sym,dso] [--period] [--event "
             "NAME]\n"
             "                [--inline leaf|caller] [--format "
             "text|csv|json] [--strict]\n"
             "                [--resolve] [--expand-inline] [--demangle] "
             "[--srcline] [file ...]\n",
    .summary = "The flat profile of perf script text or folded stacks, "
               "sorted by samples.",
    .options = flatsort_options,
    .reads_files = true,
};

/* The row a function is counted in, added if new. */
static uint32_t
row_for(struct flatsort *f, const struct function *fn)
{
	uint32_t key[2];
	size_t n = 0;

	if (f->opt.by != BY_DSO)
		key[n++] = fn->name;
	if (f->opt.by != BY_SYM)
		key[n++] = fn->dso;
	uint32_t nrows = tuple_table_count(&f->row_index);
	uint32_t id = tuple_table_intern(&f->row_index, key, n);
	if (id == nrows) {
		f->rows = array_reserve(f->rows, &f->rows_cap, (size_t)id + 1,
		                        sizeof *f->rows);
		struct row *r = &f->rows[id];
		r->name = f->opt.by == BY_DSO ? TREE_NONE : fn->name;
		r->dso = fn->dso;
	} else if (f->rows[id].dso != fn->dso) {
		f->rows[id].dso = TREE_NONE; /* by sym, in several DSOs */
	}
	return id;
}

/* Self and total of every row, from the aggregate stacks. */
static void
count_rows(struct flatsort *f)
{
	const struct profile *p = &f->profile;
	uint32_t nfunctions = profile_function_count(p);

	f->row_of = xreallocarray(NULL, nfunctions, sizeof *f->row_of);
	for (uint32_t i = 0; i < nfunctions; i++)
		f->row_of[i] = row_for(f, profile_function(p, i));
	for (uint32_t id = 0; id < profile_stack_count(p); id++) {
		struct profile_stack s = profile_stack_get(p, id);
		f->rows[f->row_of[s.functions[s.self]]].self += s.weight;
		for (uint32_t i = s.self; i < s.n; i++) {
			struct row *r = &f->rows[f->row_of[s.functions[i]]];
			if (r->seen == id + 1)
				continue; /* recursion: once per sample */
			r->seen = id + 1;
			r->total += s.weight;
		}
	}
}

static int
compare_text(const struct flatsort *f, uint32_t a, uint32_t b)
{
	if (a == b)
		return 0;
	if (a == TREE_NONE || b == TREE_NONE)
		return a == TREE_NONE ? 1 : -1;
	return span_compare(profile_text(&f->profile, a),
	                    profile_text(&f->profile, b));
}

/* For qsort_r over a flatsort: by the sort key, the other, then text. */
static int
compare_rows(const void *pa, const void *pb, void *arg)
{
	const struct flatsort *f = arg;
	const struct row *a = &f->rows[*(const uint32_t *)pa];
	const struct row *b = &f->rows[*(const uint32_t *)pb];
	uint64_t ka = f->opt.sort == SORT_TOTAL ? a->total : a->self;
	uint64_t kb = f->opt.sort == SORT_TOTAL ? b->total : b->self;
	uint64_t ta = f->opt.sort == SORT_TOTAL ? a->self : a->total;
	uint64_t tb = f->opt.sort == SORT_TOTAL ? b->self : b->total;
	int r;

	if (ka != kb)
		return ka > kb ? -1 : 1;
	if (ta != tb)
		return ta > tb ? -1 : 1;
	if ((r = compare_text(f, a->name, b->name)) != 0)
		return r;
	return compare_text(f, a->dso, b->dso);
}

static struct span
row_dso(const struct flatsort *f, const struct row *r)
{
	if (r->dso == TREE_NONE)
		return span_cstr("[several]");
	return profile_text(&f->profile, r->dso);
}

static void
write_rows(struct flatsort *f)
{
	const struct profile *p = &f->profile;
	uint32_t *order = xreallocarray(NULL, tuple_table_count(&f->row_index),
	                                sizeof *order);
	struct column columns[6] = {
	    {"self%", COLUMN_PERCENT, 0},  {"self", COLUMN_COUNT, 0},
	    {"total%", COLUMN_PERCENT, 0}, {"total", COLUMN_COUNT, 0},
	    {"dso", COLUMN_TEXT, 0},       {"symbol", COLUMN_TEXT, 0},
	};
	int ncolumns = f->opt.by == BY_DSO ? 5 : 6;
	struct report_meta meta = {"flatsort", profile_event_name(p),
	                           profile_weight_name(p), p->total};
	struct table_writer w;

	for (uint32_t i = 0; i < tuple_table_count(&f->row_index); i++) {
		order[i] = i;
		int width = (int)row_dso(f, &f->rows[i]).n;
		if (width > columns[4].width)
			columns[4].width = width;
	}
	qsort_r(order, tuple_table_count(&f->row_index), sizeof *order,
	        compare_rows, f);

	table_begin(&w, f->opt.view.format, &meta, columns, ncolumns);
	for (uint32_t i = 0; i < tuple_table_count(&f->row_index); i++) {
		const struct row *r = &f->rows[order[i]];
		uint64_t key = f->opt.sort == SORT_TOTAL ? r->total : r->self;
		if (f->opt.limit > 0 && i >= f->opt.limit)
			break;
		if (r->total == 0)
			break; /* sorted last: functions never counted */
		if (100.0 * (double)key <
		    f->opt.percent_limit * (double)p->total)
			break;
		struct cell cells[6] = {
		    {r->self, {NULL, 0}},  {r->self, {NULL, 0}},
		    {r->total, {NULL, 0}}, {r->total, {NULL, 0}},
		    {0, row_dso(f, r)},    {0, {NULL, 0}},
		};
		if (r->name != TREE_NONE)
			cells[5].text = profile_text(p, r->name);
		table_row(&w, cells);
	}
	table_end(&w);
	free(order);
	finish_output();
}

int
main(int argc, char *argv[])
{
	struct flatsort f;

	memset(&f, 0, sizeof f);
	cli_start(flatsort.name);
	int first = program_parse(&flatsort, argc, argv, &f.opt);
	argc -= first;
	argv += first;
	if (!view_load(&f.profile, &f.opt.view, argc, argv)) {
		profile_free(&f.profile);
		return EXIT_DATA;
	}
	if (f.opt.by == BY_DSO && !profile_names_dsos(&f.profile))
		warnmsg("the input names no DSOs (perf script -F without dso, "
		        "or folded stacks): every function is in [unknown]");

	tuple_table_init(&f.row_index);
	count_rows(&f);
	write_rows(&f);
	tuple_table_free(&f.row_index);
	free(f.rows);
	free(f.row_of);
	profile_free(&f.profile);
	return EXIT_OK;
}
