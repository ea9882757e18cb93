/*
 * bench_time.h - where a benchmark's recording's wall time went, in
 * seconds, the parts (struct bench_time) summing to the whole, views
 * aside: kept in meta.json (timing.total_seconds and metadata_fields.h's
 * meta_time_parts) and said in make record's last line.
 */
#ifndef PERFVIEWS_BENCH_TIME_H
#define PERFVIEWS_BENCH_TIME_H

#include "dataset/metadata.h"
#include "record/pyperf_result.h"

/*
 * From perfviews' clock: total, environment (run_script's log), post;
 * from pyperf's result: each worker's duration, its timed loops and
 * warmups (values x loops), and when it ended (uptime), so the gaps
 * between workers; set-up is the rest.
 */
struct bench_time {
	double total;        /* the recording, views aside */
	double setup;        /* perfviews' checks and metadata, pyperformance's
	                        start, the manager's and first worker's, the
	                        result written; OVERHEAD=1's unprofiled run */
	double environment;  /* pyperformance's environment checks */
	double calibration;  /* the calibration workers */
	double worker_start; /* between workers: one ends, the next starts */
	double warmup;       /* the value workers' warmup loops */
	double hook;         /* the rest of their time: perf's start and
	                        stop, pyperf's metadata, the benchmark's
	                        untimed work */
	double loops;        /* their timed loops: what is profiled */
	double post;         /* perf.data to text, checks, compression */
};

/*
 * The split, now: the recording began at start and its post-processing
 * at post_began (clock_seconds); env_s of it checked or made environments.
 */
void bench_time_split(struct bench_time *t, const struct pyperf_result *r,
                      double env_s, double start, double post_began);

/* timing.total_seconds and its parts into m. */
void bench_time_describe(const struct bench_time *t, struct metadata *m);

/* What make record's last line says besides the parts. */
struct bench_took {
	unsigned long samples; /* of every data set the run made */
	unsigned hz;           /* their frequency */
	double script_s, compress_s, views_s; /* all data sets' */
	const char *environment; /* what the environments' check was */
	const char *loops_file;  /* where the loops came from, or NULL */
};

/* "took 9.3 s, profiled ...": the parts, and the profiled CPU time (the
 * samples at the frequency) with its share of the whole. */
void bench_time_print(const struct bench_time *t, const struct bench_took *k);

#endif
