/*
 * perf_script.h - a streaming reader of `perf script` text.
 *
 * One pass over the input, in large blocks, with no allocation per line:
 * each sample is handed out as spans into the reader's buffer, valid until
 * the next call.  Memory is bounded by the largest single sample.
 *
 * A sample is a header line, its frame lines (leaf first, as perf prints
 * them), each optionally followed by a `-F +srcline` line, and a blank line.
 * The blank line may be missing (end of input, or a header that follows
 * directly).  Headers are read in every form `perf script` prints, whatever
 * the -F selection: each of comm (with spaces, or right-aligned when there
 * is no call chain), pid/tid, [cpu], time, period and event may be missing;
 * tracepoint fields or the +addr text may follow the event.  Without a call
 * chain the sample's one frame is on the header line, found by perf's
 * alignment of addresses ("%16lx"), and the srcline under it.  Side-band
 * records (PERF_RECORD_MMAP2 ... from --show-mmap-events and the like) and
 * lines starting with '#' are not samples: they go to the gap.  A srcline
 * line ending in " (inlined)" makes its frame an inlined one, as perf
 * prints them with +srcline.
 *
 * A header needs one of pid/tid, cpu or time, or a frame on the line after
 * a comm or event; a line holding only a comm (or an event) is a header
 * when frame lines follow it.  What no selection can make readable:
 * `-F ip,sym` and the like, with no header at all.
 *
 * A line that cannot be parsed is a warning naming the input and line
 * number, counted in lines.bad_lines; the sample around it is kept.  With
 * lines.strict set, it is fatal instead.
 */
#ifndef PERFVIEWS_PERF_SCRIPT_H
#define PERFVIEWS_PERF_SCRIPT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"
#include "input/frame_cache.h"
#include "input/line_reader.h"
#include "input/perf_frame.h"
#include "input/run_marks.h"

/* The fields a header printed (perf_sample.fields). */
enum {
	PERF_FIELD_COMM = 1 << 0,
	PERF_FIELD_PID = 1 << 1, /* a pid or a tid, or both */
	PERF_FIELD_CPU = 1 << 2,
	PERF_FIELD_TIME = 1 << 3,
	PERF_FIELD_PERIOD = 1 << 4,
	PERF_FIELD_EVENT = 1 << 5,
	PERF_FIELD_IP = 1 << 6, /* a frame on the header line */
};

struct perf_sample {
	struct span comm; /* empty when not printed */
	int64_t pid;      /* -1 when not printed */
	int64_t tid;      /* -1 when not printed; a lone number is the tid */
	int cpu;          /* -1 when not printed */
	struct span time; /* "12345.678901", or empty */
	uint64_t period;  /* 1 when not printed */
	bool has_period;
	struct span
	    event; /* "cpu-clock:ppp", without the final ':'; or empty */
	/*
	 * What follows the fields on the header line: tracepoint fields, the
	 * +addr text; without the frame taken from it.
	 */
	struct span trace;
	struct span ip;            /* the frame on the header line, or empty */
	unsigned fields;           /* PERF_FIELD_* */
	struct perf_frame *frames; /* leaf first */
	size_t nframes;
	struct span text;     /* the record as read, newlines included */
	unsigned long lineno; /* of the header */
};

struct line_extent {
	uint32_t off; /* from the start of the record */
	uint32_t len; /* without '\n' and trailing '\r' */
};

struct perf_reader {
	struct line_reader lines;
	bool skip_frames; /* headers only: frames are not parsed */
	/*
	 * Frame lines seen, and frame ids.  Set it before the first read to
	 * share one cache (and one set of frame ids) across inputs; left
	 * NULL, the reader makes its own.
	 */
	struct frame_cache *cache;
	struct frame_cache *own_cache;
	unsigned long samples; /* samples returned so far */
	/*
	 * Called, when set, with the text between samples (comments, blank
	 * and bad lines) in input order, so that a filter can copy the input
	 * exactly.  Long runs of such text come in pieces.
	 */
	void (*gap)(void *ctx, struct span text);
	void *gap_ctx;
	/*
	 * The runs of a data set's raw file, from its run lines; a run not
	 * whole is fatal under lines.strict or runs.strict, a warning
	 * otherwise.
	 */
	struct run_marks runs;
	struct perf_frame *frames;
	size_t frames_cap;
	struct line_extent *extents; /* lines of the current record */
	size_t extents_cap;
	bool cut_at_end; /* its last line ends the input without '\n' */
	bool saw_dso;    /* some frame of this input named a DSO */
};

void perf_reader_init(struct perf_reader *r, int fd, const char *name);
void perf_reader_free(struct perf_reader *r);

/* The next sample, or false at end of input. */
bool perf_reader_next(struct perf_reader *r, struct perf_sample *s);

/* One line on stderr if lines were bad: how many, and the first. */
void perf_reader_summary(const struct perf_reader *r);

/* What a line of perf script text is, apart from frames and srclines. */
enum perf_line_kind {
	PERF_LINE_OTHER,
	PERF_LINE_HEADER,   /* of a sample */
	PERF_LINE_SIDEBAND, /* PERF_RECORD_MMAP2 and the like: no sample */
};

/*
 * Classify a line; for a header, its fields are stored in s.  A line
 * starting with a tab is never a header (perf indents frames with one).
 */
enum perf_line_kind perf_line_classify(struct span line, struct perf_sample *s);

/* True for a sample's header line: perf_line_classify's PERF_LINE_HEADER. */
bool perf_header_parse(struct span line, struct perf_sample *s);

#endif
