/*
 * record_run.h - one run of a recording: perf record, then its `perf
 * script` text (script.h) appended to the raw file after the run's marker
 * (runs.h), and the samples perf lost; and the raw file compressed.
 */
#ifndef PERFVIEWS_RECORD_RUN_H
#define PERFVIEWS_RECORD_RUN_H

#include <stdint.h>

#include "record/record_step.h"

/* Run n of the recording, its text appended to the open file raw. */
void record_run(struct plan *p, uint32_t n, int raw);

/*
 * The workload once more, without the profiler, when its first profiled
 * run took under 10 s or --overhead asks: wall and CPU time (user +
 * system, its processes') into timing.unprofiled_seconds and
 * timing.unprofiled_cpu_seconds; timing.profiled_seconds is the first
 * run's, given.
 */
void record_unprofiled(struct plan *p, double first_run_s);

/* xz: raw compressed into the file xz, timed. */
void record_compress(struct plan *p, const char *raw, const char *xz);

#endif
