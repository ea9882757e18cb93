/*
 * main.c - the symbols workload: run each piece of work for about
 * SCALE/10 seconds' worth of iterations.  Usage: symwork [SCALE]
 */
#include <stdio.h>
#include <stdlib.h>

#include "symwork.h"

int
main(int argc, char *argv[])
{
	long scale = argc > 1 ? atol(argv[1]) : 10;
	uint64_t h = 1;

	for (long r = 0; r < scale; r++) {
		h ^= hash_work(h, 400000);
		h ^= sort_work(h, 3000);
		h ^= walk_work(h, 3000000);
	}
	printf("%llx\n", (unsigned long long)h);
	return 0;
}
