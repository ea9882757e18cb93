/*
 * publish_comparisons.h - the comparisons of two data sets (`make
 * compare`) a publish (publish.h) takes: OUT's comparisons whose name
 * splits into two valid IDs at COMPARISON_SEPARATOR and whose two data
 * sets are in the destination once this is published; each with its
 * files (file_kinds.h's table of a comparison's files, the README first)
 * planned and listed in the manifest.  One of a data set not published is
 * skipped, saying which.
 */
#ifndef PERFVIEWS_PUBLISH_COMPARISONS_H
#define PERFVIEWS_PUBLISH_COMPARISONS_H

#include "suite/publish_plan.h"

void publish_comparisons(struct publishing *p);

#endif
