/*
 * stability.h - how much a flat profile changes from run to run, and
 * whether combining runs makes it stable.
 *
 * The runs of a raw file (runs.h) are read in one profile, and each run's
 * flat self distribution kept apart: the share of its samples whose leaf
 * is each function, as flatsort's self% shows it.  Combining runs sums
 * their samples, as `make views` does with a data set of several runs.
 *
 * The distance between two profiles is the total variation distance of
 * their self distributions: half the sum over functions of |p - q|, from 0
 * (identical) to 1 (nothing in common); "the share of samples that would
 * have to move".  For a group size k, pairs of disjoint groups of k runs
 * each are compared: every distinct pair when there are no more of them
 * than asked for, otherwise that many distinct pairs drawn at random (a
 * fixed seed: the report is reproducible).  A pair is never used twice.
 * The distance sampling noise alone would give, if every run drew from one
 * and the same distribution, is simulated beside it (50 pairs of samples
 * of the same size drawn from the pooled profile), so that a reader can
 * tell run-to-run variation from counting noise.
 */
#ifndef PERFVIEWS_STABILITY_H
#define PERFVIEWS_STABILITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "views/profile.h"

struct run_weights {
	uint64_t *self; /* by function id; ids beyond cap are 0 */
	size_t cap;
	uint64_t total;
};

struct stability {
	struct profile profile; /* of every run: the functions' names */
	uint32_t nfunctions;
	struct run_weights *runs;
	size_t nruns, runs_cap;
};

/*
 * Read every run of a raw file (a path, not stdin: it is read twice), the
 * samples of event (NULL: the first seen; see event_select.h).  A
 * run without samples, or a file of fewer than 2 runs, is fatal; fewer than
 * 10 runs are a warning (k = 5 needs 10).
 */
void stability_read(struct stability *s, const char *raw, const char *event);
void stability_free(struct stability *s);

/* Total variation distance (0..1) of the combined groups a and b. */
double stability_distance(const struct stability *s, const size_t *a,
                          const size_t *b, size_t k);

/* C(n, k) * C(n - k, k) / 2: the distinct pairs of disjoint k-groups. */
double stability_split_count(size_t nruns, size_t k);

struct split_summary {
	size_t k;        /* runs per group */
	size_t splits;   /* distinct pairs of groups compared */
	bool all;        /* every distinct pair was */
	double mean, sd; /* of the distance */
	double min, max;
	double noise;   /* expected distance from sampling alone */
	double samples; /* mean samples per group */
};

/*
 * Compare up to max_splits distinct pairs of disjoint groups of k runs
 * (2k <= nruns), drawn with the given seed, and summarise their distances.
 */
void stability_splits(const struct stability *s, size_t k, size_t max_splits,
                      uint64_t seed, struct split_summary *out);

/* Function ids by their self weight in all runs combined, largest first. */
uint32_t *stability_ranking(const struct stability *s);

/* A function's self share in all runs combined, and across single runs. */
struct function_summary {
	double combined;
	double mean, sd, min, max;
};
void stability_function(const struct stability *s, uint32_t fn,
                        struct function_summary *out);

/* A function's name and DSO. */
struct span stability_name(const struct stability *s, uint32_t fn);
struct span stability_dso(const struct stability *s, uint32_t fn);

struct stability_options {
	const char *name; /* of the data set, for the heading */
	uint64_t splits;  /* at most, per group size */
	uint64_t seed;
	uint64_t top;     /* functions in the second table */
	size_t sizes[32]; /* group sizes; none: 1, 2, 5 and RUNS/2 */
	size_t nsizes;
	const char *event; /* read: NULL for the first seen */
};

/* "1,2,5": group sizes, at most max; 0 when the list is not one. */
size_t stability_sizes(const char *list, size_t *sizes, size_t max);
/*
 * --sizes LIST: the group sizes into opts, a struct stability_options (for
 * OPT_CALL_ALL); a bad list is a usage error.
 */
void stability_sizes_option(void *opts, const char *list, const char *option);

#endif
