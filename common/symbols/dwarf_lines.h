/*
 * dwarf_lines.h - the inlined calls and source lines at an address, from
 * the DWARF of an ELF file (libbfd's find_nearest_line and
 * find_inliner_info, as addr2line uses them).
 *
 * The chain at an address is what `addr2line -f -i -C -s` prints for it:
 * the innermost function with the line of the address, then each function
 * it was inlined into with the line of the call, up to the function the
 * code was compiled into.  Functions are demangled (with argument lists,
 * unless no_params is set after init), "??" where DWARF names none; lines are
 * "file:line" with the file's basename, as perf prints them, empty where DWARF
 * has no line.
 *
 * Guarantees: lines and demangled names are interned, each distinct one
 * stored once, valid until dwarf_lines_free; other names point into the
 * file's DWARF, valid while the file is open.  A lookup allocates nothing
 * but what it interns.
 */
#ifndef PERFVIEWS_DWARF_LINES_H
#define PERFVIEWS_DWARF_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "base/string_table.h"

struct bfd;        /* libbfd's bfd */
struct bfd_symbol; /* libbfd's asymbol */

struct dwarf_lines {
	struct string_table srclines;  /* "file:line" */
	struct string_table demangled; /* function names */
	char *buf;                     /* a srcline being built */
	size_t buf_cap;
	bool no_params; /* names without argument lists, as perf's inlined */
};

/* One entry of a chain: a function and the line reached in it. */
struct symbol_location {
	struct span function;
	struct span srcline;
};

void dwarf_lines_init(struct dwarf_lines *l);
void dwarf_lines_free(struct dwarf_lines *l);

/*
 * The chain at vma (an address of file's own), innermost first, in out[0]
 * to out[max - 1] at most; returns the number of entries.  symbols are
 * file's symbol table (or NULL), as bfd_find_nearest_line wants.  0 when
 * file is NULL, or no section of it holds vma, or its DWARF does not
 * cover vma.
 */
size_t dwarf_lines_at(struct dwarf_lines *l, struct bfd *file,
                      struct bfd_symbol **symbols, uint64_t vma,
                      struct symbol_location *out, size_t max);

/* The allocated section of file holding vma (libbfd's asection), or
 * NULL: where find_nearest_line looks. */
struct bfd_section *dwarf_lines_section_of(struct bfd *file, uint64_t vma);

#endif
