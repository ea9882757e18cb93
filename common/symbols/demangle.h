/*
 * demangle.h - C++ and Rust symbol names as perf and addr2line -C print
 * them, with libbfd's demangler (libiberty's, with argument lists).
 *
 * Only names that look mangled ("_Z...", "_R...") are handed to the
 * demangler; any other name, and a mangled one it cannot read, comes back
 * as it was.  Demangled names are interned in a string table of the
 * caller's, so each distinct name is stored once and stays valid as long
 * as that table.
 */
#ifndef PERFVIEWS_DEMANGLE_H
#define PERFVIEWS_DEMANGLE_H

#include <stdbool.h>

#include "base/string_table.h"

struct bfd;

/* True for the names perf leaves mangled: C++ "_Z", Rust v0 "_R". */
bool name_looks_mangled(const char *name);

/*
 * name demangled for the target of abfd (which says whether symbols carry
 * a leading character; NULL: they do not), interned in names; name itself
 * when there is nothing to demangle.
 */
const char *demangle(struct string_table *names, struct bfd *abfd,
                     const char *name);

/*
 * demangle, with argument lists or without: perf 6.1 names inlined frames
 * (and its own symbols, unless -v) without them ("ns::f", not
 * "ns::f(int)").
 */
const char *demangle_as(struct string_table *names, struct bfd *abfd,
                        const char *name, bool params);

#endif
