/*
 * profile.c - see profile.h.
 *
 * A stack in the stack table is [comm, f0, f1, ...] with f0 the leaf.  The
 * function of a frame is computed once per distinct frame and cached by
 * frame id, so a sample costs one frame-table lookup per frame and one
 * stack-table lookup.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "folded.h"
#include "frame_tidy.h"
#include "profile.h"

enum { DETECT_BYTES = 64 << 10 };

void
profile_init(struct profile *p, const struct profile_options *opt)
{
	memset(p, 0, sizeof *p);
	p->opt = *opt;
	string_table_init(&p->names);
	frame_cache_init(&p->cache, FRAME_CACHE_BUDGET);
	frame_table_init(&p->inlined_frames);
	stack_table_init(&p->functions_index);
	stack_table_init(&p->stacks);
	event_select_init(&p->events, opt->event);
	p->unknown_dso = string_table_intern(&p->names, span_cstr("[unknown]"));
	if (symbol_options_any(&opt->symbols))
		p->symbols = symbolizer_new(&opt->symbols);
}

void
profile_free(struct profile *p)
{
	string_table_free(&p->names);
	frame_cache_free(&p->cache);
	frame_table_free(&p->inlined_frames);
	id_map_free(&p->function_of);
	id_map_free(&p->inlined_function_of);
	root_cache_free(&p->last_root);
	stack_table_free(&p->functions_index);
	stack_table_free(&p->stacks);
	event_select_free(&p->events);
	free(p->functions);
	free(p->ids);
	free(p->namebuf);
	symbolizer_free(p->symbols);
}

static void
push_id(struct profile *p, size_t n, uint32_t id)
{
	p->ids = array_reserve(p->ids, &p->ids_cap, n + 1, sizeof *p->ids);
	p->ids[n] = id;
}

static char *
name_buffer(struct profile *p, size_t need)
{
	p->namebuf = array_reserve(p->namebuf, &p->namebuf_cap, need, 1);
	return p->namebuf;
}

struct span
dso_display_name(struct span dso)
{
	if (dso.n == 0)
		return span_cstr("[unknown]");
	/* "[kernel.kallsyms]" and "[JIT] tid 5" are names, not paths. */
	if (dso.p[0] == '[')
		return dso;
	return span_basename(dso);
}

/* The function id of (name, dso, inlined), added if new. */
static uint32_t
intern_function(struct profile *p, uint32_t name, uint32_t dso, bool inlined)
{
	uint32_t key[3] = {name, dso, inlined};
	uint32_t id = stack_table_add(&p->functions_index, key, 3, 0, 0);

	if (id >= p->functions_cap) {
		p->functions_cap =
		    p->functions_cap ? p->functions_cap * 2 : 1024;
		p->functions = xreallocarray(p->functions, p->functions_cap,
		                             sizeof *p->functions);
	}
	p->functions[id].name = name;
	p->functions[id].dso = dso;
	p->functions[id].inlined = inlined;
	return id;
}

/* "[unknown]" in "[unknown]": where a stack without frames is counted. */
static uint32_t
unknown_function(struct profile *p)
{
	return intern_function(p, p->unknown_dso, p->unknown_dso, false);
}

/*
 * The function of a perf frame; dso is the frame's own or, for an inlined
 * frame, its container's.  Computed once per frame: a frame's own is known
 * by the reader's frame id, an inlined frame by its id with that DSO.
 */
static uint32_t
perf_function(struct profile *p, const struct perf_frame *f, struct span dso)
{
	struct id_map *map = &p->function_of;
	uint32_t frame = f->id;

	if (f->inlined) {
		map = &p->inlined_function_of;
		frame = frame_table_intern(&p->inlined_frames, f->symbol, dso,
		                           true);
	}
	/* With --srcline a function is one line of it: no cache. */
	bool line = p->opt.symbols.srcline && srcline_has_line(f->srcline);
	uint32_t id = id_map_get(map, frame);
	if (!line && id != UINT32_MAX)
		return id;

	char *buf = name_buffer(p, f->symbol.n + dso.n + f->srcline.n + 48);
	size_t n = frame_tidy(f->symbol, dso, f->addr, false, false, buf);
	if (line)
		n += srcline_append(buf + n, f->srcline);
	uint32_t name = string_table_intern(&p->names, span_make(buf, n));
	uint32_t dso_name =
	    string_table_intern(&p->names, dso_display_name(dso));
	id = intern_function(p, name, dso_name, f->inlined);
	if (!line)
		id_map_set(map, frame, id);
	return id;
}

