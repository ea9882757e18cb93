/*
 * collapse - fold perf script samples into stacks, one line per stack.
 *
 * Reads `perf script` text and writes folded stacks, the format FlameGraph,
 * inferno and speedscope read: "root;caller;...;leaf COUNT", one line per
 * distinct stack, sorted bytewise.  The root is the command name.  COUNT is
 * the number of samples, or with --period the sum of their periods.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/string_table.h"
#include "input/sample_stream.h"
#include "perfdata/perf_data_stream.h"
#include "symbols/symbols.h"
#include "views/fold.h"

struct options {
	struct sample_stream_options input; /* period: weigh by period */
	struct symbol_options symbols; /* srcline: append file:line to names */
	bool kernel, jit, inlined;     /* annotations */
	bool addrs;
	bool python;
	bool bytecode;
};

/* --inline: annotated, and frames expanded into their inlined calls. */
static void
inline_option(void *field, const char *value, const char *option)
{
	struct options *o = field;

	(void)value, (void)option;
	o->inlined = o->symbols.inline_frames = true;
}

/* --all: every annotation (frames are expanded only with --inline). */
static void
all_option(void *field, const char *value, const char *option)
{
	struct options *o = field;

	(void)value, (void)option;
	o->kernel = o->jit = o->inlined = true;
}

#define O struct options
static const struct option_row collapse_options[] = {
    OPT_SET('p', "pid", O, input.root, ROOT_PID, "root is comm-PID"),
    OPT_SET('t', "tid", O, input.root, ROOT_TID, "root is comm-PID/TID"),
    OPT_FLAG(0, "kernel", O, kernel, "annotate kernel frames with _[k]"),
    OPT_FLAG(0, "jit", O, jit, "annotate JIT and perf-map frames with _[j]"),
    OPT_CALL_ALL(0, "inline", NULL, inline_option,
                 "annotate inlined frames with _[i], and expand\n"
                 "frames into their inlined calls (libbfd)"),
    OPT_CALL_ALL(0, "all", NULL, all_option, "all annotations"),
    OPT_FLAG(0, "addrs", O, addrs, "keep the address of unknown symbols"),
    OPT_FLAG(0, "python", O, python,
             "fold interpreter frames between Python frames"),
    OPT_FLAG(0, "bytecode", O, bytecode,
             "after each frame of CPython's eval loop, the\n"
             "instruction it was in (the interpreter's DWARF)"),
    OPT_FLAG(0, "period", O, input.period,
             "weight samples by period, not count"),
    OPT_TEXT('e', "event", "NAME", O, input.event,
             "fold samples of event NAME (default: the first seen);\n"
             "NAME* every event it begins"),
    OPT_TEXT('e', "event-filter", "NAME", O, input.event, NULL),
    OPT_FLAG(0, "strict", O, input.strict,
             "a line that cannot be parsed is fatal"),
    OPT_FLAG(0, "resolve", O, symbols.resolve,
             "name unknown symbols from the DSO's symbol tables"),
    OPT_FLAG(0, "srcline", O, symbols.srcline,
             "append :file:line to frame names"),
    OPT_FLAG(0, "demangle", O, symbols.demangle,
             "demangle C++ and Rust names left mangled"),
    OPT_END,
};
#undef O

static const struct program collapse = {
    .name = "collapse",
    .operands = "[file ...]",
    .summary = "Fold `perf script` samples into stacks, one line per stack.",
    .options = collapse_options,
    .reads_files = true,
};

int
main(int argc, char *argv[])
{
	struct options opt;
	struct string_table names; /* display names, root names included */
	struct sample_stream stream;
	struct fold fold;

	memset(&opt, 0, sizeof opt);
	cli_start(collapse.name);
	int first = program_parse(&collapse, argc, argv, &opt);

	string_table_init(&names);
	struct fold_options fo = {
	    .kernel = opt.kernel,
	    .jit = opt.jit,
	    .inlined = opt.inlined,
	    .addrs = opt.addrs,
	    .python = opt.python,
	    .bytecode = opt.bytecode,
	    .srcline = opt.symbols.srcline,
	    .period = opt.input.period,
	};
	fold_init(&fold, &fo, &names);
	sample_stream_init(&stream, &opt.input, &names);
	stream.read_perf_data = perf_data_stream_read;
	stream.sample = fold_take;
	stream.ctx = &fold;
	struct symbolizer *symbols = symbolizer_attach(&stream, &opt.symbols);
	sample_stream_read_all(&stream, argc - first, argv + first);

	fold_write(&fold, stdout);
	finish_output();
	int status = sample_stream_finish(&stream) ? EXIT_OK : EXIT_DATA;
	sample_stream_free(&stream);
	symbolizer_free(symbols);
	fold_free(&fold);
	string_table_free(&names);
	return status;
}
