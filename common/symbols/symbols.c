/*
 * symbols.c - see symbols.h.
 *
 * The symbolizer holds the DSOs (dso_symbols.h), the DWARF lookups
 * (dwarf_lines.h) and the rewrites already computed, by (frame id,
 * address): each a run of frames in one pool, so a sample only copies
 * frames.
 */
#include <stdlib.h>
#include <string.h>

#include "base/string_table.h"
#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "symbols/dso_symbols.h"
#include "symbols/dwarf_lines.h"
#include "symbols/symbols.h"

/* The deepest inlined chain kept for one address. */
enum { MAX_INLINE_DEPTH = 64 };

/* What a rewrite is of: a frame at an address (the key of rewrites). */
struct rewrite_key {
	uint64_t addr;
	uint32_t id;   /* frame id of the input frame */
	uint32_t keep; /* 1 when perf's own inlined frames precede it */
};

/* A computed rewrite: count frames from first in the pool. */
struct rewrite {
	uint32_t first;
	uint32_t count;
};

struct symbolizer {
	struct symbol_options opt;
	struct dso_table dsos;
	struct dwarf_lines lines;
	struct frame_table *table;        /* of the frame ids below */
	struct string_table rewrite_keys; /* struct rewrite_key's bytes */
	struct rewrite *rewrites;         /* by key id */
	size_t rewrites_cap;
	struct perf_frame *pool; /* the frames of every rewrite */
	size_t pool_len, pool_cap;
	struct perf_frame *out; /* the frames of the last sample */
	size_t out_cap;
	inline_chain_fn chain; /* tried before libbfd, if set */
	void *chain_ctx;
};

struct symbolizer *
symbolizer_new(const struct symbol_options *opt)
{
	struct symbolizer *s = xcalloc(1, sizeof *s);

	s->opt = *opt;
	dso_table_init(&s->dsos);
	dwarf_lines_init(&s->lines);
	string_table_init(&s->rewrite_keys);
	return s;
}

void
symbolizer_free(struct symbolizer *s)
{
	if (s == NULL)
		return;
	dwarf_lines_free(&s->lines);
	dso_table_free(&s->dsos);
	free(s->rewrites);
	string_table_free(&s->rewrite_keys);
	free(s->pool);
	free(s->out);
	free(s);
}

/* ---- single lookups ---- */

/* The chain at vma in d (an ELF DSO with DWARF, or none). */
static size_t
locate(struct symbolizer *s, const struct dso *d, uint64_t vma,
       struct symbol_location *out, size_t max)
{
	struct dso_dwarf dwarf = dso_dwarf(d);
	if (s->chain != NULL && dwarf.file != NULL) {
		size_t n = s->chain(s->chain_ctx, &dwarf, vma, out, max);
		if (n != INLINE_CHAIN_ASK_BFD)
			return n;
	}
	return dwarf_lines_at(&s->lines, dwarf.file, dwarf.symbols, vma, out,
	                      max);
}

void
symbolizer_set_chain(struct symbolizer *s, inline_chain_fn fn, void *ctx)
{
	s->chain = fn;
	s->chain_ctx = ctx;
}

struct span
symbolizer_lookup(struct symbolizer *s, struct span dso, uint64_t addr,
                  uint64_t *offset)
{
	struct dso *d = dso_table_get(&s->dsos, dso);
	*offset = 0;
	if (d == NULL)
		return span_make(NULL, 0);
	const char *name =
	    dso_function_at(&s->dsos, d, dso_address(d, addr), offset);
	return name != NULL ? span_cstr(name) : span_make(NULL, 0);
}

size_t
symbolizer_locate(struct symbolizer *s, struct span dso, uint64_t addr,
                  struct symbol_location *out, size_t max)
{
	struct dso *d = dso_table_get(&s->dsos, dso);
	if (d == NULL)
		return 0;
	return locate(s, d, dso_address(d, addr), out, max);
}

/* ---- rewrites ---- */

static void
pool_push(struct symbolizer *s, const struct perf_frame *f, struct span symbol,
          struct span dso, bool inlined, struct span srcline)
{
	s->pool = array_reserve(s->pool, &s->pool_cap, s->pool_len + 1,
	                        sizeof *s->pool);
	struct perf_frame *p = &s->pool[s->pool_len++];
	*p = *f;
	p->id = frame_table_intern(s->table, symbol, dso, inlined);
	struct frame_info info = frame_table_get(s->table, p->id);
	p->symbol = info.symbol;
	p->dso = info.dso;
	p->inlined = inlined;
	p->srcline = srcline;
}

