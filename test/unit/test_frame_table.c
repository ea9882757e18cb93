/*
 * test_frame_table.c - interning of (symbol, DSO, inlined) frames
 * (input/frame_table.h).
 */
#include "input/frame_table.h"
#include "unit.h"

START_TEST(frames_split_symbol_and_dso)
{
	struct frame_table t;

	frame_table_init(&t);
	uint32_t a = frame_table_intern(&t, span_cstr("main"),
	                                span_cstr("/bin/a"), false);
	uint32_t b = frame_table_intern(&t, span_cstr("main"),
	                                span_cstr("/bin/b"), false);
	uint32_t c = frame_table_intern(&t, span_cstr("main"),
	                                span_cstr("/bin/a"), true);
	ck_assert_uint_ne(a, b);
	ck_assert_uint_ne(a, c);
	struct frame_info f = frame_table_get(&t, c);
	ck_assert_span(f.symbol, "main");
	ck_assert_span(f.dso, "/bin/a");
	ck_assert(f.inlined);
	frame_table_free(&t);
}
END_TEST

START_TEST(same_frame_same_id)
{
	struct frame_table t;

	frame_table_init(&t);
	uint32_t a =
	    frame_table_intern(&t, span_cstr("f"), span_cstr("/x"), false);
	uint32_t b =
	    frame_table_intern(&t, span_cstr("g"), span_cstr("/x"), false);
	ck_assert_uint_eq(a, 0);
	ck_assert_uint_eq(b, 1);
	ck_assert_uint_eq(
	    frame_table_intern(&t, span_cstr("f"), span_cstr("/x"), false), a);
	ck_assert_uint_eq(frame_table_count(&t), 2);
	struct frame_info f = frame_table_get(&t, a);
	ck_assert_span(f.symbol, "f");
	ck_assert_span(f.dso, "/x");
	ck_assert(!f.inlined);
	frame_table_free(&t);
}
END_TEST

START_TEST(split_is_unambiguous)
{
	struct frame_table t;

	/* "ab" in "c" and "a" in "bc" have the same bytes end to end. */
	frame_table_init(&t);
	uint32_t a =
	    frame_table_intern(&t, span_cstr("ab"), span_cstr("c"), false);
	uint32_t b =
	    frame_table_intern(&t, span_cstr("a"), span_cstr("bc"), false);
	uint32_t none =
	    frame_table_intern(&t, span_cstr("f"), span_make(NULL, 0), false);
	uint32_t empty = frame_table_intern(&t, span_make(NULL, 0),
	                                    span_make(NULL, 0), false);
	ck_assert_uint_ne(a, b);
	ck_assert_span(frame_table_get(&t, a).symbol, "ab");
	ck_assert_span(frame_table_get(&t, a).dso, "c");
	ck_assert_span(frame_table_get(&t, b).symbol, "a");
	ck_assert_span(frame_table_get(&t, b).dso, "bc");
	ck_assert_span(frame_table_get(&t, none).symbol, "f");
	ck_assert_uint_eq(frame_table_get(&t, none).dso.n, 0);
	ck_assert_uint_eq(frame_table_get(&t, empty).symbol.n, 0);
	ck_assert_uint_eq(frame_table_count(&t), 4);
	frame_table_free(&t);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {frames_split_symbol_and_dso, same_frame_same_id,
	                        split_is_unambiguous, NULL};
	return unit_main("frame_table", tests);
}
