/*
 * palette.c - see palette.h.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/hash.h"
#include "flame/palette.h"

static const struct {
	const char *name;
	enum palette palette;
} palettes[] = {
    {"hot", PALETTE_HOT},       {"mem", PALETTE_MEM},
    {"io", PALETTE_IO},         {"wakeup", PALETTE_WAKEUP},
    {"chain", PALETTE_CHAIN},   {"red", PALETTE_RED},
    {"green", PALETTE_GREEN},   {"blue", PALETTE_BLUE},
    {"aqua", PALETTE_AQUA},     {"yellow", PALETTE_YELLOW},
    {"purple", PALETTE_PURPLE}, {"orange", PALETTE_ORANGE},
    {"java", PALETTE_JAVA},     {"js", PALETTE_JS},
    {"perl", PALETTE_PERL},     {"python", PALETTE_PYTHON},
};

bool
palette_parse(const char *name, enum palette *out)
{
	for (size_t i = 0; i < sizeof palettes / sizeof palettes[0]; i++) {
		if (strcmp(name, palettes[i].name) == 0) {
			*out = palettes[i].palette;
			return true;
		}
	}
	return false;
}

/* Three shades in [0, 1) from a hash of the whole name. */
static void
shades_from_hash(struct span name, double v[3])
{
	uint64_t h = hash_bytes(name.p, name.n, 0xc0105);

	for (int i = 0; i < 3; i++) {
		v[i] = (double)(h & 0xfffff) / (double)0x100000;
		h >>= 20;
	}
}

/*
 * A shade in [0, 1) weighted to the first characters, so names with a
 * common beginning get close shades.
 */
static double
prefix_shade(struct span name, bool backwards)
{
	double sum = 0, weight = 1, total = 0;

	for (size_t i = 0; i < name.n && i < 8; i++) {
		unsigned char c =
		    (unsigned char)name.p[backwards ? name.n - 1 - i : i];
		sum += weight * (double)(c % 16) / 16.0;
		total += weight;
		weight *= 0.6;
	}
	return total > 0 ? sum / total : 0;
}

static int
scale(int base, int range, double v)
{
	return base + (int)(range * v);
}

static struct rgb
make_rgb(int r, int g, int b)
{
	struct rgb c = {(unsigned char)r, (unsigned char)g, (unsigned char)b};
	return c;
}

static bool
has_annotation(struct span name, const char *note)
{
	return span_ends_with(name, note);
}

static bool
contains(struct span name, const char *needle)
{
	return memmem(name.p, name.n, needle, strlen(needle)) != NULL;
}

/* Java: JIT-compiled and Java-package frames green, C++ yellow. */
static enum palette
java_hue(struct span name)
{
	static const char *packages[] = {"java/", "javax/", "jdk/", "net/",
	                                 "org/",  "com/",   "io/",  "sun/"};
	struct span bare = name;

	if (has_annotation(name, "_[j]"))
		return PALETTE_GREEN;
	if (has_annotation(name, "_[i]"))
		return PALETTE_AQUA;
	if (has_annotation(name, "_[k]"))
		return PALETTE_ORANGE;
	if (bare.n > 0 && bare.p[0] == 'L')
		bare = span_make(bare.p + 1, bare.n - 1);
	for (size_t i = 0; i < sizeof packages / sizeof packages[0]; i++)
		if (span_starts_with(bare, packages[i]))
			return PALETTE_GREEN;
	if (contains(name, ":::"))
		return PALETTE_GREEN;
	if (contains(name, "::"))
		return PALETTE_YELLOW;
	return PALETTE_RED;
}

/* JavaScript: source green, builtins aqua, C++ yellow. */
static enum palette
js_hue(struct span name)
{
	if (has_annotation(name, "_[j]"))
		return contains(name, "/") ? PALETTE_GREEN : PALETTE_AQUA;
	if (contains(name, "::"))
		return PALETTE_YELLOW;
	if (contains(name, "_[k]"))
		return PALETTE_ORANGE;
	const char *slash = memchr(name.p, '/', name.n);
	if (slash != NULL &&
	    memmem(slash, (size_t)(name.p + name.n - slash), ".js", 3) != NULL)
		return PALETTE_GREEN;
	if (contains(name, ":"))
		return PALETTE_AQUA;
	if (span_eq_cstr(name, " "))
		return PALETTE_GREEN;
	return PALETTE_RED;
}

static enum palette
perl_hue(struct span name)
{
	if (contains(name, "::"))
		return PALETTE_YELLOW;
	if (contains(name, "Perl") || contains(name, ".pl"))
		return PALETTE_GREEN;
	if (has_annotation(name, "_[k]"))
		return PALETTE_ORANGE;
	return PALETTE_RED;
}

/*
 * Python: Python-level frames (py::func:file) green, the interpreter
 * (_PyEval_*, Py*, _Py*, libpython) yellow, the kernel orange, JIT aqua,
 * other native code red.
 */
