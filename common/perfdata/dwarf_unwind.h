/*
 * dwarf_unwind.h - the user call chain of a sample recorded with
 * --call-graph dwarf, from its registers and its copy of the stack, as
 * perf 6.1 with libunwind finds it.
 *
 * The frame rules come from the DSOs' .eh_frame through libdw
 * (dwarf_cfi_addrframe), looked up once per DSO and address and kept, so
 * a frame costs a hash lookup and a few reads of the stack copy; a step
 * by a rule is cfi_step.h's.  What perf and libunwind do, kept here:
 *   - the first address is the sample's instruction pointer; each caller
 *     found is its return address less one, unless the frame it was
 *     found from is a signal frame ('S' in its CIE); at most max
 *     addresses;
 *   - an address is looked up less one too (libunwind's use_prev_instr),
 *     except the first and those after a signal frame;
 *   - memory is the stack copy, the word at [sp, sp + size - 8) (perf
 *     refuses the last word), else the bytes of the DSO mapped there;
 *   - a DSO that cannot be read, or has no .eh_frame_hdr, ends the chain;
 *     an address it has no frame description for is unwound by
 *     libunwind's guesses: a PLT stub (return address at the stack
 *     pointer), else the frame pointer chain (saved rbp at [rbp], return
 *     address at [rbp + 8], believed only when rbp lies within 16 KiB
 *     above the frame's CFA, which then moves by 16);
 *   - the chain ends where the return address or rbp is undefined, where
 *     a needed register or word cannot be read, and where a step changes
 *     neither the address nor the CFA.
 */
#ifndef PERFVIEWS_DWARF_UNWIND_H
#define PERFVIEWS_DWARF_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#include "perfdata/machine.h"
#include "perfdata/perf_file.h"
#include "perfdata/sample_fields.h"

struct dwarf_unwind;

struct dwarf_unwind *dwarf_unwind_new(const struct perf_file *f);
void dwarf_unwind_free(struct dwarf_unwind *u);

/*
 * The user addresses of sample s of thread t, innermost first, into ips
 * (at most max); returns how many.  0 when the sample has no user
 * registers.
 */
size_t dwarf_unwind_sample(struct dwarf_unwind *u, struct machine *m,
                           const struct thread *t,
                           const struct sample_fields *s, uint64_t *ips,
                           size_t max);

/* Counts, for --verbose. */
struct dwarf_unwind_stats {
	unsigned long samples, frames, rules, dsos, no_cfi;
};
struct dwarf_unwind_stats dwarf_unwind_stats(const struct dwarf_unwind *u);

#endif
