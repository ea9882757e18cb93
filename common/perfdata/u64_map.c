/*
 * u64_map.c - see u64_map.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/xalloc.h"
#include "perfdata/u64_map.h"

enum { FIRST_SLOTS = 64 };

void
u64_map_free(struct u64_map *m)
{
	free(m->keys);
	free(m->values);
	memset(m, 0, sizeof *m);
}

static size_t
slot_of(uint64_t key, size_t mask)
{
	return (size_t)hash_mix(0, key) & mask;
}

uint32_t
u64_map_get(const struct u64_map *m, uint64_t key)
{
	if (m->count == 0)
		return U64_MAP_NONE;
	for (size_t i = slot_of(key, m->mask);; i = (i + 1) & m->mask) {
		if (m->values[i] == U64_MAP_NONE)
			return U64_MAP_NONE;
		if (m->keys[i] == key)
			return m->values[i];
	}
}

/* Put into a table known to have room and not to hold key. */
static void
put_new(uint64_t *keys, uint32_t *values, size_t mask, uint64_t key,
        uint32_t value)
{
	size_t i = slot_of(key, mask);
	while (values[i] != U64_MAP_NONE)
		i = (i + 1) & mask;
	keys[i] = key;
	values[i] = value;
}

static void
grow(struct u64_map *m)
{
	size_t slots = m->mask == 0 ? FIRST_SLOTS : (m->mask + 1) * 2;
	uint64_t *keys = xreallocarray(NULL, slots, sizeof *keys);
	uint32_t *values = xreallocarray(NULL, slots, sizeof *values);

	memset(values, 0xff, slots * sizeof *values);
	if (m->count > 0)
		for (size_t i = 0; i <= m->mask; i++)
			if (m->values[i] != U64_MAP_NONE)
				put_new(keys, values, slots - 1, m->keys[i],
				        m->values[i]);
	free(m->keys);
	free(m->values);
	m->keys = keys;
	m->values = values;
	m->mask = slots - 1;
}

void
u64_map_put(struct u64_map *m, uint64_t key, uint32_t value)
{
	if (m->mask == 0 || (m->count + 1) * 2 > m->mask + 1)
		grow(m);
	for (size_t i = slot_of(key, m->mask);; i = (i + 1) & m->mask) {
		if (m->values[i] == U64_MAP_NONE) {
			m->keys[i] = key;
			m->values[i] = value;
			m->count++;
			return;
		}
		if (m->keys[i] == key) {
			m->values[i] = value;
			return;
		}
	}
}
