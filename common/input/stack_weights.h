/*
 * stack_weights.h - distinct stacks and the weight of each, built one
 * frame at a time.
 *
 * A stack is a tuple of ids; what they name is the caller's business
 * (collapse: display names, root first; a profile: the command, then
 * functions leaf first).  A caller sets the ids of a sample's stack from
 * position 0 with stack_weights_set, then adds it: each distinct stack
 * gets a dense id, in the order first seen, and its weight is the sum of
 * what was added for it.  The frame names that go into ids are built in
 * the name buffer, which stack_weights_name_room makes large enough.
 * Memory grows with distinct stacks and the longest stack and name, never
 * per sample.
 */
#ifndef PERFVIEWS_STACK_WEIGHTS_H
#define PERFVIEWS_STACK_WEIGHTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/string_table.h"
#include "base/tuple_table.h"
#include "input/perf_frame.h"

struct stack_weights {
	struct tuple_table table; /* the distinct stacks */
	uint64_t *weights;        /* by stack id */
	size_t weights_cap;
	uint32_t *ids; /* the stack being built */
	size_t ids_cap;
	char *name; /* a frame's name being built */
	size_t name_cap;
};

void stack_weights_init(struct stack_weights *s);
void stack_weights_free(struct stack_weights *s);

/* Set position n of the stack being built (positions below n are kept). */
void stack_weights_set(struct stack_weights *s, size_t n, uint32_t id);

/* Add weight to the stack ids[0..n) built; returns its id. */
uint32_t stack_weights_add(struct stack_weights *s, size_t n, uint64_t weight);

/*
 * The name buffer, with room for the display name of frame f in dso
 * (frame_tidy), a four-byte annotation after it and its source line
 * (srcline_append).
 */
char *stack_weights_name_room(struct stack_weights *s,
                              const struct perf_frame *f, struct span dso);

static inline uint32_t
stack_weights_count(const struct stack_weights *s)
{
	return tuple_table_count(&s->table);
}

/*
 * Write every stack as a folded line, "name;name;...;name WEIGHT", its ids
 * names in names (root first), in the bytewise order of the text, as
 * collapse writes them.
 */
void stack_weights_write_folded(const struct stack_weights *s,
                                const struct string_table *names, FILE *out);

/*
 * The same lines handed to line one at a time, in the same order: the
 * stack's text (valid during the call) and its weight.
 */
void stack_weights_each_folded(
    const struct stack_weights *s, const struct string_table *names,
    void (*line)(void *ctx, struct span stack, uint64_t weight), void *ctx);

/* The ids of stack id, and their number in *n. */
static inline const uint32_t *
stack_weights_get(const struct stack_weights *s, uint32_t id, uint32_t *n)
{
	return tuple_table_get(&s->table, id, n);
}

#endif
