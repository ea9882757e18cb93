/*
 * dwarf_inlines.h - the chain of inlined calls at an address, read with
 * libdw the way libbfd (addr2line, and so perf 6.1) reads it, many
 * times faster: a source for inline_text_set_chain.
 *
 * libbfd reads every function of a compilation unit the first time an
 * address falls in it, with a line table and an allocation per entry;
 * on CPython that is most of perf script's time here.  This module
 * walks a unit's DIEs once with libdw and keeps, per function, its
 * ranges (merged as libbfd merges them) and the function it was inlined
 * into, then answers as libbfd's dwarf2.c does: the unit is the first
 * (in file order) whose ranges hold the address; the function is the
 * one with the shortest range holding it, the later DIE of two as short;
 * the chain follows the enclosing functions of inlined subroutines; a
 * name is the function's own DW_AT_linkage_name or DW_AT_name, or its
 * abstract origin's (or specification's), in attribute order.
 *
 * Where no function of the DWARF holds the address (no unit, an assembly
 * unit, padding), libbfd names the ELF symbol there, and so does this,
 * with libbfd's own function for it.  Only what is certain to come out
 * as libbfd's is answered: functions of units in C (whose names libbfd
 * takes as they are); the rest (C++ and other languages, a name that
 * cannot be read, no symbol) is left to libbfd (INLINE_CHAIN_ASK_BFD).
 *
 * Memory: the functions of the units looked into, never per lookup.
 */
#ifndef PERFVIEWS_DWARF_INLINES_H
#define PERFVIEWS_DWARF_INLINES_H

#include <stddef.h>
#include <stdint.h>

#include "symbols/dso_symbols.h"
#include "symbols/dwarf_lines.h"

struct dwarf_inlines;

struct dwarf_inlines *dwarf_inlines_new(void);
void dwarf_inlines_free(struct dwarf_inlines *d);

/* An inline_chain_fn: ctx is a struct dwarf_inlines. */
size_t dwarf_inlines_chain(void *ctx, const struct dso_dwarf *dwarf,
                           uint64_t vma, struct symbol_location *out,
                           size_t max);

struct dwarf_inlines_stats {
	unsigned long answered; /* lookups answered here */
	unsigned long symbols;  /* of them, by the ELF symbol (no function) */
	unsigned long to_bfd;   /* lookups left to libbfd */
	unsigned long units;    /* units walked */
};
struct dwarf_inlines_stats dwarf_inlines_stats(const struct dwarf_inlines *d);

#endif
