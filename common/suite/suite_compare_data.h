/*
 * suite_compare_data.h - the files of two suites compared beside its
 * README (suite_compare.h), from suite_pairs.h: the writer of each kind,
 * named and described by the table of a comparison of suites' files
 * (suites_compared_kinds, suite_file.h):
 *   timing          a row per pair: benchmark,a_seconds,b_seconds,ratio,
 *                   significant,a_cpu_seconds,b_cpu_seconds,cpu_ratio,
 *                   cpu_significant,disagree (empty where unknown);
 *   categories      a row per pair and category: benchmark,category,
 *                   unit,a,b,change,a_share,b_share,share_change,p,q,
 *                   significant;
 *   categories-svg  per benchmark, the categories that changed most as
 *                   diverging bars (flame/category_chart.h);
 *   json            all of it for scripts: what the README and the csv
 *                   files say.
 */
#ifndef PERFVIEWS_SUITE_COMPARE_DATA_H
#define PERFVIEWS_SUITE_COMPARE_DATA_H

#include <stdio.h>

#include "suite/suite_pairs.h"

struct suites_compared_writer {
	const char *kind; /* of suites_compared_kinds: "timing" */
	void (*write)(FILE *out, const struct suite_pairs *ss);
};

/* In the order compare-suites writes them, before the README. */
extern const struct suites_compared_writer suites_compared_writers[];
extern const size_t suites_compared_writer_count;

#endif
