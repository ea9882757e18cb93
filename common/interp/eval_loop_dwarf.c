/*
 * eval_loop_dwarf.c - see eval_loop_dwarf.h.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/string_table.h"
#include "base/xalloc.h"
#include "interp/eval_loop_dwarf.h"

#define TARGET_PREFIX "TARGET_"

bool
eval_loop_symbol(struct span symbol)
{
	size_t n = strlen(EVAL_LOOP_FUNCTION);
	return span_starts_with(symbol, EVAL_LOOP_FUNCTION) &&
	       (symbol.n == n || symbol.p[n] == '.');
}

/* The function's symbols ("NAME" and "NAME.cold"...) in elf's tables. */
static void
read_symbols(struct eval_loop_dwarf *d, Elf *elf)
{
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) == NULL ||
		    (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    sh.sh_entsize == 0)
			continue;
		Elf_Data *data = elf_getdata(scn, NULL);
		size_t n = data == NULL ? 0 : sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym sym;
			if (gelf_getsym(data, (int)i, &sym) == NULL ||
			    GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
			    sym.st_value == 0)
				continue;
			const char *name =
			    elf_strptr(elf, sh.sh_link, sym.st_name);
			if (name == NULL || !eval_loop_symbol(span_cstr(name)))
				continue;
			bool known = false;
			for (size_t j = 0; j < d->nsymbols && !known; j++)
				known = strcmp(d->symbols[j].name, name) == 0;
			if (known)
				continue;
			d->symbols = xreallocarray(d->symbols, d->nsymbols + 1,
			                           sizeof *d->symbols);
			d->symbols[d->nsymbols].name = xstrdup(name);
			d->symbols[d->nsymbols].addr = sym.st_value;
			d->nsymbols++;
		}
	}
}

/*
 * The DWARF of the file path open at fd (elf): its own, else the separate
 * debug file a -dbgsym package installs under /usr/lib/debug/.build-id.
 * *dfd is that file's descriptor, or -1.
 */
static Dwarf *
open_dwarf(struct eval_loop_dwarf *d, const char *path, int fd, Elf *elf,
           int *dfd, Elf **delf)
{
	*dfd = -1;
	*delf = NULL;
	Dwarf *dw = dwarf_begin(fd, DWARF_C_READ);
	if (dw != NULL) {
		d->debug_file = xstrdup(path);
		return dw;
	}
	const void *id;
	ssize_t n = dwelf_elf_gnu_build_id(elf, &id);
	if (n < 2)
		return NULL;
	const unsigned char *b = id;
	char hex[2 * 64 + 1];
	size_t len = (size_t)n > 64 ? 64 : (size_t)n;
	for (size_t i = 0; i < len; i++)
		snprintf(hex + 2 * i, 3, "%02x", b[i]);
	char *debug =
	    xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
	*dfd = open(debug, O_RDONLY | O_CLOEXEC);
	if (*dfd >= 0)
		dw = dwarf_begin(*dfd, DWARF_C_READ);
	if (dw == NULL) {
		free(debug);
		return NULL;
	}
	d->debug_file = debug;
	*delf = dwarf_getelf(dw);
	return dw;
}

static uint32_t
file_id(struct eval_loop_dwarf *d, const char *name)
{
	return name == NULL ? EVAL_NO_FILE
	                    : string_table_intern(&d->files, span_cstr(name));
}

static uint32_t
add_part(struct eval_loop_dwarf *d, struct span name, enum eval_part_kind kind)
{
	uint32_t id = string_table_intern(&d->parts, name);
	size_t cap = d->parts.count;
	d->kinds = xreallocarray(d->kinds, cap, sizeof *d->kinds);
	d->kinds[id] = kind;
	return id;
}

struct walk {
	struct eval_loop_dwarf *d;
	Dwarf_Files *files;
	size_t nfiles;
	size_t labels_cap, calls_cap;
};

