/*
 * perf_frame.h - one frame of a perf script call chain, and its parser.
 *
 * A frame line is "<hex addr> <symbol>[+0xoff] (<dso>)", indented under its
 * sample's header: "7f12 _PyEval_EvalFrameDefault+0x4a1
 * (/usr/lib/libpython3.12.so)", "ffffffff81 [unknown] ([kernel.kallsyms])",
 * "1a2b g (inlined)".  The symbol may hold spaces and parentheses (C++ argument
 * lists, templates), the DSO too ("(/tmp/x (deleted))"), so the DSO is the
 * parenthesised group that ends the line.  This module sits below the reader
 * and the frame cache, which both use it; it knows nothing of either.
 */
#ifndef PERFVIEWS_PERF_FRAME_H
#define PERFVIEWS_PERF_FRAME_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"

struct perf_frame {
	uint64_t addr;
	struct span
	    symbol;      /* as printed, "+0x.." removed; may be "[unknown]" */
	uint64_t offset; /* the "+0x.." offset, 0 when none was printed */
	struct span dso; /* inside the parentheses; empty when none */
	struct span srcline; /* the following srcline line, trimmed; or empty */
	bool inlined;        /* perf printed "(inlined)" as the DSO */
	uint32_t id;         /* of (symbol, dso, inlined) in a frame table */
};

/*
 * Parse a frame line (leading white space allowed) into f; id is left
 * alone.  False when the line is not a frame line.
 */
bool perf_frame_parse(struct span line, struct perf_frame *f);

/*
 * True for what `perf script -F +srcline` prints under a frame:
 * "file.c:12", "??:0", "libc.so.6[27b25]" (s trimmed).
 */
bool perf_srcline_looks_valid(struct span s);

/*
 * True for a srcline with a line in it ("file.c:12"), false for what perf
 * prints when it has none: "libc.so.6[27b25]", "??:0".
 */
bool srcline_has_line(struct span srcline);

#endif
