/*
 * trust.c - see trust.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dataset/measure.h"
#include "dataset/trust.h"
#include "os/machine_load.h"

/* A decimal field, or -1 when null. */
static double
seconds(const struct metadata *m, const char *field)
{
	const char *v = metadata_get(m, field);
	return v != NULL && *v != '\0' ? strtod(v, NULL) : -1;
}

/*
 * The sampling's own cost, from what the samples of the least run stand
 * for (a cpu-clock sample: 1/HZ s of the workload's CPU) against the CPU
 * time the fastest run uses without the profiler: relative, whatever the
 * workload's length (a 9 ms run sampled at 50 kHz is as distorted as a 9 s
 * one), CPU time rather than wall time (a profiled run's wall time holds perf's
 * own start-up, over a second on a busy machine, at any frequency: 1 kHz too),
 * and beyond the counting error of a run's samples (a few of them) and the
 * millisecond meta.json keeps the CPU time to.
 */
#define DISTORTION_CPU_RATIO 1.25

/*
 * The samples of the run with the fewest (samples.per_run), to hold
 * against the fastest run without the profiler: like with like, not the
 * mean of the profiled runs against the least of the others.  An older
 * meta.json without the list: the mean, total / runs; -1 when unknown.
 */
static double
least_run(const struct metadata *m, double total, double runs)
{
	const char *list = metadata_get(m, "samples.per_run");
	double least = -1;

	if (list != NULL)
		for (const char *p = list; *p != '\0';) {
			char *end;
			double v = strtod(p, &end);
			if (end == p)
				break;
			if (least < 0 || v < least)
				least = v;
			p = end;
		}
	if (least < 0 && total >= 0 && runs > 0)
		least = total / runs;
	return least;
}
#define DISTORTION_MIN_SAMPLES 5
#define DISTORTION_MIN_SECONDS 0.002

bool
trust_distortion(const struct metadata *m, char *buf, size_t size)
{
	double profiled = seconds(m, "timing.profiled_seconds");
	double unprofiled = seconds(m, "timing.unprofiled_seconds");
	double cpu = seconds(m, "timing.unprofiled_cpu_seconds");
	double total = seconds(m, "samples.total");
	double lost = seconds(m, "samples.lost");
	double runs = seconds(m, "tool.runs");
	double hz = seconds(m, "tool.frequency");
	double mean = seconds(m, "benchmark.mean_seconds");
	double bare = seconds(m, "benchmark.unprofiled_mean_seconds");
	const struct measure *ms = measure_of_meta(m);
	size_t n = 0;

	buf[0] = '\0';
	/* Slower: past perf's own start-up (a second or two). */
	if (profiled > 0 && unprofiled > 0 && profiled > 5 * unprofiled &&
	    profiled - unprofiled > 2)
		n += (size_t)snprintf(
		    buf + n, size - n,
		    "a profiled run took %.2f s, %.0f times the %.3f s of a "
		    "run without the profiler; ",
		    profiled, profiled / unprofiled, unprofiled);
	/* Sampled CPU time past what the workload uses (lost samples were
	 * taken too); a period (-c) makes a sample stand for other than 1/HZ.
	 */
	double sampled = least_run(m, total, runs);
	if (sampled >= 0 && lost > 0 && runs > 0)
		sampled += lost / runs;
	sampled = sampled >= 0 && hz > 0 ? sampled / hz : -1;
	if (ms->kind == MEASURE_TIME && cpu > 0 && total > 0 && sampled > 0 &&
	    metadata_get(m, "tool.period") == NULL &&
	    sampled > DISTORTION_CPU_RATIO * cpu &&
	    sampled - cpu > DISTORTION_MIN_SAMPLES / hz &&
	    sampled - cpu > DISTORTION_MIN_SECONDS && n < size)
		n += (size_t)snprintf(
		    buf + n, size - n,
		    "its samples stand for %.3f s of CPU per run, %.1f "
		    "times the %.3f s it uses without the profiler (%.0f%% of "
		    "the profile is the sampling's own cost); ",
		    sampled, sampled / cpu, cpu,
		    100 * (sampled - cpu) / sampled);
	if (mean > 0 && bare > 0 && mean > 3 * bare && n < size)
		n +=
		    (size_t)snprintf(buf + n, size - n,
		                     "a profiled loop took %.3g s, %.1f times "
		                     "the %.3g s of one without the profiler; ",
		                     mean, mean / bare, bare);
	if (n == 0 || n >= size)
		return n > 0;
	unsigned long lower = hz >= 20 ? (unsigned long)(hz / 10) : 1;
	unsigned long more = runs > 0 ? (unsigned long)runs * 10 : 10;
	snprintf(buf + n - 2, size - n + 2,
	         ": the profile shows perf's sampling besides the workload.  "
	         "Record again at a lower frequency (the HZ of the ID: "
	         "freq%lu), with frame-pointer call graphs (CALLGRAPH=fp, for "
	         "a Python built with frame pointers), which cost less a "
	         "sample than dwarf's, or with more runs at a lower frequency "
	         "(freq%lux%lu: as many samples, a tenth of the cost to each "
	         "run)",
	         lower, lower, more);
	return true;
}

/*
 * Busy: other processes kept more than a tenth of a CPU busy on average
 * beyond what /proc/stat's ticks can tell over the time measured.  A quiet
 * machine's daemons use a hundredth or two; a tenth is a process that
 * takes the CPU a workload, or perf beside it, would have had (on two CPUs
 * they share both), evicts their caches, and stretches wall time (pyperf's
 * values) by as much as it takes.
 */
#define BUSY_OTHER_CPUS 0.1

bool
trust_busy(const struct metadata *m, char *buf, size_t size)
{
	double other = seconds(m, "machine.other_cpus");
	double wall = seconds(m, "machine.measured_seconds");
	double cpus = seconds(m, "host.cpu_count");
	double load = seconds(m, "machine.load_before");
	double steal = seconds(m, "machine.steal_cpus");

	buf[0] = '\0';
	if (other < 0 || wall <= 0)
		return false;
	double resolution =
	    machine_load_resolution(cpus > 0 ? (int)cpus : 1, wall);
	if (other <= BUSY_OTHER_CPUS + resolution &&
	    steal <= BUSY_OTHER_CPUS + resolution)
		return false;
	char stolen[96] = "";
	if (steal > BUSY_OTHER_CPUS + resolution)
		snprintf(stolen, sizeof stolen,
		         ", and the hypervisor took %.2f CPUs for other guests",
		         steal);
	snprintf(buf, size,
	         "other processes kept %.2f CPUs busy on average (of %s) while "
	         "it recorded%s, load average %.2f as it began: wall times "
	         "(pyperf's values) are stretched by them, CPU time (the "
	         "samples) less so.  Record again on a quiet machine, or with "
	         "more runs (RUNS=, or xRUNS in the ID) so that a busy spell "
	         "weighs less",
	         other, metadata_known(m, "host.cpu_count"), stolen, load);
	return true;
}
