/*
 * bench_perf.h - perf as pyperf's perf_record hook runs it for a
 * benchmark: its options, and a probe recording with them first, since
 * the hook hides perf's own messages (perf missing, not permitted, an
 * event or frequency refused: one line, before anything else runs).  In a
 * suite (PERFVIEWS_SUITE_STARTED, set by `perfviews suite step`), a probe
 * that passed since the suite began is kept in the cache, one per host,
 * perf, event, frequency, call graph and Python, and not made again.
 */
#ifndef PERFVIEWS_BENCH_PERF_H
#define PERFVIEWS_BENCH_PERF_H

#include "record/record_step.h"

/* The probe recording (its stamp in cache); perf's failure is fatal. */
void bench_perf_check(const struct plan *p, const char *cache);

/*
 * The hook's perf record options (PYPERF_PERF_RECORD_EXTRA_OPTS), once
 * bench_perf_check found what this perf knows.  Free it.
 */
char *bench_perf_hook_options(const struct plan *p);

#endif
