/*
 * test_xalloc.c - allocation that never fails, and array_reserve, the one
 * growth step of every array (base/xalloc.h).
 */
#include <stdint.h>

#include "base/xalloc.h"
#include "unit.h"

START_TEST(reserve_doubles_from_sixteen)
{
	uint32_t *a = NULL;
	size_t cap = 0;

	a = array_reserve(a, &cap, 1, sizeof *a);
	ck_assert_uint_eq(cap, 16);
	/* Enough room: nothing moves, nothing changes. */
	uint32_t *same = array_reserve(a, &cap, 16, sizeof *a);
	ck_assert_ptr_eq(same, a);
	ck_assert_uint_eq(cap, 16);
	a = array_reserve(a, &cap, 17, sizeof *a);
	ck_assert_uint_eq(cap, 32);
	a = array_reserve(a, &cap, 33, sizeof *a);
	ck_assert_uint_eq(cap, 64);
	/* A big step doubles as often as it takes. */
	a = array_reserve(a, &cap, 1000, sizeof *a);
	ck_assert_uint_eq(cap, 1024);
	free(a);

	/* From a capacity that is not a power of two. */
	char *c = xmalloc(5);
	cap = 5;
	c = array_reserve(c, &cap, 6, 1);
	ck_assert_uint_eq(cap, 10);
	free(c);
}
END_TEST

START_TEST(reserve_keeps_old_and_zeroes_new)
{
	uint64_t *a = NULL;
	size_t cap = 0;

	a = array_reserve(a, &cap, 10, sizeof *a);
	for (size_t i = 0; i < cap; i++)
		ck_assert_uint_eq(a[i], 0);
	for (size_t i = 0; i < 10; i++)
		a[i] = 1000 + i;
	size_t old = cap;
	a = array_reserve(a, &cap, 100000, sizeof *a);
	ck_assert_uint_ge(cap, 100000);
	for (size_t i = 0; i < 10; i++)
		ck_assert_uint_eq(a[i], 1000 + i);
	for (size_t i = 10; i < cap; i++)
		ck_assert_uint_eq(a[i], 0);
	ck_assert_uint_gt(cap, old);
	free(a);
}
END_TEST

START_TEST(reserve_counts_items_of_their_size)
{
	struct item {
		char bytes[24];
	} *a = NULL;
	size_t cap = 0;

	a = array_reserve(a, &cap, 20, sizeof *a);
	ck_assert_uint_eq(cap, 32);
	/* All 32 items are there and zero: ASan checks the bounds. */
	for (size_t i = 0; i < cap; i++)
		for (size_t j = 0; j < sizeof a[i].bytes; j++)
			ck_assert_int_eq(a[i].bytes[j], 0);
	free(a);
}
END_TEST

START_TEST(strndup_takes_n_bytes)
{
	char *s = xstrndup("abcdef", 3);
	ck_assert_str_eq(s, "abc");
	free(s);
	s = xstrndup("abc", 0);
	ck_assert_str_eq(s, "");
	free(s);
	/* The n bytes, whatever they hold. */
	s = xstrndup("a\0b", 3);
	ck_assert_int_eq(s[0], 'a');
	ck_assert_int_eq(s[1], '\0');
	ck_assert_int_eq(s[2], 'b');
	ck_assert_int_eq(s[3], '\0');
	free(s);
	const char *orig = "copy me";
	s = xstrdup(orig);
	ck_assert_str_eq(s, orig);
	ck_assert_ptr_ne(s, orig);
	free(s);
}
END_TEST

START_TEST(zero_sizes_are_allocations)
{
	/* Never NULL, even for nothing. */
	void *p = xmalloc(0);
	ck_assert_ptr_nonnull(p);
	free(p);
	p = xcalloc(0, 8);
	ck_assert_ptr_nonnull(p);
	free(p);
	p = xreallocarray(NULL, 0, 8);
	ck_assert_ptr_nonnull(p);
	free(p);
	int *z = xcalloc(4, sizeof *z);
	ck_assert(z[0] == 0 && z[3] == 0);
	free(z);
}
END_TEST

static void
allocate_too_much(void *arg)
{
	(void)arg;
	xreallocarray(NULL, SIZE_MAX / 2, 4);
}

START_TEST(overflow_is_out_of_memory)
{
	struct unit_child c;

	unit_child_run(allocate_too_much, NULL, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "perfviews: out of memory\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {reserve_doubles_from_sixteen,
	                        reserve_keeps_old_and_zeroes_new,
	                        reserve_counts_items_of_their_size,
	                        strndup_takes_n_bytes,
	                        zero_sizes_are_allocations,
	                        overflow_is_out_of_memory,
	                        NULL};
	return unit_main("xalloc", tests);
}
