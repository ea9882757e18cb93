/*
 * view_pass.h - the views of a data set's samples, from one read of them.
 *
 * The input (a raw file's perf script text, or a perf.data) is read once
 * into what the views are written from: one profile (views/profile) and,
 * in the same pass, the fold (collapse's stacks) and the eval loop's
 * instructions (bytecode) when a view asks for them; then the categories
 * (bycategory's rules) and the Python functions (pyprofile) counted from
 * the profile.  Each view, a row of file_kinds, is then written by the
 * library call its program makes (views/, flame/), so that the file is
 * byte for byte what the program writes given the same input and
 * options.  The files view reads the strace text, once.
 *
 * The writers are a table keyed by a row's program and args, as the row
 * names them ("calltree" with "--inverted", "--max-depth=4",
 * "--percent-limit=1"): a row is written in the pass when a writer has its
 * program and args, takes the options the data set gives it (its option
 * bits), and it is shown the pass's event.  Another row (a new one whose
 * program has no writer here) is its program's to write, run on the input
 * by view_make: a new row works unchanged, and a writer added here makes
 * it one more view of the one read.
 *
 * Memory is the profile's and the fold's: distinct frames and stacks,
 * never the input's size.
 */
#ifndef PERFVIEWS_VIEW_PASS_H
#define PERFVIEWS_VIEW_PASS_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset/file_kinds.h"
#include "input/sample_stream.h"

/*
 * What a data set gives its views' programs, by a row's option bits
 * (file_kinds.h; view_make.h says how each becomes an option).  NULL, or
 * false: not given.
 */
struct view_given {
	const char *event;        /* VIEW_EVENT: --event */
	bool kernel, jit, python; /* VIEW_ANNOTATE: --kernel --jit --python */
	const char *palette;      /* VIEW_PALETTE: --colors */
	const char *countname;    /* VIEW_PALETTE: --countname */
	const char *title, *subtitle; /* VIEW_TITLE */
	const char *label;            /* VIEW_LABEL: --label */
};

/* The inputs of a data set's views. */
struct view_inputs {
	const char *raw;    /* VIEW_FROM_RAW: the raw file, or a perf.data */
	const char *strace; /* VIEW_FROM_STRACE: its strace text, or NULL */
};

struct view_pass;

/* Can the pass write row k, given g (as this header says)? */
bool view_pass_writes(const struct file_kind *k, const struct view_given *g);

/*
 * The raw input read once, into what the n rows (those the pass writes)
 * need.  A file that cannot be read, or has no samples of the event, ends
 * the process with a message.
 */
struct view_pass *view_pass_read(const struct view_inputs *in,
                                 const struct view_given *g,
                                 const struct file_kind *const rows[],
                                 size_t n);
void view_pass_free(struct view_pass *p);

/* What the read found of the raw file's runs (dataset/runs: shortfall). */
const struct sample_stream_runs *view_pass_runs(const struct view_pass *p);

/* Whether the samples have Python frames (py::, -X perf). */
bool view_pass_has_python(const struct view_pass *p);

/* Does the pass hold samples in CPython's eval loop (bytecode asked)? */
bool view_pass_has_eval_loop(const struct view_pass *p);

/*
 * Row k (view_pass_writes) into path, whole: written beside, then
 * renamed.  A write that fails ends the process, naming the file, and
 * leaves nothing of it.
 */
void view_pass_write(struct view_pass *p, const struct file_kind *k,
                     const struct view_given *g, const char *path);

/*
 * What write(ctx) writes to stdout into path, whole, as view_pass_write
 * writes a view.
 */
void view_write_whole(const char *path, void (*write)(void *ctx), void *ctx);

#endif
