/*
 * eval_loop.c - see eval_loop.h.
 *
 * What is read of the DSO is eval_loop_dwarf.h's; here, the lookups by
 * line and by label, and what is learned from them once.
 */
#include <stdlib.h>
#include <string.h>

#include "base/string_table.h"
#include "base/xalloc.h"
#include "interp/eval_loop.h"
#include "interp/eval_loop_dwarf.h"
#include "interp/opcode_families.h"
#include "perfdata/u64_map.h"

/* The learned owner of a line whose code lies in several instructions. */
#define OWNER_MANY (U64_MAP_NONE - 1)

struct eval_loop {
	char *path;
	enum eval_loop_status status;
	struct eval_loop_dwarf d;
	struct eval_label *by_line; /* d's labels, sorted by (file, line) */
	uint32_t *family;           /* by part: a name in families_names */
	struct string_table families_names;
	char *families_source;
	struct u64_map owners; /* (file << 32 | line) -> part, learned */
};

struct eval_loops {
	struct string_table paths;
	struct eval_loop **loops; /* by path id */
	size_t cap;
};

/* By (file, line), then address: labels of one line in a defined order. */
static int
compare_line(const void *a, const void *b)
{
	const struct eval_label *x = a, *y = b;
	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The line of a in the function's own code: false when none. */
static bool
own_line(const struct eval_loop *l, uint64_t a, uint32_t *file, int *line)
{
	/* Top-level inlined calls do not overlap: the last starting at or
	 * below a. */
	size_t lo = 0, hi = l->d.ncalls;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->d.calls[mid].low <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && a < l->d.calls[lo - 1].high) {
		*file = l->d.calls[lo - 1].file;
		*line = l->d.calls[lo - 1].line;
		return *file != EVAL_NO_FILE && *line > 0;
	}
	lo = 0, hi = l->d.nrows;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->d.rows[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return false;
	*file = l->d.rows[lo - 1].file;
	*line = l->d.rows[lo - 1].line;
	return *file != EVAL_NO_FILE && *line > 0;
}

/* The part of the last label at or below a in a's range; false if none. */
static bool
by_label(const struct eval_loop *l, uint64_t a, uint32_t *part)
{
	const struct eval_range *r = NULL;
	for (size_t i = 0; i < l->d.nranges && r == NULL; i++)
		if (a >= l->d.ranges[i].low && a < l->d.ranges[i].high)
			r = &l->d.ranges[i];
	if (r == NULL)
		return false;
	size_t lo = 0, hi = l->d.nlabels;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->d.labels[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && l->d.labels[lo - 1].addr >= r->low) {
		*part = l->d.labels[lo - 1].part;
		return true;
	}
	if (l->d.entry >= r->low && l->d.entry < r->high) {
		*part = 0; /* [entry] */
		return true;
	}
	return false;
}

/*
 * The part of a line of a file with labels: the label declared at or
 * above it; "[entry]" above the first of the function's own file.
 */
static bool
by_declared_line(const struct eval_loop *l, uint32_t file, int line,
                 uint32_t *part)
{
	size_t lo = 0, hi = l->d.nlabels;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct eval_label *b = &l->by_line[mid];
		if (b->file < file || (b->file == file && b->line <= line))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && l->by_line[lo - 1].file == file) {
		*part = l->by_line[lo - 1].part;
		return true;
	}
	if (file == l->d.own_file) {
		*part = 0;
		return true;
	}
	return false;
}

static bool
file_has_labels(const struct eval_loop *l, uint32_t file)
{
	uint32_t part;
	return file == l->d.own_file ||
	       (by_declared_line(l, file, INT32_MAX, &part));
}

static uint64_t
line_key(uint32_t file, int line)
{
	return (uint64_t)file << 32 | (uint32_t)line;
}

/*
 * The lines of files without labels (3.12's bytecodes.c) whose code the
 * labels put in one instruction alone: each row's line, and the
 * instruction of the label at or below it.
 */
static void
learn_owners(struct eval_loop *l)
{
	for (size_t i = 0; i < l->d.nrows; i++) {
		uint32_t file, part;
		int line;
		if (l->d.rows[i].file == EVAL_NO_FILE ||
		    !own_line(l, l->d.rows[i].addr, &file, &line) ||
		    file_has_labels(l, file) ||
		    !by_label(l, l->d.rows[i].addr, &part) ||
		    l->d.kinds[part] != EVAL_INSTRUCTION)
			continue;
		uint64_t key = line_key(file, line);
		uint32_t known = u64_map_get(&l->owners, key);
		if (known == U64_MAP_NONE)
			u64_map_put(&l->owners, key, part);
		else if (known != part)
			u64_map_put(&l->owners, key, OWNER_MANY);
	}
}

