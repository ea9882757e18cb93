/*
 * dso_symbols.c - see dso_symbols.h.
 *
 * DSOs by path: a string table gives each path a dense id, the index of a
 * pointer to its struct dso, which lives in the arena so it never moves.
 * ELF files are read by elf_dso.c; kallsyms and perf maps, being text,
 * here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "symbols/demangle.h"
#include "symbols/dso_symbols.h"
#include "symbols/elf_dso.h"
#include "symbols/symbol_list.h"

enum dso_kind {
	DSO_ELF,      /* a path: read with libbfd */
	DSO_KERNEL,   /* [kernel.kallsyms] and modules: /proc/kallsyms */
	DSO_PERF_MAP, /* /tmp/perf-PID.map: text */
	DSO_OPAQUE,   /* [unknown], [vdso], [JIT] ...: nothing to read */
};

struct dso {
	const char *path; /* NUL-terminated, in the table's paths */
	enum dso_kind kind;
	bool loaded;             /* opened (or tried); symbols read */
	bool usable;             /* loaded without error */
	struct symbol_list syms; /* finished once loaded */
	struct elf_dso elf;      /* DSO_ELF: the files */
};

static struct dso *
dso_new(struct dso_table *t, enum dso_kind kind, const char *path)
{
	struct dso *d = arena_alloc(&t->arena, sizeof *d, _Alignof(struct dso));
	memset(d, 0, sizeof *d);
	d->kind = kind;
	d->path = path;
	return d;
}

static void
dso_free(struct dso *d)
{
	symbol_list_free(&d->syms);
	elf_dso_close(&d->elf);
}

void
dso_table_init(struct dso_table *t)
{
	memset(t, 0, sizeof *t);
	string_table_init(&t->paths);
	string_table_init(&t->demangled);
	arena_init(&t->arena);
	t->kernel = dso_new(t, DSO_KERNEL, "/proc/kallsyms");
}

void
dso_table_free(struct dso_table *t)
{
	for (uint32_t i = 0; i < t->paths.count; i++)
		dso_free(t->dsos[i]);
	dso_free(t->kernel);
	free(t->dsos);
	string_table_free(&t->paths);
	string_table_free(&t->demangled);
	arena_free(&t->arena);
}

/* ---- reading ---- */

static void
load_elf(struct dso_table *t, struct dso *d)
{
	const char *why = elf_dso_open(&d->elf, d->path, &d->syms, &t->arena);
	if (why != NULL) {
		warnmsg("%s: %s, frames left as they are", d->path, why);
		return;
	}
	symbol_list_finish(&d->syms, ALIAS_BEST);
	d->usable = true;
}

static enum symbol_binding
kallsyms_binding(char type)
{
	if (type == 'W' || type == 'w')
		return BINDING_WEAK;
	return type >= 'A' && type <= 'Z' ? BINDING_GLOBAL : BINDING_LOCAL;
}

/*
 * Where perf's kernel map ends once it has read kallsyms (map__fixup_end:
 * the end of its last symbol, of the types it keeps, text, data and bss;
 * a symbol without a size reaching the next, a module's if any, the
 * last one page past its own page).
 */
static void
note_kernel_extent(struct dso_table *t, bool kept, bool module, uint64_t at)
{
	if (!kept || at == 0)
		return;
	if (module) {
		if (t->first_module == 0 || at < t->first_module)
			t->first_module = at;
	} else if (at > t->last_kernel) {
		t->last_kernel = at;
	}
}

uint64_t
dso_table_kernel_end(struct dso_table *t)
{
	struct dso *d = dso_table_get(t, span_cstr("[kernel.kallsyms]"));
	if (d == NULL || t->last_kernel == 0)
		return 0;
	if (t->first_module > t->last_kernel)
		return t->first_module;
	return (t->last_kernel / 4096 + 1) * 4096 + 4096;
}