/* The comm of a sample, as collapse writes it: the root of its stack. */
static uint32_t
comm_name(struct profile *p, const struct perf_sample *s)
{
	uint32_t name = root_cache_find(&p->last_root, s);

	if (name == UINT32_MAX) {
		char *buf = name_buffer(p, s->comm.n);
		size_t n = comm_tidy(s->comm, buf);
		name = string_table_intern(&p->names, span_make(buf, n));
		root_cache_keep(&p->last_root, s, name);
	}
	return name;
}

static void
add_perf_sample(struct profile *p, const struct perf_sample *s)
{
	if (!event_select_take(&p->events, s->event))
		return;

	push_id(p, 0, comm_name(p, s));

	/*
	 * Walk root to leaf so that an inlined frame knows the DSO of the
	 * frame it was inlined into: the nearest one towards the root.
	 */
	struct span container = span_make(NULL, 0);
	size_t n = s->nframes;
	if (n == 0) {
		/* No call chain: the sample still counts, somewhere unknown. */
		push_id(p, 1, unknown_function(p));
		n = 1;
	}
	for (size_t i = s->nframes; i-- > 0;) {
		const struct perf_frame *f = &s->frames[i];
		if (!f->inlined)
			container = f->dso;
		push_id(p, 1 + i,
		        perf_function(p, f, f->inlined ? container : f->dso));
	}
	uint64_t weight = p->opt.period ? s->period : 1;
	stack_table_add(&p->stacks, p->ids, 1 + n, weight, 0);
	p->total += weight;
	p->samples++;
}

/*
 * The function of a folded frame: the name as written, its annotation
 * removed and turned into what it says about the DSO.
 */
static uint32_t
folded_function(struct profile *p, struct span frame)
{
	struct span dso = span_make(NULL, 0);
	bool inlined = false;

	if (span_ends_with(frame, "_[k]")) {
		dso = span_cstr("[kernel.kallsyms]");
		frame.n -= 4;
	} else if (span_ends_with(frame, "_[j]")) {
		dso = span_cstr("[JIT]");
		frame.n -= 4;
	} else if (span_ends_with(frame, "_[i]")) {
		inlined = true;
		frame.n -= 4;
	} else if (frame.n > 2 && frame.p[0] == '[' &&
	           frame.p[frame.n - 1] == ']' &&
	           !span_eq_cstr(frame, "[unknown]")) {
		/* collapse names an unknown symbol after its DSO. */
		dso = span_make(frame.p + 1, frame.n - 2);
	}
	uint32_t name = string_table_intern(&p->names, frame);
	uint32_t dso_name =
	    dso.n ? string_table_intern(&p->names, dso) : p->unknown_dso;
	return intern_function(p, name, dso_name, inlined);
}

static void
add_folded_line(struct profile *p, const struct folded_line *line)
{
	struct span rest = line->stack, frame;
	size_t n = 0;

	while (folded_next_frame(&rest, &frame))
		push_id(p, n++, 0);
	if (n == 0)
		return;
	if (n == 1)
		push_id(p, n++, unknown_function(p));
	/* Root first in the file; the table wants comm, then leaf first. */
	rest = line->stack;
	folded_next_frame(&rest, &frame);
	p->ids[0] = string_table_intern(&p->names, frame);
	for (size_t i = n - 1; i >= 1 && folded_next_frame(&rest, &frame); i--)
		p->ids[i] = folded_function(p, frame);
	double count = line->count[0];
	uint64_t weight = count > 0 ? (uint64_t)(count + 0.5) : 0;
	stack_table_add(&p->stacks, p->ids, n, weight, 0);
	p->total += weight;
	p->samples++;
}

static void
read_perf(struct profile *p, struct perf_reader *r)
{
	struct perf_sample s;

	r->lines.strict = p->opt.strict;
	r->cache = &p->cache;
	r->symbols = p->symbols;
	while (perf_reader_next(r, &s))
		add_perf_sample(p, &s);
	perf_reader_summary(r);
	p->saw_perf = true;
}

/* Take over the perf reader's buffered lines, already partly peeked at. */
static void
read_folded(struct profile *p, struct perf_reader *from)
{
	struct folded_reader r;
	struct folded_line line;

	folded_reader_init(&r, from->lines.fd, from->lines.name);
	line_reader_free(&r.lines);
	r.lines = from->lines;
	memset(&from->lines, 0, sizeof from->lines);
	r.lines.strict = p->opt.strict;
	while (folded_reader_next(&r, &line))
		add_folded_line(p, &line);
	folded_reader_summary(&r);
	if (r.ncounts == 2)
		warnmsg("%s: a diff file; showing its first counts",
		        r.lines.name);
	folded_reader_free(&r);
	p->saw_folded = true;
}

