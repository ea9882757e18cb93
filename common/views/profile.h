/*
 * profile.h - the aggregate profile every text view is computed from.
 *
 * Reads perf script text or folded stacks (through a sample_stream:
 * several inputs are combined) in one pass and keeps each distinct stack
 * once, with its summed weight: the number of samples, or with period set
 * the sum of their periods.  Memory grows with the number of distinct
 * frames and stacks, never with the number of samples.
 *
 * Frames are interned as functions: a display name (frame_tidy's, so views
 * agree with collapse) in a DSO.  All display text (function names, comms,
 * DSO names) lives in one string table, names, so view code handles ids
 * only.
 *
 * An inlined frame (perf prints "(inlined)" instead of a DSO) belongs to
 * the DSO of the frame it was inlined into: the next frame towards the
 * root, at the same address.  An "inlined" frame at an address of its own
 * (an orphan) is not part of that frame's inline chain: perf printed
 * "(inlined)" for a function whose debug name differs from its symbol
 * (__GI___libc_free for free, a .isra clone), and that function is where
 * the address is.  Its DSO is, in this order: the one its name has
 * wherever else the input shows it with a DSO (the first seen); the one DSO
 * of the input, present on this machine, whose debug information puts that
 * function at that address (libbfd); else "[unknown]".  Frames inlined
 * into it share its DSO; it owns its self weight like any function.  These
 * DSOs are settled by profile_finish, once every input is read.
 *
 * For folded stacks the DSO is known only where an
 * annotation or name says so: "_[k]" is the kernel, "_[j]" JIT code, "_[i]"
 * an inlined frame and "[libc.so.6]" an unknown symbol in that DSO;
 * otherwise it is "[unknown]".
 *
 * With opt.runs, each stack's weight is also kept per run of a data set's
 * raw file (the runs the sample_stream counts by their markers), for the
 * comparisons that take runs as replicates: memory grows with the distinct
 * (run, stack) pairs.  Runs are numbered from 0 in input order, counting
 * only runs with samples; an input without markers, and folded stacks,
 * are one run.
 *
 * Invariants: total is the sum of the weights of all stacks; with
 * opt.runs, the weights of a stack over its runs sum to its weight, and
 * run_totals sum to total.
 */
#ifndef PERFVIEWS_PROFILE_H
#define PERFVIEWS_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/id_map.h"
#include "base/string_table.h"
#include "base/tuple_table.h"
#include "input/frame_table.h"
#include "input/sample_stream.h"
#include "input/stack_weights.h"

/* Where the self weight of a sample whose leaf frame is inlined goes. */
enum inline_mode {
	INLINE_LEAF,   /* to the inlined function, as perf script shows it */
	INLINE_CALLER, /* to the function it was inlined into: perf report */
};

struct profile_options {
	struct sample_stream_options input; /* event, strict */
	bool period;                        /* weight samples by period */
	bool srcline;                       /* a function per source line */
	enum inline_mode inline_mode;
	bool runs; /* keep weights per run */
};

struct function {
	uint32_t name; /* display name, id in names */
	uint32_t dso;  /* DSO display name, id in names */
	bool inlined;
};

/* An outermost orphan's function, and where it was first seen. */
struct orphan {
	uint32_t function;
	uint32_t frame; /* in orphan_frames: its symbol */
	uint64_t addr;
};

