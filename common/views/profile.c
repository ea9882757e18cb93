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
#include "views/profile.h"

static void perf_sample(void *ctx, const struct perf_sample *s, uint32_t comm);
static void folded_line(void *ctx, const struct folded_line *line);

void
profile_init(struct profile *p, const struct profile_options *opt)
{
	memset(p, 0, sizeof *p);
	p->opt = *opt;
	string_table_init(&p->names);
	sample_stream_init(&p->stream, &opt->input, &p->names);
	p->stream.sample = perf_sample;
	p->stream.folded = folded_line;
	p->stream.ctx = p;
	frame_table_init(&p->inlined_frames);
	tuple_table_init(&p->function_index);
	tuple_table_init(&p->stacks);
	tuple_table_init(&p->run_stacks);
	p->unknown_dso = string_table_intern(&p->names, span_cstr("[unknown]"));
}

void
profile_free(struct profile *p)
{
	sample_stream_free(&p->stream);
	string_table_free(&p->names);
	frame_table_free(&p->inlined_frames);
	id_map_free(&p->function_of);
	id_map_free(&p->inlined_function_of);
	tuple_table_free(&p->function_index);
	tuple_table_free(&p->stacks);
	tuple_table_free(&p->run_stacks);
	free(p->run_weights);
	free(p->run_totals);
	free(p->functions);
	free(p->weights);
	free(p->ids);
	free(p->namebuf);
}

static void
push_id(struct profile *p, size_t n, uint32_t id)
{
	p->ids = array_reserve(p->ids, &p->ids_cap, n + 1, sizeof *p->ids);
	p->ids[n] = id;
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
	uint32_t id = tuple_table_intern(&p->stacks, p->ids, n);

	p->weights = array_reserve(p->weights, &p->weights_cap, (size_t)id + 1,
	                           sizeof *p->weights);
	p->weights[id] += weight;
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

	p->namebuf = array_reserve(p->namebuf, &p->namebuf_cap,
	                           f->symbol.n + dso.n + f->srcline.n + 48, 1);
	char *buf = p->namebuf;
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

static void
perf_sample(void *ctx, const struct perf_sample *s, uint32_t comm)
{
	struct profile *p = ctx;

	push_id(p, 0, comm);

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
	const uint32_t *ids = tuple_table_get(&p->stacks, id, &n);

	s.comm = ids[0];
	s.functions = ids + 1;
	s.n = n - 1;
	s.weight = p->weights[id];
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
