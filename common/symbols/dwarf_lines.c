/*
 * dwarf_lines.c - see dwarf_lines.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "symbols/demangle.h"
#include "symbols/dwarf_lines.h"
#include "symbols/libbfd.h"

void
dwarf_lines_init(struct dwarf_lines *l)
{
	memset(l, 0, sizeof *l);
	string_table_init(&l->srclines);
	string_table_init(&l->demangled);
}

void
dwarf_lines_free(struct dwarf_lines *l)
{
	string_table_free(&l->srclines);
	string_table_free(&l->demangled);
	free(l->buf);
}

asection *
dwarf_lines_section_of(bfd *abfd, uint64_t vma)
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

/* "basename:line", interned; empty without a file or a line. */
static struct span
intern_srcline(struct dwarf_lines *l, const char *file, unsigned line)
{
	if (file == NULL || line == 0)
		return span_make(NULL, 0);
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	l->buf = array_reserve(l->buf, &l->buf_cap, strlen(base) + 16, 1);
	int n = snprintf(l->buf, l->buf_cap, "%s:%u", base, line);
	uint32_t id =
	    string_table_intern(&l->srclines, span_make(l->buf, (size_t)n));
	return string_table_get(&l->srclines, id);
}

size_t
dwarf_lines_at(struct dwarf_lines *l, bfd *file, asymbol **symbols,
               uint64_t vma, struct symbol_location *out, size_t max)
{
	if (file == NULL || max == 0)
		return 0;
	asection *sec = dwarf_lines_section_of(file, vma);
	if (sec == NULL)
		return 0;
	const char *path = NULL, *func = NULL;
	unsigned line = 0;
	if (!bfd_find_nearest_line(file, sec, symbols,
	                           vma - bfd_section_vma(sec), &path, &func,
	                           &line))
		return 0;
	/* Each call of find_inliner_info steps out to the next caller. */
	size_t n = 0;
	do {
		const char *name =
		    func && *func
		        ? demangle_as(&l->demangled, file, func, !l->no_params)
		        : "??";
		out[n].function = span_cstr(name);
		out[n].srcline = intern_srcline(l, path, line);
		n++;
	} while (n < max && bfd_find_inliner_info(file, &path, &func, &line));
	return n;
}
