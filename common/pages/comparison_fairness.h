/*
 * comparison_fairness.h - what two data sets compared differ in besides
 * what is compared: the sections "What is compared" and "What makes this
 * comparison unfair" of a comparison's README (comparison_readme.h), and of a
 * comparison of suites for a pair of its data sets.
 *
 * Written from the two meta.json alone.  The Python builds are what a
 * comparison of builds compares, not an unfairness: they are said first.
 * Then each group of fields that differ between A and B (workload, set
 * aside the Python's path; host, event, sampling, call graphs, runs, tags
 * but the build's, unit), with both values and why it matters; a side of
 * one run, samples perf lost, a busy machine (trust.h); the fields unknown
 * on a side, so not checked (a side without meta.json: every field); then
 * what is alike.  A field null on a side is unknown: never counted as alike
 * or different.
 */
#ifndef PERFVIEWS_COMPARISON_FAIRNESS_H
#define PERFVIEWS_COMPARISON_FAIRNESS_H

#include <stdbool.h>
#include <stdio.h>

#include "dataset/metadata.h"

/*
 * Both sections, of A and B's metadata (meta[0], meta[1]); has_meta[s]
 * false: side s had no meta.json, its metadata all null.
 */
void comparison_fairness_write(FILE *out, const struct metadata *const meta[2],
                               const bool has_meta[2]);

#endif
