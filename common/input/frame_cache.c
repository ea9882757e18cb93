/*
 * frame_cache.c - see frame_cache.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/xalloc.h"
#include "input/frame_cache.h"

enum { SEED = 0x11e5 };

void
frame_cache_init(struct frame_cache *c, size_t budget)
{
	memset(c, 0, sizeof *c);
	frame_table_init(&c->frames);
	string_table_init(&c->lines);
	c->budget = budget;
}

void
frame_cache_free(struct frame_cache *c)
{
	frame_table_free(&c->frames);
	string_table_free(&c->lines);
	free(c->parses);
	memset(c, 0, sizeof *c);
}

/*
 * A frame line is told apart by its address (at the start) and its DSO (at
 * the end), so hashing the first and last 16 bytes and the length spreads
 * lines as well as hashing all of them, for half the work.  Lines that
 * collide are still compared whole.
 */
static uint64_t
line_hash(struct span line)
{
	if (line.n <= 32)
		return hash_bytes(line.p, line.n, SEED);
	uint64_t head = hash_bytes(line.p, 16, SEED ^ line.n);
	return hash_mix(head, hash_bytes(line.p + line.n - 16, 16, SEED));
}

/* A span into from[] now points at the same bytes in to[]; NULL stays. */
static void
move_span(struct span *s, const char *from, const char *to)
{
	if (s->p != NULL)
		s->p = to + (s->p - from);
}

bool
frame_cache_parse(struct frame_cache *c, struct span line, struct perf_frame *f)
{
	/* The key is the line from its address on. */
	while (line.n > 0 && is_blank_char(line.p[0])) {
		line.p++;
		line.n--;
	}
	uint64_t hash = line_hash(line);
	uint32_t id = string_table_find_hashed(&c->lines, line, hash);

	if (id != STRING_NONE) {
		*f = c->parses[id];
		return true;
	}
	if (!perf_frame_parse(line, f))
		return false;
	f->id = frame_table_intern(&c->frames, f->symbol, f->dso, f->inlined);
	if (line.n > c->budget || c->lines.count >= UINT32_C(1) << 29)
		return true; /* parsed, not kept */

	/* Kept: the parse's spans point into the table's copy of the line. */
	id = string_table_intern_hashed(&c->lines, line, hash);
	const char *copy = string_table_get(&c->lines, id).p;
	c->budget -= line.n;
	c->parses = array_reserve(c->parses, &c->parses_cap, (size_t)id + 1,
	                          sizeof *c->parses);
	c->parses[id] = *f;
	move_span(&c->parses[id].symbol, line.p, copy);
	move_span(&c->parses[id].dso, line.p, copy);
	return true;
}
