/*
 * bytecode_view.h - CPython's eval loop by bytecode instruction: the
 * samples of _PyEval_EvalFrameDefault placed in the instruction (or the
 * named part of the loop) whose code holds their address, with perfdata's
 * eval_loop.  bytecode(1) is this view.
 *
 * For each sample, its innermost frame of the eval function (inlined
 * frames above it belong to it):
 *   self   the frame is the sample's leaf: its address is placed;
 *   total  self, and the samples whose leaf is a function the eval loop
 *          called: the frame's return address, less 1 (an address in
 *          the call instruction, as unwinders look callers up), is placed.
 * A row per instruction (or per family), then the named parts, then what
 * could not be placed and why; percentages of the samples with an eval
 * loop frame.  The header says how many samples were placed and how.
 */
#ifndef PERFVIEWS_BYTECODE_VIEW_H
#define PERFVIEWS_BYTECODE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "input/perf_script.h"
#include "views/profile.h"
#include "views/report.h"

enum bytecode_rows { BYTECODE_BY_INSTRUCTION, BYTECODE_BY_FAMILY };
enum bytecode_sort { BYTECODE_SORT_SELF, BYTECODE_SORT_TOTAL };

struct bytecode_view_options {
	enum bytecode_rows by;
	enum bytecode_sort sort;
	uint64_t limit; /* instruction rows at most; 0: all */
	enum report_format format;
};

struct bytecode_view;

/* period: samples weigh their period (as the profile does). */
struct bytecode_view *bytecode_view_new(bool period);
void bytecode_view_free(struct bytecode_view *v);

/* A sample, as view_load_with hands it over (ctx is the view). */
void bytecode_view_sample(void *ctx, const struct perf_sample *s,
                          uint32_t root);

/*
 * The view, p being the profile of the same samples (its total and
 * event).  With no eval loop frame, or none placed, the header says why
 * and no row follows.
 */
void bytecode_view_write(const struct bytecode_view *v, const struct profile *p,
                         const struct bytecode_view_options *o);

/* Samples with an eval loop frame. */
uint64_t bytecode_view_loop_samples(const struct bytecode_view *v);
/* Of them, placed in an instruction or a named part (by line or label). */
uint64_t bytecode_view_placed_samples(const struct bytecode_view *v);
/*
 * Where the families came from: "table" when every eval loop read had its
 * interpreter's table of specialisations, "name" when every one went by
 * the name rule, "mixed" otherwise; NULL when none was read.
 */
const char *bytecode_view_family_source(const struct bytecode_view *v);

/*
 * Keep each row's weights per run too, the runs as p numbers them (with
 * its opt.runs): p must take every sample before the view, as
 * view_load_with hands them over, so that p's last run is the sample's.
 * For comparisons that take runs as replicates (views/compare).
 */
void bytecode_view_keep_runs(struct bytecode_view *v, const struct profile *p);

/* A row's weights in one run: self and total as in the view. */
struct bytecode_run_weight {
	uint32_t row; /* bytecode_view_row */
	uint32_t run;
	uint64_t self, total;
};

/* With bytecode_view_keep_runs: the (run, row) pairs with weight. */
size_t bytecode_view_run_weight_count(const struct bytecode_view *v);
struct bytecode_run_weight
bytecode_view_run_weight(const struct bytecode_view *v, size_t i);

/*
 * A row: an instruction (its family as the view gives it), a named part
 * of the loop or a reason samples were unplaced (each its own family).
 */
struct bytecode_row {
	struct span name, family;
	bool instruction;
};
struct bytecode_row bytecode_view_row(const struct bytecode_view *v,
                                      uint32_t row);

#endif
