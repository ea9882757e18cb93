/*
 * numbers.h - the small arithmetic every writer of a table does.
 *
 * A share in percent (of nothing is 0, never NaN), and how many decimal
 * digits a count takes, for lining up columns.
 */
#ifndef PERFVIEWS_NUMBERS_H
#define PERFVIEWS_NUMBERS_H

#include <stdint.h>

/* part in percent of whole; 0 when whole is 0. */
static inline double
percent_of(uint64_t part, uint64_t whole)
{
	return whole == 0 ? 0.0 : 100.0 * (double)part / (double)whole;
}

/* Decimal digits of v: 1 for 0 to 9, 20 at most. */
static inline int
decimal_digits(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

#endif
