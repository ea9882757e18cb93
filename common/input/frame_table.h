/*
 * frame_table.h - interning of frames: (symbol, DSO, inlined) triples.
 *
 * A frame id names one function in one DSO, whatever the address or offset
 * perf printed.  Ids are dense (0, 1, 2, ...) in order of first sight, so
 * views keep per-frame data (display name, counts) in arrays indexed by
 * frame id.  Spans returned point into the table and stay valid until
 * frame_table_free.  A string_table underneath, keyed by the triple's
 * bytes.
 */
#ifndef PERFVIEWS_FRAME_TABLE_H
#define PERFVIEWS_FRAME_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "base/string_table.h"

struct frame_info {
	struct span symbol;
	struct span dso;
	bool inlined;
};

struct frame_table {
	struct string_table keys; /* symbol length, symbol, DSO, inlined */
	char *key;                /* the key being built */
	size_t key_cap;
};

void frame_table_init(struct frame_table *t);
void frame_table_free(struct frame_table *t);
uint32_t frame_table_intern(struct frame_table *t, struct span symbol,
                            struct span dso, bool inlined);
struct frame_info frame_table_get(const struct frame_table *t, uint32_t id);

static inline uint32_t
frame_table_count(const struct frame_table *t)
{
	return t->keys.count;
}

#endif
