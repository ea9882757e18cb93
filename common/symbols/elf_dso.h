/*
 * elf_dso.h - an ELF DSO read with libbfd: the function symbols perf
 * would use, where its sections lie in the file, and where its DWARF is.
 *
 * The symbols are the file's .symtab, else the .symtab of its separate
 * debug file (by build-id, else .gnu_debuglink, under /usr/lib/debug),
 * else its .dynsym: functions, and the labels of code sections (such as
 * _start); plus the PLT stubs ("f@plt"), 16 bytes each.  The DWARF is the
 * debug file's if it has any, else the DSO's own.
 *
 * Guarantees: once open, the files stay open, their DWARF readable, until
 * elf_dso_close; compressed DWARF sections (Debian's debug files) are
 * read as well.
 */
#ifndef PERFVIEWS_ELF_DSO_H
#define PERFVIEWS_ELF_DSO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "symbols/symbol_list.h"

struct bfd;        /* libbfd's bfd */
struct bfd_symbol; /* libbfd's asymbol */
struct file_range;

struct elf_dso {
	struct bfd *file;  /* the DSO */
	struct bfd *debug; /* its separate debug file, or NULL */
	struct bfd *dwarf; /* the one of the two with DWARF, or NULL */
	struct bfd_symbol **dwarf_symbols; /* of dwarf, as bfd wants them */
	struct file_range *ranges; /* the loaded sections' file positions */
	size_t nranges, ranges_cap;
};

/*
 * Open the ELF file at path into e (zero bytes before) and add its
 * function symbols to syms, unfinished, names copied into names.  NULL
 * on success, else why the file cannot be read (e is then left closed:
 * nothing to free, nothing added).
 */
const char *elf_dso_open(struct elf_dso *e, const char *path,
                         struct symbol_list *syms, struct arena *names);
void elf_dso_close(struct elf_dso *e);

/*
 * The address in the DSO's own address space of a file offset (perf's
 * map-relative address), through the file positions of its sections, so
 * PIE, non-PIE and shared objects are alike; an offset in no loaded
 * section is returned as it is.
 */
uint64_t elf_dso_address(const struct elf_dso *e, uint64_t file_offset);

/*
 * The same, false for an offset in no loaded section (those without
 * bytes in the file, such as .bss, counted from their sh_offset, as perf
 * counts their symbols).
 */
bool elf_dso_vma(const struct elf_dso *e, uint64_t file_offset, uint64_t *vma);

#endif
