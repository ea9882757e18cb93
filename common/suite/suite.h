/*
 * suite.h - a suite: pyperformance benchmarks recorded at one setting
 * (bm_NAME-TAIL for each NAME, TAIL = "-perf-freqHZxRUNS[-TAG...]"), and
 * the one page that says where the suite spends its time (suite_readme.h;
 * where the suite's own time went: suite_time.h).
 *
 * `perfviews suite run` (suite_run.h: make suite's local engine) and make
 * suite's Slurm targets call the actions below as their steps: each
 * data set recorded one at a time, then the views in parallel.  A benchmark
 * with variants stands for the data sets of its variants once they exist (their
 * meta.json names it as benchmark.name), and for bm_NAME-TAIL, to be recorded,
 * until then.
 */
#ifndef PERFVIEWS_SUITE_H
#define PERFVIEWS_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dataset/metadata.h"
#include "suite/suite_readme.h"

struct suite_options {
	const char *data;       /* where the data sets are */
	const char *log;        /* the suite's log of recordings, or NULL */
	unsigned todo;          /* recordings to make in all */
	const char *python;     /* for NAME all: the Python, and */
	const char *cache;      /* where its pyperformance is (NULL: DATA's) */
	const char *categories; /* readme: bycategory --each text, or NULL */
	const char *views;      /* readme: the data sets' views (their
	                           ID-bytecode.csv), or NULL */
	/*
	 * ids NAME all: the names of the benchmarks of pyperformance's
	 * default set for python (pyperformance_default, in record/: a
	 * group above this one).  Free each name and the array.
	 */
	char **(*all)(const char *python, const char *cache, size_t *n);
	/*
	 * ids --check-build: python's build (record_python_build, in
	 * record/), to refuse data sets of another build unless force.
	 */
	void (*build)(const char *python, struct metadata *m);
	bool check_build;
	bool force;
	bool recordings; /* ids: a recording per benchmark, not data set */
};

/*
 * `perfviews suite ACTION ...`:
 *   ids TAIL NAME ...      the data-set IDs of the named benchmarks, one
 *                          per line (all: pyperformance's default set;
 *                          none: an error saying which to give); with
 *                          check_build, an error naming every data set
 *                          there already of another build than python's,
 *                          unless force: a suite is of one build; with
 *                          recordings, the recordings that make them: a
 *                          benchmark recorded as its variants' data sets
 *                          is one recording, its own ID, which writes
 *                          them all (its runscript may not run one
 *                          variant alone: each would run them all)
 *   step ID COMMAND ...    run the recording of ID as one of todo steps
 *   readme SUITE ID ...    the suite's README, a row per data set
 *   define SUITE ID ...    the suite's definition (suite_file.h), JSON
 *   report LOG [SUITE ID ...]  the failures the log holds, on stderr;
 *                          with the suite's data sets, where this run's
 *                          time went (suite_time.h), on stdout
 *   missing ID             why `make views ID` has no raw file, and how
 *                          to make one (exit 1)
 * Returns the exit status; operands that do not fit the action are a
 * usage error (exit 2).
 */
int suite_command(const struct suite_options *o, const char *action, int n,
                  char *rest[]);

/* The pieces, for tests and other callers (and suite_readme.h): */
void suite_ids(FILE *out, const char *data, const char *tail,
               char *const names[], size_t n, bool recordings);
int suite_step(const char *log, unsigned todo, const char *id,
               char *const argv[]);
size_t suite_report(FILE *out, const char *log);
void suite_missing(FILE *out, const char *data, const char *id);

#endif
