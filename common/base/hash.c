/*
 * hash.c - see hash.h.
 */
#include <string.h>

#include "base/hash.h"

static const uint64_t K1 = 0xa0761d6478bd642fULL;
static const uint64_t K2 = 0xe7037ed1a0b428dbULL;

static inline uint64_t
load64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint64_t
fold(uint64_t a, uint64_t b)
{
	__uint128_t r = (__uint128_t)a * b;
	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

uint64_t
hash_bytes(const void *data, size_t n, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = seed ^ K1 ^ n;

	/* One multiply per 16 bytes: the two words are multiplied together. */
	while (n >= 16) {
		h = fold(load64(p) ^ K1 ^ h, load64(p + 8) ^ K2);
		p += 16;
		n -= 16;
	}
	if (n >= 8) {
		h = fold(h ^ load64(p), K2);
		p += 8;
		n -= 8;
	}
	if (n > 0) {
		uint64_t tail = 0;
		memcpy(&tail, p, n);
		h = fold(h ^ tail, K1);
	}
	return fold(h, K2 ^ 0x8ebc6af09c88c6e3ULL);
}
