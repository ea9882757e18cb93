/*
 * readme_recording.h - how a data set was recorded, in words: the
 * sections of its README (readme.h) that say what ran and on what.
 *
 * Each is written from meta.json alone (metadata.h), and says "unknown"
 * where a field is null, never a guess: the recording (command, profiler,
 * event and frequency or period, call graphs, runs, samples), what makes
 * it less to be trusted (a busy machine, the profiler's distortion, lost
 * samples: trust.h), the host and the machine's state while it recorded,
 * the Python and its build; a benchmark's pyperformance run, its timing
 * with and without the profiler; how it was made, and how long each step
 * of recording took.
 */
#ifndef PERFVIEWS_README_RECORDING_H
#define PERFVIEWS_README_RECORDING_H

#include <stdbool.h>
#include <stdio.h>

#include "dataset/metadata.h"

/*
 * The README's first paragraphs: what was recorded, with what, on which
 * machine and Python, how the flame graph is coloured.
 */
void readme_recording(FILE *out, const struct metadata *m);

/* "## The benchmark", for a pyperformance benchmark's; else nothing. */
void readme_benchmark(FILE *out, const struct metadata *m);

/*
 * "## How it was made": perf's command, how runs were joined, the run
 * under strace, the views made (with pyprofile, bytecode when the README
 * has their views), and how long recording took when meta.json knows.
 */
void readme_how_made(FILE *out, const struct metadata *m, bool python,
                     bool bytecode);

#endif
