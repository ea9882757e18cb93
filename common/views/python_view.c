/*
 * python_view.c - see python_view.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/id_map.h"
#include "base/message.h"
#include "base/numbers.h"
#include "base/string_table.h"
#include "base/tuple_table.h"
#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "input/stack_weights.h"
#include "match/category_rules.h"
#include "views/category_profile.h"
#include "views/python_view.h"

/* Fewer samples than this share with 2+ Python frames: stacks are cut. */
#define CUT_SHARE 0.01

struct pyfunc {
	uint32_t name; /* the py:: frame's name, in the profile's names */
	uint32_t kind; /* its file's category (bycategory --python) */
	bool harness;
	uint64_t self, total;
	uint32_t seen; /* the last stack counted in total, plus one */
};

/* A caller-callee pair of Python functions. */
struct edge {
	uint32_t caller, callee;
	uint64_t weight;
	uint32_t seen;
};

struct python_view {
	struct python_view_options opt; /* those of the last write */
	const struct profile *profile;
	struct category_rules rules;
	struct category_profile native; /* each function's category */
	uint32_t harness;               /* category id of "harness" */
	struct id_map pyfunc_of;        /* function id -> pyfunc id */
	struct id_map pyfunc_named;     /* name id -> pyfunc id */
	struct pyfunc *funcs;
	size_t nfuncs, funcs_cap;
	uint64_t *self_by_category; /* [pyfunc * ncategories + category] */
	struct tuple_table edge_index;
	struct edge *edges;
	size_t edges_cap;
	uint32_t *chain; /* a stack's Python functions, leaf first */
	size_t chain_cap;
	char *buf; /* a name being built */
	size_t buf_cap;
	uint64_t with_python, with_two, with_three; /* samples */
	/* Python-only stacks of display names, root first. */
	struct string_table names;
	struct stack_weights stacks;
};

static uint32_t
ncategories(const struct python_view *y)
{
	return category_count(&y->rules);
}

/* The Python function of a py:: frame's name, added if new. */
static uint32_t
pyfunc_for(struct python_view *y, uint32_t name)
{
	uint32_t id = id_map_get(&y->pyfunc_named, name);

	if (id != ID_MAP_NONE)
		return id;
	id = (uint32_t)y->nfuncs++;
	y->funcs =
	    array_reserve(y->funcs, &y->funcs_cap, y->nfuncs, sizeof *y->funcs);
	struct span text = profile_text(y->profile, name);
	struct rule_subject s = {text, span_cstr("perf.map"),
	                         python_frame_module(text)};
	uint32_t rule = category_rules_match(&y->rules, &s, 0, true);
	struct pyfunc *f = &y->funcs[id];
	memset(f, 0, sizeof *f);
	f->name = name;
	f->kind = category_of_rule(&y->rules, rule);
	f->harness = f->kind == y->harness;
	id_map_set(&y->pyfunc_named, name, id);
	return id;
}

/* Every function of the profile: its Python function, if it is one. */
static void
find_python_functions(struct python_view *y)
{
	const struct profile *p = y->profile;

	for (uint32_t i = 0; i < profile_function_count(p); i++) {
		uint32_t name = profile_function(p, i)->name;
		if (symbol_is_python(profile_text(p, name)))
			id_map_set(&y->pyfunc_of, i, pyfunc_for(y, name));
	}
	y->self_by_category = xcalloc(y->nfuncs ? y->nfuncs : 1,
	                              ncategories(y) * sizeof(uint64_t));
}

/* The caller-callee pair, added if new. */
static struct edge *
edge_for(struct python_view *y, uint32_t caller, uint32_t callee)
{
	uint32_t key[2] = {caller, callee};
	uint32_t n = tuple_table_count(&y->edge_index);
	uint32_t id = tuple_table_intern(&y->edge_index, key, 2);

	if (id == n) {
		y->edges = array_reserve(y->edges, &y->edges_cap,
		                         (size_t)id + 1, sizeof *y->edges);
		memset(&y->edges[id], 0, sizeof *y->edges);
		y->edges[id].caller = caller;
		y->edges[id].callee = callee;
	}
	return &y->edges[id];
}

