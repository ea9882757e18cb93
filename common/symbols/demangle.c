/*
 * demangle.c - see demangle.h.
 */
#include <stdlib.h>

#include "symbols/demangle.h"
#include "symbols/libbfd.h"

/* libiberty's demangler options (demangle.h is not installed). */
/* 0 is DMGL_NO_OPTS: no argument lists. */
enum { DMGL_PARAMS = 1 << 0, DMGL_ANSI = 1 << 1 };

bool
name_looks_mangled(const char *name)
{
	return name[0] == '_' && (name[1] == 'Z' || name[1] == 'R');
}

const char *
demangle(struct string_table *names, struct bfd *abfd, const char *name)
{
	return demangle_as(names, abfd, name, true);
}

const char *
demangle_as(struct string_table *names, struct bfd *abfd, const char *name,
            bool params)
{
	if (!name_looks_mangled(name))
		return name;
	char *plain =
	    bfd_demangle(abfd, name, params ? DMGL_PARAMS | DMGL_ANSI : 0);
	if (plain == NULL)
		return name;
	uint32_t id = string_table_intern(names, span_cstr(plain));
	free(plain);
	return string_table_cstr(names, id);
}
