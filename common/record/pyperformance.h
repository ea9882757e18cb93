/*
 * pyperformance.h - recording pyperformance's benchmarks: the bm_NAME
 * workloads of `perfviews record`.
 *
 * bm_NAME-perf-freqHZxRUNS is pyperformance's benchmark NAME run on the
 * Python under test with pyperf's perf_record hook: perf is attached to
 * each worker process and enabled only around the timed loops (pyperf
 * drives it through perf's --control fifo), so interpreter start-up,
 * calibration, pip, the virtual environments and pyperformance itself are
 * not in the profile.  RUNS is the number of value workers: the benchmark
 * runs with pyperf's --processes=RUNS, from a manifest made for the
 * recording (pyperformance's own entry for NAME, same runscript and
 * requirements: bench_manifest.h); each worker's value phase is one run
 * of the raw file.
 * perf is started for the value phases only (a module of ours in the
 * benchmark's environment, pyperformance.c's values_module); a command
 * benchmark's calibration and warmup phases, recorded by pyperf's hook into
 * files of their own, are dropped (pyperf_result.h says how the files are
 * told apart).
 *
 * pyperformance runs from its cache directory (bench_tool.h), which also
 * holds the benchmarks' own environments: pip's PIP_NO_INDEX and
 * PIP_FIND_LINKS are passed on to them.  perf is checked first with the
 * hook's options (bench_perf.h).
 *
 * A benchmark with variants (genshi runs genshi_text and genshi_xml) gives
 * one data set per variant, named after pyperf's name for it:
 * bm_genshi-...x3 writes bm_genshi_text-...x3 and bm_genshi_xml-...x3;
 * bm_genshi_xml-...x3 records that variant alone (the runscript is given
 * the variant when it takes one, as genshi's does).
 *
 * Every failure is one line saying what failed (perf missing or not
 * permitted, no pyperformance to install, an unknown benchmark, its
 * requirements, a worker that died, a perf.data without samples), and
 * leaves nothing in DATA.
 */
#ifndef PERFVIEWS_PYPERFORMANCE_H
#define PERFVIEWS_PYPERFORMANCE_H

#include <stddef.h>

#include "dataset/dataset_id.h"
#include "dataset/metadata.h"
#include "record/record.h"
#include "record/record_step.h"

/*
 * Before anything runs: refuse what cannot work (a tag that means nothing
 * for a benchmark, a perf command pyperf cannot run), and resolve the
 * Python to the interpreter's own path (a pyenv shim that finds no version
 * is a clear error).  Returns that path (free it).
 */
char *pyperformance_plan(const struct dataset_id *id,
                         const struct record_options *opt);

/* The workload's command line for meta.json, before the recording. */
char *pyperformance_command(const struct dataset_id *id, const char *python);

/*
 * Record, check and write the data set(s) of the plan p, once record.c
 * has made its hidden directory and gathered its metadata (record_step.h:
 * p->bench_python is the interpreter's own path); any failure is fatal.
 */
void pyperformance_record(struct plan *p);

/*
 * pyperformance's default benchmarks for the Python (`make suite
 * BENCHMARKS=all`), n of them: the virtual environment is made first when
 * needed.  Free each name and the array.
 */
char **pyperformance_default(const char *python, const char *cache, size_t *n);

#endif
