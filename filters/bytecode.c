/*
 * bytecode - CPython's eval loop by bytecode instruction.
 *
 * Reads `perf script` text with addresses (its default frame lines
 * "ADDR SYM+OFF (DSO)") or perf.data, and places each sample of
 * _PyEval_EvalFrameDefault in the instruction whose code holds its
 * address, from the DWARF of the interpreter (views/bytecode_view,
 * interp/eval_loop): self where the eval loop is the leaf, total with
 * the functions each instruction called.
 */
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "views/bytecode_view.h"
#include "views/view_cli.h"

struct options {
	struct view_options view;
	struct bytecode_view_options bytecode;
	struct bytecode_view
	    *bytecode_view; /* made once the options are read */
};

static const struct option_choice sort_keys[] = {
    {"self", BYTECODE_SORT_SELF},
    {"total", BYTECODE_SORT_TOTAL},
    {NULL, 0},
};

static const struct option_choice row_keys[] = {
    {"instruction", BYTECODE_BY_INSTRUCTION},
    {"family", BYTECODE_BY_FAMILY},
    {NULL, 0},
};

#define O struct options
static const struct option_row bytecode_options[] = {
    OPT_CHOICE('b', "by", "instruction|family", O, bytecode.by, row_keys,
               "a row per instruction (default) or per family"),
    OPT_CHOICE('s', "sort", "self|total", O, bytecode.sort, sort_keys,
               "sort by self (default) or total samples"),
    OPT_COUNT('n', "limit", "N", O, bytecode.limit,
              "show the first N instructions only (0: all, the\n"
              "default); named parts and unplaced rows follow"),
    OPT_TABLE(O, view, view_option_table),
    OPT_END,
};
#undef O

static const struct program bytecode = {
    .name = "bytecode",
    .operands = "[file ...]",
    .summary = "CPython's eval loop by bytecode instruction, from perf "
               "script text with\naddresses or perf.data and the "
               "interpreter's debug information.",
    .options = bytecode_options,
    .reads_files = true,
};

/* The view, weighing samples as the profile does (--period). */
static void
start_bytecode(void *opts)
{
	struct options *opt = opts;

	opt->bytecode_view = bytecode_view_new(opt->view.profile.period);
}

/* Each sample placed in its instruction as it is read. */
static void
place_sample(void *opts, const struct perf_sample *s, uint32_t root)
{
	bytecode_view_sample(((struct options *)opts)->bytecode_view, s, root);
}

static void
write_bytecode(struct profile *profile, void *opts)
{
	struct options *opt = opts;

	opt->bytecode.format = opt->view.format;
	bytecode_view_write(opt->bytecode_view, profile, &opt->bytecode);
}

static void
end_bytecode(void *opts)
{
	bytecode_view_free(((struct options *)opts)->bytecode_view);
}

int
main(int argc, char *argv[])
{
	static const struct view_hooks hooks = {.start = start_bytecode,
	                                        .sample = place_sample,
	                                        .end = end_bytecode};
	struct options opt;

	memset(&opt, 0, sizeof opt);
	return view_main_with(&bytecode, argc, argv, &opt, &opt.view,
	                      write_bytecode, &hooks);
}
