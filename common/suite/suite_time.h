/*
 * suite_time.h - where a suite's time went: for each recording of its
 * data sets, the parts of its wall time (meta.json's timing.*_seconds of a
 * benchmark: set-up, environment, calibration, worker start-up, warmups,
 * perf's start and stop with pyperf's own, the timed loops, post-
 * processing), which sum to the recording's timing.total_seconds, and its
 * profiled CPU time (samples ÷ frequency, every data set it made: a
 * benchmark with variants makes one each); for the run of make suite its
 * log tells of, its wall time (from its start), its recordings' and the
 * rest (views, README), and the profiled share of it.
 *
 * A recording is the data sets with one benchmark.name and timestamp.  The
 * recordings of this run are those the log has an "ok" step for (its ID,
 * or bm_NAME of its benchmark.name with the same setting).  A data set
 * recorded before meta.json had the parts is shown without them.
 */
#ifndef PERFVIEWS_SUITE_TIME_H
#define PERFVIEWS_SUITE_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The parts of a recording's time, in the order they are shown: those of
 * meta_time_parts (metadata.h). */
enum suite_part {
	PART_SETUP,
	PART_ENVIRONMENT,
	PART_CALIBRATION,
	PART_WORKER_START,
	PART_WARMUP,
	PART_HOOK,
	PART_LOOPS,
	PART_POST,
	NPARTS
};

struct suite_recording {
	char *bench;     /* benchmark.name */
	char *timestamp; /* when it began */
	double total;    /* wall seconds, views aside; < 0: unknown */
	double part[NPARTS];
	double cpu;        /* profiled CPU seconds: samples ÷ frequency */
	bool this_run;     /* recorded by the run the log tells of */
	bool from_loops;   /* its loops came from a loops file */
	char *environment; /* benchmark.environment, or NULL */
};

struct suite_time {
	struct suite_recording *recs;
	size_t n, cap;
	double wall;      /* this run: from the log's start to now; 0: none */
	double steps;     /* its recordings' steps, failed ones too */
	unsigned nsteps;  /* how many */
	double run_total; /* the parts' sum over this run's recordings */
	double run_part[NPARTS];
	double run_cpu;
	unsigned run_recs; /* this run's recordings with parts */
};

/* The recordings of the data sets ids in data; this run from log (or
 * NULL). */
void suite_time_read(struct suite_time *t, const char *data, const char *log,
                     char *const ids[], size_t n);
void suite_time_free(struct suite_time *t);

/* The README's section "Where the time went". */
void suite_time_readme(FILE *out, const struct suite_time *t);

/* One paragraph for the terminal at the end of make suite. */
void suite_time_summary(FILE *out, const char *suite,
                        const struct suite_time *t);

#endif
