/*
 * runs.h - the raw file of a data set, and the runs in it.
 *
 * A raw file is the perf script text of every run of a data set, each run
 * between a start line "# perfviews run N/M (an end line follows)" and an
 * end line "# perfviews end of run N/M: S samples" (input/run_marks.h, which
 * every reader checks them with): the filters read it as one profile, the
 * runs can still be told apart, and a run cut short is known.  A file without
 * markers is one run; samples before the first marker are a run of their
 * own.  A raw file is plain text, or xz-compressed when its name ends in
 * ".xz" (read through `xz -dc`, which must be installed).
 *
 * A raw file perfviews writes starts with a header in the form of perf's
 * own (`perf script --header`: '#' lines between two "# ========" lines)
 * saying what the file is (RAW_HEADER_FIRST_LINE, raw_header_write): every
 * reader of perf script text skips '#' lines, and Firefox Profiler takes a
 * text for perf script only when its first line is perf's "# ========" or
 * a sample's.  Raw files without it (older ones) read the same.
 *
 * A run is known by the line of its marker: a sample belongs to the last
 * run whose marker line is before the sample's header line.  Markers are
 * found by the perf script reader, which hands over every byte between
 * samples, so the line numbers are those of the text as read.
 */
#ifndef PERFVIEWS_RUNS_H
#define PERFVIEWS_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/string_table.h"
#include "dataset/metadata.h"
#include "input/sample_stream.h"

/* The header's first line, as perf's own (raw_header_write). */
#define RAW_HEADER_FIRST_LINE "# ========\n"

struct run_info {
	unsigned long marker_line; /* 0 for samples before any marker */
	unsigned long samples;     /* of every event */
};

struct run_index {
	struct run_info *runs; /* in input order */
	size_t nruns;
	size_t cap;
	char *event; /* of the first sample; NULL when there is none */
	struct string_table events;   /* every event, in order of appearance */
	unsigned long *event_samples; /* by event id */
	size_t event_cap;
	struct string_table comms;   /* every command, in order of appearance */
	unsigned long *comm_samples; /* by comm id */
	size_t comm_cap;
	unsigned long python_samples; /* with a Python frame (" py::") */
	const char
	    *whole; /* run_marks_state: "whole", "not whole", "unknown" */
	unsigned long not_whole; /* runs found not whole */
};

/*
 * Write the raw file's header to fd (the file named name, for messages):
 * the data set id, runs runs.  A write error is fatal.
 */
void raw_header_write(int fd, const char *name, const char *id, unsigned runs);

/*
 * Read a raw file once and find its runs; with strict, a run not whole is
 * fatal (run_marks.h), else a warning.  A bad line is a warning.
 */
void run_index_read(struct run_index *ix, const char *path, bool strict);
void run_index_free(struct run_index *ix);

/*
 * Set samples.total, samples.per_run, samples.by_event, samples.by_comm
 * and samples.python, and tool.event when it is not set yet; returns the
 * total.
 */
unsigned long run_index_describe(const struct run_index *ix,
                                 struct metadata *m);

/*
 * Read a raw file and describe it so; warn when it holds another number
 * of runs than tool.runs says.
 */
void run_index_describe_file(struct metadata *m, const char *path, bool strict);

/*
 * Write the start line of run n of m to fd (the raw file, path in
 * messages), with words after it (NULL: none); returns the offset its text
 * starts at, for run_text_end.
 */
off_t run_text_start(int fd, const char *path, uint32_t n, uint32_t m,
                     const char *words);

/*
 * Write the end line of run n of m, counting the samples written since
 * offset `from` (read back from path); returns them.
 */
unsigned long run_text_end(int fd, const char *path, uint32_t n, uint32_t m,
                           off_t from);

/*
 * Whether the raw file at path holds what meta.json m says was recorded
 * (tool.runs, samples.total): NULL when it does, or when m does not say;
 * else, in a new string, what it holds instead: "1 of 3 runs whole, 1250
 * of 2100 samples read".  The file is read once (its cut run warned of, as
 * every reader does).
 */
char *raw_file_shortfall(const char *path, const struct metadata *m);

/* The same, from what a reader of the raw file saw of it (its one read by
 * the views). */
char *raw_shortfall(const struct sample_stream_runs *read,
                    const struct metadata *m);

/* The run (0-based) of a sample with this header line. */
size_t run_index_find(const struct run_index *ix, unsigned long lineno);

/*
 * The data set a raw file belongs to: its name without the directory and
 * "-raw.txt" or "-raw.txt.xz" (the whole name when it ends otherwise).
 */
char *raw_dataset_name(const char *path);

#endif
