/*
 * test_id_map.c - dense maps from one kind of id to another
 * (base/id_map.h).
 */
#include "base/id_map.h"
#include "unit.h"

START_TEST(unset_ids_map_to_none)
{
	struct id_map m = {0};

	ck_assert_uint_eq(id_map_get(&m, 0), ID_MAP_NONE);
	ck_assert_uint_eq(id_map_get(&m, 123456), ID_MAP_NONE);
	id_map_set(&m, 3, 0);
	ck_assert_uint_eq(id_map_get(&m, 3), 0);
	/* Below and above a set id, inside the array: still unset. */
	ck_assert_uint_eq(id_map_get(&m, 2), ID_MAP_NONE);
	ck_assert_uint_eq(id_map_get(&m, 4), ID_MAP_NONE);
	ck_assert_uint_eq(id_map_get(&m, UINT32_MAX), ID_MAP_NONE);
	id_map_free(&m);
	ck_assert_uint_eq(id_map_get(&m, 3), ID_MAP_NONE);
}
END_TEST

START_TEST(grows_and_keeps_values)
{
	struct id_map m = {0};

	for (uint32_t id = 0; id < 5000; id += 2)
		id_map_set(&m, id, id * 3);
	id_map_set(&m, 100000, 7);
	for (uint32_t id = 0; id < 5000; id++)
		ck_assert_uint_eq(id_map_get(&m, id),
		                  id % 2 ? ID_MAP_NONE : id * 3);
	ck_assert_uint_eq(id_map_get(&m, 100000), 7);
	ck_assert_uint_eq(id_map_get(&m, 99999), ID_MAP_NONE);
	ck_assert_uint_ge(m.cap, 100001);
	/* A value set again is replaced. */
	id_map_set(&m, 4, 44);
	ck_assert_uint_eq(id_map_get(&m, 4), 44);
	id_map_free(&m);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {unset_ids_map_to_none, grows_and_keeps_values,
	                        NULL};
	return unit_main("id_map", tests);
}
