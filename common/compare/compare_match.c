/*
 * compare_match.c - see compare_match.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "compare/compare_match.h"

/*
 * A name with its DSO's version set aside: a DSO name, or a function name
 * that is a DSO's in brackets ("[libc.so.6]" -> "[libc.so]").  In fam,
 * valid until the next call.
 */
static struct span
family_of(struct compare *c, struct span name, bool bracketed)
{
	if (c->opt.exact_dso || name.n == 0)
		return name;
	c->fam = array_reserve(c->fam, &c->fam_cap, name.n, 1);
	if (!bracketed)
		return span_make(c->fam, dso_family_name(name, c->fam));
	if (name.n < 2 || name.p[0] != '[' || name.p[name.n - 1] != ']' ||
	    span_eq_cstr(name, "[unknown]"))
		return name;
	c->fam[0] = '[';
	size_t n =
	    dso_family_name(span_make(name.p + 1, name.n - 2), c->fam + 1);
	c->fam[n + 1] = ']';
	return span_make(c->fam, n + 2);
}

static uint32_t
intern(struct compare *c, struct span s)
{
	return string_table_intern(&c->names, s);
}

/* The item of key, added if new. */
static uint32_t
item_for(struct compare *c, const uint32_t *key, size_t n)
{
	uint32_t id = tuple_table_intern(&c->index, key, n);

	if (id == c->nitems) {
		c->items = array_reserve(c->items, &c->items_cap,
		                         (size_t)id + 1, sizeof *c->items);
		struct compare_item *it = &c->items[id];
		it->name = it->dso = COMPARE_NONE;
		it->dso_of[0] = it->dso_of[1] = COMPARE_NONE;
		c->nitems++;
	}
	return id;
}

/* The item of function fn of a side: by (name, DSO), DSO or category. */
static uint32_t
function_item(struct compare *c, int side, uint32_t fn)
{
	const struct profile *p = c->side[side].profile;
	const struct function *f = profile_function(p, fn);
	struct span dso = profile_text(p, f->dso);
	uint32_t key[2];
	size_t n = 0;

	if (c->key == KEY_CATEGORY) {
		uint32_t id = item_for(c, &c->side[side].category_of[fn], 1);
		c->items[id].name = c->side[side].category_of[fn];
		return id;
	}
	if (c->key == KEY_FUNCTION)
		key[n++] =
		    intern(c, family_of(c, profile_text(p, f->name), true));
	key[n++] = intern(c, family_of(c, dso, false));
	/* By name alone, the DSO is not part of the key. */
	uint32_t id = item_for(c, key, c->by_name ? 1 : n);
	struct compare_item *it = &c->items[id];
	if (c->key == KEY_FUNCTION)
		it->name = key[0];
	if (it->dso == COMPARE_NONE || it->dso == c->unknown)
		it->dso = key[n - 1];
	if (it->dso_of[side] == COMPARE_NONE)
		it->dso_of[side] = intern(c, dso);
	return id;
}

/* Append s to the text being built in buf, *len bytes so far. */
static void
append(struct compare *c, size_t *len, struct span s)
{
	c->buf = array_reserve(c->buf, &c->buf_cap, *len + s.n + 1, 1);
	if (s.n > 0)
		memcpy(c->buf + *len, s.p, s.n);
	*len += s.n;
}

/*
 * The frames of stack s that make its item, root first, into c->frames
 * (function ids; their number returned): glue is left out but as the leaf
 * (the same code either way, its own time its own), and a re-entry, a
 * function of kind GLUE_REENTRY directly under itself once glue is left
 * out, is one frame with its caller (the interpreter called through glue
 * is the same interpreter, however deep in C); a function of kind
 * GLUE_ROOT starts the item, its callers left out (what triggers it is
 * incidental: the garbage collector runs from whichever allocation, or
 * check of the eval breaker, crosses its threshold).
 */
static uint32_t
item_frames(struct compare *c, int side, struct profile_stack s)
{
	const struct profile *p = c->side[side].profile;
	const uint8_t *glue = c->side[side].glue_of;
	uint32_t n = 0;

	c->frames = array_reserve(c->frames, &c->frames_cap, s.n ? s.n : 1,
	                          sizeof *c->frames);
	for (uint32_t i = s.n; i-- > 0;) {
		uint32_t fn = s.functions[i];
		uint8_t kind = glue != NULL ? glue[fn] : GLUE_NONE;
		if (kind == GLUE_SKIP && i > 0)
			continue;
		if (kind == GLUE_ROOT)
			n = 0; /* whoever called it: incidental */
		if (kind == GLUE_REENTRY && n > 0 &&
		    profile_function(p, c->frames[n - 1])->name ==
		        profile_function(p, fn)->name)
			continue;
		c->frames[n++] = fn;
	}
	return n;
}

