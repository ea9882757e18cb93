/*
 * id_index.h - the hash index every interning table is built on.
 *
 * Tables give each distinct key a dense id (0, 1, 2, ...) and keep their
 * keys in arrays by id; the index maps a key's 64-bit hash to candidate
 * ids, and the table compares keys itself.  Open addressing with linear
 * probing.  Invariants: nslots is a power of two, count <= nslots / 2, so a
 * probe always ends at an empty slot; hashes[id] is the hash id was added
 * with.
 *
 *	for (i = id_index_start(x, h); x->slots[i] != 0; i = id_index_next(x,
 *i)) if (x->hashes[x->slots[i] - 1] == h && same key) return x->slots[i] - 1;
 *	return id_index_add(x, i, h);
 */
#ifndef PERFVIEWS_ID_INDEX_H
#define PERFVIEWS_ID_INDEX_H

#include <stdint.h>

struct id_index {
	uint32_t *slots; /* id + 1; 0 is an empty slot */
	uint32_t nslots;
	uint64_t *hashes; /* by id */
	uint32_t count;   /* ids given */
	uint32_t cap;     /* of hashes */
};

void id_index_init(struct id_index *x);
void id_index_free(struct id_index *x);

static inline uint32_t
id_index_start(const struct id_index *x, uint64_t hash)
{
	return (uint32_t)hash & (x->nslots - 1);
}

static inline uint32_t
id_index_next(const struct id_index *x, uint32_t slot)
{
	return (slot + 1) & (x->nslots - 1);
}

/*
 * Give the next id to a key with this hash, at the empty slot where its
 * probe ended.  The caller grows its own arrays to id_index's count.
 * Fatal when the index is full (2^30 keys).
 */
uint32_t id_index_add(struct id_index *x, uint32_t slot, uint64_t hash);

#endif
