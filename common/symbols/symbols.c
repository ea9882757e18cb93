/*
 * symbols.c - see symbols.h.
 *
 * Three tables.  DSOs by path (a string table gives each path a dense id,
 * the index of its struct dso), opened on first use.  Per DSO, its
 * function symbols sorted by start address, so a lookup is a binary
 * search.  And the rewrites already computed, by (frame id, address), each
 * a run of frames in one pool, so a sample only copies frames.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* bfd.h refuses to be included without these (it wants a config.h). */
#define PACKAGE         "perfviews"
#define PACKAGE_VERSION PERFVIEWS_VERSION
#include <bfd.h>

#include "base/arena.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "base/hash.h"
#include "base/string_table.h"
#include "symbols/symbols.h"

/* libiberty's demangler options (demangle.h is not installed). */
enum { DMGL_PARAMS = 1 << 0, DMGL_ANSI = 1 << 1 };

/* The deepest inlined chain kept for one address. */
enum { MAX_INLINE_DEPTH = 64 };

static const char DEBUG_DIR[] = "/usr/lib/debug";

/* A function symbol: [start, end) in the DSO's address space. */
struct func_symbol {
	uint64_t start;
	uint64_t end;
	const char *name;      /* in the symbolizer's arena */
	unsigned char binding; /* BINDING_* */
	uint32_t order;        /* of reading, to tell aliases apart */
};

enum { BINDING_LOCAL, BINDING_GLOBAL, BINDING_WEAK };

/* A section's bytes in the file, to turn file offsets into addresses. */
struct file_range {
	uint64_t filepos;
	uint64_t size;
	uint64_t vma;
};

enum dso_kind {
	DSO_ELF,      /* a path: read with libbfd */
	DSO_KERNEL,   /* [kernel.kallsyms] and modules: /proc/kallsyms */
	DSO_PERF_MAP, /* /tmp/perf-PID.map: text */
	DSO_OPAQUE,   /* [unknown], [vdso], [JIT] ...: nothing to read */
};

struct dso {
	const char *path; /* NUL-terminated, in the DSO name table */
	enum dso_kind kind;
	bool loaded;              /* opened (or tried); symbols read */
	bool usable;              /* loaded without error */
	struct func_symbol *syms; /* sorted by start */
	size_t nsyms;
	struct file_range *ranges;
	size_t nranges;
	bfd *file;            /* the DSO */
	bfd *debug;           /* its separate debug file, or NULL */
	bfd *dwarf;           /* the one of the two with DWARF, or NULL */
	asymbol **dwarf_syms; /* symbols of dwarf, for find_nearest_line */
};

/* What a rewrite is of: a frame at an address (the key of rewrites). */
struct rewrite_key {
	uint64_t addr;
	uint32_t id;   /* frame id of the input frame */
	uint32_t keep; /* 1 when perf's own inlined frames precede it */
};

/* A computed rewrite: count frames from first in the pool. */
struct rewrite {
	uint32_t first;
	uint32_t count;
};

struct symbolizer {
	struct symbol_options opt;
	struct string_table dso_names; /* path -> index in dsos */
	struct dso *dsos;
	size_t dsos_cap;
	struct dso kernel; /* one kallsyms table for every kernel DSO */
	struct string_table srclines;
	struct arena arena; /* symbol names */
	struct frame_table *table;
	struct string_table rewrite_keys; /* struct rewrite_key's bytes */
	struct rewrite *rewrites;         /* by key id */
	size_t rewrites_cap;
	struct perf_frame *pool;
	size_t pool_len, pool_cap;
	struct perf_frame *out;
	size_t out_cap;
	char *buf; /* for srclines and names being built */
	size_t buf_cap;
};

static char *
scratch(struct symbolizer *s, size_t need)
{
	if (need > s->buf_cap) {
		while (s->buf_cap < need)
			s->buf_cap = s->buf_cap ? s->buf_cap * 2 : 4096;
		s->buf = xreallocarray(s->buf, s->buf_cap, 1);
	}
	return s->buf;
}

