/*
 * frame_table.h - interning of frames: (symbol, DSO, inlined) triples.
 *
 * A frame id names one function in one DSO, whatever the address or offset
 * perf printed.  Ids are dense (0, 1, 2, ...) in order of first sight, so
 * views keep per-frame data (display name, counts) in arrays indexed by
 * frame id.  Spans returned point into the table and stay valid until
 * frame_table_free.  A lookup hashes the two spans where they lie: nothing
 * is copied unless the frame is new.
 */
#ifndef PERFVIEWS_FRAME_TABLE_H
#define PERFVIEWS_FRAME_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "id_index.h"
#include "span.h"

struct frame_info {
	struct span symbol;
	struct span dso;
	bool inlined;
};

struct frame_entry {
	const char *text; /* symbol then DSO, NUL-terminated each */
	uint32_t symlen;
	uint32_t dsolen;
	bool inlined;
};

struct frame_table {
	struct arena arena;
	struct frame_entry *frames; /* by frame id */
	uint32_t count;             /* == index.count */
	uint32_t cap;
	struct id_index index;
};

void frame_table_init(struct frame_table *t);
void frame_table_free(struct frame_table *t);
uint32_t frame_table_intern(struct frame_table *t, struct span symbol,
                            struct span dso, bool inlined);
struct frame_info frame_table_get(const struct frame_table *t, uint32_t id);

static inline uint32_t
frame_table_count(const struct frame_table *t)
{
	return t->count;
}

#endif