/*
 * The folded text of a stack, as collapse writes it by default: the root
 * (its command), then the function names from the root, without
 * annotations, so that folded stacks and perf script text of one program
 * agree.  The command and names of DSOs have their versions set aside.
 */
static uint32_t
stack_item(struct compare *c, int side, uint32_t stack)
{
	const struct profile *p = c->side[side].profile;
	struct profile_stack s = profile_stack_get(p, stack);
	const struct function *leaf = profile_function(p, s.functions[0]);
	size_t len = 0;

	append(c, &len, family_of(c, profile_text(p, s.comm), false));
	/* A sample of no frames was counted in "[unknown]": the root alone. */
	bool alone = s.n == 1 && leaf->name == p->unknown_dso &&
	             leaf->dso == p->unknown_dso;
	uint32_t n = alone ? 0 : item_frames(c, side, s);
	for (uint32_t i = 0; i < n; i++) {
		const struct function *f = profile_function(p, c->frames[i]);
		append(c, &len, span_cstr(";"));
		append(c, &len, family_of(c, profile_text(p, f->name), true));
	}
	uint32_t key = intern(c, span_make(c->buf, len));
	uint32_t id = item_for(c, &key, 1);
	c->items[id].name = key;
	return id;
}

uint32_t
compare_eval_loop_item(struct compare *c, int side, uint32_t row)
{
	struct bytecode_row r = bytecode_view_row(c->side[side].bytecode, row);
	uint32_t key = intern(c, c->key == KEY_FAMILY ? r.family : r.name);
	uint32_t id = item_for(c, &key, 1);
	struct compare_item *it = &c->items[id];

	it->name = key;
	if (c->key == KEY_INSTRUCTION && it->dso_of[side] == COMPARE_NONE) {
		it->dso_of[side] = intern(c, r.family);
		if (it->dso == COMPARE_NONE)
			it->dso = it->dso_of[side];
	}
	return id;
}

/* Every function (or stack, or row of the eval loop) of a side mapped to
 * its item. */
static void
match_side(struct compare *c, int side)
{
	struct compare_side *s = &c->side[side];
	const struct profile *p = s->profile;

	if (compare_key_eval_loop(c->key)) {
		/* The rows with weight in a run, each once. */
		size_t n = bytecode_view_run_weight_count(s->bytecode);
		for (size_t i = 0; i < n; i++)
			compare_eval_loop_item(
			    c, side,
			    bytecode_view_run_weight(s->bytecode, i).row);
		return;
	}
	uint32_t n = c->key == KEY_STACK ? profile_stack_count(p)
	                                 : profile_function_count(p);

	s->item_of = xreallocarray(NULL, n ? n : 1, sizeof *s->item_of);
	for (uint32_t i = 0; i < n; i++)
		s->item_of[i] = c->key == KEY_STACK ? stack_item(c, side, i)
		                                    : function_item(c, side, i);
}

void
compare_match(struct compare *c)
{
	c->unknown = intern(c, span_cstr("[unknown]"));
	c->by_name =
	    c->key == KEY_FUNCTION && (c->side[0].profile->stream.saw_folded ||
	                               c->side[1].profile->stream.saw_folded);
	match_side(c, 0);
	match_side(c, 1);
}

struct span
compare_item_dso(const struct compare *c, uint32_t item)
{
	const struct compare_item *it = &c->items[item];
	uint32_t a = it->dso_of[0], b = it->dso_of[1];

	if (a == COMPARE_NONE && b == COMPARE_NONE)
		return span_make("", 0); /* a category */
	/* One side's name, when the other has none or does not know it. */
	if (a == COMPARE_NONE || a == b || a == c->unknown)
		return compare_text(c, b != COMPARE_NONE ? b : a);
	if (b == COMPARE_NONE || b == c->unknown)
		return compare_text(c, a);
	return compare_text(c, it->dso);
}

