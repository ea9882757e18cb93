/*
 * bytecode_view.c - see bytecode_view.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/numbers.h"
#include "base/string_table.h"
#include "base/tuple_table.h"
#include "base/xalloc.h"
#include "interp/eval_loop.h"
#include "views/bytecode_view.h"

enum row_kind { ROW_INSTRUCTION, ROW_PART, ROW_UNPLACED };

static const char *const kind_names[] = {"instruction", "part", "unplaced"};

struct row {
	uint32_t family; /* in names */
	enum row_kind kind;
	uint64_t self, total;
};

/* A DSO whose eval loop samples were found in. */
struct loop_use {
	const struct eval_loop *loop;
	uint32_t dso; /* in names */
	uint64_t samples;
};

struct bytecode_view {
	bool period;
	struct eval_loops *loops;
	struct string_table names; /* rows' names, families, DSOs */
	struct row *rows;          /* by id in names; kind only for rows */
	bool *is_row;
	size_t rows_cap;
	struct loop_use *uses;
	size_t nuses, uses_cap;
	uint64_t loop_total;              /* samples with an eval loop frame */
	uint64_t loop_self;               /* of them, its own code */
	uint64_t self_by[3], total_by[3]; /* by enum eval_method */
	/* With bytecode_view_keep_runs: */
	const struct profile *runs_of;           /* numbers the runs */
	struct tuple_table run_rows;             /* (run, row) -> id */
	struct bytecode_run_weight *run_weights; /* by run_rows id */
	size_t run_weights_cap;
};

struct bytecode_view *
bytecode_view_new(bool period)
{
	struct bytecode_view *v = xcalloc(1, sizeof *v);
	v->period = period;
	v->loops = eval_loops_new();
	string_table_init(&v->names);
	return v;
}

void
bytecode_view_free(struct bytecode_view *v)
{
	if (v == NULL)
		return;
	eval_loops_free(v->loops);
	string_table_free(&v->names);
	free(v->rows);
	free(v->is_row);
	free(v->uses);
	tuple_table_free(&v->run_rows);
	free(v->run_weights);
	free(v);
}

void
bytecode_view_keep_runs(struct bytecode_view *v, const struct profile *p)
{
	v->runs_of = p;
	tuple_table_init(&v->run_rows);
}

size_t
bytecode_view_run_weight_count(const struct bytecode_view *v)
{
	return v->runs_of != NULL ? tuple_table_count(&v->run_rows) : 0;
}

struct bytecode_run_weight
bytecode_view_run_weight(const struct bytecode_view *v, size_t i)
{
	return v->run_weights[i];
}

struct bytecode_row
bytecode_view_row(const struct bytecode_view *v, uint32_t row)
{
	const struct row *r = &v->rows[row];
	return (struct bytecode_row){string_table_get(&v->names, row),
	                             string_table_get(&v->names, r->family),
	                             r->kind == ROW_INSTRUCTION};
}

uint64_t
bytecode_view_placed_samples(const struct bytecode_view *v)
{
	return v->total_by[EVAL_BY_LINE] + v->total_by[EVAL_BY_LABEL];
}

const char *
bytecode_view_family_source(const struct bytecode_view *v)
{
	size_t table = 0, name = 0;

	for (size_t i = 0; i < v->nuses; i++)
		if (eval_loop_status(v->uses[i].loop) == EVAL_LOOP_OK) {
			if (eval_loop_families(v->uses[i].loop) != NULL)
				table++;
			else
				name++;
		}
	if (table + name == 0)
		return NULL;
	return name == 0 ? "table" : table == 0 ? "name" : "mixed";
}

/*
 * A sample's weights in its run: the profile took the sample before the
 * view (view_load_with), so its last run is the sample's.
 */
static void
add_run_weight(struct bytecode_view *v, uint32_t row, uint64_t w, bool leaf)
{
	uint32_t nruns = profile_run_count(v->runs_of);
	if (nruns == 0 || w == 0)
		return; /* a sample of no weight: the profile keeps no run */
	uint32_t key[2] = {nruns - 1, row};
	uint32_t id = tuple_table_intern(&v->run_rows, key, 2);
	v->run_weights = array_reserve(v->run_weights, &v->run_weights_cap,
	                               (size_t)id + 1, sizeof *v->run_weights);
	struct bytecode_run_weight *rw = &v->run_weights[id];
	if (rw->total == 0)
		*rw = (struct bytecode_run_weight){row, nruns - 1, 0, 0};
	rw->total += w;
	if (leaf)
		rw->self += w;
}

