/*
 * elf_dso.c - see elf_dso.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "symbols/elf_dso.h"
#include "symbols/libbfd.h"

static const char DEBUG_DIR[] = "/usr/lib/debug";

/* A section's bytes in the file, to turn file offsets into addresses. */
struct file_range {
	uint64_t filepos;
	uint64_t size;
	uint64_t vma;
};

/* ---- symbols ---- */

/*
 * bfd keeps an ELF symbol's st_size in elf_symbol_type, declared in
 * elf-bfd.h, which binutils-dev does not install.  Its first two members
 * have been these since binutils 2.x began: the asymbol, then the
 * Elf_Internal_Sym whose first two fields are st_value and st_size.
 */
struct elf_symbol_prefix {
	asymbol symbol;
	bfd_vma st_value;
	bfd_vma st_size;
};

static uint64_t
elf_symbol_size(bfd *abfd, asymbol *sym)
{
	if (bfd_get_flavour(abfd) != bfd_target_elf_flavour ||
	    (sym->flags & BSF_SYNTHETIC) != 0)
		return 0;
	uint64_t size = ((const struct elf_symbol_prefix *)sym)->st_size;
	return size < (UINT64_C(1) << 32) ? size : 0;
}

/*
 * The symbols perf keeps: functions (STT_FUNC, STT_GNU_IFUNC) and, in code
 * sections, labels (STT_NOTYPE of size 0, such as _start); and data
 * objects (STT_OBJECT) of loaded sections, which perf 6.1 keeps in the
 * same table, so that an address in a DSO's data (a return address
 * unwound from a garbled stack) is named after the variable there.
 */
static bool
is_function_symbol(bfd *abfd, asymbol *sym)
{
	if (sym->flags &
	    (BSF_SECTION_SYM | BSF_FILE | BSF_DEBUGGING | BSF_THREAD_LOCAL))
		return false;
	if (sym->flags & BSF_OBJECT)
		return !bfd_is_und_section(sym->section) &&
		       !bfd_is_com_section(sym->section) &&
		       !bfd_is_abs_section(sym->section) &&
		       (sym->section->flags & SEC_ALLOC);
	if (bfd_is_und_section(sym->section) ||
	    bfd_is_com_section(sym->section) ||
	    bfd_is_abs_section(sym->section) ||
	    !(sym->section->flags & SEC_CODE))
		return false;
	if (sym->flags &
	    (BSF_FUNCTION | BSF_GNU_INDIRECT_FUNCTION | BSF_SYNTHETIC))
		return true;
	return elf_symbol_size(abfd, sym) == 0;
}

static enum symbol_binding
symbol_binding(const asymbol *sym)
{
	if (sym->flags & BSF_WEAK)
		return BINDING_WEAK;
	if (sym->flags & BSF_GLOBAL)
		return BINDING_GLOBAL;
	return BINDING_LOCAL;
}

/* Read a symbol table of abfd (dynamic or not); its asymbol array. */
static asymbol **
read_symtab(bfd *abfd, bool dynamic, long *count)
{
	long bytes = dynamic ? bfd_get_dynamic_symtab_upper_bound(abfd)
	                     : bfd_get_symtab_upper_bound(abfd);
	*count = 0;
	if (bytes <= 0)
		return NULL;
	asymbol **syms = xmalloc((size_t)bytes);
	*count = dynamic ? bfd_canonicalize_dynamic_symtab(abfd, syms)
	                 : bfd_canonicalize_symtab(abfd, syms);
	if (*count <= 0) {
		free(syms);
		*count = 0;
		return NULL;
	}
	return syms;
}

static void
add_function_symbols(struct symbol_list *list, struct arena *names, bfd *abfd,
                     asymbol **syms, long count)
{
	for (long i = 0; i < count; i++) {
		asymbol *sym = syms[i];
		if (!is_function_symbol(abfd, sym) || sym->name == NULL ||
		    sym->name[0] == '\0')
			continue;
		symbol_list_add(list, names, bfd_asymbol_value(sym),
		                elf_symbol_size(abfd, sym), sym->name,
		                symbol_binding(sym));
	}
}

