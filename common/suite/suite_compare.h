/*
 * suite_compare.h - two suites compared, benchmark by benchmark (`make
 * compare-suites A=S1 B=S2`, `perfviews compare-suites`): which
 * benchmarks got faster or slower from suite A to suite B, and in each,
 * which categories of CPython's code took more or less of the time, with
 * noise told apart.
 *
 * The suites are their definitions (suite_file.h); benchmarks are matched
 * by name.  For each benchmark recorded in both:
 *   - its timing (speed.h): pyperf's mean wall time per loop of each side,
 *     the ratio B / A and whether it is beyond pyperf's noise (Welch's
 *     t-test over its workers' means, p <= 5%); the profile's CPU time per
 *     loop, its ratio and test over runs; whether the two disagree;
 *   - with a null suite, the same of A against it: the noise floor;
 *   - its categories: both raw files compared as `flatdiff --by category`
 *     compares them (views/compare, the rules bycategory uses; self: a
 *     sample counts for its leaf's category), in ms per loop where both
 *     meta.json give the loops, else as the comparison's unit resolves;
 *     each tested over the runs, and Benjamini–Hochberg over every tested
 *     row of the whole suite (not per benchmark), at the false discovery
 *     rate alpha;
 *   - its functions whose self time changed most (views/compare by
 *     function, significant by the test of its own comparison);
 *   - unless pages is off, the benchmark's `make compare` files
 *     (comparison_files.h), linked from the page.
 * The files, in out, named A-vs-B-* after the suites' names:
 *   README.md       the page: the speed over the suite (the geometric means
 *                   of the wall-time and CPU-time ratios; the noise floor
 *                   when given), a row per benchmark (its functions and its
 *                   eval loop's families that changed most), the categories
 * over the suite, benchmarks of one side only or not recorded, what makes the
 * comparison unfair (comparison_readme's, of the first pair) and both suites
 * side by side; timing.csv benchmark,a_seconds,b_seconds,ratio,significant,
 *                   a_cpu_seconds,b_cpu_seconds,cpu_ratio,cpu_significant,
 *                   disagree;
 *   categories.csv  benchmark,category,unit,a,b,change,a_share,b_share,
 *                   share_change,p,q,significant;
 *   categories.svg  per benchmark, the categories that changed most as
 *                   diverging bars (flame/category_chart.h);
 *   comparison.json all of it for scripts.
 * Given a null suite (A's build recorded again), A is compared with it the
 * same way, without pages, and the page gives that floor beside the
 * result: its ratios and how many benchmarks and rows it flags, overall
 * and per benchmark.
 * Each is written beside and renamed, so none is ever half written.
 * (What is compared: suite_pairs.h; the page: suite_compare_readme.h; the
 * other files' writers: suite_compare_data.h; the names of all:
 * suites_compared_kinds, suite_file.h.)
 */
#ifndef PERFVIEWS_SUITE_COMPARE_H
#define PERFVIEWS_SUITE_COMPARE_H

#include <stdbool.h>

struct suite_compare_options {
	const char *out;   /* where the suites' definitions and files are */
	const char *rules; /* the category rules, NULL: bycategory's */
	double alpha;      /* false discovery rate of the categories */
	bool force;        /* compare other events or weighting anyway */
	bool no_pages;     /* no per-benchmark make compare files */
	const char *null;  /* A recorded again (a suite), or NULL: the
	                      noise floor, A against it, beside the result */
};

/* Compare suite b against suite a (names or paths: suite_file.h). */
void suite_compare(const char *a, const char *b,
                   const struct suite_compare_options *o);

#endif