/* Compute the frames that replace f; appended to the pool. */
static void
compute_rewrite(struct symbolizer *s, const struct perf_frame *f,
                bool perf_inlined)
{
	struct perf_frame base = *f;
	struct span symbol = f->symbol;
	/* Demangling alone needs no file: a missing one is no warning. */
	bool need_file =
	    s->opt.resolve || s->opt.inline_frames || s->opt.srcline;
	struct dso *d = need_file ? dso_table_get(&s->dsos, f->dso) : NULL;
	uint64_t vma = d ? dso_address(d, f->addr) : f->addr;

	if (s->opt.resolve && d != NULL && frame_symbol_unknown(symbol)) {
		uint64_t offset;
		const char *name = dso_function_at(&s->dsos, d, vma, &offset);
		if (name != NULL) {
			symbol = span_cstr(name);
			base.offset = offset;
		}
	} else if (s->opt.demangle && symbol.n > 2 && symbol.p[0] == '_' &&
	           (symbol.p[1] == 'Z' || symbol.p[1] == 'R')) {
		char *name = xstrndup(symbol.p, symbol.n);
		symbol = span_cstr(dso_demangle(&s->dsos, d, name));
		if (symbol.p == name) /* not demangled: the frame's own */
			symbol = f->symbol;
		free(name);
	}

	struct symbol_location chain[MAX_INLINE_DEPTH];
	size_t nchain = 0;
	bool expand = s->opt.inline_frames && !perf_inlined;
	if (d != NULL && (expand || s->opt.srcline))
		nchain = locate(s, d, vma, chain, MAX_INLINE_DEPTH);

	struct span none = span_make(NULL, 0);
	if (expand && nchain > 1) {
		struct span inlined_dso = span_cstr("inlined");
		for (size_t i = 0; i + 1 < nchain; i++) {
			struct perf_frame inl = base;
			inl.offset = 0;
			pool_push(s, &inl, chain[i].function, inlined_dso, true,
			          s->opt.srcline ? chain[i].srcline : none);
		}
		pool_push(s, &base, symbol, f->dso, false,
		          s->opt.srcline ? chain[nchain - 1].srcline : none);
	} else {
		/* Not expanded: the line of the address itself, as perf. */
		pool_push(s, &base, symbol, f->dso, false,
		          s->opt.srcline && nchain > 0 ? chain[0].srcline
		                                       : none);
	}
}

size_t
symbolizer_rewrite(struct symbolizer *s, struct frame_table *table,
                   const struct perf_frame *frames, size_t n,
                   struct perf_frame **out)
{
	size_t nout = 0;

	/* Rewrites name frames by id: a new table makes them meaningless. */
	if (s->table != table) {
		string_table_free(&s->rewrite_keys);
		string_table_init(&s->rewrite_keys);
		s->pool_len = 0;
		s->table = table;
	}
	for (size_t i = 0; i < n; i++) {
		const struct perf_frame *f = &frames[i];
		const struct perf_frame *run = f;
		size_t count = 1;

		if (!f->inlined) {
			struct rewrite_key key;
			memset(&key, 0, sizeof key); /* no stray padding */
			key.addr = f->addr;
			key.id = f->id;
			key.keep = i > 0 && frames[i - 1].inlined;
			uint32_t done = s->rewrite_keys.count;
			uint32_t id = string_table_intern(
			    &s->rewrite_keys,
			    span_make((const char *)&key, sizeof key));
			if (id == done) {
				size_t first = s->pool_len;
				compute_rewrite(s, f, key.keep);
				s->rewrites = array_reserve(
				    s->rewrites, &s->rewrites_cap,
				    (size_t)id + 1, sizeof *s->rewrites);
				s->rewrites[id].first = (uint32_t)first;
				s->rewrites[id].count =
				    (uint32_t)(s->pool_len - first);
			}
			run = &s->pool[s->rewrites[id].first];
			count = s->rewrites[id].count;
		}
		s->out = array_reserve(s->out, &s->out_cap, nout + count,
		                       sizeof *s->out);
		memcpy(&s->out[nout], run, count * sizeof *run);
		/* A srcline perf printed stays, unless the frame was expanded.
		 */
		if (count == 1 && s->out[nout].srcline.n == 0)
			s->out[nout].srcline = f->srcline;
		nout += count;
	}
	*out = s->out;
	return nout;
}

static size_t
rewrite_frames(void *ctx, struct frame_table *table,
               const struct perf_frame *frames, size_t n,
               struct perf_frame **out)
{
	return symbolizer_rewrite(ctx, table, frames, n, out);
}

struct symbolizer *
symbolizer_attach(struct sample_stream *st, const struct symbol_options *opt)
{
	if (!symbol_options_any(opt))
		return NULL;
	struct symbolizer *s = symbolizer_new(opt);
	st->rewrite = rewrite_frames;
	st->rewrite_ctx = s;
	return s;
}