/* The family name of function fn of a side, interned. */
static uint32_t
function_name(struct compare *c, int side, uint32_t fn)
{
	const struct profile *p = c->side[side].profile;

	return intern(
	    c,
	    family_of(c, profile_text(p, profile_function(p, fn)->name), true));
}

/* The family name of a stack's command, interned. */
static uint32_t
command_name(struct compare *c, int side, struct profile_stack s)
{
	const struct profile *p = c->side[side].profile;

	return intern(c, family_of(c, profile_text(p, s.comm), false));
}

/*
 * The names of a side's stacks, by id in names (a new array of
 * names.count, every name of both sides interned before): its commands
 * and every function of its stacks, glue included (all), or only the
 * frames of its items, those drawn.
 */
static bool *
names_of_side(struct compare *c, int side, bool all)
{
	const struct profile *p = c->side[side].profile;
	bool *has = xcalloc(c->names.count + 1, sizeof *has);

	for (uint32_t i = 0; i < profile_stack_count(p); i++) {
		struct profile_stack s = profile_stack_get(p, i);
		has[command_name(c, side, s)] = true;
		uint32_t n = all ? s.n : item_frames(c, side, s);
		for (uint32_t f = 0; f < n; f++)
			has[function_name(
			    c, side, all ? s.functions[f] : c->frames[f])] =
			    true;
	}
	return has;
}

/* Every name of both sides' stacks interned, so that ids stay below
 * names.count. */
static void
intern_all_names(struct compare *c)
{
	for (int side = 0; side < 2; side++) {
		const struct profile *p = c->side[side].profile;
		for (uint32_t i = 0; i < profile_stack_count(p); i++) {
			struct profile_stack s = profile_stack_get(p, i);
			command_name(c, side, s);
			for (uint32_t f = 0; f < s.n; f++)
				function_name(c, side, s.functions[f]);
		}
	}
}

/* Are the command and every function of stack s's item in has? */
static bool
all_named(struct compare *c, int side, struct profile_stack s, const bool *has)
{
	if (!has[command_name(c, side, s)])
		return false;
	uint32_t n = item_frames(c, side, s);
	for (uint32_t i = 0; i < n; i++)
		if (!has[function_name(c, side, c->frames[i])])
			return false;
	return true;
}

void
compare_unmatched(struct compare *c, double share[2])
{
	intern_all_names(c);
	bool *has[2] = {names_of_side(c, 0, true), names_of_side(c, 1, true)};

	for (int side = 0; side < 2; side++) {
		const struct compare_side *cs = &c->side[side];
		const struct profile *p = cs->profile;
		double lost = 0;
		for (uint32_t i = 0; i < profile_stack_count(p); i++) {
			struct profile_stack s = profile_stack_get(p, i);
			const struct compare_result *r =
			    compare_result(c, cs->item_of[i], 0);
			if (r->weight[1 - side] == 0 &&
			    all_named(c, side, s, has[1 - side]))
				lost += (double)s.weight;
		}
		share[side] = p->total > 0 ? 100 * lost / (double)p->total : 0;
	}
	free(has[0]);
	free(has[1]);
}

uint32_t *
compare_hidden_in_both(struct compare *c, uint32_t *n)
{
	intern_all_names(c);
	bool *has[2] = {names_of_side(c, 0, true), names_of_side(c, 1, true)};
	bool *drawn[2] = {names_of_side(c, 0, false),
	                  names_of_side(c, 1, false)};
	uint32_t *ids = xreallocarray(NULL, c->names.count + 1, sizeof *ids);

	*n = 0;
	for (uint32_t id = 0; id < c->names.count; id++)
		if (has[0][id] && has[1][id] && drawn[0][id] != drawn[1][id])
			ids[(*n)++] = id;
	for (int s = 0; s < 2; s++) {
		free(has[s]);
		free(drawn[s]);
	}
	return ids;
}

char *
compare_unmatched_text(const double share[2])
{
	double worst = share[0] > share[1] ? share[0] : share[1];

	return xasprintf(
	    "%s%.1f%% of A and %.1f%% of B unmatched, on stacks the other "
	    "lacks though it has their functions (two recordings of one "
	    "build: up to about 12%%)",
	    worst > COMPARE_UNMATCHED_WARN
	        ? "WARNING: the stacks do not line up, a change of a path may "
	          "be the same code reached another way: "
	        : "",
	    share[0], share[1]);
}
