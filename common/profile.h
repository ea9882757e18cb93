/*
 * profile.h - the aggregate profile every text view is computed from.
 *
 * Reads perf script text or folded stacks (told apart by their first
 * lines; several inputs are combined) in one pass and keeps each distinct
 * stack once, with its summed weight: the number of samples, or with
 * period set the sum of their periods.  Memory grows with the number of
 * distinct frames and stacks, never with the number of samples.
 *
 * Frames are interned as functions: a display name (frame_tidy's, so views
 * agree with collapse) in a DSO.  All display text (function names, comms,
 * DSO names) lives in one string table, names, so view code handles ids
 * only.
 *
 * An inlined frame (perf prints "(inlined)" instead of a DSO) belongs to
 * the DSO of the frame it was inlined into: the next frame towards the
 * root that has a DSO.  For folded stacks the DSO is known only where an
 * annotation or name says so: "_[k]" is the kernel, "_[j]" JIT code, "_[i]"
 * an inlined frame and "[libc.so.6]" an unknown symbol in that DSO;
 * otherwise it is "[unknown]".
 *
 * Invariant: total is the sum of the weights of all stacks.
 */
#ifndef PERFVIEWS_PROFILE_H
#define PERFVIEWS_PROFILE_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "event_select.h"
#include "frame_cache.h"
#include "frame_table.h"
#include "id_map.h"
#include "perf_script.h"
#include "root_cache.h"
#include "stack_table.h"
#include "string_table.h"
#include "symbols.h"

/* Where the self weight of a sample whose leaf frame is inlined goes. */
enum inline_mode {
	INLINE_LEAF,   /* to the inlined function, as perf script shows it */
	INLINE_CALLER, /* to the function it was inlined into: perf report */
};

struct profile_options {
	bool period;       /* weight samples by period */
	bool strict;       /* a line that cannot be parsed is fatal */
	const char *event; /* NULL: the first event seen */
	enum inline_mode inline_mode;
	struct symbol_options symbols; /* libbfd work on perf frames */
};

struct function {
	uint32_t name; /* display name, id in names */
	uint32_t dso;  /* DSO display name, id in names */
	bool inlined;
};

struct profile {
	struct profile_options opt;
	struct string_table names; /* every display text */
	struct frame_cache cache;  /* frame lines and ids, for every input */
	struct id_map function_of; /* cache frame id -> function id */
	/* Inlined frames take the DSO of their container: their own ids. */
	struct frame_table inlined_frames;
	struct id_map inlined_function_of;
	struct root_cache last_root; /* the comm of the previous sample */
	struct stack_table functions_index; /* (name, dso, inlined) -> id */
	struct function *functions;         /* by function id */
	uint32_t functions_cap;
	struct stack_table stacks; /* comm id, then function ids leaf first */
	struct event_select events;
	uint32_t *ids; /* the stack being built */
	size_t ids_cap;
	char *namebuf;
	size_t namebuf_cap;
	uint32_t unknown_dso; /* id of "[unknown]" in names */
	uint64_t total;       /* sum of weights */
	uint64_t samples;     /* samples (or folded lines) read */
	bool saw_perf, saw_folded;
	struct symbolizer *symbols; /* NULL unless opt.symbols asks */
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

void profile_init(struct profile *p, const struct profile_options *opt);
void profile_free(struct profile *p);

/* Add one input file ("-" is stdin). */
void profile_read(struct profile *p, const char *path);

/*
 * After the last input: warn about skipped events; false, with a message,
 * when nothing was read.
 */
bool profile_finish(struct profile *p);

static inline uint32_t
profile_stack_count(const struct profile *p)
{
	return p->stacks.count;
}

struct profile_stack profile_stack_get(const struct profile *p, uint32_t id);

static inline uint32_t
profile_function_count(const struct profile *p)
{
	return p->functions_index.count;
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

/*
 * The options every view of a profile takes: --period, --event (-e),
 * --inline, --strict, --resolve, --expand-inline, --demangle and
 * --srcline.  A view
 * joins profile_long_options to its own table (options_join) and hands
 * each option code it does not know to profile_option, which is true when
 * the code was one of these; a bad value is a usage error.
 */
extern const struct option profile_long_options[];
bool profile_option(struct profile_options *o, int code, const char *arg);
/* Their lines of --help. */
void profile_options_help(void);

/* Read every input (stdin when there is none) into the profile. */
void profile_read_all(struct profile *p, int argc, char *const argv[]);

/* "samples" or "period": what the weights count. */
const char *profile_weight_name(const struct profile *p);
/* The event shown, or NULL (folded input says none). */
const char *profile_event_name(const struct profile *p);

/*
 * A DSO display name: the path's last component, as perf report shows it
 * ("/usr/lib/libc.so.6" -> "libc.so.6"); "[unknown]" when empty.
 */
struct span dso_display_name(struct span dso);

#endif
