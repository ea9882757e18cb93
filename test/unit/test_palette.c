/*
 * test_palette.c - the colours of flame graph frames and backgrounds
 * (flame/palette.h): palette names, each palette's range of shades, the
 * kinds of code of the multi-hue palettes, colours that depend on the
 * name only, differential colours, and background gradients.
 */
#include <stdio.h>

#include "flame/palette.h"
#include "unit.h"

static bool
rgb_eq(struct rgb a, struct rgb b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

static struct rgb
colour(enum palette p, const char *name)
{
	return palette_colour(p, span_cstr(name), false, false);
}

static const char *
hex(struct rgb c)
{
	static char out[8];
	snprintf(out, sizeof out, "#%02x%02x%02x", c.r, c.g, c.b);
	return out;
}

/* Names of every kind, for the range checks. */
static const char *const names[] = {
    "main",
    "do_work",
    "memcpy",
    "a",
    "py::f:/x.py",
    "java/lang/Thread",
    "_PyEval_X",
    "x::y",
    "a:::b",
    "foo_[k]",
    "bar_[j]",
    "baz_[i]",
    "w_[w]",
    "[kernel.kallsyms]",
    "Perl_run",
    "app.js:1",
    "",
    "caf\xc3\xa9",
    "x\xff",
    "--x",
    "0123456789",
    "all",
    "<&>",
    "long name with spaces",
};
#define NNAMES (sizeof names / sizeof names[0])

START_TEST(palettes_by_name)
{
	static const struct {
		const char *name;
		enum palette p;
	} all[] = {
	    {"hot", PALETTE_HOT},       {"mem", PALETTE_MEM},
	    {"io", PALETTE_IO},         {"wakeup", PALETTE_WAKEUP},
	    {"chain", PALETTE_CHAIN},   {"red", PALETTE_RED},
	    {"green", PALETTE_GREEN},   {"blue", PALETTE_BLUE},
	    {"aqua", PALETTE_AQUA},     {"yellow", PALETTE_YELLOW},
	    {"purple", PALETTE_PURPLE}, {"orange", PALETTE_ORANGE},
	    {"java", PALETTE_JAVA},     {"js", PALETTE_JS},
	    {"perl", PALETTE_PERL},     {"python", PALETTE_PYTHON},
	};
	enum palette p;

	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		p = (enum palette) - 1;
		ck_assert_msg(palette_parse(all[i].name, &p), "%s",
		              all[i].name);
		ck_assert_int_eq(p, all[i].p);
	}
	static const char *const bad[] = {
	    "",     "Hot",  "HOT",        "hot ", " hot",
	    "grey", "gray", "chartreuse", "pyth", "pythons"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		p = PALETTE_PERL;
		ck_assert_msg(!palette_parse(bad[i], &p), "'%s'", bad[i]);
		ck_assert_int_eq(p, PALETTE_PERL);
	}
}
END_TEST

/* Kept from test_svg.c, where the palettes were first tested. */
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
	/* pyprofile --folded's category leaves: the categories' colours. */
	ck_assert(rgb_eq(
	    palette_colour(PALETTE_PYTHON, span_cstr("[float]"), false, false),
	    palette_category_colour(span_cstr("float"))));
	ck_assert(!rgb_eq(
	    palette_colour(PALETTE_HOT, span_cstr("[float]"), false, false),
	    palette_category_colour(span_cstr("float"))));
	struct rgb unknown = palette_colour(
	    PALETTE_PYTHON, span_cstr("[unknown]"), false, false);
	ck_assert(unknown.r > unknown.g && unknown.g == unknown.b);

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

static bool
in(int v, int lo, int hi)
{
	return v >= lo && v < hi;
}

/* The shades each single-hue palette gives, as flamegraph.pl's. */
static bool
is_hot(struct rgb c)
{
	return in(c.r, 205, 256) && in(c.g, 0, 231) && in(c.b, 0, 56);
}
static bool
is_mem(struct rgb c)
{
	return c.r == 0 && in(c.g, 190, 241) && in(c.b, 0, 211);
}
static bool
is_io(struct rgb c)
{
	return c.r == c.g && in(c.r, 80, 141) && in(c.b, 190, 246);
}
static bool
is_red(struct rgb c)
{
	return in(c.r, 200, 256) && c.g == c.b && in(c.g, 50, 131);
}
static bool
is_green(struct rgb c)
{
	return c.r == c.b && in(c.r, 50, 111) && in(c.g, 200, 256);
}
static bool
is_blue(struct rgb c)
{
	return c.r == c.g && in(c.r, 80, 141) && in(c.b, 205, 256);
}
static bool
is_aqua(struct rgb c)
{
	return in(c.r, 50, 111) && c.g == c.b && in(c.g, 165, 221);
}
static bool
is_yellow(struct rgb c)
{
	return c.r == c.g && in(c.r, 175, 231) && in(c.b, 50, 71);
}
static bool
is_purple(struct rgb c)
{
	return c.r == c.b && in(c.r, 190, 256) && in(c.g, 80, 141);
}
static bool
is_orange(struct rgb c)
{
	return in(c.r, 190, 256) && in(c.g, 90, 156) && c.b == 0;
}

