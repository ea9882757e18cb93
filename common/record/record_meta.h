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

/*
 * The Python's own account of its build into m: python.executable,
 * version, implementation and python.build.* (git from sys._git, the
 * options from sysconfig).  A Python that does not run is fatal (exit 1).
 */
void record_python_build(const char *python, struct metadata *m);

#endif
