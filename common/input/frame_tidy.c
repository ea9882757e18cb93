/*
 * frame_tidy.c - see frame_tidy.h.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "input/frame_tidy.h"

static bool
is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/* Characters an operator name is made of, after "operator". */
static bool
is_operator_char(char c)
{
	return strchr("<>=!+-*/%^&|~,", c) != NULL && c != '\0';
}

/*
 * At s[i] starts the word "operator": return the index just past the
 * operator's symbol, so that "operator[]", "operator<<" or "operator->" do
 * not count as argument lists or template brackets.  The "()" of
 * "operator()" is not skipped: the name ends before it, as inferno cuts it
 * ("std::function<void (int)>::operator").
 */
static size_t
skip_operator(struct span s, size_t i)
{
	i += 8;
	if (i + 1 < s.n && s.p[i] == '[' && s.p[i + 1] == ']')
		return i + 2;
	while (i < s.n && is_operator_char(s.p[i]))
		i++;
	return i;
}

size_t
frame_name_length(struct span s)
{
	int depth = 0;

	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (c == 'o' && (i == 0 || !is_ident(s.p[i - 1])) &&
		    s.n - i >= 8 && memcmp(s.p + i, "operator", 8) == 0 &&
		    (i + 8 == s.n || !is_ident(s.p[i + 8]))) {
			i = skip_operator(s, i) - 1;
			continue;
		}
		switch (c) {
		case '<':
		case '{':
		case '[':
			depth++;
			break;
		case '>':
		case '}':
		case ']':
			if (depth > 0)
				depth--;
			break;
		case '(':
			if (depth > 0)
				break;
			if (s.n - i >= 21 &&
			    memcmp(s.p + i, "(anonymous namespace)", 21) == 0) {
				i += 20;
				break;
			}
			if (i > 0 && s.p[i - 1] == '.') /* Go: pkg.(*T).m */
				break;
			if (i == 0)
				break;
			return i;
		}
	}
	return s.n;
}

size_t
comm_tidy(struct span comm, char *out)
{
	for (size_t i = 0; i < comm.n; i++)
		out[i] = comm.p[i] == ' '   ? '_'
		         : comm.p[i] == ';' ? ':'
		                            : comm.p[i];
	return comm.n;
}

bool
frame_symbol_unknown(struct span symbol)
{
	return symbol.n == 0 || span_eq_cstr(symbol, "[unknown]");
}

static int
hex_digit(char c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	                              : -1;
}

/* The escapes of Rust's legacy mangling, other than "$uXX$". */
static const struct {
	const char *escape;
	char c;
} rust_escapes[] = {
    {"$SP$", '@'}, {"$BP$", '*'}, {"$RF$", '&'}, {"$LT$", '<'},
    {"$GT$", '>'}, {"$LP$", '('}, {"$RP$", ')'}, {"$C$", ','},
};

/* The escape at s (n bytes): its character and length, or 0. */
static size_t
rust_escape(const char *s, size_t n, char *c)
{
	for (size_t i = 0; i < sizeof rust_escapes / sizeof *rust_escapes;
	     i++) {
		size_t len = strlen(rust_escapes[i].escape);
		if (n >= len && memcmp(s, rust_escapes[i].escape, len) == 0) {
			*c = rust_escapes[i].c;
			return len;
		}
	}
	/* "$u7b$": a character by its code, two hex digits. */
	if (n >= 5 && s[1] == 'u' && s[4] == '$' && hex_digit(s[2]) >= 0 &&
	    hex_digit(s[3]) >= 0) {
		int code = hex_digit(s[2]) << 4 | hex_digit(s[3]);
		if (code >= 0x20 && code < 0x7f) {
			*c = (char)code;
			return 5;
		}
	}
	return 0;
}

