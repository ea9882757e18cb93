/* hash.c - hashing, with mix_round inlined twice over. */
#include "symwork.h"

static inline uint64_t
hash_block(uint64_t h, long i)
{
	return mix_round(h, (uint64_t)i);
}

uint64_t
hash_work(uint64_t seed, long n)
{
	uint64_t h = seed;

	for (long i = 0; i < n; i++)
		h = hash_block(h, i);
	return h;
}