static const char *
arena_strdup(struct arena *a, const char *str)
{
	size_t n = strlen(str) + 1;
	char *copy = arena_alloc(a, n, 1);
	memcpy(copy, str, n);
	return copy;
}

struct symbolizer *
symbolizer_new(const struct symbol_options *opt)
{
	struct symbolizer *s = xcalloc(1, sizeof *s);

	s->opt = *opt;
	string_table_init(&s->dso_names);
	string_table_init(&s->srclines);
	arena_init(&s->arena);
	s->kernel.kind = DSO_KERNEL;
	s->kernel.path = "/proc/kallsyms";
	string_table_init(&s->rewrite_keys);
	bfd_init();
	return s;
}

static void
dso_free(struct dso *d)
{
	free(d->syms);
	free(d->ranges);
	free(d->dwarf_syms);
	if (d->debug != NULL)
		bfd_close(d->debug);
	if (d->file != NULL)
		bfd_close(d->file);
}

void
symbolizer_free(struct symbolizer *s)
{
	if (s == NULL)
		return;
	for (uint32_t i = 0; i < s->dso_names.count; i++)
		dso_free(&s->dsos[i]);
	dso_free(&s->kernel);
	free(s->dsos);
	string_table_free(&s->dso_names);
	string_table_free(&s->srclines);
	arena_free(&s->arena);
	free(s->rewrites);
	string_table_free(&s->rewrite_keys);
	free(s->pool);
	free(s->out);
	free(s->buf);
	free(s);
}

/* ---- symbol tables ---- */

static size_t
leading_underscores(const char *name)
{
	size_t n = 0;
	while (name[n] == '_')
		n++;
	return n;
}

/*
 * Of two symbols at one address, the one perf shows (its
 * choose_best_symbol): one with a size, then not weak, then global, then
 * fewer leading underscores, then the longer name.  True for a.
 */
static bool
better_symbol(const struct func_symbol *a, const struct func_symbol *b)
{
	bool asized = a->end > a->start, bsized = b->end > b->start;
	if (asized != bsized)
		return asized;
	bool aweak = a->binding == BINDING_WEAK,
	     bweak = b->binding == BINDING_WEAK;
	if (aweak != bweak)
		return bweak;
	bool aglobal = a->binding == BINDING_GLOBAL,
	     bglobal = b->binding == BINDING_GLOBAL;
	if (aglobal != bglobal)
		return aglobal;
	size_t au = leading_underscores(a->name),
	       bu = leading_underscores(b->name);
	if (au != bu)
		return au < bu;
	return strlen(a->name) >= strlen(b->name);
}

/* Which of the symbols at one address perf shows. */
enum alias_rule {
	ALIAS_BEST, /* ELF: choose_best_symbol */
	ALIAS_LAST, /* kallsyms: the last listed, which perf's fixup of
	               symbol ends leaves the only one with a size */
};

static int
compare_symbols(const void *pa, const void *pb, void *arg)
{
	const struct func_symbol *a = pa, *b = pb;
	enum alias_rule rule = *(const enum alias_rule *)arg;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	/* The one shown first: it is the one kept. */
	if (rule == ALIAS_LAST)
		return a->order > b->order ? -1 : a->order < b->order;
	if (better_symbol(a, b))
		return -1;
	return better_symbol(b, a)
	           ? 1
	           : (a->order > b->order) - (a->order < b->order);
}

/*
 * Sort, keep the symbol perf shows at each address, and give symbols
 * without a size the room up to the next one, as perf does
 * (symbols__fixup_end).
 */
static void
finish_symbols(struct dso *d, enum alias_rule rule)
{
	if (d->nsyms == 0)
		return;
	qsort_r(d->syms, d->nsyms, sizeof *d->syms, compare_symbols, &rule);
	size_t n = 0;
	for (size_t i = 0; i < d->nsyms; i++) {
		if (n > 0 && d->syms[n - 1].start == d->syms[i].start)
			continue;
		d->syms[n++] = d->syms[i];
	}
	d->nsyms = n;
	for (size_t i = 0; i + 1 < n; i++)
		if (d->syms[i].end <= d->syms[i].start)
			d->syms[i].end = d->syms[i + 1].start;
	if (d->syms[n - 1].end <= d->syms[n - 1].start)
		d->syms[n - 1].end = d->syms[n - 1].start + 1;
}