/* Text symbols of /proc/kallsyms (or of a perf map: START SIZE name). */
static void
load_text_symbols(struct dso_table *t, struct dso *d, bool perf_map)
{
	FILE *fp = fopen(d->path, "r");
	char *line = NULL;
	size_t linecap = 0;
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
		enum symbol_binding binding = BINDING_GLOBAL;
		if (perf_map) {
			size = strtoull(p, &end, 16);
			if (end == p || *end != ' ')
				continue;
			p = end + 1;
		} else {
			char type = *p;
			/* "name\t[module]": the module is not part of it. */
			char *tab = strchr(p, '\t');
			if (tab != NULL)
				*tab = '\0';
			note_kernel_extent(t, strchr("TtWwDdBb", type) != NULL,
			                   tab != NULL, start);
			if (type != 't' && type != 'T' && type != 'w' &&
			    type != 'W')
				continue;
			binding = kallsyms_binding(type);
			p += 2;
		}
		if (*p == '\0' || (!perf_map && start == 0))
			continue;
		symbol_list_add(&d->syms, &t->arena, start, size, p, binding);
	}
	free(line);
	fclose(fp);
	symbol_list_finish(&d->syms, perf_map ? ALIAS_BEST : ALIAS_LAST);
	d->usable = d->syms.count > 0;
	if (!perf_map && !d->usable)
		warnmsg("%s: no symbols (kptr_restrict?), kernel frames left "
		        "as they are",
		        d->path);
}

/* ---- the table ---- */

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

/* The DSO named path (kind not DSO_OPAQUE), made on first use: read
 * from file when it is new and file is not NULL. */
static struct dso *
dso_named(struct dso_table *t, struct span path, enum dso_kind kind,
          const char *file)
{
	if (kind == DSO_KERNEL)
		return t->kernel;
	uint32_t count = t->paths.count;
	uint32_t id = string_table_intern(&t->paths, path);
	if (id == count) {
		t->dsos = array_reserve(t->dsos, &t->dsos_cap, (size_t)id + 1,
		                        sizeof *t->dsos);
		const char *at = string_table_cstr(&t->paths, id);
		if (file != NULL && strcmp(file, at) != 0) {
			size_t n = strlen(file) + 1;
			at = memcpy(arena_alloc(&t->arena, n, 1), file, n);
		}
		t->dsos[id] = dso_new(t, kind, at);
	}
	return t->dsos[id];
}

struct dso *
dso_table_get_from(struct dso_table *t, struct span path, const char *file)
{
	enum dso_kind kind = dso_kind_of(path);
	if (kind != DSO_ELF)
		return file != NULL ? dso_table_get(t, path) : NULL;
	uint32_t count = t->paths.count;
	struct dso *d = dso_named(t, path, kind, file);
	if (t->paths.count > count && file == NULL)
		d->loaded = true; /* never read: not usable */
	return dso_table_get(t, path);
}

struct dso *
dso_table_get(struct dso_table *t, struct span path)
{
	enum dso_kind kind = dso_kind_of(path);

	if (kind == DSO_OPAQUE)
		return NULL;
	struct dso *d = dso_named(t, path, kind, NULL);
	if (!d->loaded) {
		d->loaded = true;
		if (d->kind == DSO_ELF)
			load_elf(t, d);
		else
			load_text_symbols(t, d, d->kind == DSO_PERF_MAP);
	}
	return d->usable ? d : NULL;
}

/* ---- lookups ---- */

uint64_t
dso_address(const struct dso *d, uint64_t printed)
{
	return d->kind == DSO_ELF ? elf_dso_address(&d->elf, printed) : printed;
}

const char *
dso_function_named(struct dso_table *t, const struct dso *d, uint64_t vma,
                   uint64_t *offset, bool params)
{
	const struct func_symbol *f = symbol_list_find(&d->syms, vma);
	if (f == NULL)
		return NULL;
	*offset = vma - f->start;
	return d->kind == DSO_ELF
	           ? demangle_as(&t->demangled, d->elf.file, f->name, params)
	           : f->name;
}

const char *
dso_function_printed(struct dso_table *t, const struct dso *d, uint64_t printed,
                     uint64_t *offset, bool params)
{
	uint64_t vma = printed;
	if (d->kind == DSO_ELF && !elf_dso_vma(&d->elf, printed, &vma))
		return NULL;
	return dso_function_named(t, d, vma, offset, params);
}

const char *
dso_function_at(struct dso_table *t, const struct dso *d, uint64_t vma,
                uint64_t *offset)
{
	return dso_function_named(t, d, vma, offset, true);
}

const char *
dso_demangle(struct dso_table *t, const struct dso *d, const char *name)
{
	struct bfd *abfd = d != NULL && d->kind == DSO_ELF ? d->elf.file : NULL;
	return demangle(&t->demangled, abfd, name);
}

struct dso_dwarf
dso_dwarf(const struct dso *d)
{
	struct dso_dwarf dw = {NULL, NULL};
	if (d->kind == DSO_ELF) {
		dw.file = d->elf.dwarf;
		dw.symbols = d->elf.dwarf_symbols;
	}
	return dw;
}
