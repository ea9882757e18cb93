/*
 * id_map.c - see id_map.h.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "id_map.h"

void
id_map_set(struct id_map *m, uint32_t id, uint32_t value)
{
	if (id >= m->cap) {
		uint32_t cap = m->cap ? m->cap : 1024;
		while (cap <= id)
			cap *= 2;
		m->to = xreallocarray(m->to, cap, sizeof *m->to);
		memset(m->to + m->cap, 0xff, (cap - m->cap) * sizeof *m->to);
		m->cap = cap;
	}
	m->to[id] = value;
}

void
id_map_free(struct id_map *m)
{
	free(m->to);
	m->to = NULL;
	m->cap = 0;
}
