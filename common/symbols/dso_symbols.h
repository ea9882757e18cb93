/*
 * dso_symbols.h - the function symbols of the DSOs perf names in frames:
 * each DSO read the first time it is asked for, then looked up by address.
 *
 * A DSO is known by the name perf prints after a frame:
 *   - a path: an ELF file, read with libbfd (elf_dso.h);
 *   - "[kernel.kallsyms]" and kernel modules ("[ext4]"): the text symbols
 *     of /proc/kallsyms, one table for all of them;
 *   - a perf map, /tmp/perf-PID.map: its "START SIZE name" lines;
 *   - anything else ("[unknown]", "[vdso]", "/x (deleted)", ...): nothing
 *     to read.
 * Which symbol perf shows of several at one address, and how far one
 * without a size reaches, as symbol_list.h says.
 *
 * Addresses are taken as perf script prints them: in an ELF DSO a file
 * offset (perf's map-relative address), which dso_address turns into an
 * address in the DSO's own address space; in the kernel and perf maps an
 * absolute address, taken as it is.
 *
 * Guarantees: a DSO is opened and read at most once, the first time it is
 * asked for.  One that is missing, unreadable, not ELF, or (kallsyms)
 * without symbols gives one warning naming it and is NULL from then on.
 * DSOs, the names handed out and the ELF files (with their DWARF) stay
 * valid, and open, until dso_table_free.
 */
#ifndef PERFVIEWS_DSO_SYMBOLS_H
#define PERFVIEWS_DSO_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/span.h"
#include "base/string_table.h"

struct bfd;        /* libbfd's bfd */
struct bfd_symbol; /* libbfd's asymbol */
struct dso;        /* one DSO: its kind, symbols and files */

struct dso_table {
	struct string_table paths; /* a DSO path -> its index in dsos */
	struct dso **dsos;         /* by path id */
	size_t dsos_cap;
	struct dso *kernel; /* /proc/kallsyms, for every kernel DSO */
	struct arena arena; /* the DSOs and their symbol names */
	struct string_table demangled; /* names of ELF symbols, demangled */
	uint64_t last_kernel;          /* kallsyms: the last kernel symbol */
	uint64_t first_module;         /* and the first module symbol, or 0 */
};

void dso_table_init(struct dso_table *t);
void dso_table_free(struct dso_table *t);

/* The DSO perf names path, read on first use; NULL when none can be read. */
struct dso *dso_table_get(struct dso_table *t, struct span path);

/*
 * The same, for an ELF file perf names path whose bytes are in file (a
 * copy in perf's build-id cache), or nowhere (file NULL: no symbols);
 * as named the first time, for this table's life.
 */
struct dso *dso_table_get_from(struct dso_table *t, struct span path,
                               const char *file);

/*
 * Where perf's kernel map ends once it has read /proc/kallsyms (perf
 * extends it to its last symbol, past the text of the perf.data's
 * mmap: the init text); 0 without kallsyms.
 */
uint64_t dso_table_kernel_end(struct dso_table *t);

/* The address in d's own address space of one perf printed. */
uint64_t dso_address(const struct dso *d, uint64_t printed);

/*
 * The name of the function holding vma (an address of d's own), as perf
 * prints it: demangled in an ELF DSO.  *offset is set to vma less the
 * function's start.  NULL when no symbol holds vma.
 */
const char *dso_function_at(struct dso_table *t, const struct dso *d,
                            uint64_t vma, uint64_t *offset);

/*
 * The same, demangled without argument lists when params is false, as
 * perf 6.1 names its own symbols ("ns::f", not "ns::f(int)").
 */
const char *dso_function_named(struct dso_table *t, const struct dso *d,
                               uint64_t vma, uint64_t *offset, bool params);

/*
 * The function holding the address perf printed (a file offset in an ELF
 * DSO), as perf finds it: none where the offset is in no loaded section
 * of the file.  Names without argument lists unless params.
 */
const char *dso_function_printed(struct dso_table *t, const struct dso *d,
                                 uint64_t printed, uint64_t *offset,
                                 bool params);

/*
 * name demangled as in d's ELF file (see demangle.h); d may be NULL or a
 * DSO of any kind, which demangles as no file in particular.
 */
const char *dso_demangle(struct dso_table *t, const struct dso *d,
                         const char *name);

/*
 * Where the DWARF of an ELF DSO is: its separate debug file if that has
 * DWARF, else the DSO itself if it has; file NULL when neither has, or d
 * is not ELF.  symbols are file's own, as bfd_find_nearest_line wants.
 */
struct dso_dwarf {
	struct bfd *file;
	struct bfd_symbol **symbols;
};
struct dso_dwarf dso_dwarf(const struct dso *d);

#endif
