/*
 * sample_stream.h - the samples of every input a filter reads: the one
 * reader loop.
 *
 * Each input (a path, "-" for stdin) is opened, its format recognised
 * (perf script text, or folded stacks where the caller takes them) and
 * read in one pass.  Every perf sample of the event shown is handed to
 * the caller with the id of its stack's root name ("comm", "comm-PID" or
 * "comm-PID/TID", as collapse writes it) in the caller's string table; a
 * folded stack is handed over as its line.  The inputs share one frame
 * cache, so one frame has one id across all of them.
 *
 * A frame whose name holds the calls inlined into it ("a->b->c", Java's)
 * is split into frames first (inline_chain.h), whatever the reader.  A
 * caller that wants the frames rewritten before it sees them (names
 * resolved, inlined calls expanded: the symbolizer) sets rewrite; this
 * module itself knows nothing of symbols.
 *
 * A raw file of a data set holds several runs, each after a comment line
 * "# perfviews run N/M" (run_marks.h); run counts those lines as they are
 * read, so the sample callback knows the run of its sample.  A run found
 * not whole (a cut file) is a warning, fatal under strict.
 *
 * A field the caller's options need but the input lacks (perf script -F
 * leaves out any field) is said once on stderr, and the stream goes on with
 * what there is: roots "[unknown]" without a comm, "comm-?" without a pid,
 * "comm-?/?" without a tid; every sample without an event name is shown,
 * whatever --event asks; a sample without a period weighs 1.
 *
 * Nothing is allocated per sample; the root name of the previous sample
 * is kept, so a sample of the same thread costs one comparison.
 */
#ifndef PERFVIEWS_SAMPLE_STREAM_H
#define PERFVIEWS_SAMPLE_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/string_table.h"
#include "input/event_select.h"
#include "input/folded.h"
#include "input/frame_cache.h"
#include "input/inline_chain.h"
#include "input/perf_script.h"

/* What the root of a stack names. */
enum root_kind { ROOT_COMM, ROOT_PID, ROOT_TID };

struct sample_stream_options {
	const char *event; /* NULL: the first event seen */
	bool strict;       /* a line that cannot be parsed is fatal */
	enum root_kind root;
	bool period; /* the caller weighs samples by period */
};

/* Replace the n frames of a sample; see symbolizer_rewrite. */
typedef size_t (*frame_rewrite_fn)(void *ctx, struct frame_table *table,
                                   const struct perf_frame *frames, size_t n,
                                   struct perf_frame **out);

struct sample_stream {
	struct sample_stream_options opt;
	struct frame_cache cache;
	struct event_select events;
	struct inline_chains chains; /* Java's "a->b" frames, split */
	struct string_table *names;  /* the caller's: root names go there */

	/* Set by the caller after init. */
	void (*sample)(void *ctx, const struct perf_sample *s, uint32_t root);
	void (*folded)(void *ctx, const struct folded_line *line); /* or NULL */
	void *ctx;
	frame_rewrite_fn rewrite; /* or NULL */
	void *rewrite_ctx;
	/*
	 * A reader of perf.data files (perfdata/perf_data_stream.h), set
	 * by programs that link one: an input named by its path that is a
	 * perf.data file is read by it, its samples handed over with
	 * sample_stream_take.  NULL: such an input is an error.
	 */
	void (*read_perf_data)(struct sample_stream *st, const char *path);
	/*
	 * What that reader may keep across inputs, for its caller to use
	 * after it (perf_data_stream.h says what); NULL: nothing kept.
	 */
	void *read_perf_data_ctx;

	uint64_t samples; /* handed over: samples and folded lines */
	/*
	 * The run markers read so far, over all inputs: 0 before the first,
	 * so a sample of a file without markers is in run 0 and a sample
	 * after the marker of run N/M in run N (of the first file read).
	 */
	uint32_t run;
	/*
	 * What the last perf script text read told of its runs: how many (a
	 * run before the first run line counted too), found not whole, their
	 * state (run_marks_state), and its samples of every event.  What a raw
	 * file holds short of its meta.json's counts is said from these without
	 * reading it again (dataset/runs.h: raw_shortfall).
	 */
	struct sample_stream_runs {
		unsigned long runs, not_whole, samples;
		const char *whole;
	} text_runs;
	bool saw_perf, saw_folded;
	const char *input; /* the name of the input being read */
	unsigned missing;  /* fields found missing, said once each */

	/* The root of the previous sample, and what it was made from. */
	bool root_valid;
	char *root_comm;
	size_t root_comm_len, root_comm_cap;
	int64_t root_pid, root_tid;
	uint32_t root_name;
	char *namebuf;
	size_t namebuf_cap;
};

void sample_stream_init(struct sample_stream *st,
                        const struct sample_stream_options *opt,
                        struct string_table *names);
void sample_stream_free(struct sample_stream *st);

/* Read one input; "-" is stdin. */
void sample_stream_read(struct sample_stream *st, const char *path);
/* Read every input, stdin when there is none. */
void sample_stream_read_all(struct sample_stream *st, int argc,
                            char *const argv[]);

/*
 * Hand one sample of the input being read to the caller, as the text
 * reader does with each: the event chosen, the frames rewritten, the
 * root name made.  For readers of other formats (read_perf_data).
 */
void sample_stream_take(struct sample_stream *st, struct perf_sample *s);

/*
 * After the last input: warn about the events left out; false, with a
 * message, when nothing was handed over.
 */
bool sample_stream_finish(struct sample_stream *st);

#endif
