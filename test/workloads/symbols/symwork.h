/*
 * symwork.h - the symbols workload: a small program whose hot paths run
 * through static inline helpers in several translation units, so that
 * -O2 -g leaves inlined frames and DWARF line tables to check against.
 */
#ifndef SYMWORK_H
#define SYMWORK_H

#include <stdint.h>

/* Inlined into every caller at -O2: an inlined frame in each of them. */
static inline uint64_t
mix_step(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

static inline uint64_t
mix_round(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		h = mix_step(h, v + (uint64_t)i);
	return h;
}

uint64_t hash_work(uint64_t seed, long n);
uint64_t sort_work(uint64_t seed, long n);
uint64_t walk_work(uint64_t seed, long n);

#endif
