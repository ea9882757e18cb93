/*
 * frame_cache.c - see frame_cache.h.
 *
 * Lines are found through an id_index over a hash of their two ends.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "frame_cache.h"
#include "hash.h"
#include "perf_script.h"

enum { SEED = 0x11e5 };

void
frame_cache_init(struct frame_cache *c, size_t budget)
{
	memset(c, 0, sizeof *c);
	frame_table_init(&c->frames);
	arena_init(&c->arena);
	id_index_init(&c->index);
	c->budget = budget;
}

void
frame_cache_free(struct frame_cache *c)
{
	frame_table_free(&c->frames);
	arena_free(&c->arena);
	free(c->lines);
	free(c->parses);
	id_index_free(&c->index);
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
move_span(struct span *s, const char *from, char *to)
{
	if (s->p != NULL)
		s->p = to + (s->p - from);
}

static bool
parse_and_name(struct frame_cache *c, struct span line, struct perf_frame *f)
{
	if (!perf_frame_parse(line, f))
		return false;
	f->id = frame_table_intern(&c->frames, f->symbol, f->dso, f->inlined);
	return true;
}

bool
frame_cache_parse(struct frame_cache *c, struct span line, struct perf_frame *f)
{
	/* The key is the line from its address on. */
	while (line.n > 0 && (line.p[0] == ' ' || line.p[0] == '\t')) {
		line.p++;
		line.n--;
	}
	struct id_index *x = &c->index;
	uint64_t hash = line_hash(line);
	uint32_t i = id_index_start(x, hash);

	for (; x->slots[i] != 0; i = id_index_next(x, i)) {
		const struct frame_line *l = &c->lines[x->slots[i] - 1];
		if (x->hashes[x->slots[i] - 1] == hash && l->len == line.n &&
		    memcmp(l->text, line.p, line.n) == 0) {
			*f = c->parses[x->slots[i] - 1];
			return true;
		}
	}

	if (line.n > c->budget || line.n > UINT32_MAX ||
	    x->count >= UINT32_C(1) << 29)
		return parse_and_name(c, line, f);

	/* A new line: parse it, then keep a copy the spans can point into. */
	if (!parse_and_name(c, line, f))
		return false;
	char *copy = arena_alloc(&c->arena, line.n + 1, 1);
	memcpy(copy, line.p, line.n);
	copy[line.n] = '\0';
	move_span(&f->symbol, line.p, copy);
	move_span(&f->dso, line.p, copy);
	c->budget -= line.n;
	if (c->count == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 1024;
		c->lines = xreallocarray(c->lines, c->cap, sizeof *c->lines);
		c->parses = xreallocarray(c->parses, c->cap, sizeof *c->parses);
	}
	uint32_t k = id_index_add(x, i, hash);
	c->lines[k].text = copy;
	c->lines[k].len = (uint32_t)line.n;
	c->parses[k] = *f;
	c->count = x->count;
	return true;
}
