/*
 * stack_table.c - see stack_table.h.
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
	id_index_init(&t->index);
}

void
stack_table_free(struct stack_table *t)
{
	arena_free(&t->arena);
	free(t->stacks);
	id_index_free(&t->index);
	memset(t, 0, sizeof *t);
}

uint32_t
stack_table_add(struct stack_table *t, const uint32_t *ids, size_t n,
                uint64_t a, uint64_t b)
{
	struct id_index *x = &t->index;
	uint64_t hash = hash_bytes(ids, n * sizeof *ids, SEED);
	uint32_t i = id_index_start(x, hash);

	for (; x->slots[i] != 0; i = id_index_next(x, i)) {
		uint32_t id = x->slots[i] - 1;
		struct stack_entry *e = &t->stacks[id];
		if (x->hashes[id] == hash && e->n == n &&
		    memcmp(e->ids, ids, n * sizeof *ids) == 0) {
			e->count[0] += a;
			e->count[1] += b;
			return id;
		}
	}

	if (n > UINT32_MAX)
		die(EXIT_DATA, "a stack deeper than 2^32 frames");
	if (t->count == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->stacks = xreallocarray(t->stacks, t->cap, sizeof *t->stacks);
	}
	uint32_t *copy =
	    arena_alloc(&t->arena, n * sizeof *ids + 1, _Alignof(uint32_t));
	if (n > 0)
		memcpy(copy, ids, n * sizeof *ids);

	uint32_t id = id_index_add(x, i, hash);
	struct stack_entry *e = &t->stacks[id];
	e->ids = copy;
	e->n = (uint32_t)n;
	e->count[0] = a;
	e->count[1] = b;
	t->count = x->count;
	return id;
}

int
stack_text_compare(const struct string_table *names,
                   const struct stack_entry *a, const struct stack_entry *b,
                   int end)
{
	uint32_t i = 0;

	while (i < a->n && i < b->n && a->ids[i] == b->ids[i])
		i++;
	if (i == a->n || i == b->n) {
		/* One stack goes on where the other ends: ';' against end. */
		int next_a = i < a->n ? ';' : end;
		int next_b = i < b->n ? ';' : end;
		return (next_a > next_b) - (next_a < next_b);
	}

	/* From the first difference: "name;rest" against "name;rest". */
	struct span x = string_table_get(names, a->ids[i]);
	struct span y = string_table_get(names, b->ids[i]);
	size_t common = x.n < y.n ? x.n : y.n;
	int r = common > 0 ? memcmp(x.p, y.p, common) : 0;
	if (r != 0)
		return r;
	/* One name is a prefix of the other: what follows it decides. */
	int next_x = x.n > common   ? (unsigned char)x.p[common]
	             : i + 1 < a->n ? ';'
	                            : end;
	int next_y = y.n > common   ? (unsigned char)y.p[common]
	             : i + 1 < b->n ? ';'
	                            : end;
	return (next_x > next_y) - (next_x < next_y);
}
