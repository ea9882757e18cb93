/*
 * symbols.h - names, inlined frames and source lines that perf did not
 * print, found with libbfd in the DSOs themselves.
 *
 * Debian's perf is built without libbfd: it runs addr2line for --inline and
 * -F +srcline, which is slow, and prints "[unknown] (dso)" when it could
 * not read a DSO's symbols.  A symbolizer rewrites the frames of each
 * sample as the perf reader hands them out:
 *   - resolve: an unknown symbol gets its name from the DSO's .symtab or
 *     .dynsym (or PLT stubs), or from its separate debug file (build-id or
 *     .gnu_debuglink under /usr/lib/debug); kernel frames from
 *     /proc/kallsyms; perf-PID.map frames from the map file;
 *   - inline_frames: a frame becomes its chain of inlined calls, innermost
 *     first, as perf --inline prints them ("(inlined)" DSO), unless the
 *     input already carries perf's own inlined frames for it;
 *   - srcline: each frame gets "file:line" (the file's basename, as perf
 *     prints it) from the DWARF line table; a srcline read from the input
 *     is kept;
 *   - demangle: C++ and Rust names perf left mangled are demangled.
 *
 * Addresses are taken as perf script prints them: for ELF DSOs a file
 * offset within the DSO (perf's map-relative address), turned into a
 * virtual address through the sections' file positions, so PIE, non-PIE
 * and shared objects are alike; for the kernel and perf maps an absolute
 * address.
 *
 * Built on dso_symbols.h (reading a DSO's symbols, looking one up) and
 * dwarf_lines.h (inlined chains and lines); this module is the cache of
 * rewrites.  Cost: each DSO is opened once, the first time a frame needs
 * it; the rewrite of a frame is computed once per distinct (frame,
 * address) and cached, so a sample costs one hash lookup per frame and
 * nothing is allocated per sample.  A DSO that is missing, unreadable or
 * not ELF leaves its frames as they were, with one warning naming it.
 *
 * Frames handed out have ids in the frame_table given to the rewrite, and
 * spans that stay valid until symbolizer_free (symbol and DSO point into
 * the frame table, srcline into the symbolizer), except a srcline read
 * from the input, valid as long as the input's sample.
 */
#ifndef PERFVIEWS_SYMBOLS_H
#define PERFVIEWS_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "input/frame_table.h"
#include "input/perf_frame.h"
#include "input/sample_stream.h"
#include "symbols/dwarf_lines.h"
#include "symbols/inline_text.h"
#include "symbols/symbol_options.h"

struct symbolizer;

struct symbolizer *symbolizer_new(const struct symbol_options *opt);
void symbolizer_free(struct symbolizer *s);

/*
 * A symbolizer for the options, set to rewrite the frames of every sample
 * the stream hands out; NULL when no option asks for work.
 */
struct symbolizer *symbolizer_attach(struct sample_stream *st,
                                     const struct symbol_options *opt);

/*
 * Rewrite the n frames of one sample (leaf first) and return the new
 * count; *out points to the rewritten frames, valid until the next call.
 * Ids are interned in table; a call with another table than the last
 * starts the cache of rewrites afresh (a reader with its own frame cache).
 */
size_t symbolizer_rewrite(struct symbolizer *s, struct frame_table *table,
                          const struct perf_frame *frames, size_t n,
                          struct perf_frame **out);

/*
 * One lookup, for tests: the name of the function at addr (as perf prints
 * it) in dso, with *offset set; empty when not found.
 */
struct span symbolizer_lookup(struct symbolizer *s, struct span dso,
                              uint64_t addr, uint64_t *offset);

/*
 * The inlined chain at addr in dso, innermost first, at most max entries:
 * function names (demangled) and "file:line" locations, as
 * `addr2line -f -i -C -s` prints them (struct symbol_location: see
 * dwarf_lines.h).  Returns the number of entries.
 */
size_t symbolizer_locate(struct symbolizer *s, struct span dso, uint64_t addr,
                         struct symbol_location *out, size_t max);

/*
 * A faster source of symbolizer_locate's function names, tried before
 * libbfd (inline_text.h's; its source lines may be left empty).
 */
void symbolizer_set_chain(struct symbolizer *s, inline_chain_fn fn, void *ctx);

#endif
