/*
 * publish_index.h - the index of a publish's destination (publish.h):
 * README.md, or perfviews-index.md when a README.md that is not
 * publish's is there (the manifest keeps the choice), written from the
 * manifest (every data set, comparison, suite and comparison of suites,
 * each list sorted) by readme_index, replaced only when its bytes change.
 */
#ifndef PERFVIEWS_PUBLISH_INDEX_H
#define PERFVIEWS_PUBLISH_INDEX_H

#include "suite/publish_plan.h"

/* The index's name, before anything is written; one there that publish
 * did not write, or that was changed since, is a conflict. */
void publish_choose_index(struct publishing *p);

/* Once the files are written: the index, listed in the manifest. */
void publish_write_index(struct publishing *p);

#endif