START_TEST(single_hue_ranges)
{
	static const struct {
		enum palette p;
		bool (*is)(struct rgb);
	} hues[] = {
	    {PALETTE_HOT, is_hot},       {PALETTE_MEM, is_mem},
	    {PALETTE_IO, is_io},         {PALETTE_RED, is_red},
	    {PALETTE_GREEN, is_green},   {PALETTE_BLUE, is_blue},
	    {PALETTE_AQUA, is_aqua},     {PALETTE_YELLOW, is_yellow},
	    {PALETTE_PURPLE, is_purple}, {PALETTE_ORANGE, is_orange},
	};

	for (size_t h = 0; h < sizeof hues / sizeof hues[0]; h++) {
		char seen[NNAMES][8];
		size_t distinct = 0;
		for (size_t i = 0; i < NNAMES; i++) {
			for (int prefix = 0; prefix < 2; prefix++) {
				struct rgb c = palette_colour(
				    hues[h].p, span_cstr(names[i]), prefix,
				    false);
				ck_assert_msg(hues[h].is(c),
				              "palette %d, '%s': %s",
				              (int)hues[h].p, names[i], hex(c));
			}
			/* A shade of its own for most names. */
			const char *x = hex(colour(hues[h].p, names[i]));
			size_t j = 0;
			while (j < distinct && strcmp(seen[j], x) != 0)
				j++;
			if (j == distinct)
				strcpy(seen[distinct++], x);
		}
		ck_assert_msg(distinct >= NNAMES / 2, "palette %d: %zu shades",
		              (int)hues[h].p, distinct);
	}
}
END_TEST

/* Each kind of code of a multi-hue palette: its name, its hue. */
static void
assert_hue(enum palette p, const char *name, bool (*is)(struct rgb),
           const char *hue)
{
	for (int prefix = 0; prefix < 2; prefix++) {
		struct rgb c =
		    palette_colour(p, span_cstr(name), prefix, false);
		ck_assert_msg(is(c), "palette %d: '%s' is %s, not %s", (int)p,
		              name, hex(c), hue);
	}
}

#define HUE(p, name, hue) assert_hue(p, name, is_##hue, #hue)

START_TEST(python_kinds_of_code)
{
	HUE(PALETTE_PYTHON, "py::main:/app/x.py", green);
	HUE(PALETTE_PYTHON, "do_syscall_64_[k]", orange);
	HUE(PALETTE_PYTHON, "[kernel.kallsyms]", orange);
	HUE(PALETTE_PYTHON, "jitted_[j]", aqua);
	HUE(PALETTE_PYTHON, "_PyEval_EvalFrameDefault", yellow);
	HUE(PALETTE_PYTHON, "_Py_Dealloc", yellow);
	HUE(PALETTE_PYTHON, "[libpython3.12.so.1.0]", yellow);
	HUE(PALETTE_PYTHON, "[python3.12]", yellow);
	HUE(PALETTE_PYTHON, "PyObject_Call", yellow);
	HUE(PALETTE_PYTHON, "Py_RunMain", yellow);
	/* Not the interpreter: "Py" then lower case, or "Py" alone. */
	HUE(PALETTE_PYTHON, "Pyfoo", red);
	HUE(PALETTE_PYTHON, "Py", red);
	HUE(PALETTE_PYTHON, "memcpy", red);
	HUE(PALETTE_PYTHON, "py:notpython", red);
}
END_TEST

START_TEST(java_js_perl_kinds_of_code)
{
	HUE(PALETTE_JAVA, "Interpreter_[j]", green);
	HUE(PALETTE_JAVA, "inlined_[i]", aqua);
	HUE(PALETTE_JAVA, "sys_read_[k]", orange);
	HUE(PALETTE_JAVA, "java/lang/Thread.run", green);
	HUE(PALETTE_JAVA, "Ljava/util/HashMap;::get", green);
	HUE(PALETTE_JAVA, "org/apache/Foo.bar", green);
	HUE(PALETTE_JAVA, "Foo:::bar", green);
	HUE(PALETTE_JAVA, "JavaThread::run", yellow);
	HUE(PALETTE_JAVA, "memcpy", red);

	HUE(PALETTE_JS, "LazyCompile:~f /app/x.js:1_[j]", green);
	HUE(PALETTE_JS, "Builtin:ArrayMap_[j]", aqua);
	HUE(PALETTE_JS, "v8::internal::Run", yellow);
	HUE(PALETTE_JS, "sys_write_[k]", orange);
	HUE(PALETTE_JS, "f /app/x.js:10", green);
	HUE(PALETTE_JS, "Builtin:Call", aqua);
	HUE(PALETTE_JS, " ", green);
	HUE(PALETTE_JS, "uv_run", red);

	HUE(PALETTE_PERL, "Foo::bar", yellow);
	HUE(PALETTE_PERL, "Perl_pp_entersub", green);
	HUE(PALETTE_PERL, "script.pl", green);
	HUE(PALETTE_PERL, "sys_read_[k]", orange);
	HUE(PALETTE_PERL, "memcpy", red);
}
END_TEST

