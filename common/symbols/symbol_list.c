/*
 * symbol_list.c - see symbol_list.h.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "symbols/libbfd.h"
#include "symbols/symbol_list.h"

void
symbol_list_free(struct symbol_list *l)
{
	free(l->syms);
	memset(l, 0, sizeof *l);
}

void
symbol_list_add(struct symbol_list *l, struct arena *names, uint64_t start,
                uint64_t size, const char *name, enum symbol_binding binding)
{
	size_t n = strlen(name) + 1;
	char *copy = arena_alloc(names, n, 1);
	memcpy(copy, name, n);

	l->syms =
	    array_reserve(l->syms, &l->cap, l->count + 1, sizeof *l->syms);
	struct func_symbol *f = &l->syms[l->count];
	f->start = start;
	f->end = start + size;
	f->name = copy;
	f->binding = (unsigned char)binding;
	f->order = (uint32_t)l->count;
	l->count++;
}

static size_t
leading_underscores(const char *name)
{
	size_t n = 0;
	while (name[n] == '_')
		n++;
	return n;
}

/*
 * A symbol's name as perf compares it: demangled as it loads it
 * (bfd_demangle, no parameters: "operator new[]"), or as it is.  The
 * caller frees *owned.
 */
static const char *
compared_name(const char *name, char **owned)
{
	*owned = bfd_demangle(NULL, name, 0);
	return *owned != NULL ? *owned : name;
}

/*
 * Of two symbols at one address, the one perf shows (its
 * choose_best_symbol): one with a size, then not weak, then global, then
 * fewer leading underscores, then the longer name, both of the demangled
 * names (_Znam and _Znwm tie; "operator new[]" is longer).  True for a.
 */
static bool
better_symbol(const struct func_symbol *a, const struct func_symbol *b)
{
	bool asized = a->end > a->start, bsized = b->end > b->start;
	if (asized != bsized)
		return asized;
	bool aweak = a->binding == BINDING_WEAK,
	     bweak = b->binding == BINDING_WEAK;
	if (aweak != bweak)
		return bweak;
	bool aglobal = a->binding == BINDING_GLOBAL,
	     bglobal = b->binding == BINDING_GLOBAL;
	if (aglobal != bglobal)
		return aglobal;
	char *aowned, *bowned;
	const char *an = compared_name(a->name, &aowned),
	           *bn = compared_name(b->name, &bowned);
	size_t au = leading_underscores(an), bu = leading_underscores(bn);
	bool better = au != bu ? au < bu : strlen(an) >= strlen(bn);
	free(aowned);
	free(bowned);
	return better;
}

static int
compare_symbols(const void *pa, const void *pb, void *arg)
{
	const struct func_symbol *a = pa, *b = pb;
	enum alias_rule rule = *(const enum alias_rule *)arg;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	/* The one shown first: it is the one kept. */
	if (rule == ALIAS_LAST)
		return a->order > b->order ? -1 : a->order < b->order;
	if (better_symbol(a, b))
		return -1;
	return better_symbol(b, a)
	           ? 1
	           : (a->order > b->order) - (a->order < b->order);
}

void
symbol_list_finish(struct symbol_list *l, enum alias_rule rule)
{
	if (l->count == 0)
		return;
	qsort_r(l->syms, l->count, sizeof *l->syms, compare_symbols, &rule);
	size_t n = 0;
	for (size_t i = 0; i < l->count; i++) {
		if (n > 0 && l->syms[n - 1].start == l->syms[i].start)
			continue;
		l->syms[n++] = l->syms[i];
	}
	l->count = n;
	for (size_t i = 0; i + 1 < n; i++)
		if (l->syms[i].end <= l->syms[i].start)
			l->syms[i].end = l->syms[i + 1].start;
	if (l->syms[n - 1].end <= l->syms[n - 1].start)
		l->syms[n - 1].end = l->syms[n - 1].start + 1;
}

const struct func_symbol *
symbol_list_find(const struct symbol_list *l, uint64_t addr)
{
	size_t lo = 0, hi = l->count;

	/* The last symbol starting at or before addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->syms[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct func_symbol *f = &l->syms[lo - 1];
	return addr < f->end ? f : NULL;
}
