/*
 * inline_chain.h - calls inlined into a frame, written in its name.
 *
 * perf-map-agent (unfoldall) names a JIT-compiled Java method with the
 * methods the JIT inlined into it, outer first:
 * "Lcom/A;::f->Lcom/B;::g->Lcom/C;::h".  FlameGraph's stackcollapse-perf.pl
 * and inferno split such a name into frames and mark the inner ones
 * inlined; so does every reader here (sample_stream): the outer piece
 * becomes the frame itself, each inner one an inlined frame at its address
 * and DSO, innermost first as perf lists its (inlined) frames.  That these
 * inlined frames keep the DSO (perf's and DWARF's are "(inlined)") is how
 * a view tells them apart: inline_named.
 *
 * A "->" separates only outside brackets ("<a->b>" stays), not after
 * "operator" ("std::unique_ptr<T>::operator->" is one frame) and not with
 * a blank before or after it ("fn() -> i32").  A frame's split is computed
 * once per frame id.
 */
#ifndef PERFVIEWS_INLINE_CHAIN_H
#define PERFVIEWS_INLINE_CHAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "base/id_map.h"
#include "base/span.h"
#include "input/frame_table.h"
#include "input/perf_frame.h"

struct inline_chains {
	struct id_map start_of; /* frame id -> index into ids; 0: no chain */
	uint32_t *ids;          /* at each start: count, then the frame ids,
	                           innermost first, the outer one last */
	size_t nids, ids_cap;
	struct perf_frame *out; /* a sample's frames, chains split */
	size_t out_cap;
};

void inline_chains_init(struct inline_chains *c);
void inline_chains_free(struct inline_chains *c);

/*
 * The pieces of a symbol, outer first, into pieces (at most max); returns
 * their number, 1 when the symbol holds no chain.
 */
size_t inline_chain_pieces(struct span symbol, struct span *pieces, size_t max);

/*
 * The n frames of a sample with every chain split, frame ids from t:
 * frames itself when no frame holds one, else a buffer of c's, valid until
 * the next call.  Returns the number of frames in *out.
 */
size_t inline_chains_split(struct inline_chains *c, struct frame_table *t,
                           struct perf_frame *frames, size_t n,
                           struct perf_frame **out);

/* An inlined frame split from its caller's name, not perf's or DWARF's. */
static inline bool
inline_named(const struct perf_frame *f)
{
	return f->inlined && !span_eq_cstr(f->dso, "inlined");
}

#endif
