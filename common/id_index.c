/*
 * id_index.c - see id_index.h.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "id_index.h"

enum { FIRST_SLOTS = 1024 };

void
id_index_init(struct id_index *x)
{
	memset(x, 0, sizeof *x);
	x->nslots = FIRST_SLOTS;
	x->slots = xcalloc(x->nslots, sizeof *x->slots);
}

void
id_index_free(struct id_index *x)
{
	free(x->slots);
	free(x->hashes);
	memset(x, 0, sizeof *x);
}

static void
grow(struct id_index *x)
{
	if (x->nslots >= UINT32_C(1) << 31)
		die(EXIT_DATA, "more than 2^30 distinct keys");
	uint32_t nslots = x->nslots * 2;
	uint32_t *slots = xcalloc(nslots, sizeof *slots);

	for (uint32_t id = 0; id < x->count; id++) {
		uint32_t i = (uint32_t)x->hashes[id] & (nslots - 1);
		while (slots[i] != 0)
			i = (i + 1) & (nslots - 1);
		slots[i] = id + 1;
	}
	free(x->slots);
	x->slots = slots;
	x->nslots = nslots;
}

uint32_t
id_index_add(struct id_index *x, uint32_t slot, uint64_t hash)
{
	if (x->count == x->cap) {
		x->cap = x->cap ? x->cap * 2 : FIRST_SLOTS;
		x->hashes = xreallocarray(x->hashes, x->cap, sizeof *x->hashes);
	}
	uint32_t id = x->count++;
	x->hashes[id] = hash;
	x->slots[slot] = id + 1;
	if (x->count > x->nslots / 2)
		grow(x);
	return id;
}
