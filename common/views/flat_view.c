/*
 * flat_view.c - see flat_view.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/tuple_table.h"
#include "base/xalloc.h"
#include "views/flat_view.h"
#include "views/tree.h"

/* A row of the view, and what it sums. */
struct row {
	uint32_t name; /* id in the profile's names; TREE_NONE when by DSO */
	uint32_t dso;  /* id in names; TREE_NONE when several (by sym) */
	uint64_t self;
	uint64_t total;
	uint32_t seen; /* the last stack counted in total, plus one */
};

struct flat {
	struct flat_view_options opt;
	const struct profile *profile;
	struct tuple_table row_index; /* row key -> row id */
	struct row *rows;
	size_t rows_cap;
	uint32_t *row_of; /* function id -> row id */
};

/* The row a function is counted in, added if new. */
static uint32_t
row_for(struct flat *f, const struct function *fn)
{
	uint32_t key[2];
	size_t n = 0;

	if (f->opt.by != FLAT_BY_DSO)
		key[n++] = fn->name;
	if (f->opt.by != FLAT_BY_SYM)
		key[n++] = fn->dso;
	uint32_t nrows = tuple_table_count(&f->row_index);
	uint32_t id = tuple_table_intern(&f->row_index, key, n);
	if (id == nrows) {
		f->rows = array_reserve(f->rows, &f->rows_cap, (size_t)id + 1,
		                        sizeof *f->rows);
		struct row *r = &f->rows[id];
		r->name = f->opt.by == FLAT_BY_DSO ? TREE_NONE : fn->name;
		r->dso = fn->dso;
	} else if (f->rows[id].dso != fn->dso) {
		f->rows[id].dso = TREE_NONE; /* by sym, in several DSOs */
	}
	return id;
}

/* Self and total of every row, from the aggregate stacks. */
static void
count_rows(struct flat *f)
{
	const struct profile *p = f->profile;
	uint32_t nfunctions = profile_function_count(p);

	f->row_of = xreallocarray(NULL, nfunctions, sizeof *f->row_of);
	for (uint32_t i = 0; i < nfunctions; i++)
		f->row_of[i] = row_for(f, profile_function(p, i));
	for (uint32_t id = 0; id < profile_stack_count(p); id++) {
		struct profile_stack s = profile_stack_get(p, id);
		f->rows[f->row_of[s.functions[s.self]]].self += s.weight;
		/* The inlined frames below self count in total, as perf's. */
		for (uint32_t i = 0; i < s.n; i++) {
			struct row *r = &f->rows[f->row_of[s.functions[i]]];
			if (r->seen == id + 1)
				continue; /* recursion: once per sample */
			r->seen = id + 1;
			r->total += s.weight;
		}
	}
}

static int
compare_text(const struct flat *f, uint32_t a, uint32_t b)
{
	if (a == b)
		return 0;
	if (a == TREE_NONE || b == TREE_NONE)
		return a == TREE_NONE ? 1 : -1;
	return span_compare(profile_text(f->profile, a),
	                    profile_text(f->profile, b));
}

/* For qsort_r over a flatsort: by the sort key, the other, then text. */
static int
compare_rows(const void *pa, const void *pb, void *arg)
{
	const struct flat *f = arg;
	const struct row *a = &f->rows[*(const uint32_t *)pa];
	const struct row *b = &f->rows[*(const uint32_t *)pb];
	uint64_t ka = f->opt.sort == FLAT_SORT_TOTAL ? a->total : a->self;
	uint64_t kb = f->opt.sort == FLAT_SORT_TOTAL ? b->total : b->self;
	uint64_t ta = f->opt.sort == FLAT_SORT_TOTAL ? a->self : a->total;
	uint64_t tb = f->opt.sort == FLAT_SORT_TOTAL ? b->self : b->total;
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
row_dso(const struct flat *f, const struct row *r)
{
	if (r->dso == TREE_NONE)
		return span_cstr("[several]");
	return profile_text(f->profile, r->dso);
}

static void
write_rows(struct flat *f)
{
	const struct profile *p = f->profile;
	uint32_t *order = xreallocarray(NULL, tuple_table_count(&f->row_index),
	                                sizeof *order);
	struct column columns[6] = {
	    {"self%", COLUMN_PERCENT, 0, 0},  {"self", COLUMN_COUNT, 0, 0},
	    {"total%", COLUMN_PERCENT, 0, 0}, {"total", COLUMN_COUNT, 0, 0},
	    {"dso", COLUMN_TEXT, 0, 0},       {"symbol", COLUMN_TEXT, 0, 0},
	};
	int ncolumns = f->opt.by == FLAT_BY_DSO ? 5 : 6;
	struct report_meta meta = {"flatsort", profile_event_name(p),
	                           profile_weight_name(p), p->total, NULL};
	struct table_writer w;

	for (uint32_t i = 0; i < tuple_table_count(&f->row_index); i++) {
		order[i] = i;
		int width = (int)row_dso(f, &f->rows[i]).n;
		if (width > columns[4].width)
			columns[4].width = width;
	}
	qsort_r(order, tuple_table_count(&f->row_index), sizeof *order,
	        compare_rows, f);

	table_begin(&w, f->opt.format, &meta, columns, ncolumns);
	for (uint32_t i = 0; i < tuple_table_count(&f->row_index); i++) {
		const struct row *r = &f->rows[order[i]];
		uint64_t key =
		    f->opt.sort == FLAT_SORT_TOTAL ? r->total : r->self;
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
}

void
flat_view_write(const struct profile *p, const struct flat_view_options *o)
{
	struct flat f;

	memset(&f, 0, sizeof f);
	f.opt = *o;
	f.profile = p;
	if (o->by == FLAT_BY_DSO && !profile_names_dsos(p))
		warnmsg("the input names no DSOs (perf script -F without dso, "
		        "or folded stacks): every function is in [unknown]");
	tuple_table_init(&f.row_index);
	count_rows(&f);
	write_rows(&f);
	tuple_table_free(&f.row_index);
	free(f.rows);
	free(f.row_of);
}