struct profile {
	struct profile_options opt;
	struct sample_stream stream;
	struct string_table names; /* every display text */
	struct id_map function_of; /* frame id -> function id */
	/* Inlined frames take the DSO of their container: their own ids. */
	struct frame_table inlined_frames;
	struct id_map inlined_function_of;
	/*
	 * Inlined frames at an address of their own ("orphans"), by symbol
	 * and the name of the orphan they are inlined into (none for the
	 * outermost); their functions' DSOs wait for profile_finish.
	 */
	struct frame_table orphan_frames;
	struct id_map orphan_function_of;
	struct id_map dso_of_name; /* display name -> DSO name, first seen */
	struct orphan *orphans;    /* outermost orphans' functions */
	size_t norphans, orphans_cap;
	bool pending;                  /* some function's DSO waits */
	struct string_table dso_paths; /* the DSOs of the input, as printed */
	/*
	 * Set by callers that can read binaries (the symbolizer), before
	 * profile_finish: whether the function called name is at addr in
	 * dso by its debug information.  Orphans no name places are then
	 * placed by it; without it they are "[unknown]".
	 */
	bool (*locate)(void *ctx, struct span dso, uint64_t addr,
	               struct span name);
	void *locate_ctx;
	struct tuple_table function_index; /* (name, dso, inlined) -> id */
	struct function *functions;        /* by function id */
	size_t functions_cap;
	struct stack_weights stacks; /* comm id, then function ids leaf first */
	uint32_t unknown_dso;        /* id of "[unknown]" in names */
	uint64_t total;              /* sum of weights */

	/* With opt.runs. */
	struct tuple_table run_stacks; /* (run, stack id) -> id */
	uint64_t *run_weights;         /* by run_stacks id */
	size_t run_weights_cap;
	uint64_t *run_totals; /* by run */
	size_t run_totals_cap;
	uint32_t nruns;
	uint32_t run_marker; /* the stream's run of run nruns - 1 */
};

/* The weight of one stack in one run. */
struct profile_run_weight {
	uint32_t stack;
	uint32_t run;
	uint64_t weight;
};

/* One distinct stack, as the views walk it. */
struct profile_stack {
	uint32_t comm;             /* id in names */
	const uint32_t *functions; /* function ids, leaf first */
	uint32_t n;
	uint32_t self; /* index of the function owning the self
	                  weight (see enum inline_mode) */
	uint64_t weight;
};

/*
 * Set up for reading; p->stream may then be given a frame rewriter (the
 * symbolizer) before the first input, and p->locate before the last.
 */
void profile_init(struct profile *p, const struct profile_options *opt);
void profile_free(struct profile *p);

/* Add one input file ("-" is stdin), or every input (stdin when none). */
void profile_read(struct profile *p, const char *path);
void profile_read_all(struct profile *p, int argc, char *const argv[]);

/*
 * After the last input: warn about skipped events; false, with a message,
 * when nothing was read.
 */
bool profile_finish(struct profile *p);

static inline uint32_t
profile_stack_count(const struct profile *p)
{
	return stack_weights_count(&p->stacks);
}

struct profile_stack profile_stack_get(const struct profile *p, uint32_t id);

static inline uint32_t
profile_function_count(const struct profile *p)
{
	return tuple_table_count(&p->function_index);
}

static inline const struct function *
profile_function(const struct profile *p, uint32_t id)
{
	return &p->functions[id];
}

static inline struct span
profile_text(const struct profile *p, uint32_t name)
{
	return string_table_get(&p->names, name);
}

/* With opt.runs: the runs with samples (0 without opt.runs). */
static inline uint32_t
profile_run_count(const struct profile *p)
{
	return p->nruns;
}

/* With opt.runs: the (run, stack) pairs with weight, in no order. */
static inline uint32_t
profile_run_weight_count(const struct profile *p)
{
	return tuple_table_count(&p->run_stacks);
}

struct profile_run_weight profile_run_weight_get(const struct profile *p,
                                                 uint32_t i);
/*
 * True when some function is in a known DSO; false when the input names
 * none (perf script -F without dso, or folded stacks without annotations).
 */
bool profile_names_dsos(const struct profile *p);

/* "samples", "period" or "count" (folded input): what weights count. */
const char *profile_weight_name(const struct profile *p);
/* The event shown, or NULL (folded input says none). */
const char *profile_event_name(const struct profile *p);

/*
 * A DSO display name: the path's last component, as perf report shows it
 * ("/usr/lib/libc.so.6" -> "libc.so.6"); "[unknown]" when empty.  The
 * perf maps of every process are one DSO, "perf.map" (dso_family_name's
 * name for them): a Python function run by several processes, each with
 * its /tmp/perf-PID.map, is one function.
 */
struct span dso_display_name(struct span dso);

#endif
