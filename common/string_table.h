/*
 * string_table.h - interning of byte strings.
 *
 * Each distinct string gets a dense id (0, 1, 2, ...) in the order it was
 * first seen, so per-string data can live in plain arrays indexed by id.
 * Interned strings are copied once, NUL-terminated, and never move; memory
 * grows with the number of distinct strings only.
 */
#ifndef PERFVIEWS_STRING_TABLE_H
#define PERFVIEWS_STRING_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "id_index.h"
#include "span.h"

struct string_entry {
	const char *s; /* NUL-terminated copy */
	uint32_t n;
};

struct string_table {
	struct arena arena;
	struct string_entry *strings; /* by id */
	uint32_t count;               /* == index.count */
	uint32_t cap;
	struct id_index index;
};

void string_table_init(struct string_table *t);
void string_table_free(struct string_table *t);

/* The id of s, added if new. */
uint32_t string_table_intern(struct string_table *t, struct span s);
uint32_t string_table_intern_hashed(struct string_table *t, struct span s,
                                    uint64_t hash);
/* The id of s, or UINT32_MAX if it was never interned. */
uint32_t string_table_find(const struct string_table *t, struct span s);

static inline struct span
string_table_get(const struct string_table *t, uint32_t id)
{
	return span_make(t->strings[id].s, t->strings[id].n);
}

static inline const char *
string_table_cstr(const struct string_table *t, uint32_t id)
{
	return t->strings[id].s;
}

#endif