/* The name buffer, with room for n bytes. */
static char *
room(struct python_view *y, size_t n)
{
	y->buf = array_reserve(y->buf, &y->buf_cap, n, 1);
	return y->buf;
}

/* The stack of Python frames, root first, then its category. */
static void
add_folded(struct python_view *y, uint32_t comm, size_t k, uint32_t category,
           uint64_t weight)
{
	const struct profile *p = y->profile;
	size_t n = 0;

	stack_weights_set(
	    &y->stacks, n++,
	    string_table_intern(&y->names, profile_text(p, comm)));
	for (size_t j = k; j-- > 0;)
		stack_weights_set(
		    &y->stacks, n++,
		    string_table_intern(
		        &y->names,
		        profile_text(p, y->funcs[y->chain[j]].name)));
	struct span cat = string_table_get(&y->rules.categories, category);
	char *buf = room(y, cat.n + 2);
	buf[0] = '[';
	memcpy(buf + 1, cat.p, cat.n);
	buf[cat.n + 1] = ']';
	stack_weights_set(
	    &y->stacks, n++,
	    string_table_intern(&y->names, span_make(buf, cat.n + 2)));
	stack_weights_add(&y->stacks, n, weight);
}

/* One distinct stack of the profile counted. */
static void
count_stack(struct python_view *y, uint32_t id, struct profile_stack s)
{
	size_t k = 0;

	for (uint32_t i = s.self; i < s.n; i++) {
		uint32_t f = id_map_get(&y->pyfunc_of, s.functions[i]);
		if (f == ID_MAP_NONE)
			continue;
		y->chain = array_reserve(y->chain, &y->chain_cap, k + 1,
		                         sizeof *y->chain);
		y->chain[k++] = f;
	}
	uint32_t category =
	    category_profile_function_category(&y->native, s.functions[s.self]);
	add_folded(y, s.comm, k, category, s.weight);
	if (k == 0)
		return;
	y->with_python += s.weight;
	y->with_two += k >= 2 ? s.weight : 0;
	y->with_three += k >= 3 ? s.weight : 0;
	y->funcs[y->chain[0]].self += s.weight;
	y->self_by_category[(size_t)y->chain[0] * ncategories(y) + category] +=
	    s.weight;
	for (size_t j = 0; j < k; j++) {
		struct pyfunc *f = &y->funcs[y->chain[j]];
		if (f->seen != id + 1) { /* recursion: once per sample */
			f->seen = id + 1;
			f->total += s.weight;
		}
		if (j + 1 == k)
			continue;
		struct edge *e = edge_for(y, y->chain[j + 1], y->chain[j]);
		if (e->seen != id + 1) {
			e->seen = id + 1;
			e->weight += s.weight;
		}
	}
}

static void
count_stacks(struct python_view *y)
{
	const struct profile *p = y->profile;

	for (uint32_t id = 0; id < profile_stack_count(p); id++)
		count_stack(y, id, profile_stack_get(p, id));
}

/* For qsort_r: the harness last, then by self, total, name. */
static int
compare_funcs(const void *pa, const void *pb, void *arg)
{
	const struct python_view *y = arg;
	const struct pyfunc *a = &y->funcs[*(const uint32_t *)pa];
	const struct pyfunc *b = &y->funcs[*(const uint32_t *)pb];

	if (a->harness != b->harness)
		return a->harness ? 1 : -1;
	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return span_compare(profile_text(y->profile, a->name),
	                    profile_text(y->profile, b->name));
}

/* For qsort_r over categories of one function: by its samples in them. */
static int
compare_categories(const void *pa, const void *pb, void *arg)
{
	const uint64_t *by = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	if (by[a] != by[b])
		return by[a] > by[b] ? -1 : 1;
	return a < b ? -1 : a > b;
}

/*
 * A function's self samples by category, largest first, into a memstream:
 * text "interpreter 74.0%, float 12.1%" (percent of its self), else
 * "interpreter 547, float 90" (counts).
 */
