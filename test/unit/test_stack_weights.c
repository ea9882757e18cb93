/*
 * test_stack_weights.c - distinct stacks and their weights
 * (input/stack_weights.h).
 */
#include "input/stack_weights.h"
#include "unit.h"

/* Build the stack ids[0..n) and add weight; returns its id. */
static uint32_t
add(struct stack_weights *s, const uint32_t *ids, size_t n, uint64_t weight)
{
	for (size_t i = 0; i < n; i++)
		stack_weights_set(s, i, ids[i]);
	return stack_weights_add(s, n, weight);
}

START_TEST(weights_sum_per_distinct_stack)
{
	struct stack_weights s;
	uint32_t ab[] = {1, 2}, abc[] = {1, 2, 3}, ba[] = {2, 1};
	uint32_t n;

	stack_weights_init(&s);
	ck_assert_uint_eq(add(&s, ab, 2, 5), 0);
	ck_assert_uint_eq(add(&s, abc, 3, 1), 1);
	/* A shorter stack after a longer one: only ids[0..n) count. */
	ck_assert_uint_eq(add(&s, ab, 2, 7), 0);
	ck_assert_uint_eq(add(&s, ba, 2, 0), 2);
	ck_assert_uint_eq(stack_weights_count(&s), 3);
	ck_assert_uint_eq(s.weights[0], 12);
	ck_assert_uint_eq(s.weights[1], 1);
	ck_assert_uint_eq(s.weights[2], 0);
	const uint32_t *ids = stack_weights_get(&s, 1, &n);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(ids[0], 1);
	ck_assert_uint_eq(ids[2], 3);
	stack_weights_free(&s);
}
END_TEST

START_TEST(long_stacks_and_many_stacks)
{
	struct stack_weights s;
	uint32_t n;

	stack_weights_init(&s);
	for (uint32_t i = 0; i < 5000; i++)
		stack_weights_set(&s, i, i * 3);
	ck_assert_uint_eq(stack_weights_add(&s, 5000, 2), 0);
	const uint32_t *ids = stack_weights_get(&s, 0, &n);
	ck_assert_uint_eq(n, 5000);
	ck_assert_uint_eq(ids[4999], 4999 * 3);
	for (uint32_t i = 0; i < 20000; i++) {
		stack_weights_set(&s, 0, i);
		ck_assert_uint_eq(stack_weights_add(&s, 1, 1), i + 1);
	}
	ck_assert_uint_eq(stack_weights_count(&s), 20001);
	ck_assert_uint_eq(s.weights[20000], 1);
	stack_weights_free(&s);
}
END_TEST

START_TEST(name_room_fits_a_tidied_name)
{
	struct stack_weights s;
	struct perf_frame f;
	char symbol[300];

	memset(&f, 0, sizeof f);
	memset(symbol, 'x', sizeof symbol);
	f.symbol = span_make(symbol, sizeof symbol);
	f.dso = span_cstr("/usr/lib/libx.so");
	f.srcline = span_cstr("x.c:12");
	stack_weights_init(&s);
	char *buf = stack_weights_name_room(&s, &f, f.dso);
	ck_assert_uint_ge(s.name_cap,
	                  sizeof symbol + f.dso.n + f.srcline.n + 45);
	/* Every byte of the room can be written (ASan would say). */
	memset(buf, 'y', sizeof symbol + f.dso.n + f.srcline.n + 48);
	stack_weights_free(&s);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {weights_sum_per_distinct_stack,
	                        long_stacks_and_many_stacks,
	                        name_room_fits_a_tidied_name, NULL};
	return unit_main("stack_weights", tests);
}
