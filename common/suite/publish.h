/*
 * publish.h - `make publish`: data sets, comparisons and suites copied
 * into one directory, with an index a reader can use on its own, without
 * ever replacing what publish did not write.
 *
 * Every data set (a meta.json with its raw file beside it) of the data
 * directories, in order (an ID found twice is taken from the first), is
 * rendered in this process when its views in OUT are not current
 * (view_make.h: view_current, make views' rule, so that publishing again
 * renders nothing again), or, given a make command, by `MAKE views ID=..
 * DATA=.. OUT=..`, which checks the same; its files (file_kinds.h: recorded
 * ones from the data directory, the views, README and stability report from
 * OUT) are published, and so are the comparisons (OUT/A-vs-B-*) and suites
 * (OUT/NAME-README.md, "# Suite NAME"; with the suite's definition,
 * relocated beside its data sets) whose data sets are all published in
 * the destination, each the recording the definition names (its raw
 * file's hash; a suite of another DATA of the same IDs is skipped), and the
 * comparisons of two suites (OUT/S1-vs-S2-*,
 * "# Suites compared: ") whose suites and benchmarks' comparisons are.
 *
 * What is written is listed in the destination's manifest
 * (publish_manifest.h).  Before anything is written, every file to
 * publish is checked: one already there with the same bytes is left
 * alone; one publish wrote and nobody changed since is replaced whole
 * (written beside, then renamed); any other is a conflict.  A data set
 * published before from another recording (another raw file) is a
 * conflict too, with what differs in their meta.json, unless force.  On
 * any conflict nothing is written, and each is said.  Last, the index:
 * README.md, or perfviews-index.md when a README.md that is not
 * publish's is there (the manifest keeps the choice).
 *
 * With short_paths, every file is published with the recording machine's
 * paths shortened (short_paths.h); a compressed raw file is decompressed,
 * shortened and compressed again with xz.
 */
#ifndef PERFVIEWS_PUBLISH_H
#define PERFVIEWS_PUBLISH_H

#include <stdbool.h>

#include "base/cli.h"

struct publish_options {
	struct option_list data; /* directories of data sets; none: data */
	const char *out;         /* where the views are: "out" */
	const char *make;        /* renders views with MAKE views ID=..; NULL:
	                            those not current, in this process (as
	                            perfviews views); "": rendered already */
	bool force;     /* replace another recording of a published ID */
	int paths;      /* PUBLISH_PATHS_FULL or PUBLISH_PATHS_SHORT */
	const char *xz; /* compresses a shortened raw file; NULL: xz -9 */
};

enum { PUBLISH_PATHS_FULL, PUBLISH_PATHS_SHORT };

/* Publish into dest; a failure or a conflict is fatal. */
void publish(const char *dest, const struct publish_options *opt);

#endif