START_TEST(wakeup_and_chain)
{
	HUE(PALETTE_WAKEUP, "main", aqua);
	HUE(PALETTE_WAKEUP, "x_[k]", aqua);
	HUE(PALETTE_CHAIN, "main", blue);
	HUE(PALETTE_CHAIN, "wake_up_[w]", aqua);
	/* Above a "--" separator, every frame is a waker's. */
	for (size_t i = 0; i < NNAMES; i++) {
		if (strcmp(names[i], "--") == 0)
			continue;
		struct rgb c = palette_colour(PALETTE_CHAIN,
		                              span_cstr(names[i]), false, true);
		ck_assert_msg(is_aqua(c), "'%s': %s", names[i], hex(c));
	}
	/* Other palettes do not care. */
	ck_assert(
	    rgb_eq(palette_colour(PALETTE_HOT, span_cstr("main"), false, true),
	           colour(PALETTE_HOT, "main")));
}
END_TEST

START_TEST(separators_grey_everywhere)
{
	for (int p = PALETTE_HOT; p <= PALETTE_PYTHON; p++) {
		for (int bits = 0; bits < 4; bits++) {
			struct rgb two =
			    palette_colour((enum palette)p, span_cstr("--"),
			                   bits & 1, bits & 2);
			struct rgb one =
			    palette_colour((enum palette)p, span_cstr("-"),
			                   bits & 1, bits & 2);
			ck_assert_str_eq(hex(two), "#a0a0a0");
			ck_assert_str_eq(hex(one), "#c8c8c8");
		}
	}
	/* Only the whole name: "---" is a name like others. */
	ck_assert(is_red(colour(PALETTE_RED, "---")));
}
END_TEST

/* One name, one colour: stable across calls and spans of other text. */
START_TEST(colour_depends_on_the_name_only)
{
	static const char text[] = "xx do_work yy";
	struct span inside = span_make(text + 3, 7);

	for (int p = PALETTE_HOT; p <= PALETTE_PYTHON; p++) {
		for (size_t i = 0; i < NNAMES; i++)
			ck_assert(rgb_eq(colour((enum palette)p, names[i]),
			                 colour((enum palette)p, names[i])));
		ck_assert(rgb_eq(
		    palette_colour((enum palette)p, inside, false, false),
		    colour((enum palette)p, "do_work")));
		ck_assert(
		    rgb_eq(palette_colour((enum palette)p, inside, true, false),
		           palette_colour((enum palette)p, span_cstr("do_work"),
		                          true, false)));
	}
}
END_TEST

/* --hash: names that start alike look alike. */
START_TEST(hash_by_prefix)
{
	struct rgb a =
	    palette_colour(PALETTE_RED, span_cstr("abcdefgh_one"), true, false);
	struct rgb b =
	    palette_colour(PALETTE_RED, span_cstr("abcdefgh_two"), true, false);
	/* The red shade comes from the first 8 characters only. */
	ck_assert(rgb_eq(a, b));
	/* A late difference moves the shade a little. */
	struct rgb c =
	    palette_colour(PALETTE_RED, span_cstr("foo_a"), true, false);
	struct rgb d =
	    palette_colour(PALETTE_RED, span_cstr("foo_o"), true, false);
	ck_assert_msg(!rgb_eq(c, d) && abs(c.r - d.r) <= 4 &&
	                  abs(c.g - d.g) <= 6,
	              "%s", hex(c));
	/* The empty name: the palette's first shade. */
	ck_assert_str_eq(
	    hex(palette_colour(PALETTE_RED, span_cstr(""), true, false)),
	    "#c83232");
	ck_assert_str_eq(
	    hex(palette_colour(PALETTE_HOT, span_cstr(""), true, false)),
	    "#cd0000");
}
END_TEST

