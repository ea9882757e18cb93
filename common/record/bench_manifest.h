/*
 * bench_manifest.h - the manifest pyperformance runs a benchmark from,
 * made for the recording: pyperformance's own entry for NAME (same
 * runscript and requirements), or for the benchmark NAME is a variant of
 * (genshi_xml: genshi, the runscript given the variant when it takes
 * one), checked to run on the Python under test, with pyperf's
 * --processes=RUNS.  A name pyperformance does not know: the close ones.
 */
#ifndef PERFVIEWS_BENCH_MANIFEST_H
#define PERFVIEWS_BENCH_MANIFEST_H

#include <stdbool.h>

#include "record/record_step.h"

/*
 * Write dir/MANIFEST (and what it names) by the tool environment's
 * python tool, and set meta.json's benchmark.name,
 * benchmark.pyperformance_version, workload.version and
 * workload.command.  True when the runscript is wrapped to give each
 * variant the loops file's loops (its loops have none for the benchmark
 * itself, which pyperformance's --same-loops looks up).  Fatal, in one
 * line, when the benchmark cannot run.
 */
bool bench_manifest(struct plan *p, const char *tool, const char *dir);

#endif
