/*
 * profile.c - see profile.h.
 *
 * A stack in the stack table is [comm, f0, f1, ...] with f0 the leaf.  The
 * function of a frame is computed once per distinct frame and cached by
 * frame id, so a sample costs one frame-table lookup per frame and one
 * stack-table lookup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "perfdata/perf_data_stream.h"
#include "views/profile.h"

static void perf_sample(void *ctx, const struct perf_sample *s, uint32_t comm);
static void folded_line(void *ctx, const struct folded_line *line);

void
profile_init(struct profile *p, const struct profile_options *opt)
{
	memset(p, 0, sizeof *p);
	p->opt = *opt;
	string_table_init(&p->names);
	struct sample_stream_options input = opt->input;
	input.period = opt->period;
	sample_stream_init(&p->stream, &input, &p->names);
	p->stream.read_perf_data = perf_data_stream_read;
	p->stream.sample = perf_sample;
	p->stream.folded = folded_line;
	p->stream.ctx = p;
	frame_table_init(&p->inlined_frames);
	frame_table_init(&p->orphan_frames);
	string_table_init(&p->dso_paths);
	tuple_table_init(&p->function_index);
	stack_weights_init(&p->stacks);
	tuple_table_init(&p->run_stacks);
	p->unknown_dso = string_table_intern(&p->names, span_cstr("[unknown]"));
}

void
profile_free(struct profile *p)
{
	sample_stream_free(&p->stream);
	string_table_free(&p->names);
	frame_table_free(&p->inlined_frames);
	frame_table_free(&p->orphan_frames);
	string_table_free(&p->dso_paths);
	free(p->orphans);
	id_map_free(&p->function_of);
	id_map_free(&p->inlined_function_of);
	id_map_free(&p->orphan_function_of);
	id_map_free(&p->dso_of_name);
	tuple_table_free(&p->function_index);
	stack_weights_free(&p->stacks);
	tuple_table_free(&p->run_stacks);
	free(p->run_weights);
	free(p->run_totals);
	free(p->functions);
}

/* The weight of a stack in the stream's current run. */
static void
add_run_weight(struct profile *p, uint32_t stack, uint64_t weight)
{
	/* The stream's runs only go up: a new one starts a run here. */
	if (p->nruns == 0 || p->stream.run != p->run_marker) {
		p->run_marker = p->stream.run;
		p->run_totals =
		    array_reserve(p->run_totals, &p->run_totals_cap,
		                  (size_t)p->nruns + 1, sizeof *p->run_totals);
		p->nruns++;
	}
	uint32_t key[2] = {p->nruns - 1, stack};
	uint32_t id = tuple_table_intern(&p->run_stacks, key, 2);
	p->run_weights = array_reserve(p->run_weights, &p->run_weights_cap,
	                               (size_t)id + 1, sizeof *p->run_weights);
	p->run_weights[id] += weight;
	p->run_totals[p->nruns - 1] += weight;
}

static void
add_stack(struct profile *p, size_t n, uint64_t weight)
{
	uint32_t id = stack_weights_add(&p->stacks, n, weight);

	p->total += weight;
	if (p->opt.runs && weight > 0)
		add_run_weight(p, id, weight);
}

struct span
dso_display_name(struct span dso)
{
	if (dso.n == 0)
		return span_cstr("[unknown]");
	/* "[kernel.kallsyms]" and "[JIT] tid 5" are names, not paths. */
	if (dso.p[0] == '[')
		return dso;
	if (dso_is_perf_map(dso))
		return span_cstr("perf.map");
	return span_basename(dso);
}

