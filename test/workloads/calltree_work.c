/*
 * calltree_work.c - a workload whose call structure is known, for
 * t-views-vs-perf.sh.  Built with -O0 -fno-omit-frame-pointer so every
 * function below, leaves included, keeps its own frame and perf -g can walk
 * the whole stack (at -O1 gcc drops the frame of leaf functions).
 *
 *   main -> run_phases -> phase_big   -> spin   (about 3/6 of the time)
 *                      -> phase_small -> spin   (about 1/6)
 *                      -> recurse(4)  -> recurse ... -> spin (about 2/6)
 *
 * recurse calls itself, so its inclusive share must be counted once per
 * sample, as perf report --children does.
 */
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void
spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * i;
}

__attribute__((noinline)) static void
phase_big(unsigned long n)
{
	spin(n * 3);
}

__attribute__((noinline)) static void
phase_small(unsigned long n)
{
	spin(n);
}

__attribute__((noinline)) static void
recurse(int depth, unsigned long n)
{
	if (depth == 0) {
		spin(n);
		return;
	}
	for (unsigned long i = 0; i < n / 4; i++)
		sink += i;
	recurse(depth - 1, n);
}

__attribute__((noinline)) static void
run_phases(unsigned long n)
{
	phase_big(n);
	phase_small(n);
	recurse(4, n);
}

int
main(int argc, char *argv[])
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000000;

	run_phases(n);
	return 0;
}