static void
add_label(struct walk *w, Dwarf_Die *die)
{
	struct eval_loop_dwarf *d = w->d;
	Dwarf_Attribute attr;
	Dwarf_Addr pc;
	const char *name =
	    dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	if (name == NULL || dwarf_lowpc(die, &pc) != 0)
		return;
	int line = 0;
	dwarf_decl_line(die, &line);
	uint32_t file = file_id(d, dwarf_decl_file(die));
	char buf[256];
	uint32_t part;
	if (strncmp(name, TARGET_PREFIX, strlen(TARGET_PREFIX)) == 0)
		part = add_part(d, span_cstr(name + strlen(TARGET_PREFIX)),
		                EVAL_INSTRUCTION);
	else if (file == d->own_file && file != EVAL_NO_FILE &&
	         strncmp(name, "PRED", 4) != 0) {
		snprintf(buf, sizeof buf, "[%s]", name);
		part = add_part(d, span_cstr(buf), EVAL_NAMED_PART);
	} else
		return; /* PRED_, PREDICTED_, inner labels of instructions */
	d->labels = array_reserve(d->labels, &w->labels_cap, d->nlabels + 1,
	                          sizeof *d->labels);
	d->labels[d->nlabels++] = (struct eval_label){pc, part, file, line};
}

static void
add_call_site(struct walk *w, Dwarf_Die *die)
{
	struct eval_loop_dwarf *d = w->d;
	Dwarf_Attribute attr;
	Dwarf_Word file, line;
	if (dwarf_formudata(dwarf_attr(die, DW_AT_call_file, &attr), &file) !=
	        0 ||
	    dwarf_formudata(dwarf_attr(die, DW_AT_call_line, &attr), &line) !=
	        0)
		return;
	const char *name =
	    w->files == NULL ? NULL : dwarf_filesrc(w->files, file, NULL, NULL);
	Dwarf_Addr base, low, high;
	ptrdiff_t off = 0;
	while ((off = dwarf_ranges(die, off, &base, &low, &high)) > 0) {
		d->calls = array_reserve(d->calls, &w->calls_cap, d->ncalls + 1,
		                         sizeof *d->calls);
		d->calls[d->ncalls++] =
		    (struct eval_call){low, high, file_id(d, name), (int)line};
	}
}

