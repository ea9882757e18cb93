/*
 * string_table.h - interning of byte strings: the one hash table.
 *
 * Each distinct string (any bytes: a name, a frame line, the bytes of a
 * tuple of ids) gets a dense id, 0, 1, 2, ... in the order it was first
 * seen, so data about a string lives in plain arrays indexed by its id.
 * Every table of the code base is this one with a typed wrapper around it
 * (tuple_table, frame_table, frame_cache, the symbolizer's rewrites).
 *
 * Interned strings are copied once, NUL-terminated, 8-byte aligned, and
 * never move.  Memory grows with the distinct strings only.  The index is
 * open addressing with linear probing; invariants: nslots is a power of
 * two and count <= nslots / 2, so every probe ends at an empty slot.
 * A caller may hash a string its own way (a frame line by its two ends);
 * it must then use the same hash for every call on that table.
 */
#ifndef PERFVIEWS_STRING_TABLE_H
#define PERFVIEWS_STRING_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/span.h"

/* "No such string": what find returns, and never an id. */
#define STRING_NONE UINT32_MAX

struct string_entry {
	const char *s; /* NUL-terminated copy */
	uint32_t n;
	uint64_t hash;
};

struct string_table {
	struct arena arena;
	struct string_entry *strings; /* by id */
	size_t strings_cap;
	uint32_t count;
	uint32_t *slots; /* id + 1; 0 is an empty slot */
	uint32_t nslots;
};

void string_table_init(struct string_table *t);
void string_table_free(struct string_table *t);

/* The hash string_table_intern and string_table_find use. */
uint64_t string_hash(struct span s);

/* The id of s, added if new. */
uint32_t string_table_intern_hashed(struct string_table *t, struct span s,
                                    uint64_t hash);
/* The id of s, or STRING_NONE if it was never interned. */
uint32_t string_table_find_hashed(const struct string_table *t, struct span s,
                                  uint64_t hash);

static inline uint32_t
string_table_intern(struct string_table *t, struct span s)
{
	return string_table_intern_hashed(t, s, string_hash(s));
}

static inline uint32_t
string_table_find(const struct string_table *t, struct span s)
{
	return string_table_find_hashed(t, s, string_hash(s));
}

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
