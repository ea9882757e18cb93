/*
 * readme_index.h - the index of a directory of published data sets
 * (`make publish`): its README, meant to be read on its own, where no man
 * page is at hand.
 *
 * It says what an ID means, links each data set's README and files found
 * in the directory (grouped by the Python build that recorded them when
 * there are several), each comparison to both its data sets, each suite
 * and each comparison of two suites to both suites; how to open the files
 * (the flame graph where a page shows SVGs as images, speedscope, Firefox
 * Profiler); which paths were shortened, and what every kind of file is
 * (file_kinds.h).  Every file name comes from the table of file kinds; a
 * file that is not there is not linked.
 */
#ifndef PERFVIEWS_README_INDEX_H
#define PERFVIEWS_README_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What a directory of published data sets holds, for its index. */
struct readme_index {
	char *const *metas;    /* the data sets' meta.json files, in the dir */
	const bool *shortened; /* per data set: paths shortened; or NULL */
	size_t n;
	char *const *comparisons; /* "A-vs-B": their README and others */
	size_t ncomparisons;
	char *const *suites; /* NAME: NAME-README.md and others */
	size_t nsuites;
	char *const *suite_comparisons; /* "S1-vs-S2", two of suites */
	size_t nsuite_comparisons;
};

/*
 * The README of a directory of data sets: a row per data set linking its
 * files found in dir, a row per comparison linking both data sets, a row
 * per suite, a row per comparison of two suites linking both; how to open the
 * files; the placeholders of shortened paths when there are any.
 */
void readme_index(FILE *out, const char *dir, const struct readme_index *ix);

#endif
