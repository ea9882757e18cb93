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

/* xz: raw compressed into the file xz, timed. */
void record_compress(struct plan *p, const char *raw, const char *xz);

#endif
