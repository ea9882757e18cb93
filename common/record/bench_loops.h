/*
 * bench_loops.h - a suite's loops file: the iterations of each
 * benchmark's timed loop, calibrated once by pyperf and reused through
 * pyperformance's --same-loops, so that a suite recorded again, or for
 * another build, runs the same loops (and no calibration worker).
 *
 * The file is what --same-loops reads: JSON with "metadata" and a list of
 * "benchmarks", each with metadata "name" and "loops".  A pyperf result
 * file is one too, and is read; only a file perfviews wrote (its
 * metadata "about" says so) is ever rewritten.  pyperformance looks a
 * benchmark up by its own name: one with variants (genshi gives
 * genshi_text and genshi_xml) is not found there, so perfviews gives its
 * runscript the variants' loops itself (bench_loops_json, bench_manifest.c's
 * runscript wrapper).
 *
 * Recordings of one suite may run at once (ENGINE=slurm): a benchmark's
 * loops are added under a lock on FILE.lock, and the file replaced whole.
 */
#ifndef PERFVIEWS_BENCH_LOOPS_H
#define PERFVIEWS_BENCH_LOOPS_H

#include <stdbool.h>

#include "record/pyperf_result.h"

/*
 * Whether path is a loops file to give pyperformance: false when there is
 * none yet; a file that is not one (no benchmarks with names) is an end,
 * naming it.  *has: whether it has the loops of the benchmark name.
 */
bool bench_loops_usable(const char *path, const char *name, bool *has);

/*
 * The loops of the file at path as one JSON object, {"NAME": LOOPS, ...}
 * (a new string): "{}" when path is NULL, "" or not there yet; a file
 * that is not a loops file is an end, as for bench_loops_usable.
 */
char *bench_loops_json(const char *path);

/*
 * The loops of the file at path, written to the file to as perfviews
 * writes a loops file: what pyperformance's --same-loops is given, so that
 * it reads only what bench_loops_usable accepted (a hand-made file may
 * lack what pyperformance needs, such as a top-level "metadata").  A file
 * that is not a loops file, or none, is an end.
 */
void bench_loops_copy(const char *path, const char *to);

/*
 * Add (or replace) the loops of every benchmark of the result r in the
 * file at path, made when there is none.  A file perfviews did not write
 * (a pyperf result given as LOOPS) is left as it is, with a warning.
 */
void bench_loops_add(const char *path, const struct pyperf_result *r);

#endif
