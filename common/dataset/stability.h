/*
 * stability.h - how much a flat profile changes from run to run, and
 * whether combining runs makes it stable.
 *
 * Each run is read into its own profile; its flat self distribution (the
 * share of samples whose leaf is each function, as flatsort's self% shows
 * it) is kept per function, functions matched across runs by name and DSO.
 * Combining runs sums their samples, as `make views` does with a data set
 * of several runs.
 *
 * The distance between two profiles is the total variation distance of
 * their self distributions: half the sum over functions of |p - q|, from 0
 * (identical) to 1 (nothing in common); "the share of samples that would
 * have to move".  For a group size k, random disjoint pairs of groups of k
 * runs each are drawn (a fixed seed: the report is reproducible), and the
 * distances summarised.  The distance sampling noise alone would give, if
 * every run drew from one and the same distribution, is simulated beside
 * it (50 pairs of samples of the same size drawn from the pooled profile),
 * so that a reader can tell run-to-run variation from counting noise.
 */
#ifndef PERFVIEWS_STABILITY_H
#define PERFVIEWS_STABILITY_H

#include <stddef.h>
#include <stdint.h>

#include "views/profile.h"
#include "base/tuple_table.h"
#include "base/string_table.h"

struct run_weights {
	uint64_t *self; /* by function id; ids beyond n are 0 */
	size_t n;
	uint64_t total;
};

struct stability {
	struct string_table names; /* function and DSO names */
	struct tuple_table index;  /* (name id, DSO id) -> function id */
	uint32_t nfunctions;
	struct run_weights *runs;
	size_t nruns;
};

void stability_init(struct stability *s);
void stability_free(struct stability *s);

/*
 * Read one run (perf script text or folded stacks); false, with a message,
 * when it holds no samples.
 */
bool stability_add_run(struct stability *s, const char *path,
                       const struct profile_options *opt);

/* Total variation distance (0..1) of the combined groups a and b. */
double stability_distance(const struct stability *s, const size_t *a,
                          const size_t *b, size_t k);

struct split_summary {
	size_t k;        /* runs per group */
	size_t splits;   /* pairs of groups drawn */
	double mean, sd; /* of the distance */
	double min, max;
	double noise;   /* expected distance from sampling alone */
	double samples; /* mean samples per group */
};

/*
 * Draw splits random pairs of disjoint groups of k runs (2k <= nruns) with
 * the given seed and summarise their distances.
 */
void stability_splits(const struct stability *s, size_t k, size_t splits,
                      uint64_t seed, struct split_summary *out);

/* Function ids by their self weight in all runs combined, largest first. */
uint32_t *stability_ranking(const struct stability *s);

/* The self share (0..1) of a function in one run. */
double stability_share(const struct stability *s, size_t run, uint32_t fn);

/* A function's name and DSO. */
struct span stability_name(const struct stability *s, uint32_t fn);
struct span stability_dso(const struct stability *s, uint32_t fn);

#endif
