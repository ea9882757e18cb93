/*
 * eval_loop_dwarf.h - what the symbols and DWARF of a DSO say about
 * CPython's eval loop (_PyEval_EvalFrameDefault), read once: the
 * function's symbols and address ranges, the labels in its code, its
 * top-level inlined calls and the rows of the line table in it.
 *
 * The DWARF is the DSO's own, else the separate debug file a -dbgsym
 * package installs under /usr/lib/debug/.build-id.  A label becomes a
 * part of the loop: TARGET_<NAME> an instruction (NAME), a label of the
 * function's own file (ceval.c) a named part ("[error]"); PRED_,
 * PREDICTED_ and labels of other files begin nothing.  Part 0 is
 * "[entry]", the code before the first label.
 *
 * Guarantees, when the read is EVAL_LOOP_OK: at least one instruction's
 * label; labels, calls and rows sorted by address (rows of one address
 * in the line table's order); files interned, EVAL_NO_FILE for none (a
 * row ending a sequence).  Reading never fails the program: what cannot
 * be read is the status.
 */
#ifndef PERFVIEWS_EVAL_LOOP_DWARF_H
#define PERFVIEWS_EVAL_LOOP_DWARF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "base/string_table.h"

/* The function, and a frame symbol that is it or a part of it. */
#define EVAL_LOOP_FUNCTION "_PyEval_EvalFrameDefault"
bool eval_loop_symbol(struct span symbol);

enum eval_loop_status {
	EVAL_LOOP_OK,
	EVAL_LOOP_NO_FILE,     /* the DSO cannot be read */
	EVAL_LOOP_NO_DEBUG,    /* no DWARF, in it or in /usr/lib/debug */
	EVAL_LOOP_NO_FUNCTION, /* no _PyEval_EvalFrameDefault in it */
	EVAL_LOOP_NO_LABELS,   /* no TARGET_ label (a switch build) */
};

enum eval_part_kind { EVAL_INSTRUCTION, EVAL_NAMED_PART };

#define EVAL_NO_FILE UINT32_MAX

/* A symbol of the function: "NAME", "NAME.cold". */
struct eval_symbol {
	char *name;
	uint64_t addr;
};

struct eval_range {
	uint64_t low, high;
};

/* A label that begins a part: its address, and its line in its file. */
struct eval_label {
	uint64_t addr;
	uint32_t part;
	uint32_t file;
	int line;
};

/* A top-level inlined call: its code has the line of the call. */
struct eval_call {
	uint64_t low, high;
	uint32_t file;
	int line;
};

/* A row of the line table in the function's ranges. */
struct eval_row {
	uint64_t addr;
	uint32_t file; /* EVAL_NO_FILE: the end of a sequence */
	int line;
	size_t order; /* in the line table: the later of one address wins */
};

struct eval_loop_dwarf {
	char *debug_file; /* the DSO's path or its debug file; or NULL */
	struct eval_symbol *symbols;
	size_t nsymbols;
	uint64_t entry; /* the function's entry address */
	struct eval_range *ranges;
	size_t nranges;
	struct string_table parts;  /* by part: its name */
	enum eval_part_kind *kinds; /* by part */
	struct eval_label *labels;
	size_t nlabels;
	struct string_table files;
	uint32_t own_file; /* the function's decl file */
	struct eval_call *calls;
	size_t ncalls;
	struct eval_row *rows;
	size_t nrows;
};

/* Read the DSO at path into d; d is to be freed whatever it returns. */
enum eval_loop_status eval_loop_dwarf_read(struct eval_loop_dwarf *d,
                                           const char *path);
void eval_loop_dwarf_free(struct eval_loop_dwarf *d);

/* Is address a in the function's ranges? */
bool eval_loop_dwarf_holds(const struct eval_loop_dwarf *d, uint64_t a);

#endif
