/*
 * string_table.c - see string_table.h.
 *
 * Open addressing with linear probing.  Invariant: nslots is a power of two
 * and count <= nslots / 2, so a probe always ends at an empty slot.
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
	t->nslots = 1024;
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

static void
grow_slots(struct string_table *t)
{
	if (t->nslots >= UINT32_C(1) << 31)
		die(EXIT_DATA, "hash table full");
	uint32_t nslots = t->nslots * 2;
	uint32_t *slots = xcalloc(nslots, sizeof *slots);

	for (uint32_t id = 0; id < t->count; id++) {
		uint32_t i = (uint32_t)t->strings[id].hash & (nslots - 1);
		while (slots[i] != 0)
			i = (i + 1) & (nslots - 1);
		slots[i] = id + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->nslots = nslots;
}

uint32_t
string_table_find(const struct string_table *t, struct span s)
{
	uint64_t hash = hash_bytes(s.p, s.n, SEED);
	uint32_t i = (uint32_t)hash & (t->nslots - 1);

	for (; t->slots[i] != 0; i = (i + 1) & (t->nslots - 1)) {
		const struct string_entry *e = &t->strings[t->slots[i] - 1];
		if (e->hash == hash && e->n == s.n && memcmp(e->s, s.p, s.n) == 0)
			return t->slots[i] - 1;
	}
	return UINT32_MAX;
}

uint32_t
string_table_intern(struct string_table *t, struct span s)
{
	return string_table_intern_hashed(t, s, hash_bytes(s.p, s.n, SEED));
}

uint32_t
string_table_intern_hashed(struct string_table *t, struct span s,
                           uint64_t hash)
{
	uint32_t i = (uint32_t)hash & (t->nslots - 1);

	for (; t->slots[i] != 0; i = (i + 1) & (t->nslots - 1)) {
		const struct string_entry *e = &t->strings[t->slots[i] - 1];
		if (e->hash == hash && e->n == s.n && memcmp(e->s, s.p, s.n) == 0)
			return t->slots[i] - 1;
	}

	if (t->count == UINT32_MAX - 1)
		die(EXIT_DATA, "too many distinct strings");
	if (t->count == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->strings = xreallocarray(t->strings, t->cap, sizeof *t->strings);
	}
	char *copy = arena_alloc(&t->arena, s.n + 1, 1);
	if (s.n > 0)
		memcpy(copy, s.p, s.n);
	copy[s.n] = '\0';

	uint32_t id = t->count++;
	t->strings[id].s = copy;
	t->strings[id].n = (uint32_t)s.n;
	t->strings[id].hash = hash;
	t->slots[i] = id + 1;
	if (t->count > t->nslots / 2)
		grow_slots(t);
	return id;
}