uint64_t
bytecode_view_loop_samples(const struct bytecode_view *v)
{
	return v->loop_total;
}

static struct row *
row_of(struct bytecode_view *v, struct span name, struct span family,
       enum row_kind kind)
{
	uint32_t id = string_table_intern(&v->names, name);
	uint32_t fam = string_table_intern(&v->names, family);
	size_t old = v->rows_cap;
	v->rows = array_reserve(v->rows, &v->rows_cap, (size_t)v->names.count,
	                        sizeof *v->rows);
	if (v->rows_cap != old) {
		v->is_row =
		    xreallocarray(v->is_row, v->rows_cap, sizeof *v->is_row);
		memset(v->is_row + old, 0, (v->rows_cap - old) * sizeof(bool));
	}
	if (!v->is_row[id]) {
		v->is_row[id] = true;
		v->rows[id] = (struct row){fam, kind, 0, 0};
	}
	return &v->rows[id];
}

static struct loop_use *
use_of(struct bytecode_view *v, struct span dso)
{
	const struct eval_loop *loop = eval_loops_get(v->loops, dso);
	for (size_t i = 0; i < v->nuses; i++)
		if (v->uses[i].loop == loop)
			return &v->uses[i];
	v->uses =
	    array_reserve(v->uses, &v->uses_cap, v->nuses + 1, sizeof *v->uses);
	struct loop_use *u = &v->uses[v->nuses++];
	*u = (struct loop_use){loop, string_table_intern(&v->names, dso), 0};
	return u;
}

/* Why a loop's samples are unplaced: the row's name. */
static const char *
unplaced_name(const struct eval_loop *loop)
{
	switch (eval_loop_status(loop)) {
	case EVAL_LOOP_NO_FILE:
		return "[unplaced: DSO not found]";
	case EVAL_LOOP_NO_DEBUG:
		return "[unplaced: no debug information]";
	case EVAL_LOOP_NO_FUNCTION:
		return "[unplaced: no eval function in the DWARF]";
	case EVAL_LOOP_NO_LABELS:
		return "[unplaced: no TARGET_ labels]";
	case EVAL_LOOP_OK:
		break;
	}
	return "[unplaced: no line or label]";
}

void
bytecode_view_sample(void *ctx, const struct perf_sample *s, uint32_t root)
{
	struct bytecode_view *v = ctx;
	const struct perf_frame *eval = NULL;
	bool leaf = true;

	(void)root;
	for (size_t i = 0; i < s->nframes && eval == NULL; i++) {
		const struct perf_frame *f = &s->frames[i];
		if (f->inlined)
			continue; /* belongs to the frame below it */
		if (eval_loop_symbol(f->symbol))
			eval = f;
		else
			leaf = false;
	}
	if (eval == NULL)
		return;
	uint64_t w = v->period ? s->period : 1;
	v->loop_total += w;
	if (leaf)
		v->loop_self += w;
	struct loop_use *u = use_of(v, eval->dso);
	u->samples += w;
	/* A caller's return address: the call instruction is before it. */
	uint64_t offset = eval->offset - (!leaf && eval->offset > 0);
	uint32_t part;
	enum eval_method how =
	    eval_loop_place(u->loop, eval->symbol, offset, &part);
	struct row *r;
	if (how == EVAL_UNPLACED) {
		struct span name = span_cstr(unplaced_name(u->loop));
		r = row_of(v, name, name, ROW_UNPLACED);
	} else {
		struct eval_part p = eval_loop_part(u->loop, part);
		r = row_of(v, p.name, p.family,
		           p.kind == EVAL_INSTRUCTION ? ROW_INSTRUCTION
		                                      : ROW_PART);
	}
	r->total += w;
	v->total_by[how] += w;
	if (leaf) {
		r->self += w;
		v->self_by[how] += w;
	}
	if (v->runs_of != NULL)
		add_run_weight(v, (uint32_t)(r - v->rows), w, leaf);
}

