/*
 * comparison_summary.h - the first lines of the README of two data sets
 * compared (comparison_readme.h), "in short": how fast each ran and what
 * changed most.
 *
 * Markdown bullets: the speed of both benchmarks (pyperf's wall time per
 * loop, the profile's CPU time per loop: speed.h), each ratio and whether
 * it is beyond noise, naming the test; then a table of the items (the
 * functions, or the eval loop's instruction families) whose self value
 * changed most, significant ones in bold, new and gone ones said.  Every
 * number is the comparison's (compare.h): nothing is recomputed here.
 */
#ifndef PERFVIEWS_COMPARISON_SUMMARY_H
#define PERFVIEWS_COMPARISON_SUMMARY_H

#include <stdint.h>
#include <stdio.h>

#include "compare/compare.h"
#include "dataset/speed.h"

/* Whose changes a table lists. */
enum comparison_items {
	COMPARISON_FUNCTIONS, /* the functions (symbol and DSO) */
	COMPARISON_FAMILIES,  /* the eval loop's instruction families */
};

/* Wall time, then CPU time when sp has it: a bullet each. */
void comparison_summary_speed(FILE *out, const struct compare_speed *sp);

/*
 * The at most limit items of c whose self value changed most, significant
 * ones in bold; "no ... changed" when none did.
 */
void comparison_summary_changes(FILE *out, struct compare *c,
                                enum comparison_items items, uint32_t limit);

#endif
