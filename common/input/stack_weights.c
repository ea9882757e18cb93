/*
 * stack_weights.c - see stack_weights.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/stack_weights.h"

void
stack_weights_init(struct stack_weights *s)
{
	memset(s, 0, sizeof *s);
	tuple_table_init(&s->table);
}

void
stack_weights_free(struct stack_weights *s)
{
	tuple_table_free(&s->table);
	free(s->weights);
	free(s->ids);
	free(s->name);
}

void
stack_weights_set(struct stack_weights *s, size_t n, uint32_t id)
{
	s->ids = array_reserve(s->ids, &s->ids_cap, n + 1, sizeof *s->ids);
	s->ids[n] = id;
}

uint32_t
stack_weights_add(struct stack_weights *s, size_t n, uint64_t weight)
{
	uint32_t id = tuple_table_intern(&s->table, s->ids, n);

	s->weights = array_reserve(s->weights, &s->weights_cap, (size_t)id + 1,
	                           sizeof *s->weights);
	s->weights[id] += weight;
	return id;
}

char *
stack_weights_name_room(struct stack_weights *s, const struct perf_frame *f,
                        struct span dso)
{
	/* frame_tidy's 40 bytes, the annotation's 4, srcline_append's 1. */
	s->name = array_reserve(s->name, &s->name_cap,
	                        f->symbol.n + dso.n + f->srcline.n + 48, 1);
	return s->name;
}
