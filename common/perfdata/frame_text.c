/*
 * frame_text.c - see frame_text.h.
 *
 * Each DSO has two maps (plain, expanded) from an address to an entry:
 * its text (an offset into one pool) and, once asked for, its frames
 * (an offset into another).  The key is the address perf prints, which
 * with the DSO determines all the rest.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "perfdata/dso_files.h"
#include "perfdata/frame_text.h"
#include "perfdata/u64_map.h"
#include "symbols/dso_symbols.h"

#define NO_FRAMES UINT32_MAX

struct entry {
	size_t text, text_len;
	uint32_t frames, nframes;
};

struct dso_entries {
	bool tried;
	struct dso *syms;          /* NULL: no symbols */
	struct u64_map by_addr[2]; /* [expand] */
};

struct frame_text {
	const struct perf_file *file;
	const struct machine *machine;
	struct inline_text *inlines;
	struct dso_table *dsos;
	struct dso_entries *per_dso;
	size_t per_dso_cap;
	struct entry *entries;
	size_t nentries, entries_cap;
	char *pool;
	size_t pool_len, pool_cap;
	struct perf_frame *frames;
	size_t nframes, frames_cap;
	struct frame_table *table; /* the frames' ids are in it */
	char single[128 + 4096];   /* a single frame's text */
};

static uint64_t
kernel_end(void *ctx)
{
	struct frame_text *ft = ctx;
	return dso_table_kernel_end(ft->dsos);
}

struct frame_text *
frame_text_new(const struct perf_file *f, struct machine *m,
               struct inline_text *it)
{
	struct frame_text *ft = xcalloc(1, sizeof *ft);
	ft->file = f;
	ft->machine = m;
	ft->inlines = it;
	ft->dsos = inline_text_dsos(it);
	m->kernel_end = kernel_end;
	m->kernel_end_ctx = ft;
	return ft;
}

void
frame_text_free(struct frame_text *ft)
{
	if (ft == NULL)
		return;
	for (size_t i = 0; i < ft->per_dso_cap; i++) {
		u64_map_free(&ft->per_dso[i].by_addr[0]);
		u64_map_free(&ft->per_dso[i].by_addr[1]);
	}
	free(ft->per_dso);
	free(ft->entries);
	free(ft->pool);
	free(ft->frames);
	free(ft);
}

static struct dso_entries *
dso_entries(struct frame_text *ft, const struct map_dso *d)
{
	if (d->index >= ft->per_dso_cap) {
		size_t old = ft->per_dso_cap;
		ft->per_dso =
		    array_reserve(ft->per_dso, &ft->per_dso_cap,
		                  (size_t)d->index + 1, sizeof *ft->per_dso);
		memset(ft->per_dso + old, 0,
		       (ft->per_dso_cap - old) * sizeof *ft->per_dso);
	}
	struct dso_entries *e = &ft->per_dso[d->index];
	if (!e->tried) {
		e->tried = true;
		if (d->kind == DSO_FILE) {
			/* named as perf prints it, read where perf reads it */
			char *path = dso_symbol_path(ft->file, d);
			e->syms = dso_table_get_from(ft->dsos,
			                             span_cstr(d->name), path);
			free(path);
			return e;
		}
		char *path = d->kind == DSO_KERNEL || d->kind == DSO_PERF_MAP
		                 ? xstrdup(d->name)
		                 : dso_file_path(ft->file, d);
#ifdef PERFVIEWS_FUZZING
		free(path); /* no symbols of this machine when fuzzing */
		path = NULL;
#endif
		/* A process gone without its perf map: [unknown], silently,
		 * as perf. */
		if (path != NULL && d->kind == DSO_PERF_MAP &&
		    access(path, R_OK) != 0) {
			free(path);
			path = NULL;
		}
		if (path != NULL)
			e->syms = dso_table_get(ft->dsos, span_cstr(path));
		free(path);
	}
	return e;
}

static void
pool_add(struct frame_text *ft, const char *p, size_t n)
{
	ft->pool = array_reserve(ft->pool, &ft->pool_cap, ft->pool_len + n, 1);
	memcpy(ft->pool + ft->pool_len, p, n);
	ft->pool_len += n;
}

/* "\t%16lx SYM+0xOFF (DSO)" of frame f of DSO d, into the pool. */
static void
format_line(struct frame_text *ft, const struct chain_frame *f,
            const struct map_dso *d, struct dso_entries *e)
{
	char head[64];
	uint64_t printed = f->map != NULL && d->kind != DSO_KERNEL
	                       ? map_ip(f->map, f->ip)
	                       : f->ip;
	int n = snprintf(head, sizeof head, "\t%16" PRIx64 " ", printed);
	pool_add(ft, head, (size_t)n);

	const char *name = NULL;
	uint64_t offset = 0;
	if (e != NULL && e->syms != NULL) {
		uint64_t addr = map_ip(f->map, f->ip);
		name = dso_function_printed(ft->dsos, e->syms, addr, &offset,
		                            false);
	}
	if (name != NULL) {
		pool_add(ft, name, strlen(name));
		n = snprintf(head, sizeof head, "+0x%" PRIx64, offset);
		pool_add(ft, head, (size_t)n);
	} else {
		pool_add(ft, "[unknown]", 9);
	}
	pool_add(ft, " (", 2);
	pool_add(ft, d->name, d->name_len);
	pool_add(ft, ")", 1);
}

