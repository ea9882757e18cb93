/*
 * frame_cache.h - frame lines already parsed, and the frames they name.
 *
 * A profile repeats the same few thousand frame lines ("addr symbol+off
 * (dso)") millions of times.  The cache keeps each distinct line with its
 * parse, so a line seen before costs one hash and one comparison; and it
 * gives every frame the id of its (symbol, DSO, inlined) in a frame_table,
 * so that views need not intern frames again.  Several readers may share
 * one cache, which is how the inputs of one run keep the same frame ids.
 *
 * The cached text is bounded by a budget; past it, lines are parsed each
 * time (same results, more work), so memory stays bounded whatever the
 * input.
 */
#ifndef PERFVIEWS_FRAME_CACHE_H
#define PERFVIEWS_FRAME_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/span.h"
#include "base/string_table.h"
#include "input/frame_table.h"
#include "input/perf_frame.h"

struct frame_cache {
	struct frame_table frames; /* (symbol, dso, inlined) -> frame id */
	struct string_table lines; /* lines from their address on */
	struct perf_frame *parses; /* by line id, spans into the lines */
	size_t parses_cap;
	size_t budget; /* bytes of line text still allowed */
};

enum { FRAME_CACHE_BUDGET = 16 << 20 };

void frame_cache_init(struct frame_cache *c, size_t budget);
void frame_cache_free(struct frame_cache *c);

/*
 * Parse a frame line (leading whitespace included) into f, with f->id set;
 * false when the line is not a frame line.
 */
bool frame_cache_parse(struct frame_cache *c, struct span line,
                       struct perf_frame *f);

#endif
