/*
 * symbol_list.h - the function symbols of one DSO, found by address as
 * perf finds them.
 *
 * Symbols are added in the order they are read, then the list is
 * finished once, as perf finishes its symbol tables:
 *   - of several symbols at one address, only the one perf shows is kept:
 *     by its choose_best_symbol for ELF files (one with a size, then not
 *     weak, then global, then fewer leading underscores, then the longer
 *     name, then the first read); the last read for kallsyms, which perf's
 *     fixup of symbol ends leaves the only one with a size;
 *   - a symbol without a size reaches up to the next one, the last one
 *     byte (symbols__fixup_end).
 * Once finished, starts strictly increase and every symbol has end >
 * start, so a lookup is a binary search.  Names are copied into an arena
 * of the caller's, which must outlive the list.
 */
#ifndef PERFVIEWS_SYMBOL_LIST_H
#define PERFVIEWS_SYMBOL_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"

enum symbol_binding { BINDING_LOCAL, BINDING_GLOBAL, BINDING_WEAK };

/* Which of the symbols at one address is kept. */
enum alias_rule {
	ALIAS_BEST, /* perf's choose_best_symbol (ELF files, perf maps) */
	ALIAS_LAST, /* the last read (kallsyms) */
};

/* A function symbol: [start, end) in the DSO's address space. */
struct func_symbol {
	uint64_t start;
	uint64_t end;
	const char *name;      /* in the arena given to symbol_list_add */
	unsigned char binding; /* enum symbol_binding */
	uint32_t order;        /* of reading, to tell aliases apart */
};

struct symbol_list {
	struct func_symbol *syms; /* sorted by start once finished */
	size_t count;
	size_t cap;
};

/* An empty list is all zero bytes. */
void symbol_list_free(struct symbol_list *l);

/* Add [start, start + size) (size 0 when unknown), name copied to names. */
void symbol_list_add(struct symbol_list *l, struct arena *names, uint64_t start,
                     uint64_t size, const char *name,
                     enum symbol_binding binding);

/* Sort, keep one symbol per address, give unsized symbols their room. */
void symbol_list_finish(struct symbol_list *l, enum alias_rule rule);

/* The symbol holding addr in a finished list, or NULL. */
const struct func_symbol *symbol_list_find(const struct symbol_list *l,
                                           uint64_t addr);

#endif
