/*
 * bench_files.h - the perf.data files pyperf's perf_record hook left, one
 * per worker and phase: listed in the order they were written, labelled
 * by pyperf_result.h's walk (which benchmark, which worker, which phase,
 * kept or dropped), and the kept ones' and each worker's headers read
 * (perf's command line, the worker's pid), each worker's files checked
 * to name one process.  An empty file, or one that is not perf.data, is
 * fatal, named.
 */
#ifndef PERFVIEWS_BENCH_FILES_H
#define PERFVIEWS_BENCH_FILES_H

#include <sys/types.h>
#include <time.h>

#include "record/pyperf_result.h"

/* One perf.data file the hook left. */
struct hook_file {
	char *path;
	struct timespec mtime;
	off_t size;
	struct pyperf_file_label label;
	long pid;      /* the --pid of its perf record; 0 if not read */
	char *cmdline; /* its perf record command */
};

struct hook_files {
	struct hook_file *v; /* in the order they were written */
	size_t n, cap;
};

/* How the files are told apart, for meta.json's benchmark.selection. */
extern const char hook_files_rule[];

/* The files in dir, of the run whose result is r: listed, labelled,
 * checked. */
void hook_files_read(struct hook_files *f, const char *dir,
                     const struct pyperf_result *r);

/* What was not kept of benchmark bench's, in words: "1 calibration file,
 * 3 warmup files", or "none".  Free it. */
char *hook_files_dropped(const struct hook_files *f, size_t bench);

void hook_files_free(struct hook_files *f);

#endif