START_TEST(diff_colours)
{
	ck_assert_str_eq(hex(palette_diff_colour(10, 10)), "#ff0000");
	ck_assert_str_eq(hex(palette_diff_colour(-10, 10)), "#0000ff");
	ck_assert_str_eq(hex(palette_diff_colour(0, 10)), "#ffffff");
	ck_assert_str_eq(hex(palette_diff_colour(5, 10)), "#ff6969");
	ck_assert_str_eq(hex(palette_diff_colour(-5, 10)), "#6969ff");
	/* Beyond the largest: the deepest colour. */
	ck_assert_str_eq(hex(palette_diff_colour(30, 10)), "#ff0000");
	ck_assert_str_eq(hex(palette_diff_colour(-30, 10)), "#0000ff");
	/* No change anywhere: white. */
	ck_assert_str_eq(hex(palette_diff_colour(5, 0)), "#ffffff");
	ck_assert_str_eq(hex(palette_diff_colour(0, 0)), "#ffffff");
	/* A tiny change is almost white, but red. */
	ck_assert_str_eq(hex(palette_diff_colour(0.001, 1)), "#ffd1d1");
	/* Deeper as the change grows. */
	int last = 256;
	for (int d = 0; d <= 10; d++) {
		struct rgb c = palette_diff_colour(d, 10);
		ck_assert_int_eq(c.r, 255);
		ck_assert_int_eq(c.g, c.b);
		ck_assert_int_lt(c.g, last);
		last = c.g;
		struct rgb m = palette_diff_colour(-d, 10);
		ck_assert_int_eq(m.b, 255);
		ck_assert_int_eq(m.r, d == 0 ? 255 : c.g);
	}
}
END_TEST

static const char *
background(const char *name, enum palette p)
{
	static char out[32];
	char top[8], bottom[8];

	memset(top, 'x', sizeof top);
	memset(bottom, 'x', sizeof bottom);
	if (!palette_background(name, p, top, bottom))
		return "refused";
	snprintf(out, sizeof out, "%s %s", top, bottom);
	return out;
}

START_TEST(backgrounds)
{
	ck_assert_str_eq(background("yellow", PALETTE_MEM), "#eeeeee #eeeeb0");
	ck_assert_str_eq(background("blue", PALETTE_HOT), "#eeeeee #e0e0ff");
	ck_assert_str_eq(background("green", PALETTE_HOT), "#eef2ee #e0ffe0");
	ck_assert_str_eq(background("grey", PALETTE_HOT), "#f8f8f8 #e8e8e8");
	ck_assert_str_eq(background("gray", PALETTE_HOT), "#f8f8f8 #e8e8e8");
	ck_assert_str_eq(background("#AbC012", PALETTE_HOT), "#AbC012 #AbC012");

	/* Each palette's own. */
	static const struct {
		enum palette p;
		const char *want;
	} defaults[] = {
	    {PALETTE_HOT, "#eeeeee #eeeeb0"},
	    {PALETTE_MEM, "#eef2ee #e0ffe0"},
	    {PALETTE_IO, "#eeeeee #e0e0ff"},
	    {PALETTE_WAKEUP, "#eeeeee #e0e0ff"},
	    {PALETTE_CHAIN, "#eeeeee #e0e0ff"},
	    {PALETTE_RED, "#f8f8f8 #e8e8e8"},
	    {PALETTE_GREEN, "#f8f8f8 #e8e8e8"},
	    {PALETTE_BLUE, "#f8f8f8 #e8e8e8"},
	    {PALETTE_AQUA, "#f8f8f8 #e8e8e8"},
	    {PALETTE_YELLOW, "#f8f8f8 #e8e8e8"},
	    {PALETTE_PURPLE, "#f8f8f8 #e8e8e8"},
	    {PALETTE_ORANGE, "#f8f8f8 #e8e8e8"},
	    {PALETTE_JAVA, "#eeeeee #eeeeb0"},
	    {PALETTE_JS, "#eeeeee #eeeeb0"},
	    {PALETTE_PERL, "#eeeeee #eeeeb0"},
	    {PALETTE_PYTHON, "#eeeeee #eeeeb0"},
	};
	for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) {
		ck_assert_str_eq(background(NULL, defaults[i].p),
		                 defaults[i].want);
		ck_assert_str_eq(background("", defaults[i].p),
		                 defaults[i].want);
	}

	static const char *const bad[] = {"#12345",  "#1234567", "123456",
	                                  "#12345g", "##12345",  "pink",
	                                  "Yellow",  "grey ",    "#"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(
		    strcmp(background(bad[i], PALETTE_HOT), "refused") == 0,
		    "'%s' accepted", bad[i]);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {palettes_by_name,
	                        palettes,
	                        single_hue_ranges,
	                        python_kinds_of_code,
	                        java_js_perl_kinds_of_code,
	                        wakeup_and_chain,
	                        separators_grey_everywhere,
	                        colour_depends_on_the_name_only,
	                        hash_by_prefix,
	                        diff_colours,
	                        backgrounds,
	                        NULL};
	return unit_main("palette", tests);
}
