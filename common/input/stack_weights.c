/*
 * stack_weights.c - see stack_weights.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/folded.h"
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

struct folded_order {
	const struct stack_weights *stacks;
	const struct string_table *names;
};

/* For qsort_r: stacks in the bytewise order of their folded text. */
static int
compare_folded(const void *pa, const void *pb, void *arg)
{
	const struct folded_order *o = arg;
	uint32_t na, nb;
	const uint32_t *a =
	    stack_weights_get(o->stacks, *(const uint32_t *)pa, &na);
	const uint32_t *b =
	    stack_weights_get(o->stacks, *(const uint32_t *)pb, &nb);
	return folded_compare(o->names, a, na, b, nb, -1);
}

void
stack_weights_each_folded(
    const struct stack_weights *s, const struct string_table *names,
    void (*line)(void *ctx, struct span stack, uint64_t weight), void *ctx)
{
	struct folded_order o = {s, names};
	uint32_t count = stack_weights_count(s);
	uint32_t *order = xreallocarray(NULL, count ? count : 1, sizeof *order);
	char *text = NULL;
	size_t cap = 0;

	for (uint32_t i = 0; i < count; i++)
		order[i] = i;
	qsort_r(order, count, sizeof *order, compare_folded, &o);
	for (uint32_t i = 0; i < count; i++) {
		uint32_t n;
		const uint32_t *ids = stack_weights_get(s, order[i], &n);
		size_t len = 0;
		for (uint32_t j = 0; j < n; j++) {
			struct span name = string_table_get(names, ids[j]);
			text = array_reserve(text, &cap, len + name.n + 1, 1);
			if (j > 0)
				text[len++] = ';';
			memcpy(text + len, name.p, name.n);
			len += name.n;
		}
		line(ctx, span_make(text, len), s->weights[order[i]]);
	}
	free(text);
	free(order);
}

/* stack_weights_each_folded's line: written to the FILE ctx. */
static void
write_line(void *ctx, struct span stack, uint64_t weight)
{
	FILE *out = ctx;

	fwrite_unlocked(stack.p, 1, stack.n, out);
	fprintf(out, " %llu\n", (unsigned long long)weight);
}

void
stack_weights_write_folded(const struct stack_weights *s,
                           const struct string_table *names, FILE *out)
{
	stack_weights_each_folded(s, names, write_line, out);
}
