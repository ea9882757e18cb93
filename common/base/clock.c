/*
 * clock.c - see clock.h.
 */
#include <time.h>

#include "base/clock.h"

static double
seconds_of(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double
clock_seconds(void)
{
	return seconds_of(CLOCK_MONOTONIC);
}

double
clock_wall_seconds(void)
{
	return seconds_of(CLOCK_REALTIME);
}