static void
write_categories(FILE *out, const struct python_view *y, uint32_t f,
                 bool percent)
{
	uint32_t nc = ncategories(y);
	const uint64_t *by = y->self_by_category + (size_t)f * nc;
	uint32_t *order = xreallocarray(NULL, nc, sizeof *order);
	uint64_t self = y->funcs[f].self;

	for (uint32_t c = 0; c < nc; c++)
		order[c] = c;
	qsort_r(order, nc, sizeof *order, compare_categories, (void *)by);
	for (uint32_t i = 0; i < nc && by[order[i]] > 0; i++) {
		struct span name =
		    string_table_get(&y->rules.categories, order[i]);
		fprintf(out, "%s%.*s ", i ? ", " : "", (int)name.n, name.p);
		if (percent)
			fprintf(out, "%.1f%%",
			        100.0 * (double)by[order[i]] / (double)self);
		else
			fprintf(out, "%llu", (unsigned long long)by[order[i]]);
	}
	free(order);
}

/* The pairs of f as callee (callers) or caller (callees), heaviest first. */
static size_t
pairs_of(const struct python_view *y, uint32_t f, bool callers, uint32_t **out)
{
	uint32_t n = tuple_table_count(&y->edge_index);
	uint32_t *ids = xreallocarray(NULL, n ? n : 1, sizeof *ids);
	size_t k = 0;

	for (uint32_t i = 0; i < n; i++)
		if ((callers ? y->edges[i].callee : y->edges[i].caller) == f)
			ids[k++] = i;
	/* Insertion sort: a function has few callers and callees. */
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && y->edges[ids[j]].weight >
		                                y->edges[ids[j - 1]].weight;
		     j--) {
			uint32_t t = ids[j];
			ids[j] = ids[j - 1];
			ids[j - 1] = t;
		}
	*out = ids;
	return k;
}

/* "bench_nbody (bm_nbody/run_benchmark.py) 742, ...": callers or callees. */
static void
write_pairs(FILE *out, const struct python_view *y, uint32_t f, bool callers)
{
	uint32_t *ids;
	size_t k = pairs_of(y, f, callers, &ids);
	char *buf = NULL;

	for (size_t i = 0; i < k; i++) {
		const struct edge *e = &y->edges[ids[i]];
		struct span name = profile_text(
		    y->profile, y->funcs[callers ? e->caller : e->callee].name);
		buf = xreallocarray(buf, name.n + 3, 1);
		size_t n = python_frame_label(name, buf);
		fprintf(out, "%s%.*s %llu", i ? ", " : "", (int)n, buf,
		        (unsigned long long)e->weight);
	}
	free(buf);
	free(ids);
}

/* Text built by a writer into a memstream (a new string). */
struct text {
	char *p;
	size_t n;
	FILE *f;
};

static FILE *
text_open(struct text *t)
{
	free(t->p);
	t->p = NULL;
	t->n = 0;
	t->f = xopen_memstream(&t->p, &t->n);
	return t->f;
}

static struct span
text_close(struct text *t)
{
	xclose_memstream(t->f);
	return span_make(t->p, t->n);
}

/* What the view can show: how much of the stacks is there (a new string). */
static char *
notes(const struct python_view *y)
{
	uint64_t total = y->profile->total;
	struct text t = {0};
	FILE *out = text_open(&t);

	fprintf(out,
	        "%llu samples (%.2f%%) have a Python frame, %llu (%.2f%%) two "
	        "or more, %llu (%.2f%%) three or more\n",
	        (unsigned long long)y->with_python,
	        percent_of(y->with_python, total),
	        (unsigned long long)y->with_two, percent_of(y->with_two, total),
	        (unsigned long long)y->with_three,
	        percent_of(y->with_three, total));
	if (y->with_python == 0)
		fprintf(out, "no Python frames: record with -X perf (Python "
		             "3.12 or later; tag xperf)\n");
	else if ((double)y->with_two < CUT_SHARE * (double)y->with_python)
		fprintf(
		    out,
		    "the stacks stop at the innermost Python frame (a "
		    "Python built without frame pointers,\nrecorded with "
		    "dwarf call graphs?): total is self, and callers and "
		    "callees are unknown;\na Python built with "
		    "-fno-omit-frame-pointer, recorded with fp call graphs, "
		    "shows them\n");
	fprintf(out,
	        "self: samples whose innermost Python frame is the function, "
	        "split by the category of\ntheir leaf (native) function; "
	        "total: samples with the function anywhere; kind: the\n"
	        "category of its file (bycategory --python; harness: pyperf "
	        "and pyperformance, listed last)\n");
	text_close(&t);
	return t.p;
}

