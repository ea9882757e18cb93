/* sort.c - an insertion sort over a pseudo-random array. */
#include <stdlib.h>

#include "symwork.h"

static inline void
insert_one(uint64_t *a, long i)
{
	uint64_t v = a[i];
	long j = i;

	while (j > 0 && a[j - 1] > v) {
		a[j] = a[j - 1];
		j--;
	}
	a[j] = v;
}

/* Not inlined: a real frame between sort_work and the helpers. */
__attribute__((noinline)) static void
insertion_sort(uint64_t *a, long n)
{
	for (long i = 1; i < n; i++)
		insert_one(a, i);
}

uint64_t
sort_work(uint64_t seed, long n)
{
	uint64_t *a = malloc((size_t)n * sizeof *a);
	uint64_t h = seed, sum = 0;

	if (a == NULL)
		return 0;
	for (long i = 0; i < n; i++)
		a[i] = h = mix_step(h, (uint64_t)i);
	insertion_sort(a, n);
	for (long i = 0; i < n; i += n / 8 + 1)
		sum += a[i];
	free(a);
	return sum;
}