/* The header's lines (a new string). */
static char *
notes(const struct bytecode_view *v, const struct profile *p)
{
	char *text = NULL;
	size_t n = 0;
	FILE *out = xopen_memstream(&text, &n);
	if (v->loop_total == 0) {
		fprintf(out,
		        "no CPython eval loop (" EVAL_LOOP_FUNCTION
		        ") in the %llu samples: nothing to show\n",
		        (unsigned long long)p->total);
		xclose_memstream(out);
		return text;
	}
	uint64_t self = v->loop_self;
	bool placed =
	    v->total_by[EVAL_BY_LINE] + v->total_by[EVAL_BY_LABEL] > 0;
	fprintf(
	    out,
	    "%llu samples (%.2f%%) have an eval loop frame (" EVAL_LOOP_FUNCTION
	    "); %llu (%.2f%%) are in its own code\n",
	    (unsigned long long)v->loop_total,
	    percent_of(v->loop_total, p->total), (unsigned long long)self,
	    percent_of(self, p->total));
	/* Nothing placed: the lines below say why, and nothing more. */
	if (placed)
		fprintf(
		    out,
		    "own code placed: %.2f%% by line, %.2f%% by label, %.2f%% "
		    "not (%llu, %llu, %llu samples)\n",
		    percent_of(v->self_by[EVAL_BY_LINE], self),
		    percent_of(v->self_by[EVAL_BY_LABEL], self),
		    percent_of(v->self_by[EVAL_UNPLACED], self),
		    (unsigned long long)v->self_by[EVAL_BY_LINE],
		    (unsigned long long)v->self_by[EVAL_BY_LABEL],
		    (unsigned long long)v->self_by[EVAL_UNPLACED]);
	for (size_t i = 0; i < v->nuses; i++) {
		const struct loop_use *u = &v->uses[i];
		const char *dso = string_table_cstr(&v->names, u->dso);
		const char *families = eval_loop_families(u->loop);
		switch (eval_loop_status(u->loop)) {
		case EVAL_LOOP_OK:
			fprintf(out, "%s: DWARF of %s; families %s%s\n", dso,
			        eval_loop_debug_file(u->loop),
			        families != NULL ? "from " : "by name",
			        families != NULL ? families : "");
			break;
		case EVAL_LOOP_NO_DEBUG:
			fprintf(out,
			        "%s has no debug information: %llu samples not "
			        "placed; install its -dbgsym (or -debuginfo) "
			        "package, or build CPython with -g\n",
			        dso, (unsigned long long)u->samples);
			break;
		case EVAL_LOOP_NO_FILE:
			fprintf(out,
			        "%s cannot be read here: %llu samples not "
			        "placed; run where the recording was made\n",
			        dso, (unsigned long long)u->samples);
			break;
		case EVAL_LOOP_NO_FUNCTION:
			fprintf(out,
			        "%s: no " EVAL_LOOP_FUNCTION
			        " in its DWARF: %llu samples not placed\n",
			        dso, (unsigned long long)u->samples);
			break;
		case EVAL_LOOP_NO_LABELS:
			fprintf(
			    out,
			    "%s: no TARGET_ labels (a build without computed "
			    "gotos?): %llu samples not placed\n",
			    dso, (unsigned long long)u->samples);
			break;
		}
	}
	if (placed)
		fprintf(
		    out,
		    "self: the address is in the instruction's code; total: "
		    "also the functions it called;\npercentages of the "
		    "samples with an eval loop frame (*_all_pct: of all the "
		    "samples)\n");
	xclose_memstream(out);
	return text;
}

struct sorter {
	const struct bytecode_view *v;
	const struct row *rows;
	const struct bytecode_view_options *o;
};

static int
compare_rows(const void *a, const void *b, void *ctx)
{
	const struct sorter *s = ctx;
	uint32_t ia = *(const uint32_t *)a, ib = *(const uint32_t *)b;
	const struct row *x = &s->rows[ia], *y = &s->rows[ib];
	bool by_total = s->o->sort == BYTECODE_SORT_TOTAL;
	uint64_t kx = by_total ? x->total : x->self;
	uint64_t ky = by_total ? y->total : y->self;
	uint64_t tx = by_total ? x->self : x->total;
	uint64_t ty = by_total ? y->self : y->total;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (kx != ky)
		return kx > ky ? -1 : 1;
	if (tx != ty)
		return tx > ty ? -1 : 1;
	return span_compare(string_table_get(&s->v->names, ia),
	                    string_table_get(&s->v->names, ib));
}

