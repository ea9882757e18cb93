/*
 * diff_stacks.h - diffstacks' output: a comparison by stack (compare.h,
 * KEY_STACK, after compare_run) as the input of a differential flame
 * graph, in the format of input/folded_diff.h: each stack of either side
 * once, "stack countA countB" (with a_widths "stack countB countA"), the
 * other side's counts scaled to the width side's total (shares) or time
 * per unit of work (time); its test on a comment line before it; the
 * first line says which column is the width, with a summary of the
 * comparison that flamesvg shows under the title.  diffstacks writes it,
 * and so does a comparison's one pass (dataset/comparison_files.h), which
 * draws it with flamesvg's own reading (flame/flame_input.h).
 */
#ifndef PERFVIEWS_DIFF_STACKS_H
#define PERFVIEWS_DIFF_STACKS_H

#include <stdbool.h>
#include <stdio.h>

#include "compare/compare.h"

void diff_stacks_write(FILE *out, struct compare *c, bool a_widths);

#endif