static void
write_table(struct python_view *y, const uint32_t *order, size_t rows)
{
	const struct profile *p = y->profile;
	enum report_format format = y->opt.format;
	bool text = format == FORMAT_TEXT;
	struct column columns[11] = {
	    {"self%", COLUMN_PERCENT, 0, 0},   {"self", COLUMN_COUNT, 0, 0},
	    {"total%", COLUMN_PERCENT, 0, 0},  {"total", COLUMN_COUNT, 0, 0},
	    {"kind", COLUMN_TEXT, 0, 0},       {"function", COLUMN_TEXT, 0, 0},
	    {"file", COLUMN_TEXT, 0, 0},       {"path", COLUMN_TEXT, 0, 0},
	    {"categories", COLUMN_TEXT, 0, 0}, {"callers", COLUMN_TEXT, 0, 0},
	    {"callees", COLUMN_TEXT, 0, 0},
	};
	struct report_meta meta = {"pyprofile", profile_event_name(p),
	                           profile_weight_name(p), p->total, notes(y)};
	struct table_writer w;
	struct text cats = {0}, callers = {0}, callees = {0};
	char *name = NULL;

	if (text) {
		/* self% self total% total kind "function (file)" categories */
		columns[5].name = "function (file)";
		columns[6] = columns[8];
		columns[6].name = "self by category";
	}
	for (size_t i = 0; i < rows; i++) {
		const struct pyfunc *f = &y->funcs[order[i]];
		struct span full = profile_text(p, f->name);
		int kind =
		    (int)string_table_get(&y->rules.categories, f->kind).n;
		int shown =
		    (int)(python_frame_function(full).n +
		          python_file_short(python_frame_module(full)).n + 3);
		if (kind > columns[4].width)
			columns[4].width = kind;
		if (shown > columns[5].width)
			columns[5].width = shown;
	}
	table_begin(&w, format, &meta, columns, text ? 7 : 11);
	for (size_t i = 0; i < rows; i++) {
		const struct pyfunc *f = &y->funcs[order[i]];
		struct span full = profile_text(p, f->name);
		struct span file = python_frame_module(full);
		if (text && f->harness &&
		    (i == 0 || !y->funcs[order[i - 1]].harness))
			printf("# the harness (pyperf, pyperformance):\n");
		name = xreallocarray(name, full.n + 3, 1);
		size_t n = python_frame_label(full, name);
		write_categories(text_open(&cats), y, order[i], text);
		write_pairs(text_open(&callers), y, order[i], true);
		write_pairs(text_open(&callees), y, order[i], false);
		struct cell cells[11] = {
		    {f->self, {NULL, 0}},
		    {f->self, {NULL, 0}},
		    {f->total, {NULL, 0}},
		    {f->total, {NULL, 0}},
		    {0, string_table_get(&y->rules.categories, f->kind)},
		    {0, python_frame_function(full)},
		    {0, python_file_short(file)},
		    {0, file},
		    {0, text_close(&cats)},
		    {0, text_close(&callers)},
		    {0, text_close(&callees)},
		};
		if (text) {
			cells[5].text = span_make(name, n);
			cells[6] = cells[8];
		}
		table_row(&w, cells);
	}
	table_end(&w);
	free(cats.p);
	free(callers.p);
	free(callees.p);
	free(name);
	free((char *)meta.notes);
}