static enum palette
python_hue(struct span name)
{
	if (span_starts_with(name, "py::"))
		return PALETTE_GREEN;
	if (has_annotation(name, "_[k]") || span_starts_with(name, "[kernel"))
		return PALETTE_ORANGE;
	if (has_annotation(name, "_[j]"))
		return PALETTE_AQUA;
	if (span_starts_with(name, "_PyEval_") ||
	    span_starts_with(name, "_Py") ||
	    span_starts_with(name, "[libpython") ||
	    span_starts_with(name, "[python"))
		return PALETTE_YELLOW;
	/* Py_RunMain, PyObject_Call: not Python-named user code. */
	if (span_starts_with(name, "Py") && name.n > 2 &&
	    (isupper((unsigned char)name.p[2]) || name.p[2] == '_'))
		return PALETTE_YELLOW;
	return PALETTE_RED;
}

/* The single hue a multi-hue palette gives this name. */
static enum palette
hue_of(enum palette p, struct span name, bool waker)
{
	switch (p) {
	case PALETTE_JAVA:
		return java_hue(name);
	case PALETTE_JS:
		return js_hue(name);
	case PALETTE_PERL:
		return perl_hue(name);
	case PALETTE_PYTHON:
		return python_hue(name);
	case PALETTE_WAKEUP:
		return PALETTE_AQUA;
	case PALETTE_CHAIN:
		return waker || has_annotation(name, "_[w]") ? PALETTE_AQUA
		                                             : PALETTE_BLUE;
	default:
		return p;
	}
}

static struct rgb
shade(enum palette hue, const double v[3])
{
	switch (hue) {
	case PALETTE_MEM:
		return make_rgb(0, scale(190, 50, v[1]), scale(0, 210, v[0]));
	case PALETTE_IO: {
		int grey = scale(80, 60, v[0]);
		return make_rgb(grey, grey, scale(190, 55, v[1]));
	}
	case PALETTE_RED: {
		int x = scale(50, 80, v[0]);
		return make_rgb(scale(200, 55, v[0]), x, x);
	}
	case PALETTE_GREEN: {
		int x = scale(50, 60, v[0]);
		return make_rgb(x, scale(200, 55, v[0]), x);
	}
	case PALETTE_BLUE: {
		int x = scale(80, 60, v[0]);
		return make_rgb(x, x, scale(205, 50, v[0]));
	}
	case PALETTE_AQUA:
		return make_rgb(scale(50, 60, v[0]), scale(165, 55, v[0]),
		                scale(165, 55, v[0]));
	case PALETTE_YELLOW: {
		int x = scale(175, 55, v[0]);
		return make_rgb(x, x, scale(50, 20, v[0]));
	}
	case PALETTE_PURPLE: {
		int x = scale(190, 65, v[0]);
		return make_rgb(x, scale(80, 60, v[0]), x);
	}
	case PALETTE_ORANGE:
		return make_rgb(scale(190, 65, v[0]), scale(90, 65, v[0]), 0);
	case PALETTE_HOT:
	default:
		return make_rgb(scale(205, 50, v[2]), scale(0, 230, v[0]),
		                scale(0, 55, v[1]));
	}
}

static bool fixed_category_colour(struct span category, struct rgb *out);

struct rgb
palette_colour(enum palette p, struct span name, bool by_prefix, bool waker)
{
	double v[3];

	if (span_eq_cstr(name, "--"))
		return make_rgb(160, 160, 160);
	if (span_eq_cstr(name, "-"))
		return make_rgb(200, 200, 200);
	/*
	 * pyprofile --folded's leaves, "[float]": the category's colour
	 * ("[unknown]" is also a symbol perf could not name: left as it was).
	 */
	struct rgb fixed;
	if (p == PALETTE_PYTHON && name.n > 2 && name.p[0] == '[' &&
	    !span_eq_cstr(name, "[unknown]") && name.p[name.n - 1] == ']' &&
	    fixed_category_colour(span_make(name.p + 1, name.n - 2), &fixed))
		return fixed;
	if (by_prefix) {
		v[0] = prefix_shade(name, false);
		v[1] = v[2] = prefix_shade(name, true);
	} else {
		shades_from_hash(name, v);
	}
	return shade(hue_of(p, name, waker), v);
}

struct rgb
palette_one_side_colour(bool only_a)
{
	/* Neither red nor blue: purple for new, green for gone. */
	return only_a ? make_rgb(90, 190, 110) : make_rgb(190, 110, 230);
}

struct rgb
palette_diff_colour(double delta, double max_delta)
{
	double strength = max_delta > 0 ? delta / max_delta : 0;

	if (strength > 1)
		strength = 1;
	if (strength < -1)
		strength = -1;
	int fade = (int)(210 * (1 - (strength < 0 ? -strength : strength)));
	if (strength > 0)
		return make_rgb(255, fade, fade);
	if (strength < 0)
		return make_rgb(fade, fade, 255);
	return make_rgb(255, 255, 255);
}

