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
#include "base/id_map.h"
#include "base/string_table.h"
#include "input/frame_tidy.h"
#include "input/sample_stream.h"
#include "input/stack_weights.h"
#include "perfdata/perf_data_stream.h"
#include "symbols/symbols.h"

struct options {
	struct sample_stream_options input; /* period: weigh by period */
	struct symbol_options symbols; /* srcline: append file:line to names */
	bool kernel, jit, inlined;     /* annotations */
	bool addrs;
	bool python;
};

struct collapse {
	struct options opt;
	struct string_table names;   /* display names, root names included */
	struct id_map name_of[2];    /* frame id -> name id, [java] */
	struct stack_weights stacks; /* name ids, root first; counts */
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
    .usage = "collapse [--pid | --tid] [--kernel] [--jit] [--inline] "
             "[--all]\n"
             "                [--addrs] [--python] [--period] [--event NAME] "
             "[--strict]\n"
             "                [--resolve] [--srcline] [--demangle] "
             "[file ...]\n",
    .summary = "Fold `perf script` samples into stacks, one line per stack.",
    .options = collapse_options,
    .reads_files = true,
};

/* The display name of a frame, with its annotation. */
static uint32_t
make_name(struct collapse *c, const struct perf_frame *f, bool java)
{
	char *buf = stack_weights_name_room(&c->stacks, f, f->dso);
	size_t n =
	    frame_tidy(f->symbol, f->dso, f->addr, c->opt.addrs, java, buf);
	const char *note = NULL;

	if (f->inlined) {
		if (c->opt.inlined)
			note = "_[i]";
	} else if (dso_is_kernel(f->dso)) {
		if (c->opt.kernel)
			note = "_[k]";
	} else if (dso_is_jit(f->dso)) {
		if (c->opt.jit)
			note = "_[j]";
	}
	if (note != NULL) {
		memcpy(buf + n, note, 4);
		n += 4;
	}
	/* "func:file.c:12", as stackcollapse-perf.pl --srcline writes it. */
	if (c->opt.symbols.srcline && srcline_has_line(f->srcline))
		n += srcline_append(buf + n, f->srcline);
	return string_table_intern(&c->names, span_make(buf, n));
}

static uint32_t
frame_name(struct collapse *c, const struct perf_frame *f, bool java)
{
	/* An unknown symbol with its address is unique to the address. */
	if (c->opt.addrs && frame_symbol_unknown(f->symbol))
		return make_name(c, f, java);
	/* A frame id is a function, not a line of it. */
	if (c->opt.symbols.srcline && f->srcline.n > 0)
		return make_name(c, f, java);

	uint32_t name = id_map_get(&c->name_of[java], f->id);
	if (name == ID_MAP_NONE) {
		name = make_name(c, f, java);
		id_map_set(&c->name_of[java], f->id, name);
	}
	return name;
}

/*
 * With --python, interpreter frames between two Python-level frames are
 * glue: what runs one Python function from another.  They are dropped so
 * the stack reads caller -> callee in Python terms.
 */
static bool
is_glue(const struct perf_frame *f)
{
	if (symbol_is_python(f->symbol))
		return false;
	if (dso_is_python(f->dso))
		return true;
	return frame_symbol_unknown(f->symbol) &&
	       (f->dso.n == 0 || span_eq_cstr(f->dso, "[unknown]"));
}

static void
add_sample(void *ctx, const struct perf_sample *s, uint32_t root)
{
	struct collapse *c = ctx;
	bool java = span_starts_with(s->comm, "java");
	size_t first_py = SIZE_MAX, last_py = 0;
	size_t n = 0;

	if (c->opt.python) {
		for (size_t i = 0; i < s->nframes; i++) {
			if (!symbol_is_python(s->frames[i].symbol))
				continue;
			if (first_py == SIZE_MAX)
				first_py = i;
			last_py = i;
		}
	}
	stack_weights_set(&c->stacks, n++, root);
	for (size_t i = s->nframes; i-- > 0;) {
		const struct perf_frame *f = &s->frames[i];
		if (first_py != SIZE_MAX && i > first_py && i < last_py &&
		    is_glue(f))
			continue;
		stack_weights_set(&c->stacks, n++, frame_name(c, f, java));
	}
	stack_weights_add(&c->stacks, n, c->opt.input.period ? s->period : 1);
}

int
main(int argc, char *argv[])
{
	struct collapse c;
	struct sample_stream stream;

	memset(&c, 0, sizeof c);
	cli_start(collapse.name);
	int first = program_parse(&collapse, argc, argv, &c.opt);

	string_table_init(&c.names);
	stack_weights_init(&c.stacks);
	sample_stream_init(&stream, &c.opt.input, &c.names);
	stream.read_perf_data = perf_data_stream_read;
	stream.sample = add_sample;
	stream.ctx = &c;
	struct symbolizer *symbols = symbolizer_attach(&stream, &c.opt.symbols);
	sample_stream_read_all(&stream, argc - first, argv + first);

	stack_weights_write_folded(&c.stacks, &c.names, stdout);
	finish_output();
	int status = sample_stream_finish(&stream) ? EXIT_OK : EXIT_DATA;
	sample_stream_free(&stream);
	symbolizer_free(symbols);
	string_table_free(&c.names);
	id_map_free(&c.name_of[0]);
	id_map_free(&c.name_of[1]);
	stack_weights_free(&c.stacks);
	return status;
}
