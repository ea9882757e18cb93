/*
 * arena.c - see arena.h.
 */
#include <stdint.h>
#include <stdlib.h>

#include "base/arena.h"
#include "base/xalloc.h"

struct arena_block {
	struct arena_block *prev;
	max_align_t data[];
};

enum { ARENA_BLOCK = 1 << 20 };

void
arena_init(struct arena *a)
{
	a->head = NULL;
	a->next = NULL;
	a->left = 0;
	a->used = 0;
}

void *
arena_alloc(struct arena *a, size_t n, size_t align)
{
	uintptr_t at = (uintptr_t)a->next;
	size_t pad = (align - at % align) % align;

	if (a->head == NULL || pad + n > a->left) {
		size_t size = n + align > ARENA_BLOCK ? n + align : ARENA_BLOCK;
		struct arena_block *b = xmalloc(sizeof *b + size);
		b->prev = a->head;
		a->head = b;
		a->next = (char *)b->data;
		a->left = size;
		at = (uintptr_t)a->next;
		pad = (align - at % align) % align;
	}
	void *p = a->next + pad;
	a->next += pad + n;
	a->left -= pad + n;
	a->used += n;
	return p;
}

void
arena_free(struct arena *a)
{
	while (a->head != NULL) {
		struct arena_block *prev = a->head->prev;
		free(a->head);
		a->head = prev;
	}
	arena_init(a);
}