/* A section's contents, to free; NULL when absent or unreadable. */
static bfd_byte *
section_bytes(bfd *file, const char *name, bfd_size_type *size)
{
	asection *sec = bfd_get_section_by_name(file, name);
	bfd_byte *bytes = NULL;
	if (sec == NULL || !bfd_malloc_and_get_section(file, sec, &bytes))
		return NULL;
	*size = bfd_section_size(sec);
	return bytes;
}

/*
 * The PLT stubs, as perf 6.1 names them (dso__synthesize_plt_symbols):
 * the n-th relocation of .rela.plt names the (n+1)-th 16-byte entry of
 * .plt (the first is the PLT's header) "SYMBOL@plt", in the order of
 * the relocations whatever the stubs jump through, so an IRELATIVE
 * relocation (no symbol) gives "@plt".  Only ELF64 x86-64 files.
 */
static void
add_plt_symbols(struct symbol_list *list, struct arena *names, bfd *file)
{
	enum { ENTRY = 16, RELA = 24, SYM = 24 };
	asection *plt = bfd_get_section_by_name(file, ".plt");
	bfd_size_type nrela = 0, nsyms = 0, nstr = 0;

	if (plt == NULL || bfd_get_arch(file) != bfd_arch_i386 ||
	    bfd_get_arch_size(file) != 64)
		return;
	bfd_byte *rela = section_bytes(file, ".rela.plt", &nrela);
	bfd_byte *syms = section_bytes(file, ".dynsym", &nsyms);
	bfd_byte *str = section_bytes(file, ".dynstr", &nstr);
	char buf[1024];
	for (bfd_size_type i = 0; rela != NULL && syms != NULL && str != NULL &&
	                          (i + 1) * RELA <= nrela;
	     i++) {
		uint64_t info = bfd_getl64(rela + i * RELA + 8);
		uint64_t sym = info >> 32;
		const char *name = "";
		if ((sym + 1) * SYM <= nsyms) {
			uint32_t at = bfd_getl32(syms + sym * SYM);
			if (at < nstr && memchr(str + at, '\0', nstr - at))
				name = (const char *)str + at;
		}
		snprintf(buf, sizeof buf, "%s@plt", name);
		symbol_list_add(list, names,
		                bfd_section_vma(plt) + (i + 1) * ENTRY, ENTRY,
		                buf, BINDING_GLOBAL);
	}
	free(rela);
	free(syms);
	free(str);
}

/*
 * The function symbols perf would use: the .symtab of the DSO, else of
 * its debug file, else .dynsym; plus PLT stubs, from the DSO, either
 * way.  The asymbol array of the file with DWARF is kept for
 * find_nearest_line.
 */
static void
read_symbols(struct elf_dso *e, struct symbol_list *list, struct arena *names)
{
	long nstatic = 0, ndynamic = 0, ndebug = 0;
	asymbol **statics = read_symtab(e->file, false, &nstatic);
	asymbol **dynamics = read_symtab(e->file, true, &ndynamic);
	asymbol **debugs = NULL;

	if (e->debug != NULL)
		debugs = read_symtab(e->debug, false, &ndebug);
	if (nstatic > 0)
		add_function_symbols(list, names, e->file, statics, nstatic);
	else if (ndebug > 0)
		add_function_symbols(list, names, e->debug, debugs, ndebug);
	else
		add_function_symbols(list, names, e->file, dynamics, ndynamic);
	add_plt_symbols(list, names, e->file);

	/* find_nearest_line wants the symbols of the file it reads. */
	if (e->dwarf == e->debug && e->debug != NULL) {
		e->dwarf_symbols = debugs;
		debugs = NULL;
	} else if (e->dwarf == e->file) {
		e->dwarf_symbols = statics ? statics : dynamics;
		if (statics)
			statics = NULL;
		else
			dynamics = NULL;
	}
	free(statics);
	free(dynamics);
	free(debugs);
}

