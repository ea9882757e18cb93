/*
 * eval_loop.c - see eval_loop.h.
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
#include "interp/eval_loop.h"
#include "interp/opcode_families.h"
#include "perfdata/u64_map.h"

#define TARGET_PREFIX "TARGET_"
/* The learned owner of a line whose code lies in several instructions. */
#define OWNER_MANY (U64_MAP_NONE - 1)
#define NO_FILE    UINT32_MAX

struct range {
	uint64_t low, high;
};

/* A label that begins a part: by address, and by line in its file. */
struct boundary {
	uint64_t addr;
	uint32_t part;
	uint32_t file;
	int line;
};

/* A top-level inlined call: its code has the line of the call. */
struct call_site {
	uint64_t low, high;
	uint32_t file;
	int line;
};

struct row {
	uint64_t addr;
	uint32_t file; /* NO_FILE: the end of a sequence */
	int line;
	size_t order; /* in the line table: the later of one address wins */
};

struct symbol_addr {
	char *name;
	uint64_t addr;
};

struct eval_loop {
	char *path;
	char *debug_file;
	enum eval_loop_status status;
	struct symbol_addr *symbols; /* the function and its parts */
	size_t nsymbols;
	uint64_t entry; /* the function's entry address */
	struct range *ranges;
	size_t nranges;
	struct string_table parts;
	enum eval_part_kind *kinds; /* by part */
	uint32_t *family;           /* by part: a name in families_names */
	struct string_table families_names;
	char *families_source;
	struct boundary *by_addr; /* sorted by address */
	struct boundary *by_line; /* sorted by (file, line) */
	size_t nboundaries;
	struct string_table files;
	uint32_t own_file; /* the function's decl file */
	struct call_site *calls;
	size_t ncalls;
	struct row *rows;
	size_t nrows;
	struct u64_map owners; /* (file << 32 | line) -> part, learned */
};

struct eval_loops {
	struct string_table paths;
	struct eval_loop **loops; /* by path id */
	size_t cap;
};

bool
eval_loop_symbol(struct span symbol)
{
	size_t n = strlen(EVAL_LOOP_FUNCTION);
	return span_starts_with(symbol, EVAL_LOOP_FUNCTION) &&
	       (symbol.n == n || symbol.p[n] == '.');
}

/* The function's symbols ("NAME" and "NAME.cold"...) in elf's tables. */
static void
read_symbols(struct eval_loop *l, Elf *elf)
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
			for (size_t j = 0; j < l->nsymbols && !known; j++)
				known = strcmp(l->symbols[j].name, name) == 0;
			if (known)
				continue;
			l->symbols = xreallocarray(l->symbols, l->nsymbols + 1,
			                           sizeof *l->symbols);
			l->symbols[l->nsymbols].name = xstrdup(name);
			l->symbols[l->nsymbols].addr = sym.st_value;
			l->nsymbols++;
		}
	}
}

/*
 * The DWARF of the file open at fd (elf): its own, else the separate
 * debug file a -dbgsym package installs under /usr/lib/debug/.build-id.
 * *dfd is that file's descriptor, or -1.
 */
