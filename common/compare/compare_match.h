/*
 * compare_match.h - the items of a comparison and which of each side's
 * functions, stacks or rows of the eval loop make each (compare.h says
 * what an item is, and when two sides' are one): an item of A and one of
 * B are one when their names agree, DSO versions set aside unless
 * exact_dso.  Stacks are matched by their folded text, glue left out
 * (compare_glue); how much of each side's stacks found no match though the
 * other side has their functions is compare_unmatched (declared in
 * compare.h, with the item's DSO and the functions glue hides on one side
 * only, all defined here).
 *
 * For compare.c: it matches the items, then fills their cells and tests
 * them.
 */
#ifndef PERFVIEWS_COMPARE_MATCH_H
#define PERFVIEWS_COMPARE_MATCH_H

#include <stdint.h>

#include "compare/compare.h"

/*
 * Both sides' functions (or stacks, or rows of the eval loop) mapped to
 * their items, items added as met: side[].item_of, items, nitems; the
 * name of the unknown DSO (unknown) and whether functions are matched by
 * name alone (by_name: a side is folded stacks, which have no DSOs).
 */
void compare_match(struct compare *c);

/*
 * The item of a row of a side's bytecode view (an eval loop key): the
 * instruction (its family where a function's DSO is) or the family, by
 * name; added if new.
 */
uint32_t compare_eval_loop_item(struct compare *c, int side, uint32_t row);

#endif
