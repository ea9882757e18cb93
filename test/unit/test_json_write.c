/*
 * test_json_write.c - JSON strings for any bytes, and members (a string
 * or null, a number or null) (base/json_write.h).
 */
#include <math.h>
#include <stdio.h>

#include "base/json_write.h"
#include "unit.h"

/* What json_write_string prints, as a NUL-terminated string. */
static char printed[4096];

static void
json_of(const char *s, size_t n)
{
	FILE *f = fmemopen(printed, sizeof printed, "w");
	json_write_string(f, span_make(s, n));
	fclose(f);
}

START_TEST(json_escapes_quotes_and_controls)
{
	json_of("a\"b\\c\n\x01", 7);
	ck_assert_str_eq(printed, "\"a\\\"b\\\\c\\u000a\\u0001\"");
}
END_TEST

START_TEST(json_replaces_invalid_utf8)
{
	json_of("\xc3\xa9-\xff-\xe2\x82-\xed\xa0\x80", 11);
	ck_assert_str_eq(
	    printed,
	    "\"\xc3\xa9-\\ufffd-\\ufffd\\ufffd-\\ufffd\\ufffd\\ufffd\"");
}
END_TEST

START_TEST(json_empty_nul_and_delete)
{
	json_of("", 0);
	ck_assert_str_eq(printed, "\"\"");
	json_of("a\0b\x7f", 4);
	ck_assert_str_eq(printed, "\"a\\u0000b\\u007f\"");
	json_of("plain / text", 12);
	ck_assert_str_eq(printed, "\"plain / text\"");
}
END_TEST

START_TEST(json_utf8_limits)
{
	/* U+1F600 and U+10FFFF are kept whole. */
	json_of("\xf0\x9f\x98\x80|\xf4\x8f\xbf\xbf", 9);
	ck_assert_str_eq(printed, "\"\xf0\x9f\x98\x80|\xf4\x8f\xbf\xbf\"");
	/* Past U+10FFFF, an overlong '/', a lone continuation byte. */
	json_of("\xf4\x90\x80\x80|\xe0\x80\xaf|\x80", 10);
	ck_assert_str_eq(printed, "\"\\ufffd\\ufffd\\ufffd\\ufffd|"
	                          "\\ufffd\\ufffd\\ufffd|\\ufffd\"");
	/* A sequence cut by the end of the string. */
	json_of("x\xf0\x9f\x98", 4);
	ck_assert_str_eq(printed, "\"x\\ufffd\\ufffd\\ufffd\"");
}
END_TEST

START_TEST(json_members)
{
	FILE *f = fmemopen(printed, sizeof printed, "w");

	json_write_member(f, "a", "x\"y");
	fputc(' ', f);
	json_write_member(f, "b", NULL);
	fputc(' ', f);
	json_write_member_number(f, "c", 0.25);
	fputc(' ', f);
	json_write_member_number(f, "d", NAN);
	fputc(' ', f);
	json_write_member_number(f, "e", INFINITY);
	fclose(f);
	ck_assert_str_eq(printed, "\"a\": \"x\\\"y\" \"b\": null \"c\": 0.25 "
	                          "\"d\": null \"e\": null");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {json_escapes_quotes_and_controls,
	                        json_replaces_invalid_utf8,
	                        json_empty_nul_and_delete,
	                        json_utf8_limits,
	                        json_members,
	                        NULL};
	return unit_main("json_write", tests);
}