static Dwarf *
open_dwarf(struct eval_loop *l, int fd, Elf *elf, int *dfd, Elf **delf)
{
	*dfd = -1;
	*delf = NULL;
	Dwarf *dw = dwarf_begin(fd, DWARF_C_READ);
	if (dw != NULL) {
		l->debug_file = xstrdup(l->path);
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
	char *path =
	    xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
	*dfd = open(path, O_RDONLY | O_CLOEXEC);
	if (*dfd >= 0)
		dw = dwarf_begin(*dfd, DWARF_C_READ);
	if (dw == NULL) {
		free(path);
		return NULL;
	}
	l->debug_file = path;
	*delf = dwarf_getelf(dw);
	return dw;
}

static uint32_t
file_id(struct eval_loop *l, const char *name)
{
	return name == NULL ? NO_FILE
	                    : string_table_intern(&l->files, span_cstr(name));
}

static uint32_t
add_part(struct eval_loop *l, struct span name, enum eval_part_kind kind)
{
	uint32_t id = string_table_intern(&l->parts, name);
	size_t cap = l->parts.count;
	l->kinds = xreallocarray(l->kinds, cap, sizeof *l->kinds);
	l->family = xreallocarray(l->family, cap, sizeof *l->family);
	l->kinds[id] = kind;
	l->family[id] = STRING_NONE;
	return id;
}

struct walk {
	struct eval_loop *l;
	Dwarf_Files *files;
	size_t nfiles;
	size_t boundaries_cap, calls_cap;
};

static void
add_label(struct walk *w, Dwarf_Die *die)
{
	struct eval_loop *l = w->l;
	Dwarf_Attribute attr;
	Dwarf_Addr pc;
	const char *name =
	    dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	if (name == NULL || dwarf_lowpc(die, &pc) != 0)
		return;
	int line = 0;
	dwarf_decl_line(die, &line);
	uint32_t file = file_id(l, dwarf_decl_file(die));
	char buf[256];
	uint32_t part;
	if (strncmp(name, TARGET_PREFIX, strlen(TARGET_PREFIX)) == 0)
		part = add_part(l, span_cstr(name + strlen(TARGET_PREFIX)),
		                EVAL_INSTRUCTION);
	else if (file == l->own_file && file != NO_FILE &&
	         strncmp(name, "PRED", 4) != 0) {
		snprintf(buf, sizeof buf, "[%s]", name);
		part = add_part(l, span_cstr(buf), EVAL_NAMED_PART);
	} else
		return; /* PRED_, PREDICTED_, inner labels of instructions */
	l->by_addr = array_reserve(l->by_addr, &w->boundaries_cap,
	                           l->nboundaries + 1, sizeof *l->by_addr);
	l->by_addr[l->nboundaries++] = (struct boundary){pc, part, file, line};
}

static void
add_call_site(struct walk *w, Dwarf_Die *die)
{
	struct eval_loop *l = w->l;
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
		l->calls = array_reserve(l->calls, &w->calls_cap, l->ncalls + 1,
		                         sizeof *l->calls);
		l->calls[l->ncalls++] =
		    (struct call_site){low, high, file_id(l, name), (int)line};
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
in_ranges(const struct eval_loop *l, uint64_t a)
{
	for (size_t i = 0; i < l->nranges; i++)
		if (a >= l->ranges[i].low && a < l->ranges[i].high)
			return true;
	return false;
}

static void
read_rows(struct eval_loop *l, Dwarf_Die *cu)
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
		if (!in_ranges(l, a) && !(end && in_ranges(l, a - 1)))
			continue;
		dwarf_lineno(line, &no);
		l->rows =
		    array_reserve(l->rows, &cap, l->nrows + 1, sizeof *l->rows);
		l->rows[l->nrows++] = (struct row){
		    a,
		    end ? NO_FILE : file_id(l, dwarf_linesrc(line, NULL, NULL)),
		    no, i};
	}
}