/*
 * The rows to write, by id in names: the view's own, or by family its
 * instructions summed into a row named by the family (the family's row
 * keeps the id of the family's name).
 */
static struct row *
rows_to_write(const struct bytecode_view *v,
              const struct bytecode_view_options *o, bool *used)
{
	size_t n = v->names.count;
	struct row *rows = xcalloc(n == 0 ? 1 : n, sizeof *rows);
	for (uint32_t i = 0; i < n; i++) {
		if (i >= v->rows_cap || !v->is_row[i])
			continue;
		const struct row *r = &v->rows[i];
		uint32_t to = o->by == BYTECODE_BY_FAMILY ? r->family : i;
		if (!used[to])
			rows[to] = (struct row){r->family, r->kind, 0, 0};
		used[to] = true;
		rows[to].self += r->self;
		rows[to].total += r->total;
	}
	return rows;
}

void
bytecode_view_write(const struct bytecode_view *v, const struct profile *p,
                    const struct bytecode_view_options *o)
{
	/* The shares of the eval loop's samples, then of all samples. */
	struct column columns[9] = {
	    {"instruction", COLUMN_TEXT, 0, 0},
	    {"family", COLUMN_TEXT, 0, 0},
	    {"self", COLUMN_COUNT, 0, 0},
	    {"total", COLUMN_COUNT, 0, 0},
	    {"self_pct", COLUMN_PERCENT, 0, 0},
	    {"total_pct", COLUMN_PERCENT, 0, 0},
	    {"kind", COLUMN_TEXT, 0, 0},
	    {"self_all_pct", COLUMN_PERCENT, 0, p->total},
	    {"total_all_pct", COLUMN_PERCENT, 0, p->total},
	};
	char *text = notes(v, p);
	struct report_meta meta = {"bytecode", profile_event_name(p),
	                           profile_weight_name(p), v->loop_total, text};
	size_t n = v->names.count;
	bool *used = xcalloc(n == 0 ? 1 : n, sizeof *used);
	struct row *rows = rows_to_write(v, o, used);
	uint32_t *order = xreallocarray(NULL, n == 0 ? 1 : n, sizeof *order);
	size_t nrows = 0;
	bool placed =
	    v->total_by[EVAL_BY_LINE] + v->total_by[EVAL_BY_LABEL] > 0;
	for (uint32_t i = 0; i < n && placed; i++)
		if (used[i]) {
			order[nrows++] = i;
			int w = (int)string_table_get(&v->names, i).n;
			if (w > columns[0].width)
				columns[0].width = w;
			w = (int)string_table_get(&v->names, rows[i].family).n;
			if (w > columns[1].width)
				columns[1].width = w;
		}
	if (nrows == 0) {
		report_no_table(o->format, &meta);
		free(order);
		free(rows);
		free(used);
		free(text);
		return;
	}
	struct sorter s = {v, rows, o};
	qsort_r(order, nrows, sizeof *order, compare_rows, &s);

	struct table_writer tw;
	table_begin(&tw, o->format, &meta, columns, 9);
	uint64_t instructions = 0;
	for (size_t i = 0; i < nrows; i++) {
		const struct row *r = &rows[order[i]];
		if (r->kind == ROW_INSTRUCTION && o->limit > 0 &&
		    instructions++ >= o->limit)
			continue;
		struct cell cells[9] = {
		    {0, string_table_get(&v->names, order[i])},
		    {0, string_table_get(&v->names, r->family)},
		    {r->self, {NULL, 0}},
		    {r->total, {NULL, 0}},
		    {r->self, {NULL, 0}},
		    {r->total, {NULL, 0}},
		    {0, span_cstr(kind_names[r->kind])},
		    {r->self, {NULL, 0}},
		    {r->total, {NULL, 0}},
		};
		table_row(&tw, cells);
	}
	table_end(&tw);
	free(order);
	free(rows);
	free(used);
	free(text);
}
