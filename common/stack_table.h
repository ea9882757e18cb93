/*
 * stack_table.h - interning of stacks (sequences of ids) with their counts.
 *
 * A stack is an array of 32-bit ids (frame or name ids, root first or leaf
 * first as the caller chooses).  Each distinct stack gets a dense id and two
 * 64-bit counts: count[0] is the sample count or weight, count[1] the second
 * column of a diff file.  Memory grows with the number of distinct stacks,
 * never with the number of samples added.
 */
#ifndef PERFVIEWS_STACK_TABLE_H
#define PERFVIEWS_STACK_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "id_index.h"
#include "string_table.h"

struct stack_entry {
	const uint32_t *ids;
	uint32_t n;
	uint64_t count[2];
};

struct stack_table {
	struct arena arena;
	struct stack_entry *stacks; /* by stack id */
	uint32_t count;             /* == index.count */
	uint32_t cap;
	struct id_index index;
};

void stack_table_init(struct stack_table *t);
void stack_table_free(struct stack_table *t);

/* Add counts a and b to the stack ids[0..n); returns its stack id. */
uint32_t stack_table_add(struct stack_table *t, const uint32_t *ids, size_t n,
                         uint64_t a, uint64_t b);

/*
 * Compare two stacks of name ids (root first) in the bytewise order of
 * their folded text "name;name;...": end is the byte taken to follow a
 * stack that ends (-1 to compare stacks alone, as collapse sorts them; ' '
 * to compare whole lines "stack COUNT", as flamegraph.pl sorts them).
 */
int stack_text_compare(const struct string_table *names,
                       const struct stack_entry *a, const struct stack_entry *b,
                       int end);

#endif
