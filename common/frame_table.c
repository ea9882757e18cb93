/*
 * frame_table.c - see frame_table.h.
 *
 * Frames are found through an id_index over a hash of symbol and DSO.
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
	id_index_init(&t->index);
}

void
frame_table_free(struct frame_table *t)
{
	arena_free(&t->arena);
	free(t->frames);
	id_index_free(&t->index);
	memset(t, 0, sizeof *t);
}

static bool
same_frame(const struct frame_entry *e, struct span symbol, struct span dso,
           bool inlined)
{
	return e->symlen == symbol.n && e->dsolen == dso.n &&
	       e->inlined == inlined &&
	       memcmp(e->text, symbol.p, symbol.n) == 0 &&
	       memcmp(e->text + symbol.n + 1, dso.p, dso.n) == 0;
}

uint32_t
frame_table_intern(struct frame_table *t, struct span symbol, struct span dso,
                   bool inlined)
{
	struct id_index *x = &t->index;
	uint64_t hash = hash_mix(hash_bytes(symbol.p, symbol.n, SEED),
	                         hash_bytes(dso.p, dso.n, SEED + inlined));
	uint32_t i = id_index_start(x, hash);

	for (; x->slots[i] != 0; i = id_index_next(x, i)) {
		uint32_t id = x->slots[i] - 1;
		if (x->hashes[id] == hash &&
		    same_frame(&t->frames[id], symbol, dso, inlined))
			return id;
	}

	if (symbol.n > UINT32_MAX || dso.n > UINT32_MAX)
		die(EXIT_DATA, "a frame name longer than 4 GiB");
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

	uint32_t id = id_index_add(x, i, hash);
	struct frame_entry *e = &t->frames[id];
	e->text = text;
	e->symlen = (uint32_t)symbol.n;
	e->dsolen = (uint32_t)dso.n;
	e->inlined = inlined;
	t->count = x->count;
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
