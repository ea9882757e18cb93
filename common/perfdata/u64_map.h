/*
 * u64_map.h - a hash map from 64-bit keys to 32-bit values.
 *
 * The reader's lookups by number: an event id to its event, a thread id
 * to its thread, a (DSO, address) pair to what was worked out for it
 * once (a frame's text, an unwinding rule).  Open addressing with linear
 * probing over a power-of-two table that doubles at half full; any key
 * is allowed, a value is below U64_MAP_NONE.  Nothing is removed.
 */
#ifndef PERFVIEWS_U64_MAP_H
#define PERFVIEWS_U64_MAP_H

#include <stddef.h>
#include <stdint.h>

#define U64_MAP_NONE UINT32_MAX

struct u64_map {
	uint64_t *keys;
	uint32_t *values; /* U64_MAP_NONE: an empty slot */
	size_t mask;      /* slots - 1; slots 0 before the first put */
	size_t count;
};

/* An empty map is all zero bytes. */
void u64_map_free(struct u64_map *m);

/* The value of key, or U64_MAP_NONE. */
uint32_t u64_map_get(const struct u64_map *m, uint64_t key);

/* Set key to value (below U64_MAP_NONE), adding it if new. */
void u64_map_put(struct u64_map *m, uint64_t key, uint32_t value);

#endif
