/*
 * frame_table.c - see frame_table.h.
 *
 * A frame is stored as one interned key "symlen symbol dso flag" (symlen
 * four bytes, as names may hold any byte), so a
 * lookup is one hash and one comparison, and the key itself holds the
 * symbol and DSO that frame_table_get hands out.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "frame_table.h"

void
frame_table_init(struct frame_table *t)
{
	string_table_init(&t->keys);
	t->scratch_cap = 4096;
	t->scratch = xmalloc(t->scratch_cap);
}

void
frame_table_free(struct frame_table *t)
{
	string_table_free(&t->keys);
	free(t->scratch);
	t->scratch = NULL;
}

uint32_t
frame_table_intern(struct frame_table *t, struct span symbol, struct span dso,
                   bool inlined)
{
	size_t n = 4 + symbol.n + dso.n + 1;
	uint32_t symlen = (uint32_t)symbol.n;

	if (n > t->scratch_cap) {
		while (t->scratch_cap < n)
			t->scratch_cap *= 2;
		t->scratch = xreallocarray(t->scratch, t->scratch_cap, 1);
	}
	char *p = t->scratch;
	memcpy(p, &symlen, 4);
	p += 4;
	if (symbol.n > 0)
		memcpy(p, symbol.p, symbol.n);
	p += symbol.n;
	if (dso.n > 0)
		memcpy(p, dso.p, dso.n);
	p += dso.n;
	*p = inlined ? 'i' : '-';
	return string_table_intern(&t->keys, span_make(t->scratch, n));
}

struct frame_info
frame_table_get(const struct frame_table *t, uint32_t id)
{
	struct span key = string_table_get(&t->keys, id);
	struct frame_info f;
	uint32_t symlen;

	memcpy(&symlen, key.p, 4);
	f.symbol = span_make(key.p + 4, symlen);
	f.dso = span_make(key.p + 4 + symlen, key.n - 4 - symlen - 1);
	f.inlined = key.p[key.n - 1] == 'i';
	return f;
}
