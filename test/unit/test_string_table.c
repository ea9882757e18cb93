/*
 * test_string_table.c - interning of byte strings (base/string_table.h).
 */
#include <stdio.h>

#include "base/string_table.h"
#include "unit.h"

START_TEST(strings_dense_ids)
{
	struct string_table t;
	char buf[32];

	string_table_init(&t);
	for (int i = 0; i < 100000; i++) {
		int n = snprintf(buf, sizeof buf, "name%d", i);
		ck_assert_uint_eq(string_table_intern(&t, span_make(buf, n)),
		                  i);
	}
	for (int i = 0; i < 100000; i += 997) {
		int n = snprintf(buf, sizeof buf, "name%d", i);
		ck_assert_uint_eq(string_table_intern(&t, span_make(buf, n)),
		                  i);
		ck_assert_str_eq(string_table_cstr(&t, i), buf);
	}
	ck_assert_uint_eq(t.count, 100000);
	ck_assert_uint_eq(string_table_find(&t, span_cstr("absent")),
	                  UINT32_MAX);
	/* Embedded NUL bytes are part of the string. */
	uint32_t a = string_table_intern(&t, span_make("a\0b", 3));
	uint32_t b = string_table_intern(&t, span_make("a\0c", 3));
	ck_assert_uint_ne(a, b);
	string_table_free(&t);
}
END_TEST

START_TEST(empty_string_and_find)
{
	struct string_table t;

	string_table_init(&t);
	ck_assert_uint_eq(string_table_find(&t, span_cstr("")), STRING_NONE);
	uint32_t empty = string_table_intern(&t, span_cstr(""));
	uint32_t x = string_table_intern(&t, span_cstr("x"));
	ck_assert_uint_eq(empty, 0);
	ck_assert_uint_eq(x, 1);
	ck_assert_uint_eq(string_table_find(&t, span_cstr("")), empty);
	ck_assert_uint_eq(string_table_find(&t, span_cstr("x")), x);
	ck_assert_uint_eq(string_table_get(&t, empty).n, 0);
	ck_assert_str_eq(string_table_cstr(&t, empty), "");
	/* Finding adds nothing. */
	ck_assert_uint_eq(string_table_find(&t, span_cstr("y")), STRING_NONE);
	ck_assert_uint_eq(t.count, 2);
	string_table_free(&t);
}
END_TEST

START_TEST(copies_are_aligned_and_stay)
{
	struct string_table t;
	char buf[32];

	string_table_init(&t);
	const char *first =
	    string_table_cstr(&t, string_table_intern(&t, span_cstr("first")));
	for (int i = 0; i < 20000; i++) {
		int n = snprintf(buf, sizeof buf, "s%d", i);
		uint32_t id = string_table_intern(&t, span_make(buf, n));
		ck_assert_uint_eq((uintptr_t)string_table_cstr(&t, id) % 8, 0);
	}
	/* Thousands of strings later, the first copy has not moved. */
	ck_assert_ptr_eq(string_table_cstr(&t, 0), first);
	ck_assert_str_eq(first, "first");
	string_table_free(&t);
}
END_TEST

START_TEST(colliding_hashes_stay_apart)
{
	struct string_table t;
	char buf[32];

	/* Every string with the same hash: the probe must compare bytes. */
	string_table_init(&t);
	for (int i = 0; i < 3000; i++) {
		int n = snprintf(buf, sizeof buf, "c%d", i);
		ck_assert_uint_eq(
		    string_table_intern_hashed(&t, span_make(buf, n), 42), i);
	}
	for (int i = 0; i < 3000; i += 7) {
		int n = snprintf(buf, sizeof buf, "c%d", i);
		ck_assert_uint_eq(
		    string_table_find_hashed(&t, span_make(buf, n), 42), i);
		ck_assert_uint_eq(
		    string_table_intern_hashed(&t, span_make(buf, n), 42), i);
	}
	ck_assert_uint_eq(string_table_find_hashed(&t, span_cstr("c3000"), 42),
	                  STRING_NONE);
	ck_assert_uint_eq(t.count, 3000);
	/* The index keeps at least one empty slot in two. */
	ck_assert_uint_le(t.count, t.nslots / 2);
	string_table_free(&t);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {strings_dense_ids, empty_string_and_find,
	                        copies_are_aligned_and_stay,
	                        colliding_hashes_stay_apart, NULL};
	return unit_main("string_table", tests);
}
