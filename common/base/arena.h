/*
 * arena.h - a bump allocator for data that lives as long as the program.
 *
 * Interned strings and stacks are never freed one by one, so they are packed
 * into large blocks: one malloc per block, not per string.  Pointers returned
 * stay valid until arena_free.
 */
#ifndef PERFVIEWS_ARENA_H
#define PERFVIEWS_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *head;
	char *next;  /* free space in head */
	size_t left; /* bytes free at next */
	size_t used; /* bytes handed out, for statistics */
};

void arena_init(struct arena *a);
void *arena_alloc(struct arena *a, size_t n, size_t align);
void arena_free(struct arena *a);

#endif
