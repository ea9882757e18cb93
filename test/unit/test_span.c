/*
 * test_span.c - views of bytes (base/span.h).
 */
#include "base/span.h"
#include "unit.h"

START_TEST(compare)
{
	ck_assert(span_eq(span_cstr("ab"), span_make("abc", 2)));
	ck_assert(!span_eq(span_cstr("ab"), span_cstr("abc")));
	ck_assert(span_eq(span_make(NULL, 0), span_cstr("")));
	ck_assert(span_eq_cstr(span_make("a\0b", 1), "a"));
	ck_assert(span_starts_with(span_cstr("libpython3"), "libpython"));
	ck_assert(!span_starts_with(span_cstr("lib"), "libpython"));
	ck_assert(span_ends_with(span_cstr("clear_page_[k]"), "_[k]"));
	ck_assert(!span_ends_with(span_cstr("[k]"), "_[k]"));
	ck_assert(span_starts_with(span_cstr("x"), ""));
}
END_TEST

START_TEST(bytewise_order)
{
	ck_assert_int_eq(span_compare(span_cstr(""), span_make(NULL, 0)), 0);
	ck_assert_int_eq(span_compare(span_cstr("abc"), span_make("abcd", 3)),
	                 0);
	ck_assert_int_lt(span_compare(span_cstr("ab"), span_cstr("abc")), 0);
	ck_assert_int_gt(span_compare(span_cstr("abc"), span_cstr("ab")), 0);
	ck_assert_int_lt(span_compare(span_cstr("abd"), span_cstr("abe")), 0);
	ck_assert_int_gt(span_compare(span_cstr("b"), span_cstr("abc")), 0);
	/* Bytes are unsigned: 0xe9 after 'z'. */
	ck_assert_int_gt(span_compare(span_cstr("\xe9"), span_cstr("z")), 0);
	ck_assert_int_lt(span_compare(span_make(NULL, 0), span_cstr("a")), 0);
}
END_TEST

START_TEST(trim_and_basename)
{
	ck_assert_span(span_trim(span_cstr(" \t a b \t")), "a b");
	ck_assert_span(span_trim(span_cstr("  ")), "");
	ck_assert_span(span_trim(span_cstr("x\n")), "x\n");
	ck_assert_span(span_basename(span_cstr("/usr/lib/libc.so.6")),
	               "libc.so.6");
	ck_assert_span(span_basename(span_cstr("libc.so.6")), "libc.so.6");
	ck_assert_span(span_basename(span_cstr("/dir/")), "");
	ck_assert_span(span_basename(span_make(NULL, 0)), "");
	ck_assert(is_blank_char(' ') && is_blank_char('\t'));
	ck_assert(!is_blank_char('\n') && !is_blank_char('\r'));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {compare, bytewise_order, trim_and_basename,
	                        NULL};
	return unit_main("span", tests);
}
