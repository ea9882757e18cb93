/*
 * record.h - recording a data set: `make record`, `perfviews record`.
 *
 * The ID says what to record (perfviews(5)): RUNS runs of the workload under
 * `perf record -F HZ`, each run's `perf script` text appended to the raw
 * file after a "# perfviews run N/RUNS" line, the raw file compressed with
 * xz, and meta.json written from the ID, the host, perf, the Python
 * interpreter itself and the sample counts.  The tags faults and files
 * count instead of sampling (measure.h): every page fault, or every
 * file-system call, a sample (`-c 1`, with a ring buffer large enough to
 * lose none; samples perf lost anyway are counted in meta.json).  For
 * files the workload then runs once more under strace, whose text (the
 * names of the files) is kept beside the raw file as ID-strace.txt.xz.
 * Everything is made in the hidden directory DATA/.ID.tmp and moved into DATA
 * when complete, so DATA never holds half a data set.
 *
 * Each run's text is `perfviews script`'s (script.h).  When asked, a
 * command that renders the views (make views) runs once the data set is
 * in place (record_views.h; for a benchmark, once for each data set it
 * made): meta.json, written once and complete before them, does not hold
 * their time.  The time of each step is printed at the end.
 *
 * Workloads bm_NAME are pyperformance's benchmarks, recorded through
 * pyperf's perf_record hook: pyperformance.h.
 *
 * What can be checked before recording is (a bad ID, a workload without a
 * command, a Python without -X perf, a frequency above the kernel's limit
 * without root), so that a mistake costs nothing.  A frequency above
 * kernel.perf_event_max_sample_rate is raised for the recording when root,
 * and restored however the recording ends: done, failed, or stopped by
 * SIGINT, SIGTERM or SIGHUP, which stop it at once (no further run), its
 * children with it, and end the process by that signal.
 */
#ifndef PERFVIEWS_RECORD_H
#define PERFVIEWS_RECORD_H

#include <stdbool.h>

struct record_options {
	const char *data;       /* where data sets go: "data" */
	const char *cmd;        /* the command; NULL or "": the workload's */
	const char *python;     /* the interpreter: "python3" */
	bool python_given;      /* read its metadata even with a cmd */
	const char *callgraph;  /* "dwarf" or "fp" */
	const char *python_src; /* its CPython checkout, or NULL */
	const char *perf;       /* "perf" */
	const char *event;      /* "cpu-clock" */
	bool event_given;       /* asked for: refused with faults, files */
	const char *strace;     /* "strace", for tag files */
	unsigned timeout;       /* seconds per run; 0: none */
	const char *xz;         /* the compressor: "xz -9 -T1" */
	const char *views;      /* run with ID=ID once a data set is in
	                           place (record_views.h); NULL: perfviews
	                           views, into out; "": none */
	const char *out;        /* where the views go: "out" */
	/* How the views of a data set are written into out when views is
	 * NULL (the program's: recording knows data sets, not their views) */
	void (*render)(const char *data, const char *id, const char *out);
	/* bm_ workloads (pyperformance.h): */
	const char *cache; /* pyperformance's environments; NULL: DATA's */
	bool overhead;     /* also run without the profiler, to compare */
	const char *loops; /* the loops file (bench_loops.h), or NULL */
	bool force;        /* record over a data set of the same ID */
};

void record_defaults(struct record_options *opt);

/* Record the data set id; any failure is fatal (exit 1, or 2: usage). */
void record(const char *id, const struct record_options *opt);

#endif
