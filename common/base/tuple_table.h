/*
 * tuple_table.h - interning of tuples of 32-bit ids.
 *
 * A stack is a tuple of frame or name ids; a function is (name, DSO,
 * inlined); a tree node is (parent, name, DSO).  Each distinct tuple gets
 * a dense id, as in a string_table, which this is, keyed by the tuple's
 * bytes.  What a table counts per tuple (weights, rows) lives in the
 * caller's arrays, indexed by tuple id.
 */
#ifndef PERFVIEWS_TUPLE_TABLE_H
#define PERFVIEWS_TUPLE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "base/string_table.h"

struct tuple_table {
	struct string_table keys; /* the tuples' bytes */
};

static inline void
tuple_table_init(struct tuple_table *t)
{
	string_table_init(&t->keys);
}

static inline void
tuple_table_free(struct tuple_table *t)
{
	string_table_free(&t->keys);
}

/* The id of the tuple ids[0..n), added if new. */
static inline uint32_t
tuple_table_intern(struct tuple_table *t, const uint32_t *ids, size_t n)
{
	return string_table_intern(
	    &t->keys, span_make((const char *)ids, n * sizeof *ids));
}

static inline uint32_t
tuple_table_count(const struct tuple_table *t)
{
	return t->keys.count;
}

/* The ids of tuple id (8-byte aligned: interned strings are). */
static inline const uint32_t *
tuple_table_get(const struct tuple_table *t, uint32_t id, uint32_t *n)
{
	*n = t->keys.strings[id].n / (uint32_t)sizeof(uint32_t);
	return (const uint32_t *)(const void *)t->keys.strings[id].s;
}

#endif
