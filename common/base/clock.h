/*
 * clock.h - the time, in seconds, for timing steps and showing progress.
 *
 * clock_seconds is monotonic: for durations, unaffected by the wall clock
 * being set.  clock_wall_seconds is the time of day (since the epoch), for
 * what a user reads.
 */
#ifndef PERFVIEWS_CLOCK_H
#define PERFVIEWS_CLOCK_H

double clock_seconds(void);
double clock_wall_seconds(void);

#endif