size_t
rust_legacy_tidy(struct span s, char *out)
{
	enum { HASH = 19 }; /* "::h" and 16 hex digits */

	if (s.n <= HASH || memcmp(s.p + s.n - HASH, "::h", 3) != 0)
		return 0;
	for (size_t i = s.n - 16; i < s.n; i++)
		if (hex_digit(s.p[i]) < 0)
			return 0;
	s.n -= HASH;
	size_t i = 0, n = 0;
	if (s.n >= 2 && s.p[0] == '_' && s.p[1] == '$')
		i = 1;
	while (i < s.n) {
		char c;
		size_t len;
		if (s.p[i] == '.' && i + 1 < s.n && s.p[i + 1] == '.') {
			out[n++] = ':';
			out[n++] = ':';
			i += 2;
		} else if (s.p[i] != '$') {
			out[n++] = s.p[i++];
		} else if ((len = rust_escape(s.p + i, s.n - i, &c)) > 0) {
			out[n++] = c;
			i += len;
		} else {
			/* Not an escape: the rest as it is. */
			memcpy(out + n, s.p + i, s.n - i);
			n += s.n - i;
			break;
		}
	}
	return n;
}

size_t
frame_tidy(struct span symbol, struct span dso, uint64_t addr, bool addrs,
           bool java, char *out)
{
	size_t n;

	if (frame_symbol_unknown(symbol)) {
		struct span base = span_basename(dso);
		if (dso.n == 0 || span_eq_cstr(dso, "[unknown]"))
			base = span_cstr("unknown");
		out[0] = '[';
		memcpy(out + 1, base.p, base.n);
		n = 1 + base.n;
		if (addrs)
			n += (size_t)sprintf(out + n, " <%" PRIx64 ">", addr);
		out[n++] = ']';
	} else {
		/* Unescaped in out, then cut there: never longer. */
		size_t rust = rust_legacy_tidy(symbol, out);
		if (rust > 0)
			symbol = span_make(out, rust);
		n = frame_name_length(symbol);
		const char *p = symbol.p;
		if (java && n > 1 && p[0] == 'L' && memchr(p, '/', n) != NULL) {
			p++;
			n--;
		}
		memmove(out, p, n);
	}
	for (size_t i = 0; i < n; i++)
		if (out[i] == ';')
			out[i] = ':';
	return n;
}

size_t
srcline_append(char *out, struct span srcline)
{
	out[0] = ':';
	for (size_t i = 0; i < srcline.n; i++)
		out[1 + i] = srcline.p[i] == ';' ? ':' : srcline.p[i];
	return srcline.n + 1;
}

/*
 * A kernel image: "vmlinux", or "vmlinux" and a version after '-', '.' or
 * '_' ("vmlinux-6.1.0-13-amd64", "vmlinux-5.15.0+"), as the debug images
 * of distributions are named.  Not "vmlinuxtool".
 */
static bool
is_vmlinux(struct span base)
{
	if (!span_starts_with(base, "vmlinux"))
		return false;
	if (base.n == 7)
		return true;
	if (strchr("-._", base.p[7]) == NULL)
		return false;
	for (size_t i = 8; i < base.n; i++)
		if (!isalnum((unsigned char)base.p[i]) &&
		    strchr("-._+~", base.p[i]) == NULL)
			return false;
	return true;
}

/* A kernel module's file, compressed or its debug file. */
static bool
is_kernel_module(struct span base)
{
	static const char *const endings[] = {".ko", ".ko.xz", ".ko.gz",
	                                      ".ko.zst", ".ko.debug"};
	for (size_t i = 0; i < sizeof endings / sizeof *endings; i++)
		if (span_ends_with(base, endings[i]))
			return true;
	return false;
}

bool
dso_is_kernel(struct span dso)
{
	struct span base = span_basename(dso);

	if (is_vmlinux(base) || is_kernel_module(base))
		return true;
	return dso.n > 0 && dso.p[0] == '[' &&
	       !span_eq_cstr(dso, "[unknown]") &&
	       !span_starts_with(dso, "[JIT");
}

bool
dso_is_perf_map(struct span dso)
{
	struct span base = span_basename(dso);
	size_t digits = 0;

	if (!span_starts_with(base, "perf-") || !span_ends_with(base, ".map"))
		return false;
	for (size_t i = 5; i + 4 < base.n; i++, digits++)
		if (base.p[i] < '0' || base.p[i] > '9')
			return false;
	return digits > 0;
}

bool
dso_is_jit(struct span dso)
{
	/* /tmp/perf-PID.map, as written by -X perf, Java and node. */
	if (span_starts_with(dso, "[JIT") || dso_is_perf_map(dso))
		return true;
	/* perf inject --jit writes jitted-PID-N.so */
	return span_starts_with(span_basename(dso), "jitted-");
}

