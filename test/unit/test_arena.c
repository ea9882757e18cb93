/*
 * test_arena.c - the bump allocator under the string tables
 * (base/arena.h).
 */
#include <stdint.h>

#include "base/arena.h"
#include "unit.h"

START_TEST(aligned_and_apart)
{
	struct arena a;

	arena_init(&a);
	char *p = arena_alloc(&a, 3, 1);
	char *q = arena_alloc(&a, 8, 8);
	char *r = arena_alloc(&a, 1, 64);
	ck_assert_uint_eq((uintptr_t)q % 8, 0);
	ck_assert_uint_eq((uintptr_t)r % 64, 0);
	/* No two allocations overlap. */
	ck_assert(q >= p + 3);
	ck_assert(r >= q + 8);
	ck_assert_uint_eq(a.used, 12);
	memset(p, 'p', 3);
	memset(q, 'q', 8);
	*r = 'r';
	ck_assert_int_eq(p[2], 'p');
	ck_assert_int_eq(q[0], 'q');
	arena_free(&a);
	ck_assert_ptr_null(a.head);
	ck_assert_uint_eq(a.used, 0);
}
END_TEST

START_TEST(large_and_many_allocations_stay)
{
	struct arena a;
	char *small[3000];

	arena_init(&a);
	/* Past one block: earlier pointers stay valid and keep their bytes. */
	for (int i = 0; i < 3000; i++) {
		small[i] = arena_alloc(&a, 1000, 8);
		memset(small[i], i % 251, 1000);
	}
	/* Larger than a block: a block of its own. */
	char *big = arena_alloc(&a, 3 << 20, 16);
	memset(big, 0xab, 3 << 20);
	ck_assert_uint_eq((uintptr_t)big % 16, 0);
	char *after = arena_alloc(&a, 10, 8);
	memset(after, 1, 10);
	for (int i = 0; i < 3000; i += 97) {
		ck_assert_int_eq((unsigned char)small[i][0], i % 251);
		ck_assert_int_eq((unsigned char)small[i][999], i % 251);
	}
	ck_assert_int_eq((unsigned char)big[(3 << 20) - 1], 0xab);
	ck_assert_uint_eq(a.used, 3000 * 1000 + (3 << 20) + 10);
	arena_free(&a);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {aligned_and_apart,
	                        large_and_many_allocations_stay, NULL};
	return unit_main("arena", tests);
}
