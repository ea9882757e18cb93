/*
 * dwarf_inlines.c - see dwarf_inlines.h.
 *
 * Per DWARF file: its units' ranges (sorted, with a running maximum of
 * their ends, so that the units holding an address are a short scan),
 * and per unit walked: its functions in DIE order, each with the
 * function it was inlined into, and their ranges sorted the same way.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/string_table.h"
#include "base/xalloc.h"
#include "perfdata/dwarf_inlines.h"
#include "symbols/demangle.h"
#include "symbols/dwarf_lines.h"
#include "symbols/inline_text.h"
#include "symbols/libbfd.h"

/*
 * libbfd's own fallback of find_nearest_line, exported by libbfd 2.40
 * but not declared in bfd.h: the function symbol holding offset in
 * section, with its cache of the last one found.
 */
asymbol *_bfd_elf_find_function(bfd *abfd, asymbol **symbols, asection *section,
                                bfd_vma offset, const char **filename_ptr,
                                const char **functionname_ptr);

enum { MAX_FILES = 256, MAX_ORIGINS = 100 };

struct range {
	uint64_t low, high;
	uint32_t owner; /* a function, or a unit */
};

/* Ranges sorted by (low, high, owner), with the running maximum end. */
struct range_table {
	struct range *v;
	uint64_t *reach; /* max high of v[0..i] */
	size_t n, cap;
};

struct func {
	Dwarf_Off die;
	int32_t caller;   /* the function it was inlined into, or -1 */
	const char *name; /* once resolved */
	bool resolved;
};

struct unit {
	Dwarf_Off die;
	bool walked;
	bool unreadable; /* libdw could not walk it */
	bool c;          /* a C unit: names are taken as they are */
	struct func *funcs;
	size_t nfuncs, funcs_cap;
	struct range_table ranges;
};

struct dw_file {
	char *path;
	int fd;
	dev_t dev; /* the file's, to know it by another path */
	ino_t ino;
	int32_t same; /* another name of files[same] (-1: none): nothing of
	                 its own */
	Dwarf *dw;    /* NULL: unreadable, everything to libbfd */
	struct unit *units;
	size_t nunits, units_cap;
	struct range_table unit_ranges;
};

struct dwarf_inlines {
	struct dw_file files[MAX_FILES];
	size_t nfiles;
	struct string_table demangled;
	struct dwarf_inlines_stats stats;
};

struct dwarf_inlines *
dwarf_inlines_new(void)
{
	struct dwarf_inlines *d = xcalloc(1, sizeof *d);
	string_table_init(&d->demangled);
	return d;
}

static void
range_table_free(struct range_table *t)
{
	free(t->v);
	free(t->reach);
}

void
dwarf_inlines_free(struct dwarf_inlines *d)
{
	if (d == NULL)
		return;
	for (size_t i = 0; i < d->nfiles; i++) {
		struct dw_file *f = &d->files[i];
		for (size_t k = 0; k < f->nunits; k++) {
			free(f->units[k].funcs);
			range_table_free(&f->units[k].ranges);
		}
		free(f->units);
		range_table_free(&f->unit_ranges);
		if (f->dw != NULL)
			dwarf_end(f->dw);
		if (f->fd >= 0)
			close(f->fd);
		free(f->path);
	}
	string_table_free(&d->demangled);
	free(d);
}

struct dwarf_inlines_stats
dwarf_inlines_stats(const struct dwarf_inlines *d)
{
	return d->stats;
}

/* ---- range tables ---- */

static void
range_add(struct range_table *t, uint64_t low, uint64_t high, uint32_t owner)
{
	t->v = array_reserve(t->v, &t->cap, t->n + 1, sizeof *t->v);
	t->v[t->n].low = low;
	t->v[t->n].high = high;
	t->v[t->n].owner = owner;
	t->n++;
}

static int
range_order(const void *a, const void *b)
{
	const struct range *x = a, *y = b;
	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	if (x->high != y->high)
		return x->high < y->high ? -1 : 1;
	return (x->owner > y->owner) - (x->owner < y->owner);
}

static void
range_table_finish(struct range_table *t)
{
	if (t->n == 0)
		return;
	qsort(t->v, t->n, sizeof *t->v, range_order);
	t->reach = xreallocarray(NULL, t->n, sizeof *t->reach);
	uint64_t reach = 0;
	for (size_t i = 0; i < t->n; i++) {
		if (t->v[i].high > reach)
			reach = t->v[i].high;
		t->reach[i] = reach;
	}
}

