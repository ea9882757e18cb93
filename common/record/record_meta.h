/*
 * record_meta.h - what is known of a recording before its first run, into
 * its meta.json fields (perfviews(5)): the ID, the command, perf and its
 * arguments, the host, and when asked the Python and the git checkout it
 * was built from.
 */
#ifndef PERFVIEWS_RECORD_META_H
#define PERFVIEWS_RECORD_META_H

#include "record/record_step.h"

void record_meta_gather(struct plan *p);

#endif