/* The text's sandwich: each top function, its callers and callees. */
static void
write_sandwich(const struct python_view *y, const uint32_t *order, size_t rows)
{
	const struct profile *p = y->profile;
	size_t shown = 0;
	char *name = NULL;

	for (size_t i = 0; i < rows && shown < y->opt.top; i++) {
		const struct pyfunc *f = &y->funcs[order[i]];
		if (f->harness || f->total == 0)
			continue;
		struct span full = profile_text(p, f->name);
		name = xreallocarray(name, full.n + 3, 1);
		size_t n = python_frame_label(full, name);
		printf("\n## %.*s: self %.2f%%, total %.2f%%\n# %.*s\n", (int)n,
		       name, percent_of(f->self, p->total),
		       percent_of(f->total, p->total), (int)full.n - 4,
		       full.p + 4);
		for (int side = 0; side < 2; side++) {
			uint32_t *ids;
			size_t k = pairs_of(y, order[i], side == 0, &ids);
			printf("%s\n", side == 0 ? "callers:" : "callees:");
			for (size_t j = 0; j < k; j++) {
				const struct edge *e = &y->edges[ids[j]];
				struct span other = profile_text(
				    p,
				    y->funcs[side == 0 ? e->caller : e->callee]
				        .name);
				name = xreallocarray(name, other.n + 3, 1);
				size_t m = python_frame_label(other, name);
				printf("  %7.2f%% %*llu  %.*s\n",
				       percent_of(e->weight, p->total),
				       decimal_digits(p->total),
				       (unsigned long long)e->weight, (int)m,
				       name);
			}
			if (side == 1 && f->self > 0) {
				printf("  %7.2f%% %*llu  [self] ",
				       percent_of(f->self, p->total),
				       decimal_digits(p->total),
				       (unsigned long long)f->self);
				write_categories(stdout, y, order[i], true);
				putchar('\n');
			}
			if (k == 0 && (side == 0 || f->self == 0))
				printf("  (none seen)\n");
			free(ids);
		}
		shown++;
	}
	free(name);
}

static void
write_report(struct python_view *y)
{
	uint32_t *order =
	    xreallocarray(NULL, y->nfuncs ? y->nfuncs : 1, sizeof *order);
	size_t rows = 0;

	for (uint32_t i = 0; i < y->nfuncs; i++)
		if (y->funcs[i].total > 0)
			order[rows++] = i;
	qsort_r(order, rows, sizeof *order, compare_funcs, y);
	if (y->opt.limit > 0 && rows > y->opt.limit)
		rows = y->opt.limit;
	write_table(y, order, rows);
	if (y->opt.format == FORMAT_TEXT)
		write_sandwich(y, order, rows);
	free(order);
}

struct python_view *
python_view_new(const char *rules)
{
	struct python_view *y = xcalloc(1, sizeof *y);

	category_rules_load_or_exit(&y->rules, rules);
	y->harness =
	    string_table_intern(&y->rules.categories, span_cstr("harness"));
	return y;
}

void
python_view_count(struct python_view *y, const struct profile *p)
{
	y->profile = p;
	category_profile_init(&y->native, &y->rules, 1, false, false);
	category_profile_classify(&y->native, p);
	tuple_table_init(&y->edge_index);
	string_table_init(&y->names);
	stack_weights_init(&y->stacks);
	find_python_functions(y);
	count_stacks(y);
}

void
python_view_free(struct python_view *y)
{
	if (y == NULL)
		return;
	stack_weights_free(&y->stacks);
	string_table_free(&y->names);
	tuple_table_free(&y->edge_index);
	free(y->edges);
	free(y->chain);
	free(y->buf);
	free(y->funcs);
	free(y->self_by_category);
	id_map_free(&y->pyfunc_of);
	id_map_free(&y->pyfunc_named);
	category_profile_free(&y->native);
	category_rules_free(&y->rules);
	free(y);
}

void
python_view_write(struct python_view *y, const struct python_view_options *o)
{
	y->opt = *o;
	write_report(y);
}

void
python_view_write_folded(const struct python_view *y)
{
	stack_weights_write_folded(&y->stacks, &y->names, stdout);
}

void
python_view_each_folded(const struct python_view *y,
                        void (*line)(void *ctx, struct span stack,
                                     uint64_t weight),
                        void *ctx)
{
	stack_weights_each_folded(&y->stacks, &y->names, line, ctx);
}

bool
python_view_has_python(const struct profile *p)
{
	for (uint32_t i = 0; i < profile_function_count(p); i++)
		if (symbol_is_python(
		        profile_text(p, profile_function(p, i)->name)))
			return true;
	return false;
}

void
python_view_defaults(struct python_view_options *o)
{
	memset(o, 0, sizeof *o);
	o->top = 5;
}
