/*
 * suite_compare_readme.h - the page of two suites compared
 * (OUT/S1-vs-S2-README.md, suite_compare.h), from suite_pairs.h: the speed
 * over the suite (the geometric means of the wall-time and CPU-time
 * ratios, with the noise floor when there is one), a row per benchmark
 * (its timing, the categories, functions and eval loop families that
 * changed most, its `make compare` files linked), the benchmarks not
 * compared and why, the categories over the suite, what makes the
 * comparison unfair (comparison_readme's, of the first pair), the files
 * beside it and both suites side by side.  Every file it links is named
 * by file_kinds.h (data sets, comparisons) or suite_file.h (suites, this
 * comparison's files).
 */
#ifndef PERFVIEWS_SUITE_COMPARE_README_H
#define PERFVIEWS_SUITE_COMPARE_README_H

#include <stdio.h>

#include "suite/suite_pairs.h"

void suite_compare_readme(FILE *out, const struct suite_pairs *ss);

#endif
