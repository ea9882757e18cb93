/*
 * script_text.h - the text of `perf script --no-inline`, taken in order
 * (in blocks cut anywhere) and written out with the inlined frames perf
 * would have printed (inline_text.h) in the samples perf expands: those
 * of events recorded with user stacks (--call-graph dwarf).
 *
 * Which events those are comes from `perf evlist -v` (sample_type holds
 * STACK_USER), one line at a time.  When every event agrees, no header is
 * read; otherwise each sample's event is read from its header.
 *
 * Lines are copied byte for byte, a last one without '\n' too; a frame
 * line (a tab first) of a sample perf expands is replaced by its lines.
 * Memory: one output buffer and the longest line, besides inline_text's
 * cache.  Output goes to the write function given, in large blocks.
 */
#ifndef PERFVIEWS_SCRIPT_TEXT_H
#define PERFVIEWS_SCRIPT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "symbols/inline_text.h"

/* The events of a recording, and whether perf expands their samples. */
struct script_events {
	char **names; /* as evlist -v prints them, and sample headers */
	bool *dwarf;  /* its sample_type has STACK_USER */
	size_t n, cap;
	bool mixed; /* some do and some do not */
	bool any;   /* some do */
};

/* Take one line of `perf evlist -v` (NUL-ended, no '\n'). */
void script_events_add(struct script_events *e, const char *line);
void script_events_free(struct script_events *e);

struct script_text {
	void (*write)(void *ctx, const char *p, size_t n);
	void *ctx;
	struct inline_text *it; /* NULL: the text is copied as it is */
	const struct script_events *events;
	char *out; /* what is not written yet */
	size_t out_len;
	char *carry; /* a line begun in the last block */
	size_t carry_len, carry_cap;
	bool dwarf; /* the current sample is one perf expands */
	unsigned long headers;
};

/*
 * Write through write(ctx, ...); with it NULL, the text is only copied.
 * events must outlive s.
 */
void script_text_init(struct script_text *s, struct inline_text *it,
                      const struct script_events *events,
                      void (*write)(void *ctx, const char *p, size_t n),
                      void *ctx);
void script_text_free(struct script_text *s);

/* The next n bytes of the text. */
void script_text_feed(struct script_text *s, const char *p, size_t n);

/* The end of the text: everything written. */
void script_text_end(struct script_text *s);

#endif
