/*
 * frame_table.c - see frame_table.h.
 *
 * Open addressing with linear probing.  Invariant: count <= nslots / 2, so
 * a probe always ends at an empty slot.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "frame_table.h"
#include "hash.h"

enum { SEED = 0xf4a3e };

void
frame_table_init(struct frame_table *t)
{
	memset(t, 0, sizeof *t);
	arena_init(&t->arena);
	t->nslots = 1024;
	t->slots = xcalloc(t->nslots, sizeof *t->slots);
}

void
frame_table_free(struct frame_table *t)
{
	arena_free(&t->arena);
	free(t->frames);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

static void
grow_slots(struct frame_table *t)
{
	if (t->nslots >= UINT32_C(1) << 31)
		die(EXIT_DATA, "too many distinct frames");
	uint32_t nslots = t->nslots * 2;
	uint32_t *slots = xcalloc(nslots, sizeof *slots);

	for (uint32_t id = 0; id < t->count; id++) {
		uint32_t i = (uint32_t)t->frames[id].hash & (nslots - 1);
		while (slots[i] != 0)
			i = (i + 1) & (nslots - 1);
		slots[i] = id + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->nslots = nslots;
}

static bool
same_frame(const struct frame_entry *e, uint64_t hash, struct span symbol,
           struct span dso, bool inlined)
{
	return e->hash == hash && e->symlen == symbol.n && e->dsolen == dso.n &&
	       e->inlined == inlined &&
	       memcmp(e->text, symbol.p, symbol.n) == 0 &&
	       memcmp(e->text + symbol.n + 1, dso.p, dso.n) == 0;
}

uint32_t
frame_table_intern(struct frame_table *t, struct span symbol, struct span dso,
                   bool inlined)
{
	uint64_t hash = hash_mix(hash_bytes(symbol.p, symbol.n, SEED),
	                         hash_bytes(dso.p, dso.n, SEED + inlined));
	uint32_t i = (uint32_t)hash & (t->nslots - 1);

	for (; t->slots[i] != 0; i = (i + 1) & (t->nslots - 1)) {
		const struct frame_entry *e = &t->frames[t->slots[i] - 1];
		if (same_frame(e, hash, symbol, dso, inlined))
			return t->slots[i] - 1;
	}

	if (t->count == UINT32_MAX - 1 || symbol.n > UINT32_MAX ||
	    dso.n > UINT32_MAX)
		die(EXIT_DATA, "too many distinct frames");
	if (t->count == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->frames = xreallocarray(t->frames, t->cap, sizeof *t->frames);
	}
	char *text = arena_alloc(&t->arena, symbol.n + dso.n + 2, 1);
	if (symbol.n > 0)
		memcpy(text, symbol.p, symbol.n);
	text[symbol.n] = '\0';
	if (dso.n > 0)
		memcpy(text + symbol.n + 1, dso.p, dso.n);
	text[symbol.n + 1 + dso.n] = '\0';

	uint32_t id = t->count++;
	struct frame_entry *e = &t->frames[id];
	e->text = text;
	e->symlen = (uint32_t)symbol.n;
	e->dsolen = (uint32_t)dso.n;
	e->hash = hash;
	e->inlined = inlined;
	t->slots[i] = id + 1;
	if (t->count > t->nslots / 2)
		grow_slots(t);
	return id;
}

struct frame_info
frame_table_get(const struct frame_table *t, uint32_t id)
{
	const struct frame_entry *e = &t->frames[id];
	struct frame_info f;

	f.symbol = span_make(e->text, e->symlen);
	f.dso = span_make(e->text + e->symlen + 1, e->dsolen);
	f.inlined = e->inlined;
	return f;
}