/* The function id of (name, dso, inlined), added if new. */
static uint32_t
intern_function(struct profile *p, uint32_t name, uint32_t dso, bool inlined)
{
	uint32_t key[3] = {name, dso, inlined};
	uint32_t id = tuple_table_intern(&p->function_index, key, 3);

	p->functions = array_reserve(p->functions, &p->functions_cap,
	                             (size_t)id + 1, sizeof *p->functions);
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

/* The display name of a perf frame, interned; with --srcline, its line. */
static uint32_t
frame_name(struct profile *p, const struct perf_frame *f, struct span dso,
           bool line)
{
	char *buf = stack_weights_name_room(&p->stacks, f, dso);
	size_t n = frame_tidy(f->symbol, dso, f->addr, false, false, buf);
	if (line)
		n += srcline_append(buf + n, f->srcline);
	return string_table_intern(&p->names, span_make(buf, n));
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
	bool line = p->opt.srcline && srcline_has_line(f->srcline);
	uint32_t id = id_map_get(map, frame);
	if (!line && id != ID_MAP_NONE)
		return id;

	uint32_t name = frame_name(p, f, dso, line);
	uint32_t dso_name =
	    string_table_intern(&p->names, dso_display_name(dso));
	/* What the orphans will take their DSO from (by function name). */
	uint32_t plain = line ? frame_name(p, f, dso, false) : name;
	if (dso.n > 0 && id_map_get(&p->dso_of_name, plain) == ID_MAP_NONE)
		id_map_set(&p->dso_of_name, plain, dso_name);
	if (!f->inlined && dso.n > 0 && dso.p[0] == '/')
		string_table_intern(&p->dso_paths, dso);
	id = intern_function(p, name, dso_name, f->inlined);
	if (!line)
		id_map_set(map, frame, id);
	return id;
}

/*
 * In the function index, the DSO of an orphan's function is the name id of
 * the orphan whose DSO it takes, with this bit, until profile_finish.
 */
#define DSO_PENDING UINT32_C(0x80000000)

/*
 * The function of an orphan: the outermost (outer == STRING_NONE) is the
 * function at its address, not inlined; the frames inlined into it (at the
 * same address) are inlined into outer, the outermost's name.
 */
static uint32_t
orphan_function(struct profile *p, const struct perf_frame *f, uint32_t outer)
{
	bool inner = outer != STRING_NONE;
	struct span outer_name =
	    inner ? string_table_get(&p->names, outer) : span_make(NULL, 0);
	uint32_t frame =
	    frame_table_intern(&p->orphan_frames, f->symbol, outer_name, inner);
	bool line = p->opt.srcline && srcline_has_line(f->srcline);
	uint32_t id = id_map_get(&p->orphan_function_of, frame);
	if (!line && id != ID_MAP_NONE)
		return id;

	struct span none = span_make(NULL, 0);
	uint32_t name = frame_name(p, f, none, line);
	uint32_t from = inner  ? outer
	                : line ? frame_name(p, f, none, false)
	                       : name;
	if (from >= DSO_PENDING)
		die(EXIT_DATA, "more names than a profile holds");
	uint32_t count = profile_function_count(p);
	id = intern_function(p, name, from | DSO_PENDING, inner);
	if (!line)
		id_map_set(&p->orphan_function_of, frame, id);
	if (id == count && !inner) {
		p->orphans = array_reserve(p->orphans, &p->orphans_cap,
		                           p->norphans + 1, sizeof *p->orphans);
		p->orphans[p->norphans++] = (struct orphan){id, frame, f->addr};
	}
	p->pending = true;
	return id;
}

/*
 * The one DSO of the input whose binary puts the orphan's function at its
 * address, as the caller's locator tells; STRING_NONE when there is no
 * locator, or none or several DSOs do.
 */
static uint32_t
locate_orphan(struct profile *p, const struct orphan *o)
{
	struct span symbol =
	    frame_table_get(&p->orphan_frames, o->frame).symbol;
	uint32_t found = STRING_NONE;

	if (p->locate == NULL)
		return STRING_NONE;
	for (uint32_t d = 0; d < p->dso_paths.count; d++) {
		struct span dso = string_table_get(&p->dso_paths, d);
		if (!p->locate(p->locate_ctx, dso, o->addr, symbol))
			continue;
		if (found != STRING_NONE)
			return STRING_NONE;
		found = d;
	}
	return found;
}

/*
 * Give each orphan's function its DSO: the outermost ones by name, or
 * where the DSOs' debug information puts them; then the frames inlined
 * into them, by their outermost's name.
 */
static void
settle_orphans(struct profile *p)
{
	if (!p->pending)
		return;
	for (size_t i = 0; i < p->norphans; i++) {
		const struct orphan *o = &p->orphans[i];
		uint32_t name = p->functions[o->function].dso & ~DSO_PENDING;
		if (id_map_get(&p->dso_of_name, name) != ID_MAP_NONE)
			continue;
		uint32_t d = locate_orphan(p, o);
		uint32_t dso =
		    d == STRING_NONE
		        ? p->unknown_dso
		        : string_table_intern(&p->names,
		                              dso_display_name(string_table_get(
		                                  &p->dso_paths, d)));
		id_map_set(&p->dso_of_name, name, dso);
	}
	for (uint32_t id = 0; id < profile_function_count(p); id++) {
		struct function *fn = &p->functions[id];
		if (!(fn->dso & DSO_PENDING))
			continue;
		uint32_t dso =
		    id_map_get(&p->dso_of_name, fn->dso & ~DSO_PENDING);
		fn->dso = dso != ID_MAP_NONE ? dso : p->unknown_dso;
	}
	p->pending = false;
}

static void
perf_sample(void *ctx, const struct perf_sample *s, uint32_t comm)
{
	struct profile *p = ctx;

	stack_weights_set(&p->stacks, 0, comm);

	/*
	 * Walk root to leaf so that an inlined frame knows the frame it was
	 * inlined into: the nearest one towards the root, at its address.
	 */
	struct span container = span_make(NULL, 0);
	uint64_t at = 0;              /* the address of the chain */
	bool chain = false;           /* a chain is open at that address */
	uint32_t outer = STRING_NONE; /* its orphan's name, or none */
	size_t n = s->nframes;
	if (n == 0) {
		/* No call chain: the sample still counts, somewhere unknown. */
		stack_weights_set(&p->stacks, 1, unknown_function(p));
		n = 1;
	}
	for (size_t i = s->nframes; i-- > 0;) {
		const struct perf_frame *f = &s->frames[i];
		uint32_t fn;
		if (!f->inlined) {
			container = f->dso;
			at = f->addr;
			chain = true;
			outer = STRING_NONE;
			fn = perf_function(p, f, f->dso);
		} else if (chain && f->addr == at && outer == STRING_NONE) {
			fn = perf_function(p, f, container);
		} else if (chain && f->addr == at) {
			fn = orphan_function(p, f, outer);
		} else {
			fn = orphan_function(p, f, STRING_NONE);
			outer = p->functions[fn].dso & ~DSO_PENDING;
			at = f->addr;
			chain = true;
		}
		stack_weights_set(&p->stacks, 1 + i, fn);
	}
	add_stack(p, 1 + n, p->opt.period ? s->period : 1);
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
folded_line(void *ctx, const struct folded_line *line)
{
	struct profile *p = ctx;
	struct span rest = line->stack, frame;
	size_t n = 0;

	while (folded_next_frame(&rest, &frame))
		stack_weights_set(&p->stacks, n++, 0);
	if (n == 0)
		return;
	if (n == 1)
		stack_weights_set(&p->stacks, n++, unknown_function(p));
	/* Root first in the file; the table wants comm, then leaf first. */
	rest = line->stack;
	folded_next_frame(&rest, &frame);
	p->stacks.ids[0] = string_table_intern(&p->names, frame);
	for (size_t i = n - 1; i >= 1 && folded_next_frame(&rest, &frame); i--)
		p->stacks.ids[i] = folded_function(p, frame);
	double count = line->count[0];
	add_stack(p, n, count > 0 ? (uint64_t)(count + 0.5) : 0);
}

void
profile_read(struct profile *p, const char *path)
{
	sample_stream_read(&p->stream, path);
}

void
profile_read_all(struct profile *p, int argc, char *const argv[])
{
	sample_stream_read_all(&p->stream, argc, argv);
}

bool
profile_finish(struct profile *p)
{
	/* The stream counts samples; a profile of weight 0 shows nothing. */
	settle_orphans(p);
	if (!sample_stream_finish(&p->stream))
		return false;
	if (p->total > 0)
		return true;
	warnmsg("no samples");
	return false;
}

struct profile_stack
profile_stack_get(const struct profile *p, uint32_t id)
{
	struct profile_stack s;
	uint32_t n;
	const uint32_t *ids = stack_weights_get(&p->stacks, id, &n);

	s.comm = ids[0];
	s.functions = ids + 1;
	s.n = n - 1;
	s.weight = p->stacks.weights[id];
	s.self = 0;
	if (p->opt.inline_mode == INLINE_CALLER) {
		while (s.self + 1 < s.n &&
		       p->functions[s.functions[s.self]].inlined)
			s.self++;
	}
	return s;
}

struct profile_run_weight
profile_run_weight_get(const struct profile *p, uint32_t i)
{
	uint32_t n;
	const uint32_t *key = tuple_table_get(&p->run_stacks, i, &n);
	struct profile_run_weight w = {key[1], key[0], p->run_weights[i]};

	return w;
}

bool
profile_names_dsos(const struct profile *p)
{
	for (uint32_t id = 0; id < profile_function_count(p); id++)
		if (p->functions[id].dso != p->unknown_dso)
			return true;
	return false;
}

const char *
profile_weight_name(const struct profile *p)
{
	if (p->stream.saw_folded)
		return p->stream.saw_perf && p->opt.period ? "period" : "count";
	return p->opt.period ? "period" : "samples";
}

const char *
profile_event_name(const struct profile *p)
{
	return event_select_name(&p->stream.events);
}
