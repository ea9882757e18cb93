/*
 * frame_table.c - see frame_table.h.
 *
 * A key is the symbol's length (4 bytes), the symbol, the DSO, and one
 * byte for inlined: the length makes the split unambiguous whatever bytes
 * the names hold.
 */
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "input/frame_table.h"

void
frame_table_init(struct frame_table *t)
{
	memset(t, 0, sizeof *t);
	string_table_init(&t->keys);
}

void
frame_table_free(struct frame_table *t)
{
	string_table_free(&t->keys);
	free(t->key);
	memset(t, 0, sizeof *t);
}

uint32_t
frame_table_intern(struct frame_table *t, struct span symbol, struct span dso,
                   bool inlined)
{
	if (symbol.n > UINT32_MAX / 2 || dso.n > UINT32_MAX / 2)
		die(EXIT_DATA, "a frame name longer than 2 GiB");
	uint32_t symlen = (uint32_t)symbol.n;
	size_t n = sizeof symlen + symbol.n + dso.n + 1;

	t->key = array_reserve(t->key, &t->key_cap, n, 1);
	memcpy(t->key, &symlen, sizeof symlen);
	if (symbol.n > 0)
		memcpy(t->key + sizeof symlen, symbol.p, symbol.n);
	if (dso.n > 0)
		memcpy(t->key + sizeof symlen + symbol.n, dso.p, dso.n);
	t->key[n - 1] = inlined;
	return string_table_intern(&t->keys, span_make(t->key, n));
}

struct frame_info
frame_table_get(const struct frame_table *t, uint32_t id)
{
	struct span key = string_table_get(&t->keys, id);
	struct frame_info f;
	uint32_t symlen;

	memcpy(&symlen, key.p, sizeof symlen);
	f.symbol = span_make(key.p + sizeof symlen, symlen);
	f.dso =
	    span_make(f.symbol.p + symlen, key.n - sizeof symlen - symlen - 1);
	f.inlined = key.p[key.n - 1] != 0;
	return f;
}
