/*
 * sample_text.h - the text perf 6.1's `perf script` prints by default for
 * the samples of a perf.data file, written from the samples perf_data.h
 * hands out.
 *
 * From perf's builtin-script.c: the fields shown for an event are those
 * of its type (hardware, software, cache, breakpoint, other PMUs: comm,
 * tid, cpu, time, period, event name, and the frames), less those the
 * first event of that type did not record; a sample is
 *   "COMM TID [CPU] SECS.USECS: PERIOD EVENT: " then, with call chains,
 *   '\n' and a line per frame (frame_text.h) and an empty line; without,
 *   the one frame and '\n'.
 * COMM is left-aligned ("%s ") when its event has call chains, else
 * right-aligned in 16 columns; TID in 5; the time in 12 (microseconds,
 * truncated), with ns in nanoseconds ("%5lu.%09lu"); the period in 10;
 * the event name right-aligned to the longest name of the file.
 *
 * Output is buffered and goes to a caller's write function in large
 * blocks.
 */
#ifndef PERFVIEWS_SAMPLE_TEXT_H
#define PERFVIEWS_SAMPLE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "perfdata/frame_text.h"
#include "perfdata/perf_data.h"

struct sample_text {
	void (*write)(void *ctx, const char *p, size_t n);
	void *ctx;
	struct frame_text *frames;
	bool ns; /* --ns: times in nanoseconds */
	const struct perf_file *file;
	bool prepared; /* the fields below are set (at the first sample) */
	int name_width;
	bool use_callchain; /* some event has call chains */
	unsigned fields[8]; /* by output type */
	char *buf;
	size_t len;
	unsigned long samples;
};

/* After perf_data_open; the text of each sample goes through write. */
void sample_text_init(struct sample_text *o, const struct perf_data *d,
                      struct frame_text *frames,
                      void (*write)(void *ctx, const char *p, size_t n),
                      void *ctx);
void sample_text_free(struct sample_text *o);

/* The sample callback of perf_data: its text. */
void sample_text_sample(void *ctx, const struct perf_data_sample *ps);

/* Write out what is buffered. */
void sample_text_flush(struct sample_text *o);

#endif