static void
add_symbol(struct dso *d, size_t *cap, uint64_t start, uint64_t size,
           const char *name, int binding)
{
	if (d->nsyms == *cap) {
		*cap = *cap ? *cap * 2 : 1024;
		d->syms = xreallocarray(d->syms, *cap, sizeof *d->syms);
	}
	struct func_symbol *f = &d->syms[d->nsyms++];
	f->start = start;
	f->end = start + size;
	f->name = name;
	f->binding = (unsigned char)binding;
	f->order = (uint32_t)(d->nsyms - 1);
}

/* The function symbol containing addr, or NULL. */
static const struct func_symbol *
find_symbol(const struct dso *d, uint64_t addr)
{
	size_t lo = 0, hi = d->nsyms;

	/* The last symbol starting at or before addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->syms[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct func_symbol *f = &d->syms[lo - 1];
	return addr < f->end ? f : NULL;
}

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
 * sections, labels (STT_NOTYPE of size 0, such as _start).
 */
static bool
is_function_symbol(bfd *abfd, asymbol *sym)
{
	if (sym->flags & (BSF_SECTION_SYM | BSF_FILE | BSF_DEBUGGING |
	                  BSF_OBJECT | BSF_THREAD_LOCAL))
		return false;
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

static int
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
add_function_symbols(struct symbolizer *s, struct dso *d, size_t *cap,
                     bfd *abfd, asymbol **syms, long count)
{
	for (long i = 0; i < count; i++) {
		asymbol *sym = syms[i];
		if (!is_function_symbol(abfd, sym) || sym->name == NULL ||
		    sym->name[0] == '\0')
			continue;
		add_symbol(
		    d, cap, bfd_asymbol_value(sym), elf_symbol_size(abfd, sym),
		    arena_strdup(&s->arena, sym->name), symbol_binding(sym));
	}
}

/*
 * The function symbols perf would use: the .symtab of the DSO, else of
 * its debug file, else .dynsym; plus PLT stubs ("f@plt") either way.
 * The asymbol array of the file with DWARF is kept for find_nearest_line.
 */
static void
read_elf_symbols(struct symbolizer *s, struct dso *d)
{
	size_t cap = 0;
	long nstatic = 0, ndynamic = 0, ndebug = 0;
	asymbol **statics = read_symtab(d->file, false, &nstatic);
	asymbol **dynamics = read_symtab(d->file, true, &ndynamic);
	asymbol **debugs = NULL;

	if (d->debug != NULL)
		debugs = read_symtab(d->debug, false, &ndebug);
	if (nstatic > 0)
		add_function_symbols(s, d, &cap, d->file, statics, nstatic);
	else if (ndebug > 0)
		add_function_symbols(s, d, &cap, d->debug, debugs, ndebug);
	else
		add_function_symbols(s, d, &cap, d->file, dynamics, ndynamic);

	asymbol *synthetic = NULL;
	long nsynthetic = bfd_get_synthetic_symtab(
	    d->file, nstatic, statics, ndynamic, dynamics, &synthetic);
	for (long i = 0; i < nsynthetic; i++) {
		asymbol *sym = &synthetic[i];
		if (sym->name == NULL || !(sym->section->flags & SEC_CODE))
			continue;
		/*
		 * A PLT entry is 16 bytes (x86-64, AArch64 and others), and
		 * no more than what is left of its section.  perf names the
		 * entries of IFUNC relocations "@plt"; bfd "*ABS*+0x..@plt".
		 */
		uint64_t start = bfd_asymbol_value(sym);
		uint64_t end = bfd_section_vma(sym->section) +
		               bfd_section_size(sym->section);
		uint64_t size = end - start < 16 ? end - start : 16;
		const char *name = strncmp(sym->name, "*ABS*", 5) == 0
		                       ? "@plt"
		                       : arena_strdup(&s->arena, sym->name);
		add_symbol(d, &cap, start, size, name, BINDING_GLOBAL);
	}
	free(synthetic);
	finish_symbols(d, ALIAS_BEST);

	/* find_nearest_line wants the symbols of the file it reads. */
	if (d->dwarf == d->debug && d->debug != NULL) {
		d->dwarf_syms = debugs;
		debugs = NULL;
	} else if (d->dwarf == d->file) {
		d->dwarf_syms = statics ? statics : dynamics;
		if (statics)
			statics = NULL;
		else
			dynamics = NULL;
	}
	free(statics);
	free(dynamics);
	free(debugs);
}

/* Where each loaded section lies in the file, for file offsets. */
static void
read_file_ranges(struct dso *d)
{
	size_t cap = 0;

	for (asection *sec = d->file->sections; sec != NULL; sec = sec->next) {
		flagword flags = bfd_section_flags(sec);
		if (!(flags & SEC_ALLOC) || !(flags & SEC_LOAD) ||
		    !(flags & SEC_HAS_CONTENTS))
			continue;
		if (d->nranges == cap) {
			cap = cap ? cap * 2 : 32;
			d->ranges =
			    xreallocarray(d->ranges, cap, sizeof *d->ranges);
		}
		struct file_range *r = &d->ranges[d->nranges++];
		r->filepos = (uint64_t)sec->filepos;
		r->size = bfd_section_size(sec);
		r->vma = bfd_section_vma(sec);
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
		errno = 0;
		return NULL;
	}
	return abfd;
}

/* The separate debug file of d->file, by build-id, else by debuglink. */
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

static void
load_elf(struct symbolizer *s, struct dso *d)
{
	if (access(d->path, R_OK) != 0) {
		warnmsg("%s: %s, frames left as they are", d->path,
		        strerror(errno));
		return;
	}
	d->file = open_elf(d->path);
	if (d->file == NULL) {
		warnmsg("%s: not an ELF file, frames left as they are",
		        d->path);
		return;
	}
	d->debug = open_debug_file(d->file);
	if (d->debug != NULL && has_dwarf(d->debug))
		d->dwarf = d->debug;
	else if (has_dwarf(d->file))
		d->dwarf = d->file;
	read_file_ranges(d);
	read_elf_symbols(s, d);
	d->usable = true;
}

static int
kallsyms_binding(char type)
{
	if (type == 'W' || type == 'w')
		return BINDING_WEAK;
	return type >= 'A' && type <= 'Z' ? BINDING_GLOBAL : BINDING_LOCAL;
}

/* Text symbols of /proc/kallsyms (or of a perf map: START SIZE name). */
static void
load_text_symbols(struct symbolizer *s, struct dso *d, bool perf_map)
{
	FILE *fp = fopen(d->path, "r");
	char *line = NULL;
	size_t linecap = 0, cap = 0;
	ssize_t len;

	if (fp == NULL) {
		warnmsg("%s: %s, frames left as they are", d->path,
		        strerror(errno));
		return;
	}
	while ((len = getline(&line, &linecap, fp)) > 0) {
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		char *p = line, *end;
		uint64_t start = strtoull(p, &end, 16), size = 0;
		if (end == p || *end != ' ')
			continue;
		p = end + 1;
		int binding = BINDING_GLOBAL;
		if (perf_map) {
			size = strtoull(p, &end, 16);
			if (end == p || *end != ' ')
				continue;
			p = end + 1;
		} else {
			char type = *p;
			if (type != 't' && type != 'T' && type != 'w' &&
			    type != 'W')
				continue;
			binding = kallsyms_binding(type);
			p += 2;
			/* "name\t[module]": the module is not part of it. */
			char *tab = strchr(p, '\t');
			if (tab != NULL)
				*tab = '\0';
		}
		if (*p == '\0' || (!perf_map && start == 0))
			continue;
		add_symbol(d, &cap, start, size, arena_strdup(&s->arena, p),
		           binding);
	}
	free(line);
	fclose(fp);
	finish_symbols(d, perf_map ? ALIAS_BEST : ALIAS_LAST);
	d->usable = d->nsyms > 0;
	if (!perf_map && !d->usable)
		warnmsg("%s: no symbols (kptr_restrict?), kernel frames left "
		        "as they are",
		        d->path);
}

static bool
is_perf_map(struct span dso)
{
	return span_ends_with(dso, ".map") && dso_is_jit(dso);
}

static enum dso_kind
dso_kind_of(struct span dso)
{
	if (dso.n == 0)
		return DSO_OPAQUE;
	if (dso.p[0] == '/') {
		if (is_perf_map(dso))
			return DSO_PERF_MAP;
		if (span_ends_with(dso, " (deleted)"))
			return DSO_OPAQUE;
		return DSO_ELF;
	}
	if (dso.p[0] != '[' || memchr(dso.p, ' ', dso.n) != NULL)
		return DSO_OPAQUE;
	static const char *const not_kernel[] = {
	    "[unknown]", "[vdso]",  "[vsyscall]", "[vectors]",
	    "[heap]",    "[stack]", "[anon]",     "[uprobes]",
	};
	for (size_t i = 0; i < sizeof not_kernel / sizeof *not_kernel; i++)
		if (span_eq_cstr(dso, not_kernel[i]))
			return DSO_OPAQUE;
	return dso_is_kernel(dso) ? DSO_KERNEL : DSO_OPAQUE;
}

/* The DSO of a frame, loaded on first use; NULL when nothing can be read. */
static struct dso *
dso_get(struct symbolizer *s, struct span path)
{
	enum dso_kind kind = dso_kind_of(path);
	struct dso *d;

	if (kind == DSO_OPAQUE)
		return NULL;
	if (kind == DSO_KERNEL) {
		d = &s->kernel;
	} else {
		uint32_t count = s->dso_names.count;
		uint32_t id = string_table_intern(&s->dso_names, path);
		if (id == count) {
			if (s->dsos_cap <= id) {
				s->dsos_cap =
				    s->dsos_cap ? s->dsos_cap * 2 : 64;
				s->dsos = xreallocarray(s->dsos, s->dsos_cap,
				                        sizeof *s->dsos);
			}
			memset(&s->dsos[id], 0, sizeof s->dsos[id]);
			s->dsos[id].kind = kind;
			s->dsos[id].path = string_table_cstr(&s->dso_names, id);
		}
		d = &s->dsos[id];
	}
	if (!d->loaded) {
		d->loaded = true;
		if (d->kind == DSO_ELF)
			load_elf(s, d);
		else
			load_text_symbols(s, d, d->kind == DSO_PERF_MAP);
	}
	return d->usable ? d : NULL;
}

/* The address in the DSO's own address space of what perf printed. */
static uint64_t
dso_address(const struct dso *d, uint64_t printed)
{
	if (d->kind != DSO_ELF)
		return printed;
	/* A file offset: find the section whose bytes hold it. */
	for (size_t i = 0; i < d->nranges; i++) {
		const struct file_range *r = &d->ranges[i];
		if (printed >= r->filepos && printed - r->filepos < r->size)
			return printed - r->filepos + r->vma;
	}
	return printed;
}

/* ---- names and lines ---- */

static bool
looks_mangled(const char *name)
{
	return name[0] == '_' && (name[1] == 'Z' || name[1] == 'R');
}

/* Demangle into the arena; the name itself when it is not mangled. */
static const char *
demangled(struct symbolizer *s, bfd *abfd, const char *name)
{
	if (!looks_mangled(name))
		return name;
	char *d = bfd_demangle(abfd, name, DMGL_PARAMS | DMGL_ANSI);
	if (d == NULL)
		return name;
	const char *copy = arena_strdup(&s->arena, d);
	free(d);
	return copy;
}

/* The section of abfd holding vma, for find_nearest_line. */
static asection *
section_of(bfd *abfd, uint64_t vma)
{
	for (asection *sec = abfd->sections; sec != NULL; sec = sec->next) {
		if (!(bfd_section_flags(sec) & SEC_ALLOC))
			continue;
		uint64_t start = bfd_section_vma(sec);
		if (vma >= start && vma - start < bfd_section_size(sec))
			return sec;
	}
	return NULL;
}

static struct span
intern_srcline(struct symbolizer *s, const char *file, unsigned line)
{
	if (file == NULL || line == 0)
		return span_make(NULL, 0);
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	char *buf = scratch(s, strlen(base) + 16);
	int n = snprintf(buf, s->buf_cap, "%s:%u", base, line);
	uint32_t id =
	    string_table_intern(&s->srclines, span_make(buf, (size_t)n));
	return string_table_get(&s->srclines, id);
}

/*
 * The chain at vma, innermost first, as addr2line -f -i prints it: the
 * innermost function with the line of vma, then each caller it was
 * inlined into with the line of the call.
 */
static size_t
locate(struct symbolizer *s, struct dso *d, uint64_t vma,
       struct symbol_location *out, size_t max)
{
	if (d->dwarf == NULL || max == 0)
		return 0;
	asection *sec = section_of(d->dwarf, vma);
	if (sec == NULL)
		return 0;
	const char *file = NULL, *func = NULL;
	unsigned line = 0;
	if (!bfd_find_nearest_line(d->dwarf, sec, d->dwarf_syms,
	                           vma - bfd_section_vma(sec), &file, &func,
	                           &line))
		return 0;
	size_t n = 0;
	do {
		const char *name = func ? demangled(s, d->dwarf, func) : "??";
		out[n].function = span_cstr(name);
		out[n].srcline = intern_srcline(s, file, line);
		n++;
	} while (n < max &&
	         bfd_find_inliner_info(d->dwarf, &file, &func, &line));
	return n;
}

struct span
symbolizer_lookup(struct symbolizer *s, struct span dso, uint64_t addr,
                  uint64_t *offset)
{
	struct dso *d = dso_get(s, dso);
	*offset = 0;
	if (d == NULL)
		return span_make(NULL, 0);
	uint64_t vma = dso_address(d, addr);
	const struct func_symbol *f = find_symbol(d, vma);
	if (f == NULL)
		return span_make(NULL, 0);
	*offset = vma - f->start;
	const char *name = f->name;
	if (d->kind == DSO_ELF)
		name = demangled(s, d->file, name);
	return span_cstr(name);
}

size_t
symbolizer_locate(struct symbolizer *s, struct span dso, uint64_t addr,
                  struct symbol_location *out, size_t max)
{
	struct dso *d = dso_get(s, dso);
	if (d == NULL || d->kind != DSO_ELF)
		return 0;
	return locate(s, d, dso_address(d, addr), out, max);
}

/* ---- rewrites ---- */

static void
pool_push(struct symbolizer *s, const struct perf_frame *f, struct span symbol,
          struct span dso, bool inlined, struct span srcline)
{
	s->pool = array_reserve(s->pool, &s->pool_cap, s->pool_len + 1,
	                        sizeof *s->pool);
	struct perf_frame *p = &s->pool[s->pool_len++];
	*p = *f;
	p->id = frame_table_intern(s->table, symbol, dso, inlined);
	struct frame_info info = frame_table_get(s->table, p->id);
	p->symbol = info.symbol;
	p->dso = info.dso;
	p->inlined = inlined;
	p->srcline = srcline;
}

/* Compute the frames that replace f; appended to the pool. */
static void
compute_rewrite(struct symbolizer *s, const struct perf_frame *f,
                bool perf_inlined)
{
	struct perf_frame base = *f;
	struct span symbol = f->symbol;
	struct dso *d = dso_get(s, f->dso);
	uint64_t vma = d ? dso_address(d, f->addr) : f->addr;
	char *name = NULL;

	if (s->opt.resolve && d != NULL && frame_symbol_unknown(symbol)) {
		const struct func_symbol *sym = find_symbol(d, vma);
		if (sym != NULL) {
			const char *nm = sym->name;
			if (d->kind == DSO_ELF)
				nm = demangled(s, d->file, nm);
			symbol = span_cstr(nm);
			base.offset = vma - sym->start;
		}
	} else if (s->opt.demangle && symbol.n > 2 && symbol.p[0] == '_' &&
	           (symbol.p[1] == 'Z' || symbol.p[1] == 'R')) {
		name = xmalloc(symbol.n + 1);
		memcpy(name, symbol.p, symbol.n);
		name[symbol.n] = '\0';
		bfd *abfd = d && d->kind == DSO_ELF ? d->file : NULL;
		symbol = span_cstr(demangled(s, abfd, name));
	}

	struct symbol_location chain[MAX_INLINE_DEPTH];
	size_t nchain = 0;
	bool expand = s->opt.inline_frames && !perf_inlined;
	if (d != NULL && d->kind == DSO_ELF && (expand || s->opt.srcline))
		nchain = locate(s, d, vma, chain, MAX_INLINE_DEPTH);

	struct span none = span_make(NULL, 0);
	if (expand && nchain > 1) {
		struct span inlined_dso = span_cstr("inlined");
		for (size_t i = 0; i + 1 < nchain; i++) {
			struct perf_frame inl = base;
			inl.offset = 0;
			pool_push(s, &inl, chain[i].function, inlined_dso, true,
			          s->opt.srcline ? chain[i].srcline : none);
		}
		pool_push(s, &base, symbol, f->dso, false,
		          s->opt.srcline ? chain[nchain - 1].srcline : none);
	} else {
		/* Not expanded: the line of the address itself, as perf. */
		pool_push(s, &base, symbol, f->dso, false,
		          s->opt.srcline && nchain > 0 ? chain[0].srcline
		                                       : none);
	}
	free(name);
}

size_t
symbolizer_rewrite(struct symbolizer *s, struct frame_table *table,
                   const struct perf_frame *frames, size_t n,
                   struct perf_frame **out)
{
	size_t nout = 0;

	/* Rewrites name frames by id: a new table makes them meaningless. */
	if (s->table != table) {
		string_table_free(&s->rewrite_keys);
		string_table_init(&s->rewrite_keys);
		s->pool_len = 0;
		s->table = table;
	}
	for (size_t i = 0; i < n; i++) {
		const struct perf_frame *f = &frames[i];
		const struct perf_frame *run = f;
		size_t count = 1;

		if (!f->inlined) {
			struct rewrite_key key;
			memset(&key, 0, sizeof key); /* no stray padding */
			key.addr = f->addr;
			key.id = f->id;
			key.keep = i > 0 && frames[i - 1].inlined;
			uint32_t done = s->rewrite_keys.count;
			uint32_t id = string_table_intern(
			    &s->rewrite_keys,
			    span_make((const char *)&key, sizeof key));
			if (id == done) {
				size_t first = s->pool_len;
				compute_rewrite(s, f, key.keep);
				s->rewrites = array_reserve(
				    s->rewrites, &s->rewrites_cap,
				    (size_t)id + 1, sizeof *s->rewrites);
				s->rewrites[id].first = (uint32_t)first;
				s->rewrites[id].count =
				    (uint32_t)(s->pool_len - first);
			}
			run = &s->pool[s->rewrites[id].first];
			count = s->rewrites[id].count;
		}
		s->out = array_reserve(s->out, &s->out_cap, nout + count,
		                       sizeof *s->out);
		memcpy(&s->out[nout], run, count * sizeof *run);
		/* A srcline perf printed stays, unless the frame was expanded.
		 */
		if (count == 1 && s->out[nout].srcline.n == 0)
			s->out[nout].srcline = f->srcline;
		nout += count;
	}
	*out = s->out;
	return nout;
}

static size_t
rewrite_frames(void *ctx, struct frame_table *table,
               const struct perf_frame *frames, size_t n,
               struct perf_frame **out)
{
	return symbolizer_rewrite(ctx, table, frames, n, out);
}

struct symbolizer *
symbolizer_attach(struct sample_stream *st, const struct symbol_options *opt)
{
	if (!symbol_options_any(opt))
		return NULL;
	struct symbolizer *s = symbolizer_new(opt);
	st->rewrite = rewrite_frames;
	st->rewrite_ctx = s;
	return s;
}
