/*
 * inline_text.c - see inline_text.h.
 *
 * The lines of every distinct frame line are kept in one pool of text,
 * by the frame line's id in a string table; an unchanged line has none.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/string_table.h"
#include "base/xalloc.h"
#include "input/perf_frame.h"
#include "symbols/dso_symbols.h"
#include "symbols/dwarf_lines.h"
#include "symbols/inline_text.h"

/* perf reads at most this many records of one address (MAX_INLINE_NEST). */
enum { MAX_RECORDS = 1024 };

/* Addresses from here up are the kernel's (perf's machine__kernel_ip). */
#define KERNEL_START UINT64_C(0xffff800000000000)

/* The lines of one frame line: len bytes at off in the pool; 0: itself. */
struct frame_lines {
	size_t off;
	size_t len;
	unsigned records; /* lines in them */
};

struct inline_text {
	struct dso_table dsos;
	struct dwarf_lines lines;
	struct string_table frames; /* frame lines seen */
	struct frame_lines *done;   /* by frame line id */
	size_t done_cap;
	char *pool;
	size_t pool_len, pool_cap;
	struct symbol_location chain[MAX_RECORDS];
	struct inline_text_stats stats;
	inline_chain_fn find_chain; /* tried first, or NULL */
	void *find_chain_ctx;
};

struct inline_text *
inline_text_new(void)
{
	struct inline_text *t = xcalloc(1, sizeof *t);

	dso_table_init(&t->dsos);
	dwarf_lines_init(&t->lines);
	t->lines.no_params = true;
	string_table_init(&t->frames);
	return t;
}

void
inline_text_free(struct inline_text *t)
{
	if (t == NULL)
		return;
	dwarf_lines_free(&t->lines);
	dso_table_free(&t->dsos);
	string_table_free(&t->frames);
	free(t->done);
	free(t->pool);
	free(t);
}

static void
pool_add(struct inline_text *t, struct span s)
{
	if (s.n == 0)
		return;
	t->pool = array_reserve(t->pool, &t->pool_cap, t->pool_len + s.n, 1);
	memcpy(t->pool + t->pool_len, s.p, s.n);
	t->pool_len += s.n;
}

/* The records perf reads for frame f: 0 when it prints f unchanged. */
static size_t
records_of(struct inline_text *t, const struct perf_frame *f)
{
	if (f->dso.n == 0 || f->dso.p[0] == '[' || f->inlined ||
	    f->addr >= KERNEL_START || span_eq_cstr(f->symbol, "[unknown]"))
		return 0;
	struct dso *d = dso_table_get(&t->dsos, f->dso);
	if (d == NULL)
		return 0;
	struct dso_dwarf dw = dso_dwarf(d);
	uint64_t vma = dso_address(d, f->addr);
	if (t->find_chain != NULL && dw.file != NULL) {
		size_t n = t->find_chain(t->find_chain_ctx, &dw, vma, t->chain,
		                         MAX_RECORDS);
		if (n != INLINE_CHAIN_ASK_BFD)
			return n;
	}
	return dwarf_lines_at(&t->lines, dw.file, dw.symbols, vma, t->chain,
	                      MAX_RECORDS);
}

/* Work out the lines of a frame line seen for the first time. */
static struct frame_lines
compute(struct inline_text *t, struct span line)
{
	struct frame_lines out = {0, 0, 1};
	struct perf_frame f;

	if (!perf_frame_parse(line, &f) || f.symbol.n == 0)
		return out;
	size_t n = records_of(t, &f);
	if (n == 0 || (n == 1 && span_eq(t->chain[0].function, f.symbol)))
		return out;

	/* "\t    1330 " before the name; "+0x60" after it, up to " (". */
	struct span prefix = span_make(line.p, (size_t)(f.symbol.p - line.p));
	const char *after = f.symbol.p + f.symbol.n;
	struct span offset =
	    span_trim(span_make(after, (size_t)(f.dso.p - 1 - after)));
	out.off = t->pool_len;
	out.records = (unsigned)n;
	for (size_t i = 0; i < n; i++) {
		struct span name = t->chain[i].function;
		if (span_eq(name, f.symbol)) {
			pool_add(t, line);
		} else {
			pool_add(t, prefix);
			pool_add(t, name);
			pool_add(t, offset);
			pool_add(t, span_cstr(" (inlined)"));
		}
		pool_add(t, span_make("\n", 1));
	}
	out.len = t->pool_len - out.off;
	return out;
}

struct span
inline_text_frame(struct inline_text *t, struct span line)
{
	uint32_t count = t->frames.count;
	uint32_t id = string_table_intern(&t->frames, line);

	if (id == count) {
		t->done = array_reserve(t->done, &t->done_cap, (size_t)id + 1,
		                        sizeof *t->done);
		t->done[id] = compute(t, line);
		t->stats.distinct++;
	}
	const struct frame_lines *fl = &t->done[id];
	t->stats.frames++;
	if (fl->len == 0)
		return span_make(NULL, 0);
	t->stats.expanded++;
	t->stats.added += fl->records - 1;
	return span_make(t->pool + fl->off, fl->len);
}

struct inline_text_stats
inline_text_stats(const struct inline_text *t)
{
	return t->stats;
}

struct dso_table *
inline_text_dsos(struct inline_text *t)
{
	return &t->dsos;
}

void
inline_text_set_chain(struct inline_text *t, inline_chain_fn fn, void *ctx)
{
	t->find_chain = fn;
	t->find_chain_ctx = ctx;
}
