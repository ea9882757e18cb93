/*
 * opcode_families.c - see opcode_families.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "interp/opcode_families.h"

void
opcode_families_init(struct opcode_families *f)
{
	memset(f, 0, sizeof *f);
	string_table_init(&f->names);
}

void
opcode_families_free(struct opcode_families *f)
{
	string_table_free(&f->names);
	free(f->family);
	free(f->source);
	memset(f, 0, sizeof *f);
}

/* The "NAME" that starts s (after blanks), or an empty span. */
static struct span
quoted_name(struct span s, struct span *rest)
{
	s = span_trim(s);
	if (s.n < 2 || s.p[0] != '"')
		return span_make(s.p, 0);
	const char *end = memchr(s.p + 1, '"', s.n - 1);
	if (end == NULL)
		return span_make(s.p, 0);
	*rest = span_trim(span_make(end + 1, (size_t)(s.p + s.n - end - 1)));
	return span_make(s.p + 1, (size_t)(end - s.p - 1));
}

static void
set_family(struct opcode_families *f, struct span name, uint32_t family)
{
	uint32_t id = string_table_intern(&f->names, name);
	size_t old = f->family_cap;
	f->family = array_reserve(f->family, &f->family_cap, (size_t)id + 1,
	                          sizeof *f->family);
	for (size_t i = old; i < f->family_cap; i++)
		f->family[i] = STRING_NONE;
	f->family[id] = family;
}

/*
 * The dictionary _specializations of the Python file at path, as the
 * interpreter's generator writes it: a line '"FAMILY": [' opens a family,
 * a line '"NAME",' is one of it, "]," closes it, "}" ends.  -1: no such
 * file; 0: not as expected (said); 1: read.
 */
static int
read_table(struct opcode_families *f, const char *path)
{
	FILE *in = fopen(path, "r");
	if (in == NULL)
		return -1;
	char line[512];
	unsigned long lineno = 0;
	bool inside = false, done = false;
	uint32_t family = STRING_NONE;
	while (!done && fgets(line, sizeof line, in) != NULL) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		struct span s = span_trim(span_cstr(line)), rest;
		if (!inside) {
			inside = span_eq_cstr(s, "_specializations = {");
			continue;
		}
		if (s.n == 0 || s.p[0] == '#')
			continue;
		if (s.p[0] == '}') {
			done = true;
			continue;
		}
		if (span_eq_cstr(s, "],") || span_eq_cstr(s, "]")) {
			family = STRING_NONE;
			continue;
		}
		struct span name = quoted_name(s, &rest);
		if (name.n > 0 && family == STRING_NONE &&
		    span_eq_cstr(rest, ": [")) {
			family = string_table_intern(&f->names, name);
			continue;
		}
		if (name.n > 0 && family != STRING_NONE &&
		    (span_eq_cstr(rest, ",") || rest.n == 0)) {
			set_family(f, name, family);
			continue;
		}
		warnmsg("%s:%lu: not a line of _specializations; families by "
		        "name instead",
		        path, lineno);
		break;
	}
	bool unclosed = inside && !done && feof(in);
	fclose(in);
	if (!done) {
		if (unclosed)
			warnmsg("%s: _specializations not closed; families by "
			        "name instead",
			        path);
		string_table_free(&f->names);
		string_table_init(&f->names);
		return inside ? 0 : -1;
	}
	return 1;
}

bool
opcode_families_read(struct opcode_families *f, const char *dso_path)
{
	/* "python3.N" from ".../libpython3.N.so..." or ".../python3.N". */
	const char *base = strrchr(dso_path, '/');
	base = base == NULL ? dso_path : base + 1;
	const char *py = strstr(base, "python3.");
	if (py == NULL)
		return false;
	size_t n = strlen("python3.");
	while (py[n] >= '0' && py[n] <= '9')
		n++;
	if (n == strlen("python3."))
		return false;
	int dir = (int)(base - dso_path);
	static const char *const where[] = {
	    "%.*s%.*s/_opcode_metadata.py",
	    "%.*s%.*s/opcode.py",
	    "%.*s../lib/%.*s/_opcode_metadata.py",
	    "%.*s../lib/%.*s/opcode.py",
	};
	for (size_t i = 0; i < sizeof where / sizeof *where; i++) {
		char *path = xasprintf(where[i], dir, dso_path, (int)n, py);
		int got = read_table(f, path);
		if (got == 1) {
			f->source = path;
			return true;
		}
		free(path);
		if (got == 0)
			return false;
	}
	return false;
}

struct span
opcode_family(const struct opcode_families *f, struct span name,
              const struct string_table *instructions)
{
	if (f->source != NULL) {
		uint32_t id = string_table_find(&f->names, name);
		if (id != STRING_NONE && id < f->family_cap &&
		    f->family[id] != STRING_NONE)
			return string_table_get(&f->names, f->family[id]);
		return name;
	}
	/* The longest B with name = B "_" more: cut at each '_' from the
	 * right. */
	for (size_t cut = name.n; cut-- > 1;) {
		if (name.p[cut] != '_' || cut + 1 == name.n)
			continue;
		struct span b = span_make(name.p, cut);
		if (string_table_find(instructions, b) != STRING_NONE)
			return b;
	}
	return name;
}