/* The labels and top-level inlined calls under die (the function). */
static void
walk_function(struct walk *w, Dwarf_Die *die)
{
	Dwarf_Die child;
	if (dwarf_child(die, &child) != 0)
		return;
	do {
		switch (dwarf_tag(&child)) {
		case DW_TAG_label:
			add_label(w, &child);
			break;
		case DW_TAG_inlined_subroutine:
			add_call_site(w, &child);
			break;
		case DW_TAG_lexical_block:
			walk_function(w, &child);
			break;
		default:
			break;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

static bool
in_ranges(const struct eval_loop_dwarf *d, uint64_t a)
{
	for (size_t i = 0; i < d->nranges; i++)
		if (a >= d->ranges[i].low && a < d->ranges[i].high)
			return true;
	return false;
}

static void
read_rows(struct eval_loop_dwarf *d, Dwarf_Die *cu)
{
	Dwarf_Lines *lines;
	size_t n, cap = 0;
	if (dwarf_getsrclines(cu, &lines, &n) != 0)
		return;
	for (size_t i = 0; i < n; i++) {
		Dwarf_Line *line = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		int no = 0;
		bool end = false;
		if (line == NULL || dwarf_lineaddr(line, &a) != 0)
			continue;
		dwarf_lineendsequence(line, &end);
		if (!in_ranges(d, a) && !(end && in_ranges(d, a - 1)))
			continue;
		dwarf_lineno(line, &no);
		d->rows =
		    array_reserve(d->rows, &cap, d->nrows + 1, sizeof *d->rows);
		d->rows[d->nrows++] = (struct eval_row){
		    a,
		    end ? EVAL_NO_FILE
		        : file_id(d, dwarf_linesrc(line, NULL, NULL)),
		    no, i};
	}
}

static int
compare_addr(const void *a, const void *b)
{
	const struct eval_label *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int
compare_call(const void *a, const void *b)
{
	const struct eval_call *x = a, *y = b;
	return x->low < y->low ? -1 : x->low > y->low;
}

static int
compare_row(const void *a, const void *b)
{
	const struct eval_row *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The function's DIE: the subprogram whose ranges hold its entry. */
static bool
find_function(Dwarf *dw, uint64_t entry, Dwarf_Die *cu, Dwarf_Die *fn)
{
	Dwarf_Die *scopes = NULL;
	if (dwarf_addrdie(dw, entry, cu) == NULL)
		return false;
	int n = dwarf_getscopes(cu, entry, &scopes);
	bool found = false;
	for (int i = 0; i < n; i++)
		if (dwarf_tag(&scopes[i]) == DW_TAG_subprogram) {
			*fn = scopes[i];
			found = true;
		}
	free(scopes);
	return found;
}

static enum eval_loop_status
read_function(struct eval_loop_dwarf *d, Dwarf *dw)
{
	Dwarf_Die cu, fn;
	d->entry = 0;
	for (size_t i = 0; i < d->nsymbols; i++)
		if (strcmp(d->symbols[i].name, EVAL_LOOP_FUNCTION) == 0)
			d->entry = d->symbols[i].addr;
	if (d->entry == 0 || !find_function(dw, d->entry, &cu, &fn))
		return EVAL_LOOP_NO_FUNCTION;
	Dwarf_Addr base, low, high;
	ptrdiff_t off = 0;
	size_t cap = 0;
	while ((off = dwarf_ranges(&fn, off, &base, &low, &high)) > 0) {
		d->ranges = array_reserve(d->ranges, &cap, d->nranges + 1,
		                          sizeof *d->ranges);
		d->ranges[d->nranges++] = (struct eval_range){low, high};
	}
	struct walk w = {d, NULL, 0, 0, 0};
	if (dwarf_getsrcfiles(&cu, &w.files, &w.nfiles) != 0)
		w.files = NULL;
	d->own_file = file_id(d, dwarf_decl_file(&fn));
	add_part(d, span_cstr("[entry]"), EVAL_NAMED_PART);
	walk_function(&w, &fn);
	bool instructions = false;
	for (size_t i = 0; i < d->nlabels && !instructions; i++)
		instructions = d->kinds[d->labels[i].part] == EVAL_INSTRUCTION;
	if (!instructions)
		return EVAL_LOOP_NO_LABELS;
	qsort(d->labels, d->nlabels, sizeof *d->labels, compare_addr);
	qsort(d->calls, d->ncalls, sizeof *d->calls, compare_call);
	read_rows(d, &cu);
	qsort(d->rows, d->nrows, sizeof *d->rows, compare_row);
	return EVAL_LOOP_OK;
}

enum eval_loop_status
eval_loop_dwarf_read(struct eval_loop_dwarf *d, const char *path)
{
	memset(d, 0, sizeof *d);
	string_table_init(&d->parts);
	string_table_init(&d->files);
#ifdef PERFVIEWS_FUZZING
	/* The fuzz build opens no DSO an input names: not its code to fuzz. */
	return EVAL_LOOP_NO_FILE;
#endif
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return EVAL_LOOP_NO_FILE;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return EVAL_LOOP_NO_FILE;
	}
	elf_version(EV_CURRENT);
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf == NULL || elf_kind(elf) != ELF_K_ELF) {
		if (elf != NULL)
			elf_end(elf);
		close(fd);
		return EVAL_LOOP_NO_FILE;
	}
	read_symbols(d, elf);
	int dfd;
	Elf *delf;
	Dwarf *dw = open_dwarf(d, path, fd, elf, &dfd, &delf);
	if (delf != NULL)
		read_symbols(d, delf);
	enum eval_loop_status status;
	if (dw == NULL)
		status = d->nsymbols == 0 ? EVAL_LOOP_NO_FUNCTION
		                          : EVAL_LOOP_NO_DEBUG;
	else
		status = read_function(d, dw);
	if (dw != NULL)
		dwarf_end(dw);
	if (dfd >= 0)
		close(dfd);
	elf_end(elf);
	close(fd);
	return status;
}

bool
eval_loop_dwarf_holds(const struct eval_loop_dwarf *d, uint64_t a)
{
	return in_ranges(d, a);
}

void
eval_loop_dwarf_free(struct eval_loop_dwarf *d)
{
	for (size_t i = 0; i < d->nsymbols; i++)
		free(d->symbols[i].name);
	free(d->symbols);
	free(d->debug_file);
	free(d->ranges);
	string_table_free(&d->parts);
	string_table_free(&d->files);
	free(d->kinds);
	free(d->labels);
	free(d->calls);
	free(d->rows);
	memset(d, 0, sizeof *d);
}