/* The first range that may hold addr (those before end below it). */
static size_t
range_first(const struct range_table *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->reach[mid] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * A function's ranges as libbfd's arange_add keeps them: an empty range
 * is left out; one that starts where an earlier one ends, or ends where
 * one starts, extends it, the first range tried first, then those added
 * after it, latest first (libbfd inserts each after the first).
 */
struct arange_list {
	uint64_t *low, *high;
	size_t n, cap;
};

static void
arange_add(struct arange_list *l, uint64_t low, uint64_t high)
{
	if (low == high)
		return;
	for (size_t j = 0; j < l->n; j++) {
		size_t i = j == 0 ? 0 : l->n - j;
		if (low == l->high[i]) {
			l->high[i] = high;
			return;
		}
		if (high == l->low[i]) {
			l->low[i] = low;
			return;
		}
	}
	size_t cap = l->cap;
	l->low = array_reserve(l->low, &l->cap, l->n + 1, sizeof *l->low);
	l->high = array_reserve(l->high, &cap, l->n + 1, sizeof *l->high);
	l->low[l->n] = low;
	l->high[l->n] = high;
	l->n++;
}

/* ---- walking a unit ---- */

static bool
is_function_tag(int tag)
{
	return tag == DW_TAG_subprogram || tag == DW_TAG_entry_point ||
	       tag == DW_TAG_inlined_subroutine;
}

/* Tags whose children are never functions in C (in C++ they may be). */
static bool
is_type_tag(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_enumeration_type || tag == DW_TAG_array_type ||
	       tag == DW_TAG_subroutine_type;
}

/* A function's ranges, as libbfd's scan_unit_for_symbols adds them. */
static bool
function_ranges(Dwarf_Die *die, struct arange_list *l)
{
	l->n = 0;
	if (dwarf_hasattr(die, DW_AT_ranges)) {
		Dwarf_Addr base, start, end;
		ptrdiff_t off = 0;
		while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
			arange_add(l, start, end);
		if (off < 0)
			return false;
	}
	Dwarf_Addr low = 0, high;
	if (dwarf_hasattr(die, DW_AT_high_pc)) {
		dwarf_lowpc(die, &low);
		if (dwarf_highpc(die, &high) != 0)
			return false;
		if (high != 0)
			arange_add(l, low, high);
	}
	return true;
}

static bool
walk(struct unit *u, Dwarf_Die *parent, int32_t enclosing,
     struct arange_list *l)
{
	Dwarf_Die die;

	if (dwarf_child(parent, &die) != 0)
		return true;
	do {
		int tag = dwarf_tag(&die);
		int32_t here = enclosing;
		if (u->c && is_type_tag(tag))
			continue;
		if (is_function_tag(tag)) {
			u->funcs =
			    array_reserve(u->funcs, &u->funcs_cap,
			                  u->nfuncs + 1, sizeof *u->funcs);
			struct func *f = &u->funcs[u->nfuncs];
			f->die = dwarf_dieoffset(&die);
			f->caller =
			    tag == DW_TAG_inlined_subroutine ? enclosing : -1;
			f->name = NULL;
			f->resolved = false;
			if (!function_ranges(&die, l))
				return false;
			for (size_t i = 0; i < l->n; i++)
				range_add(&u->ranges, l->low[i], l->high[i],
				          (uint32_t)u->nfuncs);
			here = (int32_t)u->nfuncs++;
		}
		if (dwarf_haschildren(&die) && !walk(u, &die, here, l))
			return false;
	} while (dwarf_siblingof(&die, &die) == 0);
	return true;
}

/* ---- names ---- */

struct name_state {
	Dwarf *dw;
	const char *name;
	unsigned depth;
	bool origin_only; /* in an abstract instance: specification only */
	bool bad;
};

static void name_of_die(struct name_state *st, Dwarf_Die *die);

static int
name_attr(Dwarf_Attribute *a, void *arg)
{
	struct name_state *st = arg;
	Dwarf_Die origin;
	const char *s;

	switch (dwarf_whatattr(a)) {
	case DW_AT_abstract_origin:
		if (st->origin_only)
			break;
		/* fallthrough */
	case DW_AT_specification:
		if (dwarf_formref_die(a, &origin) == NULL) {
			st->bad = true;
			return DWARF_CB_ABORT;
		}
		if (st->depth >= MAX_ORIGINS) {
			st->bad = true;
			return DWARF_CB_ABORT;
		}
		{
			bool was = st->origin_only;
			st->depth++;
			st->origin_only = true;
			name_of_die(st, &origin);
			st->origin_only = was;
			st->depth--;
		}
		break;
	case DW_AT_name:
		if (st->name == NULL && (s = dwarf_formstring(a)) != NULL)
			st->name = s;
		break;
	case DW_AT_linkage_name:
	case DW_AT_MIPS_linkage_name:
		if ((s = dwarf_formstring(a)) != NULL)
			st->name = s;
		break;
	}
	return st->bad ? DWARF_CB_ABORT : DWARF_CB_OK;
}

static void
name_of_die(struct name_state *st, Dwarf_Die *die)
{
	if (dwarf_getattrs(die, name_attr, st, 0) != 1 && !st->bad)
		st->bad = true;
}

/* The name of function i of u, demangled; NULL when it cannot be read. */
static const char *
func_name(struct dwarf_inlines *d, struct dw_file *f, struct unit *u, size_t i)
{
	struct func *fn = &u->funcs[i];
	if (fn->resolved)
		return fn->name;
	fn->resolved = true;
	Dwarf_Die die;
	struct name_state st = {f->dw, NULL, 0, false, false};
	if (dwarf_offdie(f->dw, fn->die, &die) != NULL)
		name_of_die(&st, &die);
	else
		st.bad = true;
	if (!st.bad && st.name != NULL && *st.name != '\0')
		fn->name = demangle_as(&d->demangled, NULL, st.name, false);
	return fn->name;
}

/* ---- files and units ---- */

/*
 * The languages whose DW_AT_name libbfd 2.40 takes for a linkage name
 * (its mangle_style is 0): their functions are named by their DWARF
 * alone.  C++ and the rest get the ELF symbol's name where it starts
 * the function, which is libbfd's to work out.
 */
static bool
is_c(int lang)
{
	switch (lang) {
	case DW_LANG_C89:
	case DW_LANG_C:
	case DW_LANG_C99:
	case DW_LANG_C11:
	case DW_LANG_Cobol74:
	case DW_LANG_Cobol85:
	case DW_LANG_Fortran77:
	case DW_LANG_Pascal83:
	case DW_LANG_PLI:
	case DW_LANG_UPC:
	case DW_LANG_Mips_Assembler:
		return true;
	default:
		return false;
	}
}

static void
read_units(struct dw_file *f)
{
	Dwarf_Off off = 0, next;
	size_t header;
	Dwarf_Half version;
	uint8_t unit_type;

	while (dwarf_next_unit(f->dw, off, &next, &header, &version, NULL, NULL,
	                       NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;
		(void)unit_type;
		if (dwarf_offdie(f->dw, off + header, &cu) != NULL &&
		    dwarf_tag(&cu) == DW_TAG_compile_unit) {
			f->units =
			    array_reserve(f->units, &f->units_cap,
			                  f->nunits + 1, sizeof *f->units);
			struct unit *u = &f->units[f->nunits];
			memset(u, 0, sizeof *u);
			u->die = dwarf_dieoffset(&cu);
			u->c = is_c(dwarf_srclang(&cu));
			struct arange_list l = {0};
			if (function_ranges(&cu, &l))
				for (size_t i = 0; i < l.n; i++)
					range_add(&f->unit_ranges, l.low[i],
					          l.high[i],
					          (uint32_t)f->nunits);
			free(l.low);
			free(l.high);
			f->nunits++;
		}
		off = next;
	}
	range_table_finish(&f->unit_ranges);
}

/*
 * The file at path, its units read the first time.  A file already read
 * under another name (perf's build-id cache links the DSOs it copies: a
 * reader of perf.data and a caller after it name the same file apart) is
 * not read again.
 */
static struct dw_file *
file_of(struct dwarf_inlines *d, const char *path)
{
	struct stat st;

	for (size_t i = 0; i < d->nfiles; i++)
		if (strcmp(d->files[i].path, path) == 0)
			return d->files[i].same >= 0
			           ? &d->files[d->files[i].same]
			           : &d->files[i];
	if (d->nfiles == MAX_FILES)
		return NULL;
	struct dw_file *f = &d->files[d->nfiles];
	memset(f, 0, sizeof *f);
	f->same = -1;
	f->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (f->fd >= 0 && fstat(f->fd, &st) == 0) {
		f->dev = st.st_dev;
		f->ino = st.st_ino;
		for (size_t i = 0; i < d->nfiles; i++)
			if (d->files[i].same < 0 && d->files[i].fd >= 0 &&
			    d->files[i].dev == st.st_dev &&
			    d->files[i].ino == st.st_ino) {
				close(f->fd);
				f->fd = -1;
				f->same = (int32_t)i;
				break;
			}
	}
	f->path = xstrdup(path);
	d->nfiles++;
	if (f->same >= 0)
		return &d->files[f->same];
	if (f->fd >= 0)
		f->dw = dwarf_begin(f->fd, DWARF_C_READ);
	if (f->dw != NULL)
		read_units(f);
	return f;
}

/* The first unit, in file order, whose ranges hold addr; or NULL. */
static struct unit *
unit_at(struct dw_file *f, uint64_t addr)
{
	const struct range_table *t = &f->unit_ranges;
	uint32_t best = UINT32_MAX;
	for (size_t i = range_first(t, addr); i < t->n && t->v[i].low <= addr;
	     i++)
		if (addr < t->v[i].high && t->v[i].owner < best)
			best = t->v[i].owner;
	return best == UINT32_MAX ? NULL : &f->units[best];
}

/* The function libbfd finds at addr in u: the shortest range, later DIE. */
static int32_t
function_at(const struct unit *u, uint64_t addr)
{
	const struct range_table *t = &u->ranges;
	int32_t best = -1;
	uint64_t best_len = UINT64_MAX;
	for (size_t i = range_first(t, addr); i < t->n && t->v[i].low <= addr;
	     i++) {
		const struct range *r = &t->v[i];
		if (addr >= r->high)
			continue;
		uint64_t len = r->high - r->low;
		if (len < best_len ||
		    (len == best_len && (int32_t)r->owner > best)) {
			best = (int32_t)r->owner;
			best_len = len;
		}
	}
	return best;
}

/*
 * No function of the DWARF at vma: libbfd names the ELF symbol there
 * (one record), as this does.  Without a symbol there: no record where
 * no unit holds vma (libbfd finds nothing either: a PLT stub, data);
 * in a unit, libbfd's answer depends on its line table, so it gives it.
 */
static size_t
symbol_record(struct dwarf_inlines *d, const struct dso_dwarf *dw, uint64_t vma,
              bool in_unit, struct symbol_location *out)
{
	asection *sec = dwarf_lines_section_of(dw->file, vma);
	const char *name = NULL;

	if (sec == NULL)
		return 0; /* dwarf_lines_at: no section, no record */
	if (dw->symbols == NULL ||
	    _bfd_elf_find_function(dw->file, dw->symbols, sec,
	                           vma - bfd_section_vma(sec), NULL,
	                           &name) == NULL ||
	    name == NULL || *name == '\0')
		return in_unit ? INLINE_CHAIN_ASK_BFD : 0;
	out[0].function =
	    span_cstr(demangle_as(&d->demangled, dw->file, name, false));
	out[0].srcline = span_make(NULL, 0);
	d->stats.symbols++;
	return 1;
}

/* Walk u if not yet; false when it cannot be read here. */
static bool
walk_unit(struct dwarf_inlines *d, struct dw_file *f, struct unit *u)
{
	if (u->walked)
		return !u->unreadable;
	Dwarf_Die cu;
	struct arange_list l = {0};
	u->walked = true;
	d->stats.units++;
	u->unreadable =
	    dwarf_offdie(f->dw, u->die, &cu) == NULL || !walk(u, &cu, -1, &l);
	free(l.low);
	free(l.high);
	range_table_finish(&u->ranges);
	return !u->unreadable;
}

size_t
dwarf_inlines_chain(void *ctx, const struct dso_dwarf *dw, uint64_t vma,
                    struct symbol_location *out, size_t max)
{
	struct dwarf_inlines *d = ctx;
	struct dw_file *f = file_of(d, bfd_get_filename(dw->file));
	size_t n = 0;

	if (f == NULL || f->dw == NULL || max == 0)
		goto ask_bfd;
	struct unit *u = unit_at(f, vma);
	if (u == NULL) {
		n = symbol_record(d, dw, vma, false, out);
		goto done;
	}
	if (!walk_unit(d, f, u))
		goto ask_bfd;
	int32_t fn = function_at(u, vma);
	if (fn < 0) {
		n = symbol_record(d, dw, vma, true, out);
		goto done;
	}
	if (!u->c) /* C++ and others: names from the symbols, or not */
		goto ask_bfd;
	while (fn >= 0 && n < max) {
		const char *name = func_name(d, f, u, (size_t)fn);
		if (name == NULL)
			goto ask_bfd;
		out[n].function = span_cstr(name);
		out[n].srcline = span_make(NULL, 0);
		n++;
		fn = u->funcs[fn].caller;
	}
done:
	if (n == INLINE_CHAIN_ASK_BFD)
		goto ask_bfd;
	d->stats.answered++;
	return n;
ask_bfd:
	d->stats.to_bfd++;
	return INLINE_CHAIN_ASK_BFD;
}
