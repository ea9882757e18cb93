/*
 * id_map.c - see id_map.h.
 */
#include <stdlib.h>

#include "base/id_map.h"
#include "base/xalloc.h"

void
id_map_set(struct id_map *m, uint32_t id, uint32_t value)
{
	m->to = array_reserve(m->to, &m->cap, (size_t)id + 1, sizeof *m->to);
	m->to[id] = value + 1;
}

void
id_map_free(struct id_map *m)
{
	free(m->to);
	m->to = NULL;
	m->cap = 0;
}
