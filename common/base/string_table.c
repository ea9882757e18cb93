/*
 * string_table.c - see string_table.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/message.h"
#include "base/string_table.h"
#include "base/xalloc.h"

enum { SEED = 0x5eed, FIRST_SLOTS = 1024 };

void
string_table_init(struct string_table *t)
{
	memset(t, 0, sizeof *t);
	arena_init(&t->arena);
	t->nslots = FIRST_SLOTS;
	t->slots = xcalloc(t->nslots, sizeof *t->slots);
}

void
string_table_free(struct string_table *t)
{
	arena_free(&t->arena);
	free(t->strings);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

uint64_t
string_hash(struct span s)
{
	return hash_bytes(s.p, s.n, SEED);
}

/* The slot holding s, or the empty slot where its probe ended. */
static inline uint32_t
probe(const struct string_table *t, struct span s, uint64_t hash)
{
	uint32_t mask = t->nslots - 1;
	uint32_t i = (uint32_t)hash & mask;

	for (; t->slots[i] != 0; i = (i + 1) & mask) {
		const struct string_entry *e = &t->strings[t->slots[i] - 1];
		if (e->hash == hash && e->n == s.n &&
		    (s.n == 0 || memcmp(e->s, s.p, s.n) == 0))
			break;
	}
	return i;
}

uint32_t
string_table_find_hashed(const struct string_table *t, struct span s,
                         uint64_t hash)
{
	return t->slots[probe(t, s, hash)] - 1; /* 0 - 1 is STRING_NONE */
}

/* Twice the slots: every id is placed again by its hash. */
static void
grow_index(struct string_table *t)
{
	if (t->nslots >= UINT32_C(1) << 31)
		die(EXIT_DATA, "more than 2^30 distinct names or stacks");
	uint32_t nslots = t->nslots * 2, mask = nslots - 1;
	uint32_t *slots = xcalloc(nslots, sizeof *slots);

	for (uint32_t id = 0; id < t->count; id++) {
		uint32_t i = (uint32_t)t->strings[id].hash & mask;
		while (slots[i] != 0)
			i = (i + 1) & mask;
		slots[i] = id + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->nslots = nslots;
}

uint32_t
string_table_intern_hashed(struct string_table *t, struct span s, uint64_t hash)
{
	uint32_t slot = probe(t, s, hash);

	if (t->slots[slot] != 0)
		return t->slots[slot] - 1;
	if (s.n > UINT32_MAX)
		die(EXIT_DATA, "a name longer than 4 GiB");
	char *copy = arena_alloc(&t->arena, s.n + 1, 8);
	if (s.n > 0)
		memcpy(copy, s.p, s.n);
	copy[s.n] = '\0';
	uint32_t id = t->count++;
	t->strings = array_reserve(t->strings, &t->strings_cap, t->count,
	                           sizeof *t->strings);
	t->strings[id].s = copy;
	t->strings[id].n = (uint32_t)s.n;
	t->strings[id].hash = hash;
	t->slots[slot] = id + 1;
	if (t->count > t->nslots / 2)
		grow_index(t);
	return id;
}
