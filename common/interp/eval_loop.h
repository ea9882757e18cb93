/*
 * eval_loop.h - CPython's eval loop (_PyEval_EvalFrameDefault) in the
 * DWARF of the DSO that holds it: which bytecode instruction, or which
 * other named part of the loop, an address of its code belongs to.
 *
 * CPython 3.11 to 3.14 built with computed gotos begin each instruction's
 * code at a label TARGET_<NAME>, which DWARF records (DW_TAG_label) with
 * its address and its line; the labels of the function's own file
 * (ceval.c: error, pop_1_error, exit_unwind, resume_frame...) begin the
 * parts that are no instruction.  An address is placed in two ways:
 *
 *   by line   the line of the address in the function's own code (for
 *             code inlined into it, the line of the outermost call) is
 *             in a file with labels: the part is the label declared at
 *             or above that line (generated_cases.c.h: the instruction;
 *             ceval.c: the named part, and "[entry]" above its first);
 *             or the line is one whose code the line table puts in one
 *             instruction's labels alone (3.12's lines of bytecodes.c,
 *             through #line);
 *   by label  otherwise: the part is that of the last label at or below
 *             the address in the same range of the function; code
 *             before the first label of the function's entry range is
 *             "[entry]" (the frame's set-up).
 *
 * The compiler moves code (shared tails, cold paths) away from the label
 * it belongs to; the line follows the code, so it comes first.  What
 * neither places (an address outside the function, a part of it with no
 * label below and no line) is unplaced.  Other labels (PRED_, inner
 * labels of instructions) begin nothing.
 *
 * The DWARF is read once per DSO (eval_loops caches by path; what is
 * read, eval_loop_dwarf.h): its labels, the eval function's ranges, its
 * line rows and top-level inlined calls, sorted; a lookup is binary
 * searches, allocating nothing.
 */
#ifndef PERFVIEWS_EVAL_LOOP_H
#define PERFVIEWS_EVAL_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"
#include "interp/eval_loop_dwarf.h"

/*
 * EVAL_LOOP_FUNCTION, eval_loop_symbol (a frame's symbol is the function
 * or a part of it), the statuses and kinds of parts: eval_loop_dwarf.h.
 */
enum eval_method { EVAL_BY_LINE, EVAL_BY_LABEL, EVAL_UNPLACED };

struct eval_part {
	struct span name;   /* "LOAD_ATTR_INSTANCE_VALUE", "[error]" */
	struct span family; /* "LOAD_ATTR"; a named part's is its name */
	enum eval_part_kind kind;
};

struct eval_loop;
struct eval_loops;

struct eval_loops *eval_loops_new(void);
void eval_loops_free(struct eval_loops *e);

/* The eval loop of the DSO at path, read the first time it is asked. */
const struct eval_loop *eval_loops_get(struct eval_loops *e, struct span path);

enum eval_loop_status eval_loop_status(const struct eval_loop *l);
/* The file the families were read from, or NULL: by the name rule. */
const char *eval_loop_families(const struct eval_loop *l);
/* The DWARF read: the DSO's path or its separate debug file. */
const char *eval_loop_debug_file(const struct eval_loop *l);

/*
 * Place the address offset bytes into symbol (the frame's, as perf
 * names it: the function or its ".cold" part): the part in *part, and
 * how; EVAL_UNPLACED (part untouched) when the loop is not OK, the
 * symbol is not of it, or neither line nor label places the address.
 */
enum eval_method eval_loop_place(const struct eval_loop *l, struct span symbol,
                                 uint64_t offset, uint32_t *part);

struct eval_part eval_loop_part(const struct eval_loop *l, uint32_t part);

#endif
