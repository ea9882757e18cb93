/* walk.c - pointer chasing through a linked ring. */
#include <stdlib.h>

#include "symwork.h"

struct node {
	struct node *next;
	uint64_t value;
};

static inline struct node *
step(struct node *p, uint64_t *acc)
{
	*acc = mix_step(*acc, p->value);
	return p->next;
}

uint64_t
walk_work(uint64_t seed, long n)
{
	enum { RING = 4096 };
	struct node *ring = malloc(RING * sizeof *ring);
	uint64_t acc = seed;

	if (ring == NULL)
		return 0;
	for (long i = 0; i < RING; i++) {
		ring[i].next = &ring[(i * 1031 + 7) % RING];
		ring[i].value = (uint64_t)i;
	}
	struct node *p = ring;
	for (long i = 0; i < n; i++)
		p = step(p, &acc);
	free(ring);
	return acc;
}
