/*
 * test_tuple_table.c - interning of tuples of ids (base/tuple_table.h).
 */
#include "base/tuple_table.h"
#include "unit.h"

START_TEST(tuples_dense_ids)
{
	struct tuple_table t;
	uint32_t s1[] = {1, 2, 3}, s2[] = {1, 2}, s3[] = {1, 2, 3};
	uint32_t n;

	tuple_table_init(&t);
	uint32_t a = tuple_table_intern(&t, s1, 3);
	uint32_t b = tuple_table_intern(&t, s2, 2);
	uint32_t c = tuple_table_intern(&t, s3, 3);
	ck_assert_uint_eq(a, c);
	ck_assert_uint_ne(a, b);
	ck_assert_uint_eq(tuple_table_count(&t), 2);
	const uint32_t *ids = tuple_table_get(&t, b, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(ids[0], 1);
	ck_assert_uint_eq(ids[1], 2);
	for (uint32_t i = 0; i < 50000; i++)
		tuple_table_intern(&t, &i, 1);
	ck_assert_uint_eq(tuple_table_count(&t), 50002);
	ids = tuple_table_get(&t, 50001, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(ids[0], 49999);
	tuple_table_free(&t);
}
END_TEST

START_TEST(length_and_order_matter)
{
	struct tuple_table t;
	uint32_t ab[] = {1, 2}, ba[] = {2, 1}, ab0[] = {1, 2, 0};
	uint32_t n;

	tuple_table_init(&t);
	uint32_t empty = tuple_table_intern(&t, NULL, 0);
	uint32_t x = tuple_table_intern(&t, ab, 2);
	uint32_t y = tuple_table_intern(&t, ba, 2);
	uint32_t z = tuple_table_intern(&t, ab0, 3);
	ck_assert_uint_eq(empty, 0);
	ck_assert_uint_eq(x, 1);
	ck_assert_uint_eq(y, 2);
	ck_assert_uint_eq(z, 3);
	ck_assert_uint_eq(tuple_table_intern(&t, NULL, 0), empty);
	tuple_table_get(&t, empty, &n);
	ck_assert_uint_eq(n, 0);
	const uint32_t *ids = tuple_table_get(&t, z, &n);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(ids[2], 0);
	tuple_table_free(&t);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {tuples_dense_ids, length_and_order_matter,
	                        NULL};
	return unit_main("tuple_table", tests);
}
