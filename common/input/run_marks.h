/*
 * run_marks.h - the run lines of a data set's raw file, and whether each
 * run is whole.
 *
 * A raw file holds the perf script text of several runs.  Each run starts
 * with a comment line, and since perfviews 0.2 ends with one that counts
 * its samples (of every event):
 *
 *     # perfviews run 2/3 (an end line follows)
 *     ...perf script text...
 *     # perfviews end of run 2/3: 1234 samples
 *
 * A run is whole when its end line follows it, names the same run and
 * counts the samples read since its start line.  A file cut or spliced
 * anywhere loses a line or some samples, and the run around the cut is
 * found not whole: never taken silently as data of the run after it.
 * Older files (start lines without "(an end line follows)") stay readable;
 * their runs' completeness is unknown.
 *
 * The perf script reader (perf_script.h) feeds every comment line between
 * samples, and each sample, to its run_marks, so every reader of the text
 * checks the same way.  A run found not whole is fatal (EXIT_DATA) under
 * strict, and otherwise a warning naming the file, the line and the run.
 */
#ifndef PERFVIEWS_RUN_MARKS_H
#define PERFVIEWS_RUN_MARKS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"

#define RUN_MARK_START "# perfviews run "
#define RUN_MARK_ENDED " (an end line follows)"
#define RUN_MARK_END   "# perfviews end of run "

struct run_marks {
	const char *name;        /* the input, in messages */
	bool strict;             /* a run not whole is fatal */
	unsigned long starts;    /* start lines read */
	unsigned long not_whole; /* runs found not whole */
	unsigned long unknown;   /* runs of the old form (no end line) */
	/* The run open: its start line, N/M, and the samples since. */
	bool open, expects_end;
	uint32_t n, m;
	unsigned long start_line, samples;
	unsigned long last_line; /* of the last line seen (read once) */
};

void run_marks_init(struct run_marks *rm, const char *name, bool strict);

/* A comment line between samples, with its line number. */
void run_marks_line(struct run_marks *rm, struct span line,
                    unsigned long lineno);

/* A sample, of any event. */
static inline void
run_marks_sample(struct run_marks *rm)
{
	rm->samples++;
}

/* The end of the input, at its last line: a run still open is cut. */
void run_marks_finish(struct run_marks *rm, unsigned long lineno);

/* True for the start or end line of a run. */
bool run_marks_is_mark(struct span line);

/* "whole", "not whole" or "unknown" (old form), "" without runs. */
const char *run_marks_state(const struct run_marks *rm);

/*
 * The lines a recording writes, with their '\n', into buf of RUN_MARK_SIZE
 * bytes; returns their length.  words (NULL: none; 40 bytes at most) follow
 * a start line's N/M.
 */
enum { RUN_MARK_SIZE = 128 };
int run_mark_start(char *buf, uint32_t n, uint32_t m, const char *words);
int run_mark_end(char *buf, uint32_t n, uint32_t m, unsigned long samples);

#endif