static void
set_families(struct eval_loop *l)
{
	struct opcode_families f;
	struct string_table instructions;

	opcode_families_init(&f);
	string_table_init(&instructions);
	if (opcode_families_read(&f, l->path))
		l->families_source = xstrdup(f.source);
	for (uint32_t i = 0; i < l->d.parts.count; i++)
		if (l->d.kinds[i] == EVAL_INSTRUCTION)
			string_table_intern(&instructions,
			                    string_table_get(&l->d.parts, i));
	l->family = xreallocarray(NULL, l->d.parts.count, sizeof *l->family);
	for (uint32_t i = 0; i < l->d.parts.count; i++) {
		struct span name = string_table_get(&l->d.parts, i);
		struct span family =
		    l->d.kinds[i] == EVAL_INSTRUCTION
		        ? opcode_family(&f, name, &instructions)
		        : name;
		l->family[i] = string_table_intern(&l->families_names, family);
	}
	string_table_free(&instructions);
	opcode_families_free(&f);
}

static struct eval_loop *
eval_loop_read(const char *path)
{
	struct eval_loop *l = xcalloc(1, sizeof *l);
	l->path = xstrdup(path);
	string_table_init(&l->families_names);
	l->status = eval_loop_dwarf_read(&l->d, path);
	if (l->status != EVAL_LOOP_OK)
		return l;
	l->by_line = xreallocarray(NULL, l->d.nlabels, sizeof *l->by_line);
	memcpy(l->by_line, l->d.labels, l->d.nlabels * sizeof *l->by_line);
	qsort(l->by_line, l->d.nlabels, sizeof *l->by_line, compare_line);
	learn_owners(l);
	set_families(l);
	return l;
}

static void
eval_loop_free(struct eval_loop *l)
{
	if (l == NULL)
		return;
	eval_loop_dwarf_free(&l->d);
	free(l->path);
	string_table_free(&l->families_names);
	free(l->family);
	free(l->families_source);
	free(l->by_line);
	u64_map_free(&l->owners);
	free(l);
}

struct eval_loops *
eval_loops_new(void)
{
	struct eval_loops *e = xcalloc(1, sizeof *e);
	string_table_init(&e->paths);
	return e;
}

void
eval_loops_free(struct eval_loops *e)
{
	if (e == NULL)
		return;
	for (uint32_t i = 0; i < e->paths.count; i++)
		eval_loop_free(e->loops[i]);
	free(e->loops);
	string_table_free(&e->paths);
	free(e);
}

const struct eval_loop *
eval_loops_get(struct eval_loops *e, struct span path)
{
	uint32_t id = string_table_find(&e->paths, path);
	if (id != STRING_NONE)
		return e->loops[id];
	id = string_table_intern(&e->paths, path);
	e->loops =
	    array_reserve(e->loops, &e->cap, (size_t)id + 1, sizeof *e->loops);
	e->loops[id] = eval_loop_read(string_table_cstr(&e->paths, id));
	return e->loops[id];
}

enum eval_loop_status
eval_loop_status(const struct eval_loop *l)
{
	return l->status;
}

const char *
eval_loop_families(const struct eval_loop *l)
{
	return l->families_source;
}

const char *
eval_loop_debug_file(const struct eval_loop *l)
{
	return l->d.debug_file;
}

enum eval_method
eval_loop_place(const struct eval_loop *l, struct span symbol, uint64_t offset,
                uint32_t *part)
{
	if (l->status != EVAL_LOOP_OK)
		return EVAL_UNPLACED;
	const struct eval_symbol *s = NULL;
	for (size_t i = 0; i < l->d.nsymbols && s == NULL; i++)
		if (span_eq_cstr(symbol, l->d.symbols[i].name))
			s = &l->d.symbols[i];
	if (s == NULL)
		return EVAL_UNPLACED;
	uint64_t a = s->addr + offset;
	if (!eval_loop_dwarf_holds(&l->d, a))
		return EVAL_UNPLACED;
	uint32_t file;
	int line;
	if (own_line(l, a, &file, &line)) {
		if (by_declared_line(l, file, line, part))
			return EVAL_BY_LINE;
		uint32_t owner = u64_map_get(&l->owners, line_key(file, line));
		if (owner != U64_MAP_NONE && owner != OWNER_MANY) {
			*part = owner;
			return EVAL_BY_LINE;
		}
	}
	return by_label(l, a, part) ? EVAL_BY_LABEL : EVAL_UNPLACED;
}

struct eval_part
eval_loop_part(const struct eval_loop *l, uint32_t part)
{
	return (struct eval_part){
	    string_table_get(&l->d.parts, part),
	    string_table_get(&l->families_names, l->family[part]),
	    l->d.kinds[part]};
}
