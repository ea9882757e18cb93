/*
 * trust.h - whether a data set's figures can be taken as they are.
 *
 * Two judgements made from meta.json alone, each with the sentence that
 * says how far off the figures are and what to do: the profiler distorted
 * the workload (its sampling cost a share of the profile), or the machine
 * was busy while it recorded (wall times stretched).  The README, make
 * record's closing warning, comparisons and suites say them in these
 * words.
 */
#ifndef PERFVIEWS_TRUST_H
#define PERFVIEWS_TRUST_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset/metadata.h"

/*
 * Whether the profiler distorted the workload, from meta.json's times: a
 * profiled run five times slower than one without it (and 2 s more: wall
 * time holds perf's start-up), the samples of the least run standing for
 * 1.25 times the CPU time of the fastest run without it (and more than 5
 * samples' worth and 2 ms: the sampling's own cost a fifth of the profile,
 * however short the workload), or a benchmark's profiled loop three times
 * slower; the sentence saying how much and what to do (a lower frequency, fp
 * call graphs, more runs at a lower frequency), into buf.
 */
bool trust_distortion(const struct metadata *m, char *buf, size_t size);

/*
 * Whether the machine was busy while the data set recorded: other
 * processes (or the hypervisor's other guests) kept more than a tenth of
 * a CPU busy on average, beyond the resolution of /proc/stat over the
 * time measured (machine.*); the sentence saying how busy and what to do,
 * into buf.  Unknown (an older data set) is not busy.
 */
bool trust_busy(const struct metadata *m, char *buf, size_t size);

#endif
