/*
 * string_table.c - see string_table.h.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hash.h"
#include "string_table.h"

enum { SEED = 0x5eed };

void
string_table_init(struct string_table *t)
{
	arena_init(&t->arena);
	t->strings = NULL;
	t->count = 0;
	t->cap = 0;
	id_index_init(&t->index);
}

void
string_table_free(struct string_table *t)
{
	arena_free(&t->arena);
	free(t->strings);
	id_index_free(&t->index);
	memset(t, 0, sizeof *t);
}

static bool
same_string(const struct string_table *t, uint32_t id, uint64_t hash,
            struct span s)
{
	const struct string_entry *e = &t->strings[id];
	return t->index.hashes[id] == hash && e->n == s.n &&
	       memcmp(e->s, s.p, s.n) == 0;
}

uint32_t
string_table_find(const struct string_table *t, struct span s)
{
	const struct id_index *x = &t->index;
	uint64_t hash = hash_bytes(s.p, s.n, SEED);

	for (uint32_t i = id_index_start(x, hash); x->slots[i] != 0;
	     i = id_index_next(x, i))
		if (same_string(t, x->slots[i] - 1, hash, s))
			return x->slots[i] - 1;
	return UINT32_MAX;
}

uint32_t
string_table_intern(struct string_table *t, struct span s)
{
	return string_table_intern_hashed(t, s, hash_bytes(s.p, s.n, SEED));
}

uint32_t
string_table_intern_hashed(struct string_table *t, struct span s, uint64_t hash)
{
	struct id_index *x = &t->index;
	uint32_t i = id_index_start(x, hash);

	for (; x->slots[i] != 0; i = id_index_next(x, i))
		if (same_string(t, x->slots[i] - 1, hash, s))
			return x->slots[i] - 1;

	if (s.n > UINT32_MAX)
		die(EXIT_DATA, "a name longer than 4 GiB");
	if (t->count == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->strings =
		    xreallocarray(t->strings, t->cap, sizeof *t->strings);
	}
	char *copy = arena_alloc(&t->arena, s.n + 1, 1);
	if (s.n > 0)
		memcpy(copy, s.p, s.n);
	copy[s.n] = '\0';

	uint32_t id = id_index_add(x, i, hash);
	t->strings[id].s = copy;
	t->strings[id].n = (uint32_t)s.n;
	t->count = x->count;
	return id;
}
