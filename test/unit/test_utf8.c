/*
 * test_utf8.c - sequence lengths, counting and cutting of bytes that may
 * not be UTF-8.
 */
#include "base/utf8.h"
#include "unit.h"

static size_t
length(const char *s)
{
	return utf8_sequence_length(span_cstr(s));
}

START_TEST(sequence_lengths)
{
	ck_assert_uint_eq(length("a"), 1);
	ck_assert_uint_eq(length("\x7f"), 1);
	ck_assert_uint_eq(length("\xc3\xa9"), 2);
	ck_assert_uint_eq(length("\xe6\x97\xa5"), 3);
	ck_assert_uint_eq(length("\xf0\x9f\x94\xa5"), 4);
	/* The edges of each length, and the last code points. */
	ck_assert_uint_eq(length("\xc2\x80"), 2);         /* U+0080 */
	ck_assert_uint_eq(length("\xdf\xbf"), 2);         /* U+07FF */
	ck_assert_uint_eq(length("\xe0\xa0\x80"), 3);     /* U+0800 */
	ck_assert_uint_eq(length("\xed\x9f\xbf"), 3);     /* U+D7FF */
	ck_assert_uint_eq(length("\xee\x80\x80"), 3);     /* U+E000 */
	ck_assert_uint_eq(length("\xef\xbf\xbf"), 3);     /* U+FFFF */
	ck_assert_uint_eq(length("\xf0\x90\x80\x80"), 4); /* U+10000 */
	ck_assert_uint_eq(length("\xf4\x8f\xbf\xbf"), 4); /* U+10FFFF */
	/* Only the first sequence counts. */
	ck_assert_uint_eq(length("\xc3\xa9z"), 2);
}
END_TEST

START_TEST(invalid_sequences)
{
	/* Overlong forms of '/' and of U+07FF, U+FFFF. */
	ck_assert_uint_eq(length("\xc0\xaf"), 0);
	ck_assert_uint_eq(length("\xc1\xbf"), 0);
	ck_assert_uint_eq(length("\xe0\x9f\xbf"), 0);
	ck_assert_uint_eq(length("\xf0\x8f\xbf\xbf"), 0);
	/* Surrogates U+D800 and U+DFFF; beyond U+10FFFF; no such lead. */
	ck_assert_uint_eq(length("\xed\xa0\x80"), 0);
	ck_assert_uint_eq(length("\xed\xbf\xbf"), 0);
	ck_assert_uint_eq(length("\xf4\x90\x80\x80"), 0);
	ck_assert_uint_eq(length("\xf5\x80\x80\x80"), 0);
	ck_assert_uint_eq(length("\xff"), 0);
	/* A stray continuation; a sequence cut short or interrupted. */
	ck_assert_uint_eq(length("\x80"), 0);
	ck_assert_uint_eq(length("\xe6\x97"), 0);
	ck_assert_uint_eq(length("\xe6\x97z"), 0);
	ck_assert_uint_eq(length("\xf0\x9f\x94"), 0);
	/* The span's end is the end, not a NUL: "\xc3\xa9" seen as 1 byte. */
	ck_assert_uint_eq(utf8_sequence_length(span_make("\xc3\xa9", 1)), 0);
}
END_TEST

START_TEST(counting)
{
	ck_assert_uint_eq(utf8_count(span_cstr("")), 0);
	ck_assert_uint_eq(utf8_count(span_cstr("plain")), 5);
	ck_assert_uint_eq(utf8_count(span_cstr("ab\xc3\xa9\xff\xe6\x97\xa5z")),
	                  6);
	/* Each invalid byte is one character. */
	ck_assert_uint_eq(utf8_count(span_cstr("\xe6\x97")), 2);
	ck_assert_uint_eq(utf8_count(span_cstr("\xed\xa0\x80")), 3);
	ck_assert_uint_eq(utf8_count(span_cstr("\xf0\x9f\x94\xa5\xf0\x9f")), 3);
}
END_TEST

START_TEST(cutting)
{
	struct span s = span_cstr("ab\xc3\xa9\xff\xe6\x97\xa5z");

	ck_assert_uint_eq(utf8_prefix(s, 0).n, 0);
	ck_assert_span(utf8_prefix(s, 2), "ab");
	ck_assert_span(utf8_prefix(s, 3), "ab\xc3\xa9");
	ck_assert_span(utf8_prefix(s, 4), "ab\xc3\xa9\xff");
	ck_assert_span(utf8_prefix(s, 5), "ab\xc3\xa9\xff\xe6\x97\xa5");
	ck_assert_span(utf8_prefix(s, 6), "ab\xc3\xa9\xff\xe6\x97\xa5z");
	ck_assert_span(utf8_prefix(s, 99), "ab\xc3\xa9\xff\xe6\x97\xa5z");
	/* A cut sequence at the end: its bytes one by one. */
	ck_assert_span(utf8_prefix(span_cstr("a\xe6\x97"), 2), "a\xe6");
	ck_assert_uint_eq(utf8_prefix(span_cstr(""), 3).n, 0);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {sequence_lengths, invalid_sequences, counting,
	                        cutting, NULL};
	return unit_main("utf8", tests);
}