bool
dso_is_python(struct span dso)
{
	struct span base = span_basename(dso);
	return span_starts_with(base, "python") ||
	       span_starts_with(base, "libpython");
}

bool
symbol_is_python(struct span symbol)
{
	return span_starts_with(symbol, "py::");
}

/* A clone suffix word that ends the name: "cold", "localalias". */
static bool
clone_word(struct span w)
{
	return span_eq_cstr(w, "cold") || span_eq_cstr(w, "localalias");
}

/* A clone suffix word that comes before a number: "isra" in ".isra.0". */
static bool
clone_numbered_word(struct span w)
{
	static const char *const words[] = {
	    "isra", "constprop", "part", "cold", "lto_priv", "clone", "llvm"};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (span_eq_cstr(w, words[i]))
			return true;
	return false;
}

/* The length of the word after the last '.' of s[0, n), or n if none. */
static size_t
last_word_start(const char *p, size_t n)
{
	const char *dot = n ? memrchr(p, '.', n) : NULL;
	return dot == NULL ? n : (size_t)(dot - p) + 1;
}

static bool
all_digits(struct span w)
{
	if (w.n == 0)
		return false;
	for (size_t i = 0; i < w.n; i++)
		if (w.p[i] < '0' || w.p[i] > '9')
			return false;
	return true;
}

struct span
symbol_base_name(struct span s)
{
	if (symbol_is_python(s))
		return s;
	if (span_ends_with(s, " (inlined)"))
		s.n -= 10;
	while (s.n > 0 && is_blank_char(s.p[s.n - 1]))
		s.n--;
	for (;;) {
		size_t start = last_word_start(s.p, s.n);
		if (start == s.n || start < 2)
			return s;
		struct span w = span_make(s.p + start, s.n - start);
		size_t cut = start - 1; /* the '.' */
		if (all_digits(w)) {
			size_t before = last_word_start(s.p, cut);
			if (before == cut || before < 2 ||
			    !clone_numbered_word(
			        span_make(s.p + before, cut - before)))
				return s;
			cut = before - 1;
		} else if (!clone_word(w)) {
			return s;
		}
		s.n = cut;
	}
}

struct span
python_frame_module(struct span symbol)
{
	if (!symbol_is_python(symbol))
		return span_make(NULL, 0);
	struct span rest = span_make(symbol.p + 4, symbol.n - 4);
	const char *colon = rest.n ? memchr(rest.p, ':', rest.n) : NULL;
	if (colon == NULL)
		return span_make(rest.p + rest.n, 0);
	return span_make(colon + 1, rest.n - (size_t)(colon + 1 - rest.p));
}

struct span
python_frame_function(struct span symbol)
{
	if (!symbol_is_python(symbol))
		return span_make(NULL, 0);
	struct span name = span_make(symbol.p + 4, symbol.n - 4);
	const char *colon = name.n ? memchr(name.p, ':', name.n) : NULL;
	if (colon != NULL)
		name.n = (size_t)(colon - name.p);
	return name;
}

/* The end of the last occurrence of needle in s, or NULL. */
static const char *
after_last(struct span s, const char *needle)
{
	size_t n = strlen(needle);
	const char *found = NULL;

	for (const char *p = s.p; p + n <= s.p + s.n; p++) {
		p = memmem(p, (size_t)(s.p + s.n - p), needle, n);
		if (p == NULL)
			break;
		found = p + n;
	}
	return found;
}

/* The end of "/lib/python3.X/" or "/lib/python3.Xt/" in s, or NULL. */
static const char *
after_stdlib(struct span s)
{
	static const char lib[] = "/lib/python3.";
	const char *end = s.p + s.n, *found = NULL;

	for (const char *p = s.p; p < end; p++) {
		p = memmem(p, (size_t)(end - p), lib, sizeof lib - 1);
		if (p == NULL)
			break;
		const char *q = p + sizeof lib - 1;
		while (q < end && isdigit((unsigned char)*q))
			q++;
		if (q < end && *q == 't')
			q++;
		if (q > p + sizeof lib - 1 && q < end && *q == '/')
			found = q + 1;
	}
	return found;
}

