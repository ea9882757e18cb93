/*
 * comparison_readme.h - the README of a comparison of two data sets, A and B
 * (`make compare A=ID1 B=ID2`): what was compared, what makes the
 * comparison unfair, and how to read its files.
 *
 * A comparison's files are not files of one data set (file_kinds.h):
 * OUT/A-vs-B-diff.txt (flatdiff A B), OUT/A-vs-B-diffgraph.svg (diffstacks A
 * B | flamesvg) and OUT/A-vs-B-README.md, this one.  It is written from the
 * two meta.json files alone, and flatdiff's text when given:
 *
 *   - in short: pyperf's mean time per loop of both (benchmarks), their
 *     ratio and whether it is beyond pyperf's noise (Welch's t-test on its
 *     values); the functions whose time per loop changed most (shares when
 *     time is unknown), significant ones marked; then, when both sides
 *     have samples of CPython's eval loop placed, its instruction
 *     families whose time changed most (flatdiff --by family):
 *     comparison_summary.h;
 *   - both data sets in a line each (readme_subtitle);
 *   - what is compared: the Python builds, when they differ (the
 *     difference under test, not an unfairness);
 *   - what makes the comparison unfair: each group of fields that differ
 *     between A and B (workload, set aside the Python's path, host, event,
 *     sampling, call graphs, runs, tags, unit), with both values and why it
 *     matters; a side of one run, samples perf lost; the fields unknown on a
 *     side, so not checked (a data set without meta.json: every field);
 *     then what is alike: comparison_fairness.h;
 *   - how to read the diff (quoting its header and first rows, and naming
 *     its test) and the differential flame graph, and the same comparison
 *     by DSO and by category;
 *   - both metadata side by side, fields that differ in bold.
 *
 * Unknown values are never guessed: a field null on a side is "unknown"
 * and never counted as alike or different.
 */
#ifndef PERFVIEWS_COMPARISON_README_H
#define PERFVIEWS_COMPARISON_README_H

#include <stdbool.h>
#include <stdio.h>

#include "dataset/metadata.h"
#include "compare/compare.h"

struct comparison_readme {
	const char *id[2];  /* the data sets, A and B */
	const char *raw[2]; /* their raw files' names */
	const struct metadata *meta[2];
	bool has_meta[2]; /* false: no meta.json, every field unknown */
	const char *diff; /* flatdiff's text output of A against B, or NULL */
	struct compare *cmp;  /* the functions of A and B compared, or NULL */
	const char *name;     /* the files' prefix; NULL: "IDA-vs-IDB" */
	const char *given[2]; /* A and B as make compare took them, or NULL */
	const char *raw_path[2];  /* their raw files, where ID-pyperf.json is
	                             looked for beside them; NULL: not */
	bool stacks;              /* unmatched is known: */
	double unmatched[2];      /* percent of each side on stacks the other
	                             lacks though it has their functions */
	struct compare *families; /* their eval loops by instruction family,
	                             or NULL (a side has none placed) */
};

void comparison_readme_write(FILE *out, const struct comparison_readme *r);

/*
 * Its sections "What is compared" (the builds) and "What makes this
 * comparison unfair", alone: of r's meta and has_meta only
 * (comparison_fairness_write).  A comparison of suites writes them for a
 * pair of its data sets.
 */
void comparison_readme_fairness(FILE *out, const struct comparison_readme *r);

/*
 * The README of the data sets of two raw files, DIR/ID-raw.txt[.xz], each
 * with the ID-meta.json beside it when there is one (a bad one is fatal),
 * each read once; diff as above; name the files' prefix, or NULL.  Two data
 * sets of one ID (two builds, a directory each) are named by their raw files'
 * paths.
 */
void comparison_readme_of_raws(FILE *out, char *const raws[2], const char *diff,
                               const char *name);

/*
 * The same of comparisons of the raw files already made, as
 * comparison_readme_of_raws makes them (compare_defaults_run by function,
 * compare_defaults_shared by stack over the same sides): a comparison's
 * one pass (comparison_files.h) writes its files and README from one reading.
 */
void comparison_readme_of_compared(FILE *out, char *const raws[2],
                                   const char *diff, const char *name,
                                   struct compare *functions,
                                   struct compare *stacks);

#endif
