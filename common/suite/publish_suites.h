/*
 * publish_suites.h - the suites, and comparisons of two suites, a publish
 * (publish.h) takes from OUT.
 *
 * A suite is a README whose first line is "# Suite NAME" under NAME's own
 * README name; it is taken when every data set its definition
 * (suite_file.h) names is published in the destination as that very
 * recording (its raw file's hash), and every README it links is published:
 * with its README, categories, loops file when OUT has them, and its
 * definition, relocated beside its data sets (publish_stage_definition).
 * A comparison of two suites (compare-suites: its README begins "# Suites
 * compared: ") is taken when every README it links (both suites, each
 * benchmark's comparison) is published, with the files of
 * suites_compared_kinds (suite_file.h).  Another is skipped, saying for want of
 * what.  Each taken is listed in the manifest.
 */
#ifndef PERFVIEWS_PUBLISH_SUITES_H
#define PERFVIEWS_PUBLISH_SUITES_H

#include "suite/publish_plan.h"

/* After the data sets and comparisons: what a suite links must be. */
void publish_suites(struct publishing *p);

/* After the suites. */
void publish_suite_comparisons(struct publishing *p);

/* A suite's definition as published, in it->staged: its data sets beside
 * it (every directory "."), its paths shortened as the rest's. */
void publish_stage_definition(struct publishing *p, struct publish_item *it);

#endif
