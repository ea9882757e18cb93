/*
 * hash.h - a fast, non-cryptographic 64-bit hash of a byte string.
 *
 * Used by every interning table.  It reads eight bytes at a time and mixes
 * with multiplications, so hashing a typical 40-byte symbol costs a handful
 * of cycles.  Not resistant to chosen input; the tables stay correct under
 * collisions, only slower.
 */
#ifndef PERFVIEWS_HASH_H
#define PERFVIEWS_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t hash_bytes(const void *p, size_t n, uint64_t seed);

/* Combine a running hash with one more 64-bit value. */
static inline uint64_t
hash_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h *= 0xff51afd7ed558ccdULL;
	return h ^ (h >> 32);
}

#endif