static bool
hex_colour(const char *s)
{
	if (strlen(s) != 7 || s[0] != '#')
		return false;
	for (int i = 1; i < 7; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

bool
palette_background(const char *bgcolors, enum palette p, char top[8],
                   char bottom[8])
{
	const char *name = bgcolors;

	if (name == NULL || *name == '\0') {
		switch (p) {
		case PALETTE_MEM:
			name = "green";
			break;
		case PALETTE_IO:
		case PALETTE_WAKEUP:
		case PALETTE_CHAIN:
			name = "blue";
			break;
		case PALETTE_RED:
		case PALETTE_GREEN:
		case PALETTE_BLUE:
		case PALETTE_AQUA:
		case PALETTE_YELLOW:
		case PALETTE_PURPLE:
		case PALETTE_ORANGE:
			name = "grey";
			break;
		default:
			name = "yellow";
			break;
		}
	}
	if (strcmp(name, "yellow") == 0) {
		strcpy(top, "#eeeeee");
		strcpy(bottom, "#eeeeb0");
	} else if (strcmp(name, "blue") == 0) {
		strcpy(top, "#eeeeee");
		strcpy(bottom, "#e0e0ff");
	} else if (strcmp(name, "green") == 0) {
		strcpy(top, "#eef2ee");
		strcpy(bottom, "#e0ffe0");
	} else if (strcmp(name, "grey") == 0 || strcmp(name, "gray") == 0) {
		strcpy(top, "#f8f8f8");
		strcpy(bottom, "#e8e8e8");
	} else if (hex_colour(name)) {
		strcpy(top, name);
		strcpy(bottom, name);
	} else {
		return false;
	}
	return true;
}

/*
 * Related categories get related hues: the interpreter and its calls in
 * blues, memory and the collector in reds, the object types in greens and
 * browns, the machinery around them in purples and oranges, code outside
 * CPython in greys.
 */
static const struct {
	const char *name;
	const char *rgb;
} category_colours[] = {
    {"interpreter", "#1f77b4"}, {"lookup", "#aec7e8"},
    {"calls", "#17becf"},       {"dynamic", "#9edae5"},
    {"memory", "#d62728"},      {"refcount", "#67000d"},
    {"gc", "#ff9896"},          {"dict", "#2ca02c"},
    {"list", "#98df8a"},        {"tuple", "#bcbd22"},
    {"int", "#dbdb8d"},         {"float", "#8c564b"},
    {"str", "#c49c94"},         {"other_objects", "#e7ba52"},
    {"exceptions", "#e377c2"},  {"async", "#f7b6d2"},
    {"compiler", "#9467bd"},    {"import", "#c5b0d5"},
    {"gil", "#ff7f0e"},         {"threadstate", "#bd9e39"},
    {"io", "#ffbb78"},          {"runtime", "#ad494a"},
    {"extensions", "#637939"},  {"jit", "#7b4173"},
    {"kernel", "#525252"},      {"libc", "#969696"},
    {"ld", "#5254a3"},          {"other_libraries", "#8ca252"},
    {"program", "#3182bd"},     {"stdlib", "#6baed6"},
    {"harness", "#9e9ac8"},     {"site_packages", "#fd8d3c"},
    {"native", "#bdbdbd"},      {"unknown", "#e6e6e6"},
};

/* The fixed colour of a category of the table, if it has one. */
static bool
fixed_category_colour(struct span category, struct rgb *out)
{
	for (size_t i = 0;
	     i < sizeof category_colours / sizeof *category_colours; i++) {
		if (span_eq_cstr(category, category_colours[i].name)) {
			unsigned r, g, b;
			sscanf(category_colours[i].rgb, "#%2x%2x%2x", &r, &g,
			       &b);
			*out = make_rgb((int)r, (int)g, (int)b);
			return true;
		}
	}
	return false;
}

struct rgb
palette_category_colour(struct span category)
{
	struct rgb fixed;

	if (fixed_category_colour(category, &fixed))
		return fixed;
	double v[3];
	shades_from_hash(category, v);
	/* A hue from the hash, kept away from black, white and grey. */
	double h = v[0] * 6.0;
	int sector = (int)h;
	double f = h - sector;
	double rgb[6][3] = {{1, f, 0},     {1 - f, 1, 0}, {0, 1, f},
	                    {0, 1 - f, 1}, {f, 0, 1},     {1, 0, 1 - f}};
	const double *c = rgb[sector % 6];
	int lo = 60 + (int)(v[1] * 40), range = 130;
	return make_rgb(lo + (int)(range * c[0]), lo + (int)(range * c[1]),
	                lo + (int)(range * c[2]));
}
