/*
 * id_map.h - a dense map from one kind of id to another.
 *
 * Per-frame data that filters compute once (a frame's display name, its
 * function) lives in an array indexed by frame id; the array grows as ids
 * appear.  An id never set maps to ID_MAP_NONE.
 */
#ifndef PERFVIEWS_ID_MAP_H
#define PERFVIEWS_ID_MAP_H

#include <stddef.h>
#include <stdint.h>

#define ID_MAP_NONE UINT32_MAX

struct id_map {
	uint32_t *to; /* value + 1 by id; 0 is "not set" */
	size_t cap;
};

static inline uint32_t
id_map_get(const struct id_map *m, uint32_t id)
{
	return id < m->cap ? m->to[id] - 1 : ID_MAP_NONE;
}

void id_map_set(struct id_map *m, uint32_t id, uint32_t value);
void id_map_free(struct id_map *m);

#endif
