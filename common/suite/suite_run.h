/*
 * suite_run.h - `perfviews suite run`: a whole suite in one command, as
 * `make suite` (ENGINE=local) makes it, without the clone's Makefile.
 *
 * The suite's data sets are named by `perfviews suite ids --check-build`
 * (suite.h: refused when some there already are of another build, unless
 * force); the missing ones (with force, every recording: a benchmark of
 * variants is one) are recorded one at a time, each a step of the suite's
 * log (suite_step: progress, going on past a failure) around
 * `perfviews record`; so a second run records only what is still missing.
 * Then, with nothing recording (views can disturb no timing), every data
 * set's views (`perfviews views`, skipped when they are current by make
 * views' rule: view_current, view_make.h) and the suite's
 * categories (`bycategory --each`, text and chart) are made, jobs at a
 * time; then OUT/NAME-README.md and OUT/NAME-suite.json; last the report
 * of the run (`perfviews suite report`: where its time went, and its
 * failures).  Every program is the one beside perfviews (dirs_program).
 *
 * The files: OUT/.NAME-suite.log (begun anew each run), the loops file
 * (OUT/NAME-loops.json unless loops names one), OUT/NAME-categories.txt
 * and .svg, OUT/NAME-README.md and OUT/NAME-suite.json, as make suite's.
 */
#ifndef PERFVIEWS_SUITE_RUN_H
#define PERFVIEWS_SUITE_RUN_H

#include <stdbool.h>

struct suite_run_options {
	const char *data; /* where the data sets are: "data" */
	const char *out;  /* where the views and the suite's files go */
	unsigned freq;    /* the setting: perf-freqFREQxRUNS[-TAG...] */
	unsigned runs;
	const char *tags;   /* "nosite _two": the IDs' tags, or NULL */
	const char *python; /* given: the Python (else record's default) */
	const char *cache;  /* pyperformance's environments, or NULL */
	const char *loops;  /* pyperf's loops; NULL: OUT/NAME-loops.json */
	unsigned jobs;      /* views at once; 0: one per CPU */
	bool force;         /* record every benchmark again */
	/* Each recording's options (perfviews record's), NULL: its default;
	 * xz NULL: xz -3 -T1, lighter than record's (a suite's data sets). */
	const char *callgraph, *perf, *event, *strace, *timeout, *xz;
	bool overhead;
};

/*
 * Run suite name of the n benchmarks (pyperformance's names, or "all").
 * Returns the exit status: that of the report (1 when a recording
 * failed), or the status of `suite ids` when it refused the suite; a view
 * that cannot be made is fatal.
 */
int suite_run(const char *name, char *const benchmarks[], int n,
              const struct suite_run_options *o);

#endif