/* ---- files and sections ---- */

/*
 * Where each loaded section lies in the file, for file offsets: those
 * with bytes first, then those without (.bss), whose file offsets perf
 * counts from their sh_offset as if they had bytes there.
 */
static void
read_file_ranges(struct elf_dso *e)
{
	for (int bytes = 1; bytes >= 0; bytes--) {
		for (asection *sec = e->file->sections; sec != NULL;
		     sec = sec->next) {
			flagword flags = bfd_section_flags(sec);
			bool has =
			    (flags & SEC_LOAD) && (flags & SEC_HAS_CONTENTS);
			if (!(flags & SEC_ALLOC) || has != (bytes == 1) ||
			    (flags & SEC_THREAD_LOCAL))
				continue;
			e->ranges =
			    array_reserve(e->ranges, &e->ranges_cap,
			                  e->nranges + 1, sizeof *e->ranges);
			struct file_range *r = &e->ranges[e->nranges++];
			r->filepos = (uint64_t)sec->filepos;
			r->size = bfd_section_size(sec);
			r->vma = bfd_section_vma(sec);
		}
	}
}

static bool
has_dwarf(bfd *abfd)
{
	asection *info = bfd_get_section_by_name(abfd, ".debug_info");
	return info != NULL && bfd_section_size(info) > 0;
}

static bfd *
open_elf(const char *path)
{
	bfd *abfd = bfd_openr(path, NULL);
	if (abfd == NULL)
		return NULL;
	/* Debian's debug files have compressed DWARF sections. */
	abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format(abfd, bfd_object) ||
	    bfd_get_flavour(abfd) != bfd_target_elf_flavour) {
		bfd_close(abfd);
		return NULL;
	}
	return abfd;
}

/* The separate debug file of file, by build-id, else by debuglink. */
static bfd *
open_debug_file(bfd *file)
{
	char *path = bfd_follow_build_id_debuglink(file, DEBUG_DIR);
	if (path == NULL)
		path = bfd_follow_gnu_debuglink(file, DEBUG_DIR);
	if (path == NULL)
		return NULL;
	bfd *debug = open_elf(path);
	free(path);
	return debug;
}

const char *
elf_dso_open(struct elf_dso *e, const char *path, struct symbol_list *syms,
             struct arena *names)
{
	static bool bfd_ready;
	if (!bfd_ready) {
		bfd_init();
		bfd_ready = true;
	}
	if (access(path, R_OK) != 0)
		return strerror(errno);
	e->file = open_elf(path);
	if (e->file == NULL)
		return "not an ELF file";
	e->debug = open_debug_file(e->file);
	if (e->debug != NULL && has_dwarf(e->debug))
		e->dwarf = e->debug;
	else if (has_dwarf(e->file))
		e->dwarf = e->file;
	read_file_ranges(e);
	read_symbols(e, syms, names);
	return NULL;
}

void
elf_dso_close(struct elf_dso *e)
{
	free(e->ranges);
	free(e->dwarf_symbols);
	if (e->debug != NULL)
		bfd_close(e->debug);
	if (e->file != NULL)
		bfd_close(e->file);
	memset(e, 0, sizeof *e);
}

bool
elf_dso_vma(const struct elf_dso *e, uint64_t file_offset, uint64_t *vma)
{
	/* The section whose bytes hold it, else one without bytes. */
	for (size_t i = 0; i < e->nranges; i++) {
		const struct file_range *r = &e->ranges[i];
		if (file_offset >= r->filepos &&
		    file_offset - r->filepos < r->size) {
			*vma = file_offset - r->filepos + r->vma;
			return true;
		}
	}
	return false;
}

uint64_t
elf_dso_address(const struct elf_dso *e, uint64_t file_offset)
{
	uint64_t vma;
	return elf_dso_vma(e, file_offset, &vma) ? vma : file_offset;
}
