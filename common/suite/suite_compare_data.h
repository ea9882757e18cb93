/*
 * suite_compare_data.h - the files of two suites compared beside its
 * README (suite_compare.h), from suite_pairs.h: their names and writers,
 * the one table of them (publish copies what it names).
 *
 * Each is named after the comparison, OUT/S1-vs-S2<suffix>:
 *   -timing.csv       a row per pair: benchmark,a_seconds,b_seconds,ratio,
 *                     significant,a_cpu_seconds,b_cpu_seconds,cpu_ratio,
 *                     cpu_significant,disagree (empty where unknown);
 *   -categories.csv   a row per pair and category: benchmark,category,
 *                     unit,a,b,change,a_share,b_share,share_change,p,q,
 *                     significant;
 *   -categories.svg   per benchmark, the categories that changed most as
 *                     diverging bars (flame/category_chart.h);
 *   -comparison.json  all of it for scripts: what the README and the csv
 *                     files say.
 */
#ifndef PERFVIEWS_SUITE_COMPARE_DATA_H
#define PERFVIEWS_SUITE_COMPARE_DATA_H

#include <stdio.h>

#include "suite/suite_pairs.h"

enum suite_compare_file {
	SUITES_TIMING_CSV,
	SUITES_CATEGORIES_CSV,
	SUITES_CATEGORIES_SVG,
	SUITES_JSON,
	SUITES_NFILES
};

struct suite_compare_file_kind {
	const char *suffix; /* "-timing.csv" */
	void (*write)(FILE *out, const struct suite_pairs *ss);
};

/* In the order compare-suites writes them, before the README. */
extern const struct suite_compare_file_kind suite_compare_files[SUITES_NFILES];

#endif
