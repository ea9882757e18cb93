/*
 * suite_readme.h - a suite's README (`perfviews suite readme`, make
 * suite's OUT/SUITE-README.md): the one page that says where the suite
 * spends its time, a row per data set, each linking its README.
 *
 * The shares of a row come from its raw file's flat profile, by the
 * function that owns each sample (with an inlined function, the function
 * it was inlined into) and its shared object:
 *   interpreter  the eval loop: _PyEval_EvalFrame*, PyEval_Eval*,
 *                _PyEval_Vector, in a Python runtime object;
 *   runtime      the rest of libpython*, the python executable, extension
 *                modules (*.cpython-*), perf maps (-X perf trampolines);
 *   C library    libc, libm, libpthread, libdl, the dynamic loader;
 *   kernel       [kernel.*];
 *   other        everything else, [unknown] included.
 * Then where the suite's own time went (suite_time.h), its data sets by
 * category (from bycategory --each's text, when given), the eval loop's
 * instruction families (from the views' ID-bytecode.csv, when given) and
 * the data sets not recorded, with the log's reason when a step failed.
 * A data set is recorded when both its meta.json and raw file are in
 * DATA; every file name is file_kinds.h's.
 */
#ifndef PERFVIEWS_SUITE_README_H
#define PERFVIEWS_SUITE_README_H

#include <stddef.h>
#include <stdio.h>

struct suite_options;

/* The README of the suite name of the data sets ids (suite.h's options:
 * data, log, categories, views). */
void suite_readme(FILE *out, const struct suite_options *opt, const char *name,
                  char *const ids[], size_t n);

#endif
