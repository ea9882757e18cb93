/*
 * script_slices.h - `perf script` run in time slices at once, its text put
 * together in order, with the inlined frames perf would have printed: what
 * `perfviews script` (script.h) does with a perf.data the reader of
 * perfdata refuses.
 *
 * Debian's perf 6.1 (no libbfd) spends most of `perf script` running
 * addr2line for inlined frames.  Here perf runs with --no-inline, in time
 * slices run at once (one per CPU, -j), and the inlined frames are put
 * back by inline_text.h, with libbfd, as perf prints them:
 *
 *   - Slices: a prepass (`perf script -F time --ns -G`, with no symbols to
 *     load) lists the samples' times; slice k is `--time B_k,B_{k+1}-1ns`
 *     (absolute nanoseconds, both ends inclusive; the first and last open)
 *     with B_k the time of sample k*n/N, so each sample is in exactly one
 *     slice and samples of one time share one.  Concatenated in order the
 *     slices are byte for byte one run's text.  A prepass that fails (a
 *     recording without times) means one run; so do perf options whose
 *     output depends on the samples before (--reltime, --deltatime,
 *     --time, --show-*-events, --max-events ...).  By default a slice has
 *     at least 20,000 samples, below which its fixed cost (reading the
 *     file, loading symbols) outweighs the gain.
 *   - Streaming: slice 0 writes into a pipe, read and written out as it
 *     comes; the other slices write into unlinked temporary files, read in
 *     order once slice 0 is done.  Memory is bounded by a read buffer and
 *     inline_text's cache (distinct frame lines), never the text.
 *   - Inlined frames: added only to the samples of events recorded with
 *     user stacks (sample_type STACK_USER, from `perf evlist -v`), which
 *     are the samples perf 6.1 expands.  Where perf resolves them cheaply
 *     itself (built with libbfd), or is asked for srclines (+srcline, for
 *     which perf needs its own addr2line either way), or given --inline
 *     or --no-inline, the slices run with perf's own choice and nothing is
 *     added.
 *
 * perf's stderr: slice 0's goes where asked (every slice prints the same
 * warnings), the others' are kept and shown only when one fails.  A slice
 * that fails, or cannot start, stops the others and ends the process with
 * perf's message (exit 1).  A stop signal (SIGINT, SIGTERM, SIGHUP: see
 * child.h) stops every slice.
 */
#ifndef PERFVIEWS_SCRIPT_SLICES_H
#define PERFVIEWS_SCRIPT_SLICES_H

#include <stdbool.h>
#include <stddef.h>

struct inline_text; /* symbols/inline_text.h */

/* What `perfviews script` is asked (script.h), and how. */
struct script_options {
	const char *perf;  /* the perf command (words): "perf" */
	const char *input; /* the perf.data file */
	const char *name;  /* it, in messages ("run 2"); NULL: input */
	char *const *args; /* perf script options, passed on */
	size_t nargs;
	unsigned jobs; /* slices at most; 0: one per online CPU */
	int err_fd;    /* where slice 0's stderr goes: 2, or a file (then read
	                  for a failure message, so open it for reading too) */
	const char *tmpdir; /* for the slices' text; NULL: $TMPDIR, /tmp */
	bool verbose;       /* say on stderr what was done */
	bool use_perf;      /* run perf even where perf.data is read here */
	/*
	 * The DSOs' inlined frames, looked up once for all the calls that
	 * share it (the runs of a data set: the same DSOs); the caller frees
	 * it.  NULL: one is made and freed here.
	 */
	struct inline_text *inlines;
};

/*
 * Write the text of `perf script -i o->input o->args...` to fd, by perf
 * in slices; with o->verbose, say on stderr how (perf's build, the
 * slices, the inlined frames added).  False when stopped by a signal
 * (child_stopped() says which).
 */
bool script_slices_write(const struct script_options *o, int fd);

#endif
