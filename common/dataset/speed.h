/*
 * speed.h - how fast two benchmarks' data sets ran: pyperf's wall time per
 * loop beside the profile's CPU time per loop, each tested at the level
 * whose values are independent of one another (pyperf's workers, the
 * profile's runs), and whether the two figures disagree.
 *
 * pyperf's values are wall time: a busy machine, or a workload that waits
 * (sleeps, I/O), makes them longer.  A cpu-clock (or task-clock) profile
 * counts the process's own CPU time: samples / frequency / (loops x values)
 * of each run is its CPU seconds per loop.  The values within one worker
 * are not independent of the machine's state during that worker, so the
 * wall-time test is Welch's t-test over each worker's mean (from the data
 * set's ID-pyperf.json, whose value runs are the profile's runs); without
 * that file it falls back on pyperf's values, and says so.  The two
 * figures disagree when the share of wall time each side's process spent
 * on the CPU (CPU / wall per run) differs beyond noise (Welch, p <= 0.05)
 * and the two ratios differ by more than 5%: then one side was slowed by
 * what CPU time does not count.
 */
#ifndef PERFVIEWS_SPEED_H
#define PERFVIEWS_SPEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dataset/metadata.h"

struct compare_speed {
	/* pyperf's wall time per loop (seconds): mean, sd over its values */
	double mean[2], sd[2], n[2];
	double ratio; /* B / A */
	double p;     /* Welch's t-test: over workers, else over values */
	bool by_workers;
	size_t workers[2];
	/* The profile's CPU time per loop (seconds), per run */
	bool cpu;
	double cpu_mean[2], cpu_sd[2];
	size_t cpu_runs[2];
	double cpu_ratio, cpu_p;
	/* The share of wall time on the CPU (CPU / wall, per run) */
	bool related;
	double on_cpu[2]; /* its mean, per side */
	double related_p;
	bool disagree;
};

/*
 * pyperf's timing of two benchmarks' data sets (meta.json, and raw the
 * raw file beside which ID-pyperf.json may be; NULL: none), A then B.
 * False when a side is NULL or its meta.json lacks pyperf's timing; the
 * rest is filled as far as the data sets tell it.
 */
bool compare_speed_of(const struct metadata *a, const struct metadata *b,
                      const char *const raw[2], struct compare_speed *sp);

/*
 * The lines a comparison's README opens with when the two figures
 * disagree (nothing otherwise): what each says, how much of its wall
 * time each side was on the CPU, why that may be (the machine busy, as
 * each side's meta.json says when it knows; the workload waiting) and
 * which figure to believe for what.
 */
void compare_speed_disagreement(FILE *out, const struct compare_speed *sp,
                                const struct metadata *const meta[2]);

/* "**beyond**" or "not beyond" pyperf's noise, for a p-value. */
const char *compare_speed_verdict(double p);

#endif