void
profile_read(struct profile *p, const char *path)
{
	struct perf_reader r;
	int fd = input_open(path);

	perf_reader_init(&r, fd, input_name(path));
	struct span head = line_reader_peek(&r.lines, DETECT_BYTES);
	if (!perf_script_detect(head) && folded_detect(head))
		read_folded(p, &r);
	else
		read_perf(p, &r);
	perf_reader_free(&r);
	input_close(fd);
}

bool
profile_finish(struct profile *p)
{
	event_select_report(&p->events);
	if (p->total > 0)
		return true;
	if (p->opt.event != NULL)
		warnmsg("no samples of event %s", p->opt.event);
	else
		warnmsg("no samples");
	return false;
}

struct profile_stack
profile_stack_get(const struct profile *p, uint32_t id)
{
	const struct stack_entry *e = &p->stacks.stacks[id];
	struct profile_stack s;

	s.comm = e->ids[0];
	s.functions = e->ids + 1;
	s.n = e->n - 1;
	s.weight = e->count[0];
	s.self = 0;
	if (p->opt.inline_mode == INLINE_CALLER) {
		while (s.self + 1 < s.n &&
		       p->functions[s.functions[s.self]].inlined)
			s.self++;
	}
	return s;
}

const char *
profile_weight_name(const struct profile *p)
{
	if (p->saw_folded)
		return p->saw_perf && p->opt.period ? "period" : "count";
	return p->opt.period ? "period" : "samples";
}

const char *
profile_event_name(const struct profile *p)
{
	return event_select_name(&p->events);
}

enum {
	OPT_PERIOD = 0x5000,
	OPT_INLINE,
	OPT_STRICT,
	OPT_SRCLINE,
};

const struct option profile_long_options[] = {
    {"period", no_argument, NULL, OPT_PERIOD},
    {"event", required_argument, NULL, 'e'},
    {"inline", required_argument, NULL, OPT_INLINE},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"resolve", no_argument, NULL, OPT_SYMBOL_RESOLVE},
    {"expand-inline", no_argument, NULL, OPT_SYMBOL_EXPAND_INLINE},
    {"demangle", no_argument, NULL, OPT_SYMBOL_DEMANGLE},
    {"srcline", no_argument, NULL, OPT_SRCLINE},
    {NULL, 0, NULL, 0},
};

bool
profile_option(struct profile_options *o, int code, const char *arg)
{
	switch (code) {
	case OPT_PERIOD:
		o->period = true;
		return true;
	case 'e':
		o->event = arg;
		return true;
	case OPT_INLINE:
		if (strcmp(arg, "leaf") == 0)
			o->inline_mode = INLINE_LEAF;
		else if (strcmp(arg, "caller") == 0)
			o->inline_mode = INLINE_CALLER;
		else
			usage_error("--inline: leaf or caller, not '%s'", arg);
		return true;
	case OPT_STRICT:
		o->strict = true;
		return true;
	case OPT_SRCLINE:
		o->symbols.srcline = true;
		return true;
	case OPT_SYMBOL_RESOLVE:
	case OPT_SYMBOL_EXPAND_INLINE:
	case OPT_SYMBOL_DEMANGLE:
		symbol_option_set(&o->symbols, code);
		return true;
	}
	return false;
}

void
profile_options_help(void)
{
	printf("      --period            weight samples by period, not count\n"
	       "  -e, --event NAME        samples of event NAME (default: the "
	       "first seen)\n"
	       "      --inline leaf|caller  self of an inlined leaf goes to it "
	       "(default)\n"
	       "                          or to its caller, as perf report "
	       "does\n"
	       "      --strict            a line that cannot be parsed is "
	       "fatal\n"
	       "      --resolve           name unknown symbols from the DSOs "
	       "(libbfd)\n"
	       "      --expand-inline     expand frames into their inlined "
	       "calls (libbfd)\n"
	       "      --demangle          demangle C++ and Rust names left "
	       "mangled\n"
	       "      --srcline           a function per source line: "
	       "name:file:line\n");
}

static void
read_one(void *ctx, const char *path)
{
	profile_read(ctx, path);
}

void
profile_read_all(struct profile *p, int argc, char *const argv[])
{
	each_input(argc, argv, read_one, p);
}
