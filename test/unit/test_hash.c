/*
 * test_hash.c - the hash of the interning tables (base/hash.h).
 */
#include "base/hash.h"
#include "unit.h"

START_TEST(every_byte_and_the_length_count)
{
	char buf[40];

	memset(buf, 'a', sizeof buf);
	for (size_t n = 0; n <= sizeof buf; n++) {
		uint64_t h = hash_bytes(buf, n, 1);
		/* Deterministic. */
		ck_assert_uint_eq(hash_bytes(buf, n, 1), h);
		/* The length counts, even over equal bytes. */
		if (n > 0)
			ck_assert_uint_ne(hash_bytes(buf, n - 1, 1), h);
		/* So does the seed. */
		ck_assert_uint_ne(hash_bytes(buf, n, 2), h);
		/* And each byte, in every position and tail length. */
		for (size_t i = 0; i < n; i++) {
			buf[i] = 'b';
			ck_assert_uint_ne(hash_bytes(buf, n, 1), h);
			buf[i] = 'a';
		}
	}
}
END_TEST

START_TEST(low_bits_spread)
{
	/* Tables index by the low bits: short keys must not pile up. */
	unsigned used[64] = {0};
	unsigned distinct = 0;

	for (uint32_t i = 0; i < 6400; i++) {
		uint64_t h = hash_bytes(&i, sizeof i, 0x5eed);
		used[h & 63]++;
	}
	for (int b = 0; b < 64; b++) {
		ck_assert_uint_gt(used[b], 50);
		ck_assert_uint_lt(used[b], 150);
		distinct += used[b] > 0;
	}
	ck_assert_uint_eq(distinct, 64);
	ck_assert_uint_ne(hash_mix(1, 2), hash_mix(2, 1));
	ck_assert_uint_ne(hash_mix(0, 0), hash_mix(0, 1));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {every_byte_and_the_length_count,
	                        low_bits_spread, NULL};
	return unit_main("hash", tests);
}
