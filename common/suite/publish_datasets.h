/*
 * publish_datasets.h - the data sets of a publish (publish.h): found in
 * the data directories, rendered, and their files planned
 * (publish_plan.h), then listed in the manifest once written.
 *
 * A data set is a meta.json with its raw file beside it (file_kinds.h
 * names both); an ID found twice is taken from the first directory, said
 * when the second holds another recording.  One published before from
 * another recording (another raw file's hash) is refused, with what
 * differs in their meta.json, unless force.  Its files are every kind of
 * file_kinds.h that applies to it: recorded ones from its directory, the
 * views, README and stability report from OUT, each view made from this
 * raw file (else refused); one that should be there and is not is fatal.
 */
#ifndef PERFVIEWS_PUBLISH_DATASETS_H
#define PERFVIEWS_PUBLISH_DATASETS_H

#include <stddef.h>

#include "suite/publish_plan.h"

/* The data sets of the n directories data, in order; another recording
 * under a published ID: fatal, unless force. */
void publish_find_datasets(struct publishing *p, const char *const data[],
                           size_t n);

/* Each data set rendered (its views not current, view_current, as
 * perfviews views; or by opt->make; "" not) and its files planned. */
void publish_datasets(struct publishing *p);

/*
 * Once the files are written: each data set listed in the manifest with
 * its raw file's hash; of a recording it replaced (force), the files that
 * this one has not and publish wrote, removed.
 */
void publish_datasets_listed(struct publishing *p);

#endif
