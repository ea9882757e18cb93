/*
 * bench_output.h - from what a hooked pyperformance run left (pyperf's
 * JSON result and the hook's perf.data files) to data sets: the value
 * phases picked out (bench_files.h), each kept worker's `perf script`
 * text one run of the raw file, every kept perf.data checked for samples
 * of the event asked for, meta.json with pyperformance's and pyperf's
 * account of the benchmark and where the recording's time went
 * (bench_time.h), and pyperf's JSON beside them.  A benchmark with
 * variants gives one data set per variant (pyperformance.h): all are made
 * in the hidden directory, then moved into DATA, then their views
 * rendered.
 *
 * Used by pyperformance.c only.
 */
#ifndef PERFVIEWS_BENCH_OUTPUT_H
#define PERFVIEWS_BENCH_OUTPUT_H

#include <time.h>

#include "record/record_step.h"

/* What the run left, and where. */
struct bench_run {
	char *result;     /* pyperf's JSON of the hooked run */
	char *unprofiled; /* of the same without the hook (OVERHEAD), or NULL */
	const char *prd;  /* the hook's perf.data files */
	const char *tmp;  /* the recording's private directory (absolute) */
	const char *tool; /* the tool environment's python */
	double record_s;  /* seconds the hooked run took */
	const char *cache; /* the cache directory (absolute) */
	time_t began;      /* when the runs began */
	double run_began;  /* when the hooked run began (clock_seconds) */
	double env_s;      /* of record_s, checking or making environments */
	const char *environment; /* what that was: pyperformance.c */
	double overhead_s;       /* the run without the profiler (OVERHEAD) */
	const char *loops_file;  /* the loops given to --same-loops, or NULL */
	const char *loops_out;   /* the loops file to add to, or NULL */
};

/* Check, convert and move into DATA every data set of the run. */
void bench_output(struct plan *p, const struct bench_run *br);

#endif
