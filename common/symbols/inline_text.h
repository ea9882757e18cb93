/*
 * inline_text.h - perf's inlined frames, put back into the text of
 * `perf script --no-inline` exactly as perf 6.1 prints them by default.
 *
 * Debian's perf 6.1 has no libbfd: it finds inlined frames by running
 * addr2line, which makes plain `perf script` 3 to 7 times slower than
 * `perf script --no-inline`.  This module gives each frame line of a
 * dwarf-unwound sample the lines perf would have printed in its place,
 * found with libbfd in the DSO (dso_symbols.h, dwarf_lines.h).
 *
 * perf's rule (srcline.c, 6.1), for a frame "ADDR SYM+OFF (DSO)" whose
 * DSO is a file (not "[kernel.kallsyms]", "[vdso]", ...), whose address
 * is not a kernel one and whose symbol is known: the records of
 * `addr2line -f -i` at the address (innermost first, the function each
 * was inlined into after it; none when the DWARF does not cover it) each
 * become one line:
 *   - a record named SYM (demangled without argument lists) prints the
 *     frame line itself, as many times as such records come;
 *   - any other prints "ADDR NAME+OFF (inlined)": the frame's own address
 *     and offset, the record's name, "(inlined)" in place of the DSO.
 * No records: the frame line is printed unchanged.  So a function that
 * GCC cloned ("f.constprop.0") or a versioned or aliased symbol
 * ("__libc_start_main@@GLIBC_2.34", "malloc") becomes "(inlined)" under
 * its DWARF name; only the frames of dwarf-unwound samples are expanded
 * (fp and kernel call chains never are): which samples those are is the
 * caller's business.
 *
 * Each distinct frame line is looked up once and its lines kept, so a
 * frame costs one hash lookup; memory grows with the distinct frame
 * lines, never with the input.  A DSO that cannot be read leaves its
 * frames unchanged, with one warning (dso_symbols.h).
 */
#ifndef PERFVIEWS_INLINE_TEXT_H
#define PERFVIEWS_INLINE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "symbols/dso_symbols.h"
#include "symbols/dwarf_lines.h"

struct inline_text;

/* Counts, for --verbose. */
struct inline_text_stats {
	unsigned long frames;   /* frame lines looked at */
	unsigned long expanded; /* of them, given more than their own line */
	unsigned long added;    /* "(inlined)" lines written */
	unsigned long distinct; /* distinct frame lines looked up */
};

struct inline_text *inline_text_new(void);
void inline_text_free(struct inline_text *t);

/*
 * The lines perf prints for the frame line `line` (as read, without its
 * '\n') of a dwarf-unwound sample, each ended by '\n'; p is NULL when
 * perf prints the line unchanged.  Valid until inline_text_free.
 */
struct span inline_text_frame(struct inline_text *t, struct span line);

struct inline_text_stats inline_text_stats(const struct inline_text *t);

/*
 * The DSOs t reads (dso_symbols.h), for a caller that looks up symbols
 * in the same files: each is then opened once.
 */
struct dso_table *inline_text_dsos(struct inline_text *t);

/*
 * A faster source of the records at an address, tried before libbfd's
 * DWARF reader: given the DSO's DWARF file (dso_dwarf) and an address of
 * its own, it fills out as dwarf_lines_at would and returns the count,
 * or INLINE_CHAIN_ASK_BFD where it cannot be sure to give what libbfd
 * gives.  Names it hands out must stay valid until the next call.
 */
#define INLINE_CHAIN_ASK_BFD SIZE_MAX
typedef size_t (*inline_chain_fn)(void *ctx, const struct dso_dwarf *dwarf,
                                  uint64_t vma, struct symbol_location *out,
                                  size_t max);
void inline_text_set_chain(struct inline_text *t, inline_chain_fn fn,
                           void *ctx);

#endif