static uint32_t
make_entry(struct frame_text *ft, const struct chain_frame *f,
           const struct map_dso *d, struct dso_entries *e)
{
	ft->entries = array_reserve(ft->entries, &ft->entries_cap,
	                            ft->nentries + 1, sizeof *ft->entries);
	struct entry *en = &ft->entries[ft->nentries];
	size_t start = ft->pool_len;
	format_line(ft, f, d, e);
	en->frames = NO_FRAMES;
	en->nframes = 0;
	if (f->expand) {
		struct span lines = inline_text_frame(
		    ft->inlines,
		    span_make(ft->pool + start, ft->pool_len - start));
		if (lines.p != NULL) {
			ft->pool_len = start;
			pool_add(ft, lines.p, lines.n);
			en->text = start;
			en->text_len = lines.n;
			return (uint32_t)ft->nentries++;
		}
	}
	pool_add(ft, "\n", 1);
	en->text = start;
	en->text_len = ft->pool_len - start;
	return (uint32_t)ft->nentries++;
}

static struct entry *
entry_of(struct frame_text *ft, const struct chain_frame *f)
{
	const struct map_dso *d =
	    f->map != NULL ? f->map->dso : ft->machine->unknown;
	struct dso_entries *e = dso_entries(ft, d);
	uint64_t key = f->map != NULL ? map_ip(f->map, f->ip) : f->ip;
	struct u64_map *by = &e->by_addr[f->expand];
	uint32_t i = u64_map_get(by, key);
	if (i == U64_MAP_NONE) {
		i = make_entry(ft, f, d, f->map != NULL ? e : NULL);
		u64_map_put(by, key, i);
	}
	return &ft->entries[i];
}

struct span
frame_text_chain(struct frame_text *ft, const struct chain_frame *f)
{
	const struct entry *en = entry_of(ft, f);
	return span_make(ft->pool + en->text, en->text_len);
}

struct span
frame_text_single(struct frame_text *ft, const struct chain_frame *f)
{
	struct chain_frame plain = *f;
	plain.expand = false;
	const struct entry *en = entry_of(ft, &plain);
	/* "\t" + 16 columns of address + " ": the rest is the same. */
	const char *rest = ft->pool + en->text + 18;
	size_t len = en->text_len - 18 - 1; /* without '\n' */
	if (len > sizeof ft->single - 32)
		len = sizeof ft->single - 32;
	int n =
	    snprintf(ft->single, sizeof ft->single, "%16" PRIx64 " ", f->ip);
	memcpy(ft->single + n, rest, len);
	return span_make(ft->single, (size_t)n + len);
}

/* Parse an entry's lines into frames with ids of table. */
static void
make_frames(struct frame_text *ft, struct entry *en)
{
	const char *p = ft->pool + en->text, *end = p + en->text_len;
	en->frames = (uint32_t)ft->nframes;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		struct perf_frame fr;
		if (nl == NULL)
			nl = end;
		if (perf_frame_parse(span_make(p, (size_t)(nl - p)), &fr)) {
			fr.srcline = span_make(NULL, 0);
			fr.id = frame_table_intern(ft->table, fr.symbol, fr.dso,
			                           fr.inlined);
			struct frame_info info =
			    frame_table_get(ft->table, fr.id);
			fr.symbol = info.symbol; /* stable, unlike the pool */
			fr.dso = info.dso;
			ft->frames =
			    array_reserve(ft->frames, &ft->frames_cap,
			                  ft->nframes + 1, sizeof *ft->frames);
			ft->frames[ft->nframes++] = fr;
		}
		p = nl + 1;
	}
	en->nframes = (uint32_t)(ft->nframes - en->frames);
}

const struct perf_frame *
frame_text_frames(struct frame_text *ft, const struct chain_frame *f,
                  struct frame_table *table, size_t *n)
{
	if (ft->table != table) { /* frames of another table: afresh */
		ft->table = table;
		ft->nframes = 0;
		for (size_t i = 0; i < ft->nentries; i++)
			ft->entries[i].frames = NO_FRAMES;
	}
	struct entry *en = entry_of(ft, f);
	if (en->frames == NO_FRAMES)
		make_frames(ft, en);
	*n = en->nframes;
	return ft->frames + en->frames;
}
