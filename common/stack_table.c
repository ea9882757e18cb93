/*
 * stack_table.c - see stack_table.h.
 *
 * Open addressing with linear probing, like string_table.c.  Invariant:
 * count <= nslots / 2.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hash.h"
#include "stack_table.h"

enum { SEED = 0x57ac };

void
stack_table_init(struct stack_table *t)
{
	arena_init(&t->arena);
	t->stacks = NULL;
	t->count = 0;
	t->cap = 0;
	t->nslots = 1024;
	t->slots = xcalloc(t->nslots, sizeof *t->slots);
}

void
stack_table_free(struct stack_table *t)
{
	arena_free(&t->arena);
	free(t->stacks);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

static void
grow_slots(struct stack_table *t)
{
	if (t->nslots >= UINT32_C(1) << 31)
		die(EXIT_DATA, "hash table full");
	uint32_t nslots = t->nslots * 2;
	uint32_t *slots = xcalloc(nslots, sizeof *slots);

	for (uint32_t id = 0; id < t->count; id++) {
		uint32_t i = (uint32_t)t->stacks[id].hash & (nslots - 1);
		while (slots[i] != 0)
			i = (i + 1) & (nslots - 1);
		slots[i] = id + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->nslots = nslots;
}

uint32_t
stack_table_add(struct stack_table *t, const uint32_t *ids, size_t n,
                uint64_t a, uint64_t b)
{
	uint64_t hash = hash_bytes(ids, n * sizeof *ids, SEED);
	uint32_t i = (uint32_t)hash & (t->nslots - 1);

	for (; t->slots[i] != 0; i = (i + 1) & (t->nslots - 1)) {
		struct stack_entry *e = &t->stacks[t->slots[i] - 1];
		if (e->hash == hash && e->n == n &&
		    memcmp(e->ids, ids, n * sizeof *ids) == 0) {
			e->count[0] += a;
			e->count[1] += b;
			return t->slots[i] - 1;
		}
	}

	if (n > UINT32_MAX || t->count == UINT32_MAX - 1)
		die(EXIT_DATA, "too many distinct stacks");
	if (t->count == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->stacks = xreallocarray(t->stacks, t->cap, sizeof *t->stacks);
	}
	uint32_t *copy = arena_alloc(&t->arena, n * sizeof *ids + 1,
	                             _Alignof(uint32_t));
	if (n > 0)
		memcpy(copy, ids, n * sizeof *ids);

	uint32_t id = t->count++;
	struct stack_entry *e = &t->stacks[id];
	e->ids = copy;
	e->n = (uint32_t)n;
	e->hash = hash;
	e->count[0] = a;
	e->count[1] = b;
	t->slots[i] = id + 1;
	if (t->count > t->nslots / 2)
		grow_slots(t);
	return id;
}