struct span
python_file_short(struct span file)
{
	const char *end = file.p + file.n, *start;

	if (file.n == 0 || file.p[0] != '/')
		return file;
	if ((start = after_last(file, "/data-files/benchmarks/")) != NULL ||
	    (start = after_last(file, "/site-packages/")) != NULL ||
	    (start = after_last(file, "/dist-packages/")) != NULL ||
	    (start = after_stdlib(file)) != NULL)
		if (start < end)
			return span_make(start, (size_t)(end - start));
	/* The last directory and the file. */
	start = end;
	for (int slashes = 0; start > file.p; start--)
		if (start[-1] == '/' && ++slashes == 2)
			break;
	return span_make(start, (size_t)(end - start));
}

size_t
python_frame_label(struct span symbol, char *out)
{
	struct span fn = python_frame_function(symbol);
	struct span file = python_file_short(python_frame_module(symbol));
	size_t n = fn.n;

	if (fn.p == NULL)
		return 0;
	memcpy(out, fn.p, fn.n);
	if (file.n > 0) {
		memcpy(out + n, " (", 2);
		memcpy(out + n + 2, file.p, file.n);
		n += file.n + 2;
		out[n++] = ')';
	}
	return n;
}

/* Remove s[from, to) from the n bytes at s; returns the new length. */
static size_t
cut(char *s, size_t n, size_t from, size_t to)
{
	memmove(s + from, s + to, n - to);
	return n - (to - from);
}

/* The end of a version ("3.11", "1.0.2") starting at s[i], or i if none. */
static size_t
version_end(const char *s, size_t n, size_t i, bool need_dot)
{
	size_t end = i;
	bool dot = false;

	while (end < n && isdigit((unsigned char)s[end])) {
		while (end < n && isdigit((unsigned char)s[end]))
			end++;
		if (end + 1 < n && s[end] == '.' &&
		    isdigit((unsigned char)s[end + 1])) {
			dot = true;
			end++;
		}
	}
	return dot || !need_dot ? end : i;
}

static bool
is_letter(char c)
{
	return isalpha((unsigned char)c) != 0;
}

size_t
dso_family_name(struct span dso, char *out)
{
	size_t n = dso.n;

	if (n > 0)
		memcpy(out, dso.p, n);
	if (n == 0 || out[0] == '[')
		return n;
	if (n > 9 && memcmp(out, "perf-", 5) == 0 &&
	    memcmp(out + n - 4, ".map", 4) == 0 &&
	    version_end(out, n - 4, 5, false) == n - 4)
		return cut(out, n, 4, n - 4);

	/* ".so.1.0" at the end: the stem ends at ".so". */
	size_t stem = n;
	for (size_t i = 0; i + 3 <= n; i++) {
		if (memcmp(out + i, ".so", 3) != 0)
			continue;
		if (i + 3 == n) {
			stem = i;
		} else if (out[i + 3] == '.' &&
		           version_end(out, n, i + 4, false) == n &&
		           i + 4 < n) {
			n = i + 3;
			stem = i;
		}
	}

	/* "cpython-312": the Python version of an extension module. */
	for (size_t i = 0; i + 8 < stem; i++) {
		if (memcmp(out + i, "cpython-", 8) != 0)
			continue;
		size_t end = version_end(out, stem, i + 8, false);
		while (end < stem && strchr("dmtu", out[end]) != NULL)
			end++;
		if (end > i + 8 && end < stem && out[end] == '-') {
			n = cut(out, n, i + 7, end);
			stem -= end - (i + 7);
		}
		break;
	}

	/* A version that ends the stem, its ABI letters after it. */
	size_t end = stem;
	while (end > 0 && strchr("dmtu", out[end - 1]) != NULL)
		end--;
	size_t start = end;
	while (start > 0 && (isdigit((unsigned char)out[start - 1]) ||
	                     out[start - 1] == '.'))
		start--;
	while (start < end && out[start] == '.')
		start++;
	if (start == end || version_end(out, end, start, true) != end)
		return n;
	if (start > 1 && out[start - 1] == '-' && is_letter(out[start - 2]))
		start--;
	else if (start == 0 || !is_letter(out[start - 1]))
		return n;
	return cut(out, n, start, stem);
}
