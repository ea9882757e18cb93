/*
 * inline_chain.c - see inline_chain.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/inline_chain.h"

/* The deepest chain split; the rest stays in the innermost piece. */
enum { MAX_PIECES = 64 };

void
inline_chains_init(struct inline_chains *c)
{
	memset(c, 0, sizeof *c);
}

void
inline_chains_free(struct inline_chains *c)
{
	id_map_free(&c->start_of);
	free(c->ids);
	free(c->out);
	memset(c, 0, sizeof *c);
}

/* "->" at s[i] that follows the word "operator". */
static bool
after_operator(struct span s, size_t i)
{
	return i >= 8 && memcmp(s.p + i - 8, "operator", 8) == 0;
}

size_t
inline_chain_pieces(struct span s, struct span *pieces, size_t max)
{
	size_t n = 0, start = 0;
	int depth = 0;

	for (size_t i = 0; i + 1 < s.n && n + 1 < max; i++) {
		char c = s.p[i];
		if (strchr("<([{", c) != NULL && c != '\0')
			depth++;
		else if (strchr(">)]}", c) != NULL && c != '\0' && depth > 0)
			depth--;
		if (c != '-' || s.p[i + 1] != '>' || depth > 0 || i == start ||
		    i + 2 == s.n || is_blank_char(s.p[i - 1]) ||
		    is_blank_char(s.p[i + 2]) || after_operator(s, i))
			continue;
		pieces[n++] = span_make(s.p + start, i - start);
		start = i + 2;
		i++;
	}
	pieces[n++] = span_make(s.p + start, s.n - start);
	return n;
}

/* The start of frame f's chain in c->ids, computed once; 0 when none. */
static uint32_t
chain_of(struct inline_chains *c, struct frame_table *t,
         const struct perf_frame *f)
{
	uint32_t start = id_map_get(&c->start_of, f->id);
	if (start != ID_MAP_NONE)
		return start;

	struct span pieces[MAX_PIECES];
	size_t n =
	    f->inlined ? 1 : inline_chain_pieces(f->symbol, pieces, MAX_PIECES);
	if (n == 1) {
		id_map_set(&c->start_of, f->id, 0);
		return 0;
	}
	if (c->nids == 0)
		c->nids = 1; /* 0 says "no chain" */
	c->ids =
	    array_reserve(c->ids, &c->ids_cap, c->nids + 1 + n, sizeof *c->ids);
	start = (uint32_t)c->nids;
	c->ids[c->nids++] = (uint32_t)n;
	for (size_t i = n; i-- > 0;)
		c->ids[c->nids++] =
		    frame_table_intern(t, pieces[i], f->dso, i > 0);
	id_map_set(&c->start_of, f->id, start);
	return start;
}

size_t
inline_chains_split(struct inline_chains *c, struct frame_table *t,
                    struct perf_frame *frames, size_t n,
                    struct perf_frame **out)
{
	size_t i = 0;

	while (i < n && chain_of(c, t, &frames[i]) == 0)
		i++;
	*out = frames;
	if (i == n)
		return n;

	size_t m = 0;
	for (i = 0; i < n; i++) {
		uint32_t start = chain_of(c, t, &frames[i]);
		size_t k = start == 0 ? 1 : c->ids[start];
		c->out =
		    array_reserve(c->out, &c->out_cap, m + k, sizeof *c->out);
		if (start == 0) {
			c->out[m++] = frames[i];
			continue;
		}
		for (size_t j = 0; j < k; j++) {
			struct perf_frame *p = &c->out[m++];
			uint32_t id = c->ids[start + 1 + j];
			struct frame_info info = frame_table_get(t, id);
			*p = frames[i];
			p->id = id;
			p->symbol = info.symbol;
			p->dso = info.dso;
			p->inlined = info.inlined;
			if (info.inlined) { /* the line's are the outer's */
				p->offset = 0;
				p->srcline = span_make(NULL, 0);
			}
		}
	}
	*out = c->out;
	return m;
}
