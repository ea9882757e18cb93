/*
 * pyperf_result.h - pyperf's JSON result of one pyperformance run, and
 * which of the perf.data files its perf_record hook left hold the value
 * phases.
 *
 * The result holds benchmarks in the order they ran (a benchmark with
 * variants, such as genshi, gives one per variant), each with its runs in
 * order: one run is one worker process.  A run without values is the
 * calibration worker; the others are value workers, with their warmups.
 * Values are seconds per iteration of the timed loop.
 *
 * The hook starts one `perf record` per measurement phase of a worker,
 * each writing a perf.data file of its own: the calibration run's one
 * phase; a value worker's warmups (when it has any), then its values.  A
 * bench_command benchmark (a run's metadata has "command") nests the hook:
 * each warmup or value runs a child process that has a perf.data of its
 * own, written before the worker's file of that phase.  The command may
 * differ from run to run (stdlib_startup's names a script in a temporary
 * directory of each worker), and pyperf then keeps it in each run's
 * metadata, not the benchmark's: a run is a command's by its own.
 * Workers run one at a time and perf has finished writing before the
 * next phase starts, so the files in the order of their modification
 * times are the phases in the order of the runs: pyperf_assign_files
 * labels them so.  Nothing else tells them apart (the names are random;
 * the files' contents look alike).
 *
 * With perfviews' module in the benchmark's environment (pyperformance.c's
 * values_module), a worker that is not a bench_command's starts perf for
 * its values only: its calibration and warmups run without the hook
 * (their samples were never kept, and each perf start costs a tenth of a
 * second).  Such a run says so in its metadata, "perfviews_perf":
 * "values", and has one file: its values'.
 */
#ifndef PERFVIEWS_PYPERF_RESULT_H
#define PERFVIEWS_PYPERF_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/json_flat.h"

struct pyperf_run {
	uint32_t warmups;
	uint32_t values;     /* 0: the calibration worker */
	double duration;     /* seconds, as pyperf measured the worker */
	double uptime;       /* the system's uptime when it ended, about */
	double timed;        /* seconds of its values' loops (all iterations) */
	double warmup_timed; /* the same of its warmups */
	double value_sum;    /* its values, seconds per iteration, summed */
	double pending;      /* a warmup's loops, until its value is read */
	bool values_only;    /* hooked around its values only: one file or,
	                        for the calibration worker, none */
	bool command;        /* bench_command's: nested hooks */
};

struct pyperf_benchmark {
	char *name;
	bool command; /* bench_command: nested hooks (some run's) */
	struct pyperf_run *runs;
	size_t nruns, runs_cap;
	uint64_t nvalues; /* of every run */
	double mean, m2;  /* of the values, by Welford's method */
	char *prefix;     /* "benchmarks.I." of its entries */
};

struct pyperf_result {
	struct json_flat doc;
	struct pyperf_benchmark *benchmarks;
	size_t count, cap;
};

/* Read a result file; false, with the reason in why, when it is bad. */
bool pyperf_result_read(struct pyperf_result *r, const char *path, char *why,
                        size_t whylen);
void pyperf_result_free(struct pyperf_result *r);

/* The index of the benchmark named name, or -1. */
int pyperf_result_find(const struct pyperf_result *r, const char *name);

/*
 * A metadata value of benchmark b: its own, else the suite's (pyperf
 * keeps what every benchmark shares at the top).  NULL when absent.
 */
const char *pyperf_result_meta(const struct pyperf_result *r, size_t b,
                               const char *key);

/* A metadata value of run j of benchmark b: its own, else as above. */
const char *pyperf_run_meta(const struct pyperf_result *r, size_t b, size_t j,
                            const char *key);

/* The sample standard deviation of b's values (0 with fewer than 2). */
double pyperf_benchmark_stdev(const struct pyperf_benchmark *b);

/* Did a calibration worker run (one without values), for any benchmark?
 * None when the loops were given (a loops file). */
bool pyperf_result_calibrated(const struct pyperf_result *r);

/* What a perf.data file holds, by its place in the walk. */
enum pyperf_phase {
	PHASE_CALIBRATION,  /* the calibration worker's */
	PHASE_WARMUP,       /* a value worker's warmups */
	PHASE_VALUES,       /* a value worker's values: kept */
	PHASE_INNER_WARMUP, /* bench_command: one warmup's command */
	PHASE_INNER_VALUE,  /* bench_command: one value's command: kept */
};

struct pyperf_file_label {
	size_t benchmark; /* index in the result */
	size_t run;       /* index in its runs */
	enum pyperf_phase phase;
	bool outer; /* the worker's own file: its --pid is the worker's */
	bool kept;  /* one of the profile's runs: a value phase that holds
	               only timed code (of a command benchmark, the inner
	               files; the outer one also holds the nested perf) */
};

/*
 * Label n files, given in modification-time order, by the walk above.
 * False, with the reason in why, when the files and the result disagree
 * in number: another recording's files were there, or a worker died.
 */
bool pyperf_assign_files(const struct pyperf_result *r, size_t n,
                         struct pyperf_file_label *labels, char *why,
                         size_t whylen);

#endif
