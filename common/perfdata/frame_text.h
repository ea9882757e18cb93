/*
 * frame_text.h - what perf script prints for a frame, worked out once per
 * DSO and address and kept.
 *
 * A frame of a call chain is "\t%16lx SYM+0xOFF (DSO)\n": the address
 * the DSO's own (perf's map_ip) in a user DSO, as it is in the kernel
 * and where no map holds it; the function holding it, from the symbol
 * tables perf reads (symbols/dso_symbols.h: the ELF file, its debug
 * file, /proc/kallsyms, a perf map), with the offset into it, or
 * "[unknown]" alone; the DSO's name, or "[unknown]".  A frame of a
 * dwarf-unwound chain is followed, or replaced, by the inlined frames
 * perf adds (symbols/inline_text.h).  A sample without a call chain
 * prints its one frame on the header line: "%16lx SYM+0xOFF (DSO)" with
 * the address as recorded.
 *
 * The same frames, parsed into struct perf_frame with ids of a caller's
 * frame table, for the views (no text in between for them to parse).
 *
 * Memory: the text and frames of each distinct (DSO, address), never per
 * sample; spans and frames handed out stay valid until the next call.
 */
#ifndef PERFVIEWS_FRAME_TEXT_H
#define PERFVIEWS_FRAME_TEXT_H

#include <stddef.h>

#include "base/span.h"
#include "input/frame_table.h"
#include "input/perf_frame.h"
#include "perfdata/machine.h"
#include "perfdata/perf_file.h"
#include "perfdata/sample_chain.h"
#include "symbols/inline_text.h"

struct frame_text;

/*
 * it: where inlined frames come from (and the DSOs' symbols); m learns
 * from it where perf's kernel map ends (machine.h: kernel_end).
 */
struct frame_text *frame_text_new(const struct perf_file *f, struct machine *m,
                                  struct inline_text *it);
void frame_text_free(struct frame_text *ft);

/* The line(s) of a frame of a call chain. */
struct span frame_text_chain(struct frame_text *ft,
                             const struct chain_frame *f);

/* The frame of a sample without a call chain, without '\n'. */
struct span frame_text_single(struct frame_text *ft,
                              const struct chain_frame *f);

/* The frame(s) of a call chain entry, with ids in table. */
const struct perf_frame *frame_text_frames(struct frame_text *ft,
                                           const struct chain_frame *f,
                                           struct frame_table *table,
                                           size_t *n);

#endif
