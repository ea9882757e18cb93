/*
 * perf_data_text.h - `perf script`'s text of a perf.data file, made by
 * the reader of this group instead of perf: perfviews script's first
 * choice.
 *
 * What the reader does not do as perf does is refused before anything
 * is written (the file's refusal, or options other than --ns), so that
 * the caller can run perf instead.
 */
#ifndef PERFVIEWS_PERF_DATA_TEXT_H
#define PERFVIEWS_PERF_DATA_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "symbols/inline_text.h"

struct perf_data_text_options {
	const char *path;  /* the perf.data file, "-": stdin */
	char *const *args; /* perf script options */
	size_t nargs;
	struct inline_text *inlines; /* shared, or NULL: one of its own */
	void (*write)(void *ctx, const char *p, size_t n);
	void *ctx;
	bool verbose; /* say on stderr what was read */
};

/*
 * Write the text; false, with *why set and nothing written, when the
 * reader does not make it (then perf should).  Corrupt input is fatal.
 */
bool perf_data_text(const struct perf_data_text_options *o, const char **why);

#endif
