/*
 * fold.h - samples folded into stacks of display names, as collapse
 * writes them: "root;caller;...;leaf COUNT".
 *
 * A fold takes the samples of a sample_stream (fold_sample, the stream's
 * sample callback or called from one) and keeps each distinct stack of
 * display names once with its weight: the number of samples, or with
 * period the sum of their periods.  A name is frame_tidy's, with the
 * annotations asked for ("_[k]" kernel, "_[j]" JIT, "_[i]" inlined) and
 * with srcline the frame's ":file:line"; with python, the interpreter
 * frames between two Python frames are left out; with bytecode, each
 * frame of CPython's eval loop is followed by the instruction it was in
 * (interp/eval_loop: the interpreter's debug information; a caller's
 * by its return address less one), so a flame graph splits the loop by
 * instruction ("..;_PyEval_EvalFrameDefault;LOAD_ATTR_INSTANCE_VALUE;
 * PyObject_GetAttr").  A loop its debug information does not place adds
 * nothing.  Names are interned in
 * the caller's string table (the stream's, where the roots are), so a
 * fold can share one stream with a profile.  Memory grows with distinct
 * frames and stacks, never with samples.
 */
#ifndef PERFVIEWS_FOLD_H
#define PERFVIEWS_FOLD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/id_map.h"
#include "base/string_table.h"
#include "input/perf_script.h"
#include "input/stack_weights.h"

struct fold_options {
	bool kernel, jit, inlined; /* annotations */
	bool addrs;                /* keep the address of unknown symbols */
	bool python;   /* fold interpreter frames between Python frames */
	bool srcline;  /* names end in :file:line */
	bool period;   /* weigh samples by period */
	bool bytecode; /* the eval loop's instruction after its frame */
};

struct fold {
	struct fold_options opt;
	struct string_table *names;  /* the caller's */
	struct id_map name_of[2];    /* frame id -> name id, [java] */
	struct stack_weights stacks; /* name ids, root first; weights */
	struct eval_loops *loops;    /* bytecode: each DSO's, read once */
};

void fold_init(struct fold *f, const struct fold_options *opt,
               struct string_table *names);
void fold_free(struct fold *f);

/* Add one sample, root the id of its root name in names. */
void fold_sample(struct fold *f, const struct perf_sample *s, uint32_t root);

/* A sample_stream's sample callback: ctx is a fold. */
void fold_take(void *ctx, const struct perf_sample *s, uint32_t root);

/* Every stack as a folded line, in bytewise order (collapse's output). */
void fold_write(const struct fold *f, FILE *out);

/* The same lines, each handed to line as its stack text and weight. */
void fold_each(const struct fold *f,
               void (*line)(void *ctx, struct span stack, uint64_t weight),
               void *ctx);

#endif