static int
compare_addr(const void *a, const void *b)
{
	const struct boundary *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int
compare_line(const void *a, const void *b)
{
	const struct boundary *x = a, *y = b;
	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

static int
compare_call(const void *a, const void *b)
{
	const struct call_site *x = a, *y = b;
	return x->low < y->low ? -1 : x->low > y->low;
}

static int
compare_row(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The line of a in the function's own code: false when none. */
static bool
own_line(const struct eval_loop *l, uint64_t a, uint32_t *file, int *line)
{
	/* Top-level inlined calls do not overlap: the last starting at or
	 * below a. */
	size_t lo = 0, hi = l->ncalls;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->calls[mid].low <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && a < l->calls[lo - 1].high) {
		*file = l->calls[lo - 1].file;
		*line = l->calls[lo - 1].line;
		return *file != NO_FILE && *line > 0;
	}
	lo = 0, hi = l->nrows;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->rows[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return false;
	*file = l->rows[lo - 1].file;
	*line = l->rows[lo - 1].line;
	return *file != NO_FILE && *line > 0;
}

/* The part of the last label at or below a in a's range; false if none. */
static bool
by_label(const struct eval_loop *l, uint64_t a, uint32_t *part)
{
	const struct range *r = NULL;
	for (size_t i = 0; i < l->nranges && r == NULL; i++)
		if (a >= l->ranges[i].low && a < l->ranges[i].high)
			r = &l->ranges[i];
	if (r == NULL)
		return false;
	size_t lo = 0, hi = l->nboundaries;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->by_addr[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && l->by_addr[lo - 1].addr >= r->low) {
		*part = l->by_addr[lo - 1].part;
		return true;
	}
	if (l->entry >= r->low && l->entry < r->high) {
		*part = 0; /* [entry] */
		return true;
	}
	return false;
}

/*
 * The part of a line of a file with labels: the label declared at or
 * above it; "[entry]" above the first of the function's own file.
 */
static bool
by_declared_line(const struct eval_loop *l, uint32_t file, int line,
                 uint32_t *part)
{
	size_t lo = 0, hi = l->nboundaries;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct boundary *b = &l->by_line[mid];
		if (b->file < file || (b->file == file && b->line <= line))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && l->by_line[lo - 1].file == file) {
		*part = l->by_line[lo - 1].part;
		return true;
	}
	if (file == l->own_file) {
		*part = 0;
		return true;
	}
	return false;
}

static bool
file_has_labels(const struct eval_loop *l, uint32_t file)
{
	uint32_t part;
	return file == l->own_file ||
	       (by_declared_line(l, file, INT32_MAX, &part));
}

static uint64_t
line_key(uint32_t file, int line)
{
	return (uint64_t)file << 32 | (uint32_t)line;
}

/*
 * The lines of files without labels (3.12's bytecodes.c) whose code the
 * labels put in one instruction alone: each row's line, and the
 * instruction of the label at or below it.
 */
static void
learn_owners(struct eval_loop *l)
{
	for (size_t i = 0; i < l->nrows; i++) {
		uint32_t file, part;
		int line;
		if (l->rows[i].file == NO_FILE ||
		    !own_line(l, l->rows[i].addr, &file, &line) ||
		    file_has_labels(l, file) ||
		    !by_label(l, l->rows[i].addr, &part) ||
		    l->kinds[part] != EVAL_INSTRUCTION)
			continue;
		uint64_t key = line_key(file, line);
		uint32_t known = u64_map_get(&l->owners, key);
		if (known == U64_MAP_NONE)
			u64_map_put(&l->owners, key, part);
		else if (known != part)
			u64_map_put(&l->owners, key, OWNER_MANY);
	}
}

static void
set_families(struct eval_loop *l)
{
	struct opcode_families f;
	struct string_table instructions;

	opcode_families_init(&f);
	string_table_init(&instructions);
	if (opcode_families_read(&f, l->path))
		l->families_source = xstrdup(f.source);
	for (uint32_t i = 0; i < l->parts.count; i++)
		if (l->kinds[i] == EVAL_INSTRUCTION)
			string_table_intern(&instructions,
			                    string_table_get(&l->parts, i));
	for (uint32_t i = 0; i < l->parts.count; i++) {
		struct span name = string_table_get(&l->parts, i);
		struct span family =
		    l->kinds[i] == EVAL_INSTRUCTION
		        ? opcode_family(&f, name, &instructions)
		        : name;
		l->family[i] = string_table_intern(&l->families_names, family);
	}
	string_table_free(&instructions);
	opcode_families_free(&f);
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

static void
read_function(struct eval_loop *l, Dwarf *dw)
{
	Dwarf_Die cu, fn;
	l->entry = 0;
	for (size_t i = 0; i < l->nsymbols; i++)
		if (strcmp(l->symbols[i].name, EVAL_LOOP_FUNCTION) == 0)
			l->entry = l->symbols[i].addr;
	if (l->entry == 0 || !find_function(dw, l->entry, &cu, &fn)) {
		l->status = EVAL_LOOP_NO_FUNCTION;
		return;
	}
	Dwarf_Addr base, low, high;
	ptrdiff_t off = 0;
	size_t cap = 0;
	while ((off = dwarf_ranges(&fn, off, &base, &low, &high)) > 0) {
		l->ranges = array_reserve(l->ranges, &cap, l->nranges + 1,
		                          sizeof *l->ranges);
		l->ranges[l->nranges++] = (struct range){low, high};
	}
	struct walk w = {l, NULL, 0, 0, 0};
	if (dwarf_getsrcfiles(&cu, &w.files, &w.nfiles) != 0)
		w.files = NULL;
	l->own_file = file_id(l, dwarf_decl_file(&fn));
	add_part(l, span_cstr("[entry]"), EVAL_NAMED_PART);
	walk_function(&w, &fn);
	bool instructions = false;
	for (size_t i = 0; i < l->nboundaries && !instructions; i++)
		instructions = l->kinds[l->by_addr[i].part] == EVAL_INSTRUCTION;
	if (!instructions) {
		l->status = EVAL_LOOP_NO_LABELS;
		return;
	}
	l->by_line = xreallocarray(NULL, l->nboundaries, sizeof *l->by_line);
	memcpy(l->by_line, l->by_addr, l->nboundaries * sizeof *l->by_line);
	qsort(l->by_addr, l->nboundaries, sizeof *l->by_addr, compare_addr);
	qsort(l->by_line, l->nboundaries, sizeof *l->by_line, compare_line);
	qsort(l->calls, l->ncalls, sizeof *l->calls, compare_call);
	read_rows(l, &cu);
	qsort(l->rows, l->nrows, sizeof *l->rows, compare_row);
	learn_owners(l);
	set_families(l);
	l->status = EVAL_LOOP_OK;
}

static struct eval_loop *
eval_loop_read(const char *path)
{
	struct eval_loop *l = xcalloc(1, sizeof *l);
	l->path = xstrdup(path);
	string_table_init(&l->parts);
	string_table_init(&l->files);
	string_table_init(&l->families_names);
	l->status = EVAL_LOOP_NO_FILE;
#ifdef PERFVIEWS_FUZZING
	/* The fuzz build opens no DSO an input names: not its code to fuzz. */
	return l;
#endif
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return l;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return l;
	}
	elf_version(EV_CURRENT);
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf == NULL || elf_kind(elf) != ELF_K_ELF) {
		if (elf != NULL)
			elf_end(elf);
		close(fd);
		return l;
	}
	read_symbols(l, elf);
	int dfd;
	Elf *delf;
	Dwarf *dw = open_dwarf(l, fd, elf, &dfd, &delf);
	if (delf != NULL)
		read_symbols(l, delf);
	if (dw == NULL)
		l->status = l->nsymbols == 0 ? EVAL_LOOP_NO_FUNCTION
		                             : EVAL_LOOP_NO_DEBUG;
	else
		read_function(l, dw);
	if (dw != NULL)
		dwarf_end(dw);
	if (dfd >= 0)
		close(dfd);
	elf_end(elf);
	close(fd);
	return l;
}

static void
eval_loop_free(struct eval_loop *l)
{
	if (l == NULL)
		return;
	for (size_t i = 0; i < l->nsymbols; i++)
		free(l->symbols[i].name);
	free(l->symbols);
	free(l->path);
	free(l->debug_file);
	free(l->ranges);
	string_table_free(&l->parts);
	string_table_free(&l->families_names);
	string_table_free(&l->files);
	free(l->kinds);
	free(l->family);
	free(l->families_source);
	free(l->by_addr);
	free(l->by_line);
	free(l->calls);
	free(l->rows);
	u64_map_free(&l->owners);
	free(l);
}

struct eval_loops *
eval_loops_new(void)
{
	struct eval_loops *e = xcalloc(1, sizeof *e);
	string_table_init(&e->paths);
	return e;
}

void
eval_loops_free(struct eval_loops *e)
{
	if (e == NULL)
		return;
	for (uint32_t i = 0; i < e->paths.count; i++)
		eval_loop_free(e->loops[i]);
	free(e->loops);
	string_table_free(&e->paths);
	free(e);
}

const struct eval_loop *
eval_loops_get(struct eval_loops *e, struct span path)
{
	uint32_t id = string_table_find(&e->paths, path);
	if (id != STRING_NONE)
		return e->loops[id];
	id = string_table_intern(&e->paths, path);
	e->loops =
	    array_reserve(e->loops, &e->cap, (size_t)id + 1, sizeof *e->loops);
	e->loops[id] = eval_loop_read(string_table_cstr(&e->paths, id));
	return e->loops[id];
}

enum eval_loop_status
eval_loop_status(const struct eval_loop *l)
{
	return l->status;
}

const char *
eval_loop_families(const struct eval_loop *l)
{
	return l->families_source;
}

const char *
eval_loop_debug_file(const struct eval_loop *l)
{
	return l->debug_file;
}

enum eval_method
eval_loop_place(const struct eval_loop *l, struct span symbol, uint64_t offset,
                uint32_t *part)
{
	if (l->status != EVAL_LOOP_OK)
		return EVAL_UNPLACED;
	const struct symbol_addr *s = NULL;
	for (size_t i = 0; i < l->nsymbols && s == NULL; i++)
		if (span_eq_cstr(symbol, l->symbols[i].name))
			s = &l->symbols[i];
	if (s == NULL)
		return EVAL_UNPLACED;
	uint64_t a = s->addr + offset;
	if (!in_ranges(l, a))
		return EVAL_UNPLACED;
	uint32_t file;
	int line;
	if (own_line(l, a, &file, &line)) {
		if (by_declared_line(l, file, line, part))
			return EVAL_BY_LINE;
		uint32_t owner = u64_map_get(&l->owners, line_key(file, line));
		if (owner != U64_MAP_NONE && owner != OWNER_MANY) {
			*part = owner;
			return EVAL_BY_LINE;
		}
	}
	return by_label(l, a, part) ? EVAL_BY_LABEL : EVAL_UNPLACED;
}

struct eval_part
eval_loop_part(const struct eval_loop *l, uint32_t part)
{
	return (struct eval_part){
	    string_table_get(&l->parts, part),
	    string_table_get(&l->families_names, l->family[part]),
	    l->kinds[part]};
}

uint32_t
eval_loop_parts(const struct eval_loop *l)
{
	return l->parts.count;
}
