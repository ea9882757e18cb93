/*
 * publish.h - `make publish`: data sets rendered and copied into one
 * directory, with an index a reader can use on its own.
 *
 * Every data set (a meta.json with its raw file beside it) of the data
 * directories, in order (an ID found twice is taken from the first), is
 * rendered (by perfviews views, view_make.h; or, given a make command, by
 * `MAKE views ID=.. DATA=.. OUT=..`), then its files (file_kinds.h: recorded ones from the data
 * directory, the views and README from OUT, and the stability report when
 * there is one) are copied into the destination.  A file already there
 * with the same bytes is left alone; others are replaced whole (written
 * beside, then renamed).  Last, DEST/README.md indexes every data set in
 * DEST.
 */
#ifndef PERFVIEWS_PUBLISH_H
#define PERFVIEWS_PUBLISH_H

#include "base/cli.h"

struct publish_options {
	struct option_list data; /* directories of data sets; none: data */
	const char *out;         /* where the views are: "out" */
	const char *make; /* renders views with MAKE views ID=..; NULL:
	                     perfviews views; "": they are rendered already */
};

/* Publish into dest; a failure is fatal. */
void publish(const char *dest, const struct publish_options *opt);

#endif
