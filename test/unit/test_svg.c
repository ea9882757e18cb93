/*
 * test_svg.c - UTF-8 repair and XML escaping; palettes; the embedded style
 * and script.
 */
#include <stdio.h>

#include "flame/flame_svg.h"
#include "flame/palette.h"
#include "flame/svg.h"
#include "unit.h"

static const char *
escaped(const char *s)
{
	static char out[1024];
	FILE *f = fmemopen(out, sizeof out, "w");

	svg_write_text(f, span_cstr(s));
	fputc('\0', f);
	fclose(f);
	return out;
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

static bool
rgb_eq(struct rgb a, struct rgb b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

START_TEST(palettes)
{
	enum palette p;
	struct span f = span_cstr("do_work");

	ck_assert(palette_parse("python", &p) && p == PALETTE_PYTHON);
	ck_assert(!palette_parse("chartreuse", &p));
	/* The same name, the same colour; another name, another colour. */
	ck_assert(rgb_eq(palette_colour(PALETTE_HOT, f, false, false),
	                 palette_colour(PALETTE_HOT, f, false, false)));
	ck_assert(!rgb_eq(
	    palette_colour(PALETTE_HOT, f, false, false),
	    palette_colour(PALETTE_HOT, span_cstr("do_wore"), false, false)));

	/* python: Python frames green, interpreter yellow, kernel orange. */
	struct rgb py = palette_colour(PALETTE_PYTHON, span_cstr("py::f:/x.py"),
	                               false, false);
	struct rgb eval =
	    palette_colour(PALETTE_PYTHON,
	                   span_cstr("_PyEval_EvalFrameDefault"), false, false);
	struct rgb kernel = palette_colour(
	    PALETTE_PYTHON, span_cstr("do_syscall_64_[k]"), false, false);
	struct rgb native =
	    palette_colour(PALETTE_PYTHON, span_cstr("memcpy"), false, false);
	ck_assert(py.g > py.r && py.g > py.b);
	ck_assert(eval.r == eval.g && eval.b < eval.r);
	ck_assert(kernel.b == 0 && kernel.r > kernel.g);
	ck_assert(native.r > native.g && native.g == native.b);

	struct rgb sep =
	    palette_colour(PALETTE_JAVA, span_cstr("--"), false, false);
	ck_assert(sep.r == 160 && sep.g == 160 && sep.b == 160);

	struct rgb grew = palette_diff_colour(5, 10);
	struct rgb shrank = palette_diff_colour(-10, 10);
	ck_assert(grew.r == 255 && grew.g == grew.b && grew.g > 0);
	ck_assert(shrank.b == 255 && shrank.r == 0);
	ck_assert(
	    rgb_eq(palette_diff_colour(0, 10), palette_diff_colour(0, 0)));

	char top[8], bottom[8];
	ck_assert(palette_background(NULL, PALETTE_MEM, top, bottom));
	ck_assert_str_eq(bottom, "#e0ffe0");
	ck_assert(palette_background("#123abc", PALETTE_HOT, top, bottom));
	ck_assert_str_eq(top, "#123abc");
	ck_assert(!palette_background("#12345", PALETTE_HOT, top, bottom));
	ck_assert(!palette_background("pink", PALETTE_HOT, top, bottom));
}
END_TEST

/* The whole file, NUL-terminated, read from the top directory. */
static char *
read_source(const char *path)
{
	static char buf[256 * 1024];
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "cannot open %s (run from the top directory)",
	              path);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	ck_assert(n < sizeof buf - 1 && !ferror(f));
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/* The arrays are the files, whole, and safe where the SVG puts them. */
START_TEST(embedded_files)
{
	ck_assert_str_eq(flame_style,
	                 read_source("common/flame/flame_style.css"));
	ck_assert_str_eq(flame_script,
	                 read_source("common/flame/flame_script.js"));
	ck_assert(strlen(flame_script) > 1000);
	/* XML character data, and the inside of a CDATA section. */
	ck_assert_ptr_null(strpbrk(flame_style, "<&"));
	ck_assert_ptr_null(strstr(flame_script, "]]>"));
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("svg");
	TCase *tc = tcase_create("text");
	tcase_add_test(tc, escaping);
	tcase_add_test(tc, palettes);
	tcase_add_test(tc, embedded_files);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
