/*
 * test_svg.c - text for SVG documents (flame/svg.h): UTF-8 repair and XML
 * escaping.  The palettes are tested in test_palette.c, the embedded style
 * and script in test_flame_svg.c.
 */
#include <stdio.h>

#include "flame/svg.h"
#include "unit.h"

/* What svg_write_text writes for the n bytes at s. */
static const char *
escaped_n(const char *s, size_t n)
{
	static char out[1024];
	FILE *f = fmemopen(out, sizeof out, "w");

	svg_write_text(f, span_make(s, n));
	fputc('\0', f);
	fclose(f);
	return out;
}

static const char *
escaped(const char *s)
{
	return escaped_n(s, strlen(s));
}

START_TEST(escaping)
{
	ck_assert_str_eq(escaped("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
	ck_assert_str_eq(escaped("caf\xc3\xa9"), "caf\xc3\xa9");
	ck_assert_str_eq(escaped("x\xffy"), "x\xef\xbf\xbdy");
	ck_assert_str_eq(escaped("x\x01y\rz"), "x\xef\xbf\xbdy\xef\xbf\xbdz");
	ck_assert_str_eq(escaped("\xef\xbf\xbe"), "\xef\xbf\xbd");
	ck_assert_str_eq(escaped("]]>"), "]]&gt;");
}
END_TEST

START_TEST(repair_at_the_edges)
{
	ck_assert_str_eq(escaped(""), "");
	/* Tab and newline are XML characters; NUL and DEL are not written. */
	ck_assert_str_eq(escaped("a\tb\nc"), "a\tb\nc");
	ck_assert_str_eq(escaped_n("a\0b", 3), "a\xef\xbf\xbd"
	                                       "b");
	ck_assert_str_eq(escaped("a\x7f"), "a\xef\xbf\xbd");
	/* Only the span's bytes. */
	ck_assert_str_eq(escaped_n("abc<", 2), "ab");
	/* Every length of UTF-8; U+FFFF is no character, U+FFFD is. */
	ck_assert_str_eq(escaped("\xe6\x97\xa5\xf0\x9f\x94\xa5"),
	                 "\xe6\x97\xa5\xf0\x9f\x94\xa5");
	ck_assert_str_eq(escaped("\xef\xbf\xbf"), "\xef\xbf\xbd");
	ck_assert_str_eq(escaped("\xef\xbf\xbd"), "\xef\xbf\xbd");
	/* A sequence cut short: each byte of it replaced, the rest kept. */
	ck_assert_str_eq(escaped_n("\xe6\x97", 2), "\xef\xbf\xbd\xef\xbf\xbd");
	ck_assert_str_eq(escaped("\xe6\x97<"), "\xef\xbf\xbd\xef\xbf\xbd&lt;");
	/* Surrogates and overlong forms are not UTF-8. */
	ck_assert_str_eq(escaped("\xed\xa0\x80"),
	                 "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	ck_assert_str_eq(escaped("\xc0\xbc"), "\xef\xbf\xbd\xef\xbf\xbd");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {escaping, repair_at_the_edges, NULL};
	return unit_main("svg", tests);
}
